//! Timeseal codec, handshake, move timing and lag allowance, checked against
//! bytes produced by real client code.

use atomicd::net::timeseal::{
    CLOCK_WRAP_MS, Charged, Decoded, Handshake, KEY, LAG_CAP_PER_MOVE_MS, LAG_QUOTA_MS,
    LagAllowance, MAX_ELAPSED_MS, decode, elapsed, encode, handshake, is_ping_reply,
};

/// PyChess's filler alphabet (`FILLER` in `ic/TimeSeal.py`).
const FILLER: &[u8] = b"1234567890abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Filler bytes taken in order from `FILLER`, starting at `start`.
fn filler_from(start: usize) -> impl FnMut() -> u8 {
    let mut next = start;
    move || {
        let byte = FILLER[next % FILLER.len()];
        next += 1;
        byte
    }
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Scrambles an already padded plain text (length a multiple of 12), for
/// building lines no well-behaved encoder would produce.
fn scramble(plain: &[u8], off: u8) -> Vec<u8> {
    assert_eq!(plain.len() % 12, 0);
    let mut buf = plain.to_vec();
    for block in buf.chunks_exact_mut(12) {
        block.swap(0, 11);
        block.swap(2, 9);
        block.swap(4, 7);
    }
    for (i, b) in buf.iter_mut().enumerate() {
        *b = ((*b | 0x80) ^ KEY[(i + off as usize) % 50]).wrapping_sub(32);
    }
    buf.push(0x80 | off);
    buf
}

/// A small deterministic PRNG (xorshift64*) for property-style tests.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn key_is_henrik_grams() {
    assert_eq!(KEY.len(), 50);
    assert_eq!(
        &KEY[..],
        b"Timestamp (FICS) v1.0 - programmed by Henrik Gram."
    );
}

// Expected bytes were produced by PyChess's `TimeSeal.encode` (copied from
// lib/pychess/ic/TimeSeal.py and run under Python 3) with its two random
// choices fixed: `random.sample(FILLER, padding)` replaced by `padding`
// consecutive FILLER bytes from `start`, and `random.randrange(ENCODELEN)`
// by `off`.
const PYCHESS: &[(&[u8], u32, usize, u8, &str)] = &[
    (
        b"e2e4",
        1234567,
        0,
        0,
        "c3bbb8b1a0a5b3d5a4a57e8388d2ca7a77a3677a68727d9980",
    ),
    (b"\x029", 9999999, 10, 17, "77687769797479a9abd7ded091"),
    (
        b"TIMESTAMP|alice|Linux|",
        42,
        36,
        49,
        "a27d7588888795929d9da1dcd28a9f8fbca978ddb6b598a4cac99a8d8196848e8a848d72b1",
    ),
    (b"", 5, 3, 25, "70bab7a6b9bbbab0bd9963c199"),
    // 12 bytes before padding: PyChess adds a whole block of filler.
    (
        b"abcdefg",
        123,
        5,
        1,
        "d06fb777cc676a7571abd58884c4ac7975b0ac60a475a6a681",
    ),
];

#[test]
fn encode_matches_pychess_bytes() {
    for &(text, ts, start, off, hex) in PYCHESS {
        assert_eq!(
            encode(text, ts, off, filler_from(start)),
            unhex(hex),
            "{text:?}"
        );
    }
}

#[test]
fn decode_reads_pychess_bytes() {
    for &(text, ts, _, _, hex) in PYCHESS {
        let got = decode(&unhex(hex)).expect("PyChess line decodes");
        assert_eq!(
            got,
            Decoded {
                text: text.to_vec(),
                timestamp: ts
            }
        );
    }
}

#[test]
fn decode_reads_openseal_bytes() {
    // org.jdns.jfreechess TimesealOutputStreamTest: openseal's algorithm
    // (offset 0, '1' filler only up to the block) for the openseal hello at
    // nanoTime 1342676702761615000, i.e. (6702 s)·1000 + 761 ms.
    let expected: [u8; 62] = [
        0x84, 0x80, 0x71, 0x80, 0x9e, 0x80, 0x80, 0x9e, 0x80, 0xcd, 0xa7, 0x72, 0x80, 0x8d, 0x9d,
        0xac, 0xd2, 0x7a, 0xad, 0xaf, 0xa5, 0xb3, 0xa3, 0xa5, 0x75, 0x75, 0x60, 0x68, 0x7c, 0xa1,
        0x6c, 0x63, 0xa5, 0xa4, 0xb0, 0x6c, 0x7c, 0xa1, 0x9b, 0x6c, 0x7d, 0x75, 0xa9, 0x65, 0xb9,
        0x93, 0x66, 0x73, 0xbc, 0xb2, 0xc5, 0xbf, 0xba, 0xb5, 0xa1, 0xa3, 0xb7, 0xd5, 0xc9, 0xad,
        0x80, 0x0a,
    ];
    let line = &expected[..expected.len() - 1]; // without the '\n'
    let got = decode(line).expect("openseal line decodes");
    assert_eq!(
        got.text,
        b"TIMESTAMP|openseal|Running on an operating system|"
    );
    assert_eq!(got.timestamp, 6_702_761);
    assert_eq!(handshake(&got.text), Some(Handshake::V1));
}

