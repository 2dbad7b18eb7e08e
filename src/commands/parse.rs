//! What a typed line means, without running it: the same steps as the
//! command loop (split on `;`, `$`/`$$` prefixes, the command word looked
//! up exactly, as a shortcut or as a unique prefix) as a pure function, for
//! tests and the fuzzer. Aliases and moves need a session and are left out.

use super::{Lookup, lookup, split_word, terms};

/// One `;`-separated piece of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    /// Nothing to run.
    Empty,
    /// A command and its arguments (a shortcut's words first).
    Command { name: &'static str, args: String },
    /// Several commands start with the word.
    Ambiguous(Vec<&'static str>),
    /// No command by that word (for this user).
    NotFound(String),
}

/// Reads a line as an admin (`admin`) or anyone else would have it run.
pub fn parse_line(line: &str, admin: bool) -> Vec<Parsed> {
    line.split(';')
        .map(|piece| parse_piece(piece, admin))
        .collect()
}

fn parse_piece(piece: &str, admin: bool) -> Parsed {
    let mut text = piece.trim();
    if let Some(rest) = text.strip_prefix("$$") {
        text = rest;
    } else if let Some(rest) = text.strip_prefix('$') {
        text = rest;
    }
    let text = text.trim_start();
    if text.is_empty() {
        return Parsed::Empty;
    }
    let (word, args) = split_word(text);
    let titles = crate::account::Titles {
        admin,
        ..Default::default()
    };
    match lookup(word, titles) {
        Lookup::Found(command, extra) => {
            let args = match extra {
                Some(extra) if args.is_empty() => extra.to_string(),
                Some(extra) => format!("{extra} {args}"),
                None => args.to_string(),
            };
            Parsed::Command {
                name: command.name,
                args: args.trim().to_string(),
            }
        }
        Lookup::Ambiguous(names) => Parsed::Ambiguous(names),
        Lookup::NotFound => Parsed::NotFound(word.to_string()),
    }
}

/// The terms of a `match` or `seek` line (`5 2 r white`), as those
/// commands read them; the error is the user's one-line message.
pub fn match_terms(args: &str, seek: bool) -> Result<terms::TermWords, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    terms::parse(&words, seek)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_the_command_loop_reads_them() {
        assert_eq!(
            parse_line("$$who a; p ;;fing bob", false),
            vec![
                Parsed::Command {
                    name: "who",
                    args: "a".into()
                },
                Parsed::Command {
                    name: "who",
                    args: "a".into()
                },
                Parsed::Empty,
                Parsed::Command {
                    name: "finger",
                    args: "bob".into()
                },
            ]
        );
        assert_eq!(
            parse_line("nuke bob", false),
            vec![Parsed::NotFound("nuke".into())]
        );
        assert_eq!(
            parse_line("nuke bob", true),
            vec![Parsed::Command {
                name: "nuke",
                args: "bob".into()
            }]
        );
        assert!(match_terms("5 2 r white", false).is_ok());
        assert!(match_terms("5 2 3", false).is_err());
    }
}
