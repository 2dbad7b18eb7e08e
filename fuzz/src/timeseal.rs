//! Timeseal (`net::timeseal`): any line decodes or is refused without a
//! panic, an encoded line decodes to its text and stamp, and a timeseal
//! client's lines come out of the connection's input path
//! (`ClientInput`) as the text it typed, with its stamp.

use arbitrary::Unstructured;
use atomicd::net::client_input::{ClientInput, Line};
use atomicd::net::telnet::{self, MAX_LINE};
use atomicd::net::timeseal::{self, Handshake};

pub fn run(data: &[u8]) {
    any_line(data);
    let mut u = Unstructured::new(data);
    let v2 = u.arbitrary::<bool>().unwrap_or(false);
    let stamp = u.arbitrary::<u32>().unwrap_or(0);
    let off = u.arbitrary::<u8>().unwrap_or(0);
    let fill = u.arbitrary::<u8>().unwrap_or(b'x');
    let text = u.take_rest();

    let encoded = timeseal::encode(text, stamp, off, || fill);
    any_line(&encoded);
    let decoded = timeseal::decode(&encoded).expect("our own encoding decodes");
    let seven_bit: Vec<u8> = text.iter().map(|b| b & 0x7f).collect();
    assert_eq!(decoded.text, seven_bit);
    assert_eq!(decoded.timestamp, stamp);
    assert!(
        !encoded
            .iter()
            .any(|&b| b == b'\n' || b == b'\r' || b == 0xff)
    );

    through_a_connection(v2, &seven_bit, stamp, off, &encoded);
}

/// Decoding never panics, never grows a line, and gives 7-bit text.
fn any_line(line: &[u8]) {
    if let Some(d) = timeseal::decode(line) {
        assert!(d.text.len() <= line.len(), "decoding grew a line");
        assert!(d.text.iter().all(|b| b & 0x80 == 0));
    }
    let _ = timeseal::handshake(line);
    let _ = timeseal::is_ping_reply(line);
}

/// A client that sent its handshake, then this line and a ping reply.
fn through_a_connection(v2: bool, text: &[u8], stamp: u32, off: u8, encoded: &[u8]) {
    let hello: &[u8] = if v2 {
        b"TIMESEAL2|fuzz|fuzz|"
    } else {
        b"TIMESTAMP|fuzz|fuzz|"
    };
    let mut input = ClientInput::new();
    let mut wire = timeseal::encode(hello, 1, off.wrapping_add(1), || b'1');
    wire.push(b'\n');
    wire.extend_from_slice(encoded);
    wire.extend_from_slice(b"\n");
    wire.extend(timeseal::encode(
        b"\x029",
        stamp.wrapping_add(7),
        off,
        || b'z',
    ));
    wire.extend_from_slice(b"\r\n");
    input.feed(&wire);

    let version = if v2 { Handshake::V2 } else { Handshake::V1 };
    let line = input.pop_line();
    assert_eq!(
        input.timeseal(),
        Some(version),
        "the handshake was not seen"
    );
    if timeseal::is_ping_reply(text) {
        assert_eq!(line, None, "a ping reply is no line");
        assert_eq!(input.take_ping_reply(), Some(stamp.wrapping_add(7)));
        return;
    }
    let expected = if text.len() > MAX_LINE {
        Line::TooLong
    } else {
        Line::Text(telnet::sanitize(text))
    };
    assert_eq!(line, Some(expected));
    if text.len() <= MAX_LINE {
        assert_eq!(input.last_stamp(), Some(stamp));
    }
    assert_eq!(input.pop_line(), None, "the ping reply is no line");
    assert_eq!(input.take_ping_reply(), Some(stamp.wrapping_add(7)));
}