#[test]
fn round_trips_random_lines() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..20_000 {
        let len = rng.below(120) as usize;
        let text: Vec<u8> = (0..len).map(|_| rng.below(0x80) as u8).collect();
        let ts = rng.next() as u32;
        let off = rng.below(50) as u8;
        let mut fill = rng.next();
        let line = encode(&text, ts, off, || {
            fill = fill.rotate_left(7);
            FILLER[(fill % FILLER.len() as u64) as usize]
        });
        assert_eq!(line.len() % 12, 1);
        let (&last, body) = line.split_last().unwrap();
        assert_eq!(last, 0x80 | off);
        assert!(body.iter().all(|b| (0x60..=0xdf).contains(b)), "{line:x?}");
        assert_eq!(
            decode(&line),
            Some(Decoded {
                text,
                timestamp: ts
            })
        );
    }
}

#[test]
fn encode_pads_like_pychess_and_sanitises_filler() {
    // "ab" + 0x18 + "7" + 0x19 = 5 bytes: 7 filler bytes make one block.
    assert_eq!(encode(b"ab", 7, 0, || b'x').len(), 13);
    // A NUL filler byte becomes '1' and the line still decodes.
    let line = encode(b"ab", 7, 0, || 0);
    assert_eq!(decode(&line).unwrap().text, b"ab");
    // Offsets wrap modulo 50.
    assert_eq!(encode(b"ab", 7, 53, || b'x'), encode(b"ab", 7, 3, || b'x'));
}

#[test]
fn text_with_ctrl_x_keeps_it() {
    let line = encode(b"say \x18 hi", 99, 4, filler_from(0));
    assert_eq!(decode(&line).unwrap().text, b"say \x18 hi");
}

#[test]
fn bytes_above_0x7f_lose_their_top_bit() {
    let line = encode("é".as_bytes(), 1, 0, filler_from(0));
    assert_eq!(decode(&line).unwrap().text, vec![0xc3 & 0x7f, 0xa9 & 0x7f]);
}

#[test]
fn plain_lines_are_not_timeseal() {
    for line in [
        &b""[..],
        b"guest",
        b"e2e4",
        b"hello world!!",
        b"1234567890123",
    ] {
        assert_eq!(decode(line), None, "{line:?}");
    }
}

#[test]
fn rejects_wrong_length() {
    let line = encode(b"e2e4", 1000, 3, filler_from(0));
    assert!(decode(&line).is_some());
    let mut longer = line.clone();
    longer.insert(0, 0x90);
    assert_eq!(decode(&longer), None);
    assert_eq!(decode(&line[1..]), None);
    assert_eq!(decode(&line[..1]), None);
}

#[test]
fn rejects_bad_last_byte() {
    let mut line = encode(b"e2e4", 1000, 3, filler_from(0));
    let last = line.len() - 1;
    line[last] = 3; // offset byte without 0x80
    assert_eq!(decode(&line), None);
    line[last] = 0x80 | 50; // offset out of the key
    assert_eq!(decode(&line), None);
    line[last] = 0xff;
    assert_eq!(decode(&line), None);
}

#[test]
fn rejects_byte_without_high_bit() {
    let mut line = encode(b"tell bob hello there", 1000, 3, filler_from(0));
    assert_eq!(line.len(), 37);
    for i in [0, 5, 11, 12, 23, 35] {
        let saved = line[i];
        // The byte that descrambles to plain 'A' (no 0x80).
        line[i] = (b'A' ^ KEY[(i + 3) % 50]).wrapping_sub(32);
        assert_eq!(decode(&line), None, "byte {i}");
        line[i] = saved;
    }
    assert!(decode(&line).is_some());
}

