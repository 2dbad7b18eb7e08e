//! `alias`, `unalias`, and alias expansion (docs/protocol.md §6.1).
//!
//! An alias replaces the first word of a line; `@` in its text stands for
//! the rest of the line. Registered users' aliases are saved.

use super::Ctx;
use crate::msg;
use crate::net::telnet::MAX_LINE;
use crate::store::accounts;

/// Most aliases one user may have.
const MAX_ALIASES: usize = 64;
/// Names that cannot be aliased, so a user can always undo an alias.
const RESERVED: &[&str] = &["alias", "unalias", "quit"];

/// An alias whose expansion would be longer than a typed line may be
/// ([`MAX_LINE`]); the line is refused as a typed one would be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLong {
    pub alias: String,
}

impl std::fmt::Display for TooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Your line was too long after alias expansion and has been ignored.")
    }
}

/// The line with its alias expanded, if its first word is an alias.
///
/// The expansion is held to the limit of a typed line: each `@` repeats
/// the rest of the line, so an alias of a few hundred `@` would otherwise
/// turn one line into a megabyte for whoever it is told to. The length is
/// known before anything is built.
pub fn expand(aliases: &[(String, String)], line: &str) -> Result<Option<String>, TooLong> {
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim_start()),
        None => (line, ""),
    };
    let Some((name, value)) = aliases
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))
    else {
        return Ok(None);
    };
    let ats = value.matches('@').count();
    let len = if ats > 0 {
        value.len() - ats + ats.saturating_mul(rest.len())
    } else if rest.is_empty() {
        value.len()
    } else {
        value.len() + 1 + rest.len()
    };
    if len > MAX_LINE {
        return Err(TooLong {
            alias: name.clone(),
        });
    }
    Ok(Some(if ats > 0 {
        value.replace('@', rest)
    } else if rest.is_empty() {
        value.clone()
    } else {
        format!("{value} {rest}")
    }))
}

/// `alias [name [text]]`
pub fn alias(ctx: &mut Ctx<'_>, args: &str) {
    let (name, value) = match args.split_once(char::is_whitespace) {
        Some((n, v)) => (n, v.trim()),
        None => (args, ""),
    };
    if name.is_empty() {
        if ctx.session.aliases.is_empty() {
            ctx.say(&msg!("alias-you-have-no-aliases"));
        } else {
            ctx.say(&msg!("alias-aliases"));
            let lines: Vec<String> = ctx
                .session
                .aliases
                .iter()
                .map(|(n, v)| format!("{n} -> {v}"))
                .collect();
            for l in lines {
                ctx.line(l);
            }
        }
        return;
    }
    let name = name.to_ascii_lowercase();
    if value.is_empty() {
        let found = ctx
            .session
            .aliases
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, v)| format!("{n} -> {v}"));
        match found {
            Some(l) => ctx.line(l),
            None => ctx.say(&msg!(
                "alias-you-have-no-alias-named",
                name = name.to_string()
            )),
        }
        return;
    }
    if RESERVED.contains(&name.as_str()) {
        ctx.say(&msg!("alias-you-can-t-alias", name = name.to_string()));
        return;
    }
    let existing = ctx.session.aliases.iter().position(|(n, _)| *n == name);
    match existing {
        Some(i) => {
            ctx.session.aliases[i].1 = value.to_string();
            ctx.say(&msg!("alias-alias-changed", name = name.to_string()));
        }
        None if ctx.session.aliases.len() >= MAX_ALIASES => {
            ctx.say(&msg!("alias-maximum", n = MAX_ALIASES));
            return;
        }
        None => {
            ctx.session.aliases.push((name.clone(), value.to_string()));
            ctx.say(&msg!("alias-alias-set", name = name.to_string()));
        }
    }
    save(ctx, name, Some(value.to_string()));
}

/// `unalias name`
pub fn unalias(ctx: &mut Ctx<'_>, args: &str) {
    let name = args.trim().to_ascii_lowercase();
    if name.is_empty() || name.contains(char::is_whitespace) {
        return ctx.usage("unalias name");
    }
    match ctx.session.aliases.iter().position(|(n, _)| *n == name) {
        Some(i) => {
            ctx.session.aliases.remove(i);
            ctx.say(&msg!("alias-alias-unset", name = name.to_string()));
            save(ctx, name, None);
        }
        None => ctx.say(&msg!(
            "alias-you-have-no-alias-named",
            name = name.to_string()
        )),
    }
}

fn save(ctx: &Ctx<'_>, name: String, value: Option<String>) {
    if let Some(id) = ctx.session.account_id {
        ctx.shared().store.write("save alias", move |db| {
            accounts::save_alias(db, id, &name, value.as_deref())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_with_and_without_at() {
        let a = vec![
            ("gg".to_string(), "tell @ good game".to_string()),
            ("w2".to_string(), "who a".to_string()),
        ];
        assert_eq!(expand(&a, "gg bob"), Ok(Some("tell bob good game".into())));
        assert_eq!(expand(&a, "GG bob"), Ok(Some("tell bob good game".into())));
        assert_eq!(expand(&a, "w2"), Ok(Some("who a".into())));
        assert_eq!(expand(&a, "w2 x"), Ok(Some("who a x".into())));
        assert_eq!(expand(&a, "who"), Ok(None));
    }

    #[test]
    fn expansions_are_held_to_the_length_of_a_line() {
        let a = vec![
            ("big".to_string(), format!("tell vicky {}", "@".repeat(990))),
            ("t".to_string(), "tell @".to_string()),
            ("s".to_string(), "shout".to_string()),
        ];
        let refused = expand(&a, &format!("big {}", "x".repeat(1000)));
        assert_eq!(
            refused,
            Err(TooLong {
                alias: "big".into()
            })
        );
        assert_eq!(
            refused.unwrap_err().to_string(),
            "Your line was too long after alias expansion and has been ignored."
        );
        // One `@` per character of the rest, exactly at the limit and past it.
        let fits = format!("t {}", "y".repeat(MAX_LINE - "tell ".len()));
        assert_eq!(expand(&a, &fits).unwrap().unwrap().len(), MAX_LINE);
        let over = format!("t {}", "y".repeat(MAX_LINE - "tell ".len() + 1));
        assert!(expand(&a, &over).is_err());
        let over = format!("s {}", "y".repeat(MAX_LINE - "shout ".len() + 1));
        assert!(expand(&a, &over).is_err());
        // With nothing after it, the many `@` vanish: a short line.
        assert_eq!(expand(&a, "big").unwrap().unwrap(), "tell vicky ");
    }
}
