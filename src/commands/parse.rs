//! What a typed line means, without running it. The command loop
//! ([`super::execute`]) reads each `;`-separated piece with [`prepare`]
//! (the `$`/`$$` prefixes, then the user's aliases) and looks its word up
//! exactly, as a shortcut or as a unique prefix; [`parse_line`] does the
//! same steps and stops before running anything, for the fuzzer and tests.
//! Moves and board placements need a game and are left out.

use std::borrow::Cow;

use super::{Lookup, alias, find_command, terms};

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
    /// Its alias would expand past the length of a typed line.
    TooLong,
}

/// A piece ready to run: without its `$`/`$$` prefix, trimmed, with the
/// user's alias expanded (`$` and `$$` turn alias expansion off).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece<'a> {
    pub text: Cow<'a, str>,
    /// Whether it counts as the user's activity: `$$` does not, so that a
    /// bot's keep-alive does not keep it from looking idle.
    pub touch: bool,
}

/// Reads one piece as the command loop does; `None` when nothing is left
/// to run.
pub fn prepare<'a>(
    piece: &'a str,
    aliases: &[(String, String)],
) -> Result<Option<Piece<'a>>, alias::TooLong> {
    let mut text = piece.trim();
    let (expand_aliases, touch) = if let Some(rest) = text.strip_prefix("$$") {
        text = rest;
        (false, false)
    } else if let Some(rest) = text.strip_prefix('$') {
        text = rest;
        (false, true)
    } else {
        (true, true)
    };
    let text = text.trim_start();
    if text.is_empty() {
        return Ok(None);
    }
    let expanded = if expand_aliases {
        alias::expand(aliases, text)?
    } else {
        None
    };
    let text = match expanded {
        // An alias of `@` alone, typed with nothing after it, leaves
        // nothing to run (not a command named "").
        Some(expanded) if expanded.trim().is_empty() => return Ok(None),
        Some(expanded) if expanded.trim().len() == expanded.len() => Cow::Owned(expanded),
        Some(expanded) => Cow::Owned(expanded.trim().to_string()),
        None => Cow::Borrowed(text),
    };
    Ok(Some(Piece { text, touch }))
}

/// Reads a line, with `aliases`, as an admin (`admin`) or anyone else
/// would have it run.
pub fn parse_line(line: &str, aliases: &[(String, String)], admin: bool) -> Vec<Parsed> {
    let titles = crate::account::Titles {
        admin,
        ..Default::default()
    };
    line.split(';')
        .map(|piece| {
            let piece = match prepare(piece, aliases) {
                Ok(Some(piece)) => piece,
                Ok(None) => return Parsed::Empty,
                Err(_) => return Parsed::TooLong,
            };
            match find_command(&piece.text, titles) {
                (_, Lookup::Found(command, args)) => Parsed::Command {
                    name: command.name,
                    args,
                },
                (_, Lookup::Ambiguous(names)) => Parsed::Ambiguous(names),
                (word, Lookup::NotFound) => Parsed::NotFound(word.to_string()),
            }
        })
        .collect()
}

/// The terms of a `match` or `seek` line (`5 2 r white`), as those
/// commands read them; the error is the user's one-line message.
pub fn match_terms(args: &str, seek: bool) -> Result<terms::TermWords, terms::TermsError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    terms::parse(&words, seek)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_the_command_loop_reads_them() {
        assert_eq!(
            parse_line("$$who a; p ;;fing bob", &[], false),
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
            parse_line("nuke bob", &[], false),
            vec![Parsed::NotFound("nuke".into())]
        );
        assert_eq!(
            parse_line("nuke bob", &[], true),
            vec![Parsed::Command {
                name: "nuke",
                args: "bob".into()
            }]
        );
        let aliases = [("gg".to_string(), "tell @ good game".to_string())];
        assert_eq!(
            parse_line("gg bob; $gg bob", &aliases, false),
            vec![
                Parsed::Command {
                    name: "tell",
                    args: "bob good game".into()
                },
                Parsed::NotFound("gg".into()),
            ]
        );
        assert_eq!(
            prepare(" $$ who", &aliases).map(|p| p.map(|p| p.touch)),
            Ok(Some(false))
        );
        assert_eq!(prepare(" $ ", &aliases), Ok(None));
        // Seen while writing the command_line fuzz target: an alias of `@`
        // alone expanded to nothing, looked up as the command "".
        let at = [("x".to_string(), "@".to_string())];
        assert_eq!(parse_line("x", &at, false), vec![Parsed::Empty]);
        assert_eq!(
            prepare("x who ", &at).map(|p| p.map(|p| p.text)),
            Ok(Some("who".into()))
        );
        assert!(match_terms("5 2 r white", false).is_ok());
        assert!(match_terms("5 2 3", false).is_err());
    }
}
