//! Times as the boards and move lists write them.
//!
//! Clocks read `m:ss`, or `h:mm:ss` from one hour on (docs/protocol.md decision 1), and a
//! negative clock reads `0:00`. Seconds are cut, not rounded: a clock with
//! 0.9 s left shows `0:00`, like a real chess clock, and the golden board's
//! 2.3 s move shows `0:02`. With `iset ms 1` a move time carries
//! milliseconds (`0:01.617`).

/// Appends a clock in `m:ss` or `h:mm:ss`; negative reads `0:00`.
pub fn push_clock(out: &mut String, ms: i64) {
    let secs = u64::try_from(ms).unwrap_or(0) / 1000;
    push_hms(out, secs);
}

/// Appends the time a move took: `m:ss` (or `h:mm:ss`), and with `with_ms`
/// `m:ss.mmm`, as in style-12 field 28 and the `moves` list.
pub fn push_move_time(out: &mut String, ms: u64, with_ms: bool) {
    push_hms(out, ms / 1000);
    if with_ms {
        let ms = ms % 1000;
        out.push('.');
        out.push(digit(ms / 100));
        out.push(digit(ms / 10 % 10));
        out.push(digit(ms % 10));
    }
}

/// Written digit by digit rather than with `core::fmt`: every style-12
/// board carries one of these, and formatting was a good part of its cost.
fn push_hms(out: &mut String, secs: u64) {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        out.push_str(itoa::Buffer::new().format(h));
        out.push(':');
        push_two(out, m);
    } else {
        out.push_str(itoa::Buffer::new().format(m));
    }
    out.push(':');
    push_two(out, s);
}

/// Two digits, with a leading zero: `n` is below 60.
fn push_two(out: &mut String, n: u64) {
    out.push(digit(n / 10));
    out.push(digit(n % 10));
}

fn digit(n: u64) -> char {
    char::from(b'0' + (n % 10) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: i64) -> String {
        let mut s = String::new();
        push_clock(&mut s, ms);
        s
    }

    fn took(ms: u64, with_ms: bool) -> String {
        let mut s = String::new();
        push_move_time(&mut s, ms, with_ms);
        s
    }

    #[test]
    fn clocks() {
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(-5_000), "0:00");
        assert_eq!(clock(999), "0:00");
        assert_eq!(clock(182_000), "3:02");
        assert_eq!(clock(178_400), "2:58");
        assert_eq!(clock(3_599_999), "59:59");
        assert_eq!(clock(3_600_000), "1:00:00");
        assert_eq!(clock(5_405_000), "1:30:05");
    }

    #[test]
    fn move_times() {
        assert_eq!(took(2_300, false), "0:02");
        assert_eq!(took(1_617, true), "0:01.617");
        assert_eq!(took(10_025, true), "0:10.025");
        assert_eq!(took(0, true), "0:00.000");
        assert_eq!(took(3_723_004, true), "1:02:03.004");
    }
}