#[test]
fn rejects_missing_or_malformed_stamp() {
    // No 0x18 at all.
    for off in [0, 7, 49] {
        let mut plain = b"e2e4 no stamp 12345".to_vec();
        plain.resize(24, b'1');
        assert_eq!(decode(&scramble(&plain, off)), None);
    }
    let cases: [&[u8; 12]; 4] = [
        b"e2\x18123411111",    // 0x18 but no 0x19
        b"e2\x18\x1911111111", // empty stamp
        b"e2\x1812a4\x191111", // not a number
        b"e2\x18-12\x1911111", // signs are not digits
    ];
    for plain in cases {
        assert_eq!(decode(&scramble(plain, 9)), None, "{plain:?}");
    }
    // More digits than u64 holds.
    let mut long = b"x\x18".to_vec();
    long.extend_from_slice(b"123456789012345678901");
    long.push(0x19);
    assert_eq!(long.len(), 24);
    assert_eq!(decode(&scramble(&long, 1)), None);
}

#[test]
fn stamps_are_kept_modulo_2_pow_32() {
    // freechess.club sends full Unix milliseconds.
    let mut plain = b"e4\x18".to_vec();
    plain.extend_from_slice(b"1700000000123");
    plain.push(0x19);
    plain.extend_from_slice(b"1111111");
    assert_eq!(plain.len(), 24);
    let got = decode(&scramble(&plain, 20)).unwrap();
    assert_eq!(got.text, b"e4");
    assert_eq!(got.timestamp, (1_700_000_000_123u64 % (1u64 << 32)) as u32);
}

#[test]
fn zero_stamp_is_valid() {
    // Jin counts from its connection: its first lines carry 0.
    let line = encode(b"TIMESTAMP|iv|IHATEJIN|", 0, 0, || b'1');
    assert_eq!(decode(&line).unwrap().timestamp, 0);
}

#[test]
fn openseal_style_lines_without_filler_decode() {
    // openseal pads only up to the block: here the stamp ends it exactly.
    let got = decode(&scramble(b"e2e4\x18123456\x19", 0)).unwrap();
    assert_eq!(
        (got.text.as_slice(), got.timestamp),
        (&b"e2e4"[..], 123_456)
    );
}

#[test]
fn handshakes() {
    assert_eq!(
        handshake(b"TIMESTAMP|bruce|Linux gruber 2.6.15|"),
        Some(Handshake::V1)
    );
    assert_eq!(
        handshake(b"TIMESEAL2|openseal|simpleficsinterface|"),
        Some(Handshake::V2)
    );
    assert_eq!(handshake(b"guest"), None);
    assert_eq!(handshake(b"timestamp|x|y|"), None);
    assert_eq!(handshake(b"TIMESEAL|x|y|"), None);
    assert_eq!(Handshake::V1.ping(), b"[G]\n");
    assert_eq!(Handshake::V2.ping(), b"[G]\0");
}

#[test]
fn ping_replies() {
    assert!(is_ping_reply(b"\x029"));
    assert!(is_ping_reply(b"9"));
    assert!(!is_ping_reply(b"99"));
    assert!(!is_ping_reply(b"\x02"));
    assert!(!is_ping_reply(b""));
    assert!(!is_ping_reply(b"e2e4"));
    // A PyChess reply as it comes off the wire.
    let line = encode(b"\x029", 5_000_123, 11, filler_from(3));
    assert!(is_ping_reply(&decode(&line).unwrap().text));
}

#[test]
fn elapsed_plain_and_wrapped() {
    assert_eq!(elapsed(1_000, 4_500), Some(3_500));
    assert_eq!(elapsed(7, 7), Some(0));
    // PyChess/openseal wrap at 10^7.
    assert_eq!(elapsed(9_999_000, 500), Some(1_500));
    assert_eq!(elapsed(CLOCK_WRAP_MS - 1, 0), Some(1));
    // Stamps reduced modulo 2^32 wrap there.
    assert_eq!(elapsed(u32::MAX - 99, 200), Some(300));
    assert_eq!(elapsed(4_000_000_000, 4_000_002_000), Some(2_000));
}

#[test]
fn elapsed_refuses_nonsense() {
    assert_eq!(elapsed(0, MAX_ELAPSED_MS), Some(MAX_ELAPSED_MS));
    assert_eq!(elapsed(0, MAX_ELAPSED_MS + 1), None);
    // A clock that went back one second, below and above 10^7.
    assert_eq!(elapsed(2_000, 1_000), None);
    assert_eq!(elapsed(50_000_000, 49_999_000), None);
    assert_eq!(elapsed(10, u32::MAX), None);
}

