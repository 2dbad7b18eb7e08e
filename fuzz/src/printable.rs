//! Text as this server holds it in names, tags and tournament fields:
//! printable ASCII (what `telnet::sanitize` lets through), quotes,
//! backslashes and braces included.

use arbitrary::Unstructured;

/// Up to `max` printable ASCII characters from the fuzzer's bytes.
pub fn printable(u: &mut Unstructured<'_>, max: usize) -> String {
    let len = u.int_in_range(0..=max).unwrap_or(0);
    (0..len)
        .map(|_| char::from(u.int_in_range(0x20u8..=0x7e).unwrap_or(b' ')))
        .collect()
}
