//! `alias`, `unalias`, and alias expansion (spec §6.1).
//!
//! An alias replaces the first word of a line; `@` in its text stands for
//! the rest of the line. Registered users' aliases are saved.

use super::Ctx;
use crate::store::accounts;

/// Most aliases one user may have.
const MAX_ALIASES: usize = 64;
/// Names that cannot be aliased, so a user can always undo an alias.
const RESERVED: &[&str] = &["alias", "unalias", "quit"];

/// The line with its alias expanded, if its first word is an alias.
pub fn expand(aliases: &[(String, String)], line: &str) -> Option<String> {
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim_start()),
        None => (line, ""),
    };
    let (_, value) = aliases
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))?;
    Some(if value.contains('@') {
        value.replace('@', rest)
    } else if rest.is_empty() {
        value.clone()
    } else {
        format!("{value} {rest}")
    })
}

/// `alias [name [text]]`
pub fn alias(ctx: &mut Ctx<'_>, args: &str) {
    let (name, value) = match args.split_once(char::is_whitespace) {
        Some((n, v)) => (n, v.trim()),
        None => (args, ""),
    };
    if name.is_empty() {
        if ctx.session.aliases.is_empty() {
            ctx.line("You have no aliases.");
        } else {
            ctx.line("Aliases:");
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
            None => ctx.line(format!("You have no alias named \"{name}\".")),
        }
        return;
    }
    if RESERVED.contains(&name.as_str()) {
        ctx.line(format!("You can't alias \"{name}\"."));
        return;
    }
    let existing = ctx.session.aliases.iter().position(|(n, _)| *n == name);
    match existing {
        Some(i) => {
            ctx.session.aliases[i].1 = value.to_string();
            ctx.line(format!("Alias \"{name}\" changed."));
        }
        None if ctx.session.aliases.len() >= MAX_ALIASES => {
            ctx.line(format!("You have your maximum of {MAX_ALIASES} aliases."));
            return;
        }
        None => {
            ctx.session.aliases.push((name.clone(), value.to_string()));
            ctx.line(format!("Alias \"{name}\" set."));
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
            ctx.line(format!("Alias \"{name}\" unset."));
            save(ctx, name, None);
        }
        None => ctx.line(format!("You have no alias named \"{name}\".")),
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
        assert_eq!(expand(&a, "gg bob"), Some("tell bob good game".into()));
        assert_eq!(expand(&a, "GG bob"), Some("tell bob good game".into()));
        assert_eq!(expand(&a, "w2"), Some("who a".into()));
        assert_eq!(expand(&a, "w2 x"), Some("who a x".into()));
        assert_eq!(expand(&a, "who"), None);
    }
}
