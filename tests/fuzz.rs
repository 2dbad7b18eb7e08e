//! Bounded property tests of everything that reads client input: the
//! telnet codec, the timeseal decoder, the command line parser (with the
//! terms of `match`/`seek`) and the move parser. Nothing may panic, and
//! each keeps its own promises (line limits, round trips, only legal moves).
//!
//! proptest with a fixed number of cases per property keeps the run to a
//! few seconds under `cargo test`; a failure is shrunk and saved in
//! `tests/fuzz.proptest-regressions`, which proptest replays first on every
//! later run (commit it). The hand-made corpus under `tests/fuzz_corpus/`
//! runs too, line by line.
//!
//! The long runs are coverage-guided (cargo-fuzz, `scripts/fuzz.sh`); their
//! kept corpora are replayed by `tests/fuzz_corpus.rs`. Here each target
//! also gets one more round of fresh random cases; a failure names its
//! seed and the shrunk input: put the input in the corpus.

use atomicd::chess::{AtomicGame, Lang};
use atomicd::commands::{Parsed, match_terms, parse_line};
use atomicd::net::telnet::{self, Input, TelnetDecoder};
use atomicd::net::timeseal;
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestCaseError, TestRunner};
use shakmaty::Role;

const CASES: u32 = 2_000;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        ..ProptestConfig::default()
    }
}

/// Bytes that make interesting telnet input: IAC and its verbs, line ends,
/// NUL, high bytes, letters.
fn telnet_bytes() -> impl Strategy<Value = Vec<u8>> {
    let interesting = prop::sample::select(vec![
        255u8, 251, 252, 253, 254, 250, 240, 244, 241, 1, 3, 24, 31, b'\n', b'\r', 0, 0x80, 0xfe,
        b'a', b' ',
    ]);
    prop::collection::vec(prop_oneof![interesting, any::<u8>()], 0..600)
}

/// Text that looks like what people type at the prompt.
fn command_text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "match",
        "seek",
        "who",
        "tell",
        "$",
        "$$",
        ";",
        " ",
        "5",
        "0",
        "r",
        "u",
        "w",
        "b",
        "white",
        "fen",
        "-",
        "1200-1600",
        "m",
        "f",
        "atomic",
        "x",
        "!",
        ".",
        ",",
        "+",
        "=",
        "*",
        "#",
        ":",
        "bob",
        "999",
        "shutdown",
        "nuke",
        "resume",
        "stored",
        "\u{e9}",
        "99999999999999999999",
    ]);
    prop::collection::vec(
        prop_oneof![
            pieces.prop_map(str::to_string),
            "[ -~]{0,6}".prop_map(|s| s)
        ],
        0..12,
    )
    .prop_map(|v| v.concat())
}

/// Text that looks like a move.
fn move_text() -> impl Strategy<Value = String> {
    let chars = prop::sample::select(
        "abcdefghijklmnopqrstuvwxyz12345678900KQRBNPDTFC-=/@x+#O"
            .chars()
            .collect::<Vec<_>>(),
    );
    prop::collection::vec(chars, 0..9).prop_map(|v| v.into_iter().collect())
}

fn check_telnet(chunks: &[Vec<u8>], max: usize) {
    let mut d = TelnetDecoder::new(max);
    let mut out = Vec::new();
    for c in chunks {
        d.feed(c, &mut out);
    }
    // `pending` is the buffer's capacity, which grows by doubling.
    assert!(
        d.pending() <= (2 * max).max(8),
        "unfinished line kept past the limit"
    );
    for input in out {
        if let Input::Line(line) = input {
            assert!(line.len() <= max, "a line over the limit got through");
            let text = telnet::sanitize(&line);
            assert!(
                text.chars().all(|c| c == '\t' || (' '..='~').contains(&c)),
                "{text:?}"
            );
            let mut wire = Vec::new();
            telnet::to_wire(&telnet::layout(&text, Some(79)), &mut wire);
        }
    }
}

fn check_command(line: &str) {
    for admin in [false, true] {
        for parsed in parse_line(line, &[], admin) {
            if let Parsed::Command { name, args } = parsed {
                assert!(!name.is_empty());
                assert_eq!(args.trim(), args);
                let _ = match_terms(&args, true);
                let _ = match_terms(&args, false);
            }
        }
    }
}

/// A few positions to read moves in: the start, and some reached by
/// playing legal moves (castling, promotions and explosions nearby).
fn positions() -> Vec<AtomicGame> {
    let mut out = vec![AtomicGame::new()];
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/P6k/8/8/8/8/6Kp/8 b - - 0 1",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    ] {
        out.push(AtomicGame::from_fen(fen).expect("test position"));
    }
    out
}

