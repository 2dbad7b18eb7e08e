//! The telnet line discipline (`net::telnet`) and the whole input path of
//! a connection (`net::client_input::ClientInput`) on any bytes, in any
//! cutting into reads: no panic, no line over the limit, only printable
//! ASCII out, and the same lines however the bytes were cut.

use atomicd::net::client_input::{ClientInput, Line};
use atomicd::net::telnet::{self, Input, MAX_LINE, TelnetDecoder};

pub fn run(data: &[u8]) {
    let Some((&head, bytes)) = data.split_first() else {
        return;
    };
    // The first byte picks the line limit of the bare decoder (tiny ones
    // find the edge cases) and how the rest is cut into reads.
    let max = usize::from(head % 64) + 1;
    let step = usize::from(head / 64) * 7 + 1;

    decoder_keeps_its_limit(bytes, max, step);
    let whole = client_lines(&[bytes]);
    let cut: Vec<&[u8]> = bytes.chunks(step).collect();
    assert_eq!(
        whole,
        client_lines(&cut),
        "lines depend on how reads were cut"
    );
}

fn decoder_keeps_its_limit(bytes: &[u8], max: usize, step: usize) {
    let mut d = TelnetDecoder::new(max);
    let mut out = Vec::new();
    for chunk in bytes.chunks(step) {
        d.feed(chunk, &mut out);
        // `pending` is the buffer's capacity, which grows by doubling.
        assert!(
            d.pending() <= (2 * max).max(8),
            "unfinished line kept past the limit"
        );
    }
    for input in out {
        if let Input::Line(line) = input {
            assert!(
                line.len() <= max,
                "a line of {} bytes over the limit {max}",
                line.len()
            );
            assert!(!line.contains(&b'\n'));
        }
    }
}

/// What a session would read from these reads: the lines, the telnet
/// answers, whether the client asked to go.
fn client_lines(reads: &[&[u8]]) -> (Vec<Line>, Vec<u8>, bool) {
    let mut input = ClientInput::new();
    let mut lines = Vec::new();
    let mut replies = Vec::new();
    for read in reads {
        input.feed(read);
        assert!(
            input.pending() <= 2 * (MAX_LINE + 64),
            "input buffer past its limit"
        );
        while let Some(line) = input.pop_line() {
            lines.push(line);
        }
        replies.extend(input.take_replies());
    }
    for line in &lines {
        if let Line::Text(text) = line {
            a_session_line(text);
            output_keeps_its_shape(text);
        }
    }
    (lines, replies, input.interrupted())
}

/// What a session may read as a line, whatever the transport: printable
/// ASCII within the line limit.
pub fn a_session_line(text: &str) {
    assert!(
        text.len() <= MAX_LINE,
        "a line of {} bytes got through",
        text.len()
    );
    assert!(text.bytes().all(|b| (0x20..0x7f).contains(&b)), "{text:?}");
}

/// What the server sends back is laid out and put on the wire: every
/// `\n` becomes `\n\r`, machine lines are never wrapped, and human lines
/// are wrapped within the width.
fn output_keeps_its_shape(text: &str) {
    let laid = telnet::layout(text, Some(79));
    if text.starts_with('<') {
        assert_eq!(laid, text, "a machine line was changed");
    }
    let mut wire = Vec::new();
    telnet::to_wire(&laid, &mut wire);
    let newlines = laid.matches('\n').count();
    assert_eq!(wire.len(), laid.len() + newlines);
    for (i, _) in wire.iter().enumerate().filter(|&(_, &b)| b == b'\n') {
        assert_eq!(wire.get(i + 1), Some(&b'\r'), "a bare \\n on the wire");
    }
}
