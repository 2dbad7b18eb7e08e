//! `atomicd load --flood N`: one more client sends N commands (`date`) as
//! fast as TCP takes them while the games run, and reads every answer.
//!
//! The report says how many were answered by the time the games ended,
//! whether the server told it to slow down or cut it off; the relay
//! figures of the same run say what the flood cost the players, next to a
//! run without it.

use std::sync::Arc;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::{LoadConfig, Tally, handle, join};

/// What one answer to `date` starts with.
const ANSWER: &[u8] = b"Local time";
const SLOW_DOWN: &[u8] = b"Slow down:";

/// Counts `needle` in `hay[*from..]`, leaving `from` where a match cut by
/// the end of what has come so far could still start.
fn count(hay: &[u8], needle: &[u8], from: &mut usize) -> usize {
    let mut n = 0;
    while let Some(i) = hay[*from..].windows(needle.len()).position(|w| w == needle) {
        n += 1;
        *from += i + needle.len();
    }
    *from = (*from).max(hay.len().saturating_sub(needle.len() - 1));
    n
}

/// Floods until every answer came, the server closed the connection, or
/// `stop` (the games are over).
pub async fn run(cfg: Arc<LoadConfig>, stop: CancellationToken) -> Value {
    let mut t = Tally::default();
    let Some(c) = join(&cfg, &handle(&cfg.prefix, 'f', 0), &mut t).await else {
        return json!({ "error": "the flooder could not log in" });
    };
    let Some(stream) = c.into_stream() else {
        return json!({ "error": "the flooder floods over telnet only" });
    };
    let (mut rx, mut tx) = stream.into_split();
    let lines = "date\n".repeat(cfg.flood).into_bytes();
    let t0 = Instant::now();
    let writer = tokio::spawn(async move {
        for chunk in lines.chunks(64 * 1024) {
            if tx.write_all(chunk).await.is_err() {
                return false;
            }
        }
        true
    });
    let (mut got, mut buf) = (Vec::new(), vec![0u8; 65536]);
    let (mut answered, mut told, mut a_from, mut s_from) = (0, 0, 0, 0);
    let mut closed = false;
    while answered < cfg.flood {
        tokio::select! {
            _ = stop.cancelled() => break,
            read = rx.read(&mut buf) => match read {
                Ok(n) if n > 0 => {
                    got.extend_from_slice(&buf[..n]);
                    answered += count(&got, ANSWER, &mut a_from);
                    told += count(&got, SLOW_DOWN, &mut s_from);
                    // Only the tail can still hold a match: keep memory flat.
                    let keep = a_from.min(s_from);
                    got.drain(..keep);
                    a_from -= keep;
                    s_from -= keep;
                }
                _ => {
                    closed = true;
                    break;
                }
            },
        }
    }
    let seconds = t0.elapsed().as_secs_f64();
    writer.abort();
    json!({
        "commands": cfg.flood,
        "answered": answered,
        "answered_per_s": if seconds > 0.0 { (answered as f64 / seconds).round() } else { 0.0 },
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "told_to_slow_down": told,
        "disconnected": closed,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn matches_cut_by_a_read_are_counted_once() {
        let mut from = 0;
        let mut hay = b"Local time x Local ti".to_vec();
        assert_eq!(super::count(&hay, b"Local time", &mut from), 1);
        hay.extend_from_slice(b"me y Local time");
        assert_eq!(super::count(&hay, b"Local time", &mut from), 2);
        assert_eq!(super::count(&hay, b"Local time", &mut from), 0);
    }
}