#[test]
fn lag_is_credited_up_to_the_cap() {
    let mut lag = LagAllowance::new();
    assert_eq!(
        lag.charge(5_300, Some(5_000), 0),
        Charged {
            charged_ms: 5_000,
            lag_ms: 300
        }
    );
    assert_eq!(
        lag.charge(9_000, Some(2_000), 0),
        Charged {
            charged_ms: 9_000 - LAG_CAP_PER_MOVE_MS,
            lag_ms: LAG_CAP_PER_MOVE_MS
        }
    );
    assert_eq!(lag.quota_ms(), LAG_QUOTA_MS - 300 - LAG_CAP_PER_MOVE_MS);
}

#[test]
fn no_credit_without_a_client_measure_or_when_the_client_claims_more() {
    let mut lag = LagAllowance::new();
    assert_eq!(
        lag.charge(4_000, None, 0),
        Charged {
            charged_ms: 4_000,
            lag_ms: 0
        }
    );
    assert_eq!(
        lag.charge(4_000, Some(4_200), 0),
        Charged {
            charged_ms: 4_000,
            lag_ms: 0
        }
    );
    assert_eq!(lag.quota_ms(), LAG_QUOTA_MS);
}

#[test]
fn a_lying_client_drains_the_quota() {
    // Claims 0 ms for every move while the server sees 2 s; moves every 2 s.
    let mut lag = LagAllowance::new();
    let mut now = 0;
    let mut forgiven = 0u64;
    for _ in 0..200 {
        now += 2_000;
        forgiven += u64::from(lag.charge(2_000, Some(0), now).lag_ms);
    }
    // 30 s of quota plus 400 s / 10 of refill, nothing more.
    assert_eq!(forgiven, u64::from(LAG_QUOTA_MS) + 400_000 / 10 - 200);
    assert!(lag.quota_ms() < LAG_CAP_PER_MOVE_MS);
    assert_eq!(lag.charge(2_000, Some(0), now + 2_000).lag_ms, 200);
}

#[test]
fn quota_refills_with_time_but_not_past_full() {
    let mut lag = LagAllowance::new();
    let mut now = 1_000_000;
    for _ in 0..10 {
        lag.charge(1_000, Some(0), now); // 10 s of credit, no time passes
    }
    assert_eq!(lag.quota_ms(), LAG_QUOTA_MS - 10_000);
    now += 50_000; // earns 5 s
    assert_eq!(lag.charge(0, None, now).lag_ms, 0);
    assert_eq!(lag.quota_ms(), LAG_QUOTA_MS - 5_000);
    now += 5; // half a millisecond of credit is kept for later
    lag.charge(0, None, now);
    now += 5;
    lag.charge(0, None, now);
    assert_eq!(lag.quota_ms(), LAG_QUOTA_MS - 4_999);
    now += 10_000_000; // a long wait fills it, no more
    lag.charge(0, None, now);
    assert_eq!(lag.quota_ms(), LAG_QUOTA_MS);
    // Time spent full is not banked: 1 s credit, then 1 s later only 100 ms back.
    lag.charge(1_000, Some(0), now);
    lag.charge(0, None, now + 1_000);
    assert_eq!(lag.quota_ms(), LAG_QUOTA_MS - 900);
}

#[test]
fn a_clock_going_backwards_earns_nothing() {
    let mut lag = LagAllowance::new();
    lag.charge(1_000, Some(0), 100_000);
    lag.charge(0, None, 50_000);
    assert_eq!(lag.quota_ms(), LAG_QUOTA_MS - 1_000);
    lag.charge(0, None, 110_000);
    assert_eq!(lag.quota_ms(), LAG_QUOTA_MS);
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(42);
    for _ in 0..50_000 {
        let blocks = rng.below(4) as usize;
        // Raw noise with a valid offset byte, and scrambled 7-bit noise that
        // gets as far as the stamp parser.
        let mut line: Vec<u8> = (0..blocks * 12 + 1).map(|_| rng.next() as u8).collect();
        line[blocks * 12] = 0x80 | rng.below(50) as u8;
        let plain: Vec<u8> = (0..blocks * 12)
            .map(|_| [0x18, 0x19, b'7', b'x'][rng.below(4) as usize])
            .collect();
        let scrambled = scramble(&plain, rng.below(50) as u8);
        for candidate in [&line[..], &scrambled[..]] {
            if let Some(d) = decode(candidate) {
                assert!(d.text.iter().all(|b| *b < 0x80));
            }
            let _ = decode(&candidate[..rng.below(candidate.len() as u64 + 1) as usize]);
        }
    }
}
