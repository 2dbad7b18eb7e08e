//! The command line (`commands::prepare`, `commands::parse_line`): `;`
//! pieces, `$`/`$$`, alias expansion, the command table with shortcuts and
//! unique prefixes, then the argument readers that need no game (`match`
//! and `seek` terms, `bsetup` words, formulas), on any text.
//!
//! Input: lines. `alias NAME VALUE` lines define aliases as the `alias`
//! command stores them; every line is then read as a user would type it,
//! as a plain user and as an admin.

use atomicd::chess::board_setup::SetupCommand;
use atomicd::chess::looks_like_move;
use atomicd::commands::{Parsed, match_terms, parse_line, prepare};
use atomicd::formula::Formula;
use atomicd::net::telnet::MAX_LINE;

/// Most aliases one user may have (as the `alias` command allows).
const MAX_ALIASES: usize = 64;

pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut aliases: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(def) = line.strip_prefix("alias ")
            && let Some((name, value)) = def.trim().split_once(' ')
            && aliases.len() < MAX_ALIASES
        {
            aliases.push((name.to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    for line in text.lines() {
        read_line(line, &aliases);
    }
}

fn read_line(line: &str, aliases: &[(String, String)]) {
    let pieces: Vec<&str> = line.split(';').collect();
    for piece in &pieces {
        if let Ok(Some(p)) = prepare(piece, aliases) {
            assert!(!p.text.is_empty(), "{piece:?} left an empty command");
            // An alias never makes a typed line longer than a line may be.
            if piece.len() <= MAX_LINE {
                assert!(
                    p.text.len() <= MAX_LINE,
                    "{piece:?} grew to {}",
                    p.text.len()
                );
            }
            assert_eq!(p.text.trim(), p.text, "{piece:?}");
            let _ = looks_like_move(&p.text);
        }
        // Without aliases a piece is only trimmed and loses its prefix.
        match prepare(piece, &[]) {
            Ok(Some(p)) => assert!(piece.contains(&*p.text)),
            Ok(None) => {}
            Err(e) => panic!("{piece:?} without aliases refused: {e}"),
        }
    }
    for admin in [false, true] {
        let parsed = parse_line(line, aliases, admin);
        assert_eq!(parsed.len(), pieces.len(), "one reading per piece");
        for p in parsed {
            match p {
                Parsed::Command { name, args } => read_args(name, &args),
                Parsed::NotFound(word) => assert!(!word.is_empty()),
                Parsed::Ambiguous(names) => assert!(names.len() > 1),
                Parsed::Empty | Parsed::TooLong => {}
            }
        }
    }
}

/// The argument readers of commands that can run without a game.
fn read_args(name: &str, args: &str) {
    assert!(!name.is_empty());
    assert_eq!(args.trim(), args);
    match name {
        "match" | "seek" => {
            if let Ok(terms) = match_terms(args, name == "seek")
                && let Some((lo, hi)) = terms.range
            {
                assert!(lo <= hi, "range {lo}-{hi} from {args:?}");
            }
        }
        "bsetup" if !args.is_empty() => {
            let _ = SetupCommand::parse(args);
        }
        "set" => {
            if let Some(value) = args.strip_prefix("formula ") {
                let _ = Formula::parse(value);
            }
        }
        _ => {}
    }
}