fn check_move(games: &[AtomicGame], input: &str) {
    for game in games {
        for lang in [Lang::En, Lang::Fr] {
            if let Ok(mv) = game.parse_move(input, lang, Role::Queen) {
                let mut g = game.clone();
                assert!(
                    g.try_play(mv).is_ok(),
                    "{input:?} parsed to an illegal move in {}",
                    game.fen()
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn telnet_decoder_never_panics_and_keeps_its_limit(bytes in telnet_bytes(), cuts in prop::collection::vec(0usize..600, 0..8), max in 1usize..200) {
        let mut cuts: Vec<usize> = cuts.into_iter().filter(|&c| c <= bytes.len()).collect();
        cuts.sort_unstable();
        let mut chunks = Vec::new();
        let mut from = 0;
        for c in cuts {
            chunks.push(bytes[from..c].to_vec());
            from = c;
        }
        chunks.push(bytes[from..].to_vec());
        check_telnet(&chunks, max);
    }

    #[test]
    fn timeseal_decoder_never_panics(line in prop::collection::vec(any::<u8>(), 0..200)) {
        check_timeseal(&line);
    }

    #[test]
    fn timeseal_round_trips(text in prop::collection::vec(0x20u8..0x7f, 0..120), stamp in any::<u32>(), off in any::<u8>(), fill in any::<u8>()) {
        let encoded = timeseal::encode(&text, stamp, off, || fill);
        let decoded = timeseal::decode(&encoded).expect("our own encoding decodes");
        prop_assert_eq!(decoded.text, text);
        prop_assert_eq!(decoded.timestamp, stamp);
    }

    #[test]
    fn command_lines_never_panic(line in command_text()) {
        check_command(&line);
    }

    #[test]
    fn move_parser_never_panics_and_returns_only_legal_moves(input in move_text()) {
        check_move(&positions(), &input);
    }
}

/// Cases in the extra round of each target.
const ROUND: u32 = 5_000;

/// Runs `test` on one round of fresh random inputs from `strategy`.
fn one_more_round<S: Strategy>(
    target: &str,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut runner = TestRunner::new(ProptestConfig {
        cases: ROUND,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    if let Err(e) = runner.run(&strategy, &test) {
        panic!("{target}: {e} (seed {seed})");
    }
}

#[test]
fn telnet_codec_one_more_round() {
    one_more_round("telnet", (telnet_bytes(), 1usize..200), |(bytes, max)| {
        let (a, b) = bytes.split_at(bytes.len() / 2);
        check_telnet(&[a.to_vec(), b.to_vec()], max);
        Ok(())
    });
}

#[test]
fn timeseal_decoder_one_more_round() {
    // Random bytes, and real encoded lines with a few bytes changed (random
    // bytes alone almost never get past the first check).
    let encoded = (
        prop::collection::vec(0x20u8..0x7f, 0..80),
        any::<u32>(),
        any::<u8>(),
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
    );
    one_more_round(
        "timeseal",
        (prop::collection::vec(any::<u8>(), 0..200), encoded),
        |(raw, (text, stamp, off, changes))| {
            check_timeseal(&raw);
            let mut line = timeseal::encode(&text, stamp, off, || b'x');
            for (at, byte) in &changes {
                let i = at.index(line.len());
                line[i] = *byte;
            }
            check_timeseal(&line);
            if changes.is_empty() {
                let decoded = timeseal::decode(&line).expect("our own encoding decodes");
                prop_assert_eq!(decoded.text, text);
            }
            Ok(())
        },
    );
}

#[test]
fn command_parser_one_more_round() {
    one_more_round("commands", command_text(), |line| {
        check_command(&line);
        Ok(())
    });
}

#[test]
fn move_parser_one_more_round() {
    let games = positions();
    one_more_round("moves", move_text(), |input| {
        check_move(&games, &input);
        Ok(())
    });
}

/// The timeseal decoder and its helpers on any bytes.
fn check_timeseal(line: &[u8]) {
    if let Some(d) = timeseal::decode(line) {
        assert!(d.text.len() <= line.len(), "decoding never grows a line");
    }
    let _ = timeseal::handshake(line);
    let _ = timeseal::is_ping_reply(line);
}

/// The hand-made corpus, one input per line.
fn corpus(name: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_corpus")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_corpus_passes_every_check() {
    for line in corpus("commands.txt") {
        check_command(&line);
    }
    let games = positions();
    for line in corpus("moves.txt") {
        check_move(&games, &line);
    }
    // Every corpus line, and their concatenation, through the telnet codec
    // with the nastiest line limits.
    let all: Vec<Vec<u8>> = corpus("commands.txt")
        .into_iter()
        .map(|l| format!("{l}\r\n\u{ff}\u{fd}").into_bytes())
        .collect();
    for max in [1, 2, 80, 1024] {
        check_telnet(&all, max);
    }
    // Timeseal lines, hex-encoded one per line (they are binary); those
    // encoded by another implementation must decode to what it encoded.
    let mut decoded = 0;
    for line in corpus("timeseal.txt") {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (bytes, expected) = match line.split_once(" => ") {
            Some((bytes, expected)) => (hex(bytes), Some(expected)),
            None => (hex(line), None),
        };
        check_timeseal(&bytes);
        let got = timeseal::decode(&bytes);
        match expected {
            Some(expected) => {
                let (text, stamp) = expected.rsplit_once(" @ ").expect("TEXT @ STAMP");
                let got = got.unwrap_or_else(|| panic!("{line} must decode"));
                assert_eq!(got.text, unescape(text), "{line}");
                assert_eq!(got.timestamp, stamp.parse::<u32>().unwrap(), "{line}");
                decoded += 1;
            }
            None => assert!(got.is_none(), "{line} is not a timeseal line"),
        }
    }
    assert!(decoded >= 6, "the corpus has lines to decode");
}

/// `\xNN` escapes (as Python writes them) → bytes.
fn unescape(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = text.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'\\' && tail.first() == Some(&b'x') && tail.len() >= 3 {
            out.push(hex(std::str::from_utf8(&tail[1..3]).unwrap())[0]);
            rest = &tail[3..];
        } else {
            out.push(b);
            rest = tail;
        }
    }
    out
}

/// `"54 49"` or `"5449"` → bytes.
fn hex(text: &str) -> Vec<u8> {
    let digits: Vec<u8> = text.bytes().filter(u8::is_ascii_hexdigit).collect();
    digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).unwrap_or(0))
        .collect()
}
