//! The message catalogue: every line a user can read, in English and in
//! French, in Project Fluent files (`messages/en.ftl`, `messages/fr.ftl`)
//! read with the `fluent-bundle` crate.
//!
//! The files are embedded in the binary, so a missing data folder can
//! never break a reply. The bundles are built once, on first use, as
//! concurrent bundles (sessions render on any runtime thread), without
//! Unicode isolation marks around values (they would change every byte of
//! today's output). A message French lacks is taken from English, message
//! by message; a message English lacks shows its id (a test makes sure
//! none does).

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::chess::Lang;
use crate::event::{Arg, Msg};

/// The English catalogue, as shipped.
pub const EN: &str = include_str!("../../messages/en.ftl");
/// The French catalogue, as shipped.
pub const FR: &str = include_str!("../../messages/fr.ftl");

type Bundle = FluentBundle<FluentResource>;

struct Catalogue {
    en: Bundle,
    fr: Bundle,
}

fn bundle(locale: &str, source: &str) -> Bundle {
    let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, errors)| {
        // A syntax error loses the broken messages only; the tests fail on it.
        tracing::error!(locale, ?errors, "the message catalogue has syntax errors");
        r
    });
    let lang = locale.parse().expect("a valid locale");
    let mut b = FluentBundle::new_concurrent(vec![lang]);
    b.set_use_isolating(false);
    // NUMBER(), for ordinals ("2nd in line", "2e").
    if let Err(e) = b.add_builtins() {
        tracing::error!(locale, error = %e, "the catalogue's functions cannot be added");
    }
    if let Err(errors) = b.add_resource(resource) {
        tracing::error!(locale, ?errors, "the message catalogue has duplicate ids");
    }
    b
}

static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| Catalogue {
    en: bundle("en", EN),
    fr: bundle("fr", FR),
});

fn bundle_for(lang: Lang) -> &'static Bundle {
    match lang {
        Lang::En => &CATALOGUE.en,
        Lang::Fr => &CATALOGUE.fr,
    }
}

fn value(lang: Lang, arg: &Arg) -> FluentValue<'_> {
    match arg {
        Arg::Text(s) => FluentValue::String(Cow::Borrowed(s)),
        Arg::Number(n) => FluentValue::from(*n),
        Arg::Span(secs) => FluentValue::String(Cow::Owned(span(lang, *secs))),
        Arg::Date(t) => FluentValue::String(Cow::Owned(date(lang, "date-fics", *t))),
        Arg::Ctime(t) => FluentValue::String(Cow::Owned(date(lang, "date-ctime", *t))),
        Arg::Msg(m) => FluentValue::String(Cow::Owned(text(lang, m))),
        Arg::And(items) => {
            let and = format!(" {} ", plain(lang, "word-and"));
            FluentValue::String(Cow::Owned(items.join(&and)))
        }
    }
}

/// A length of time in words, as FICS writes idle and on-line times:
/// `7 secs`, `1 min`, `2 hrs, 5 mins`, `1 day, 2 hrs` (the two largest
/// units from days down, or one below an hour).
pub fn span(lang: Lang, secs: u64) -> String {
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    let mut out = String::new();
    let args: Vec<(&'static str, Arg)> = if d > 0 {
        vec![
            ("days", Arg::Number(d as i64)),
            ("hours", Arg::Number(h as i64)),
        ]
    } else if h > 0 {
        vec![
            ("hours", Arg::Number(h as i64)),
            ("mins", Arg::Number(m as i64)),
        ]
    } else if m > 0 {
        vec![("mins", Arg::Number(m as i64))]
    } else {
        vec![("secs", Arg::Number(s as i64))]
    };
    let id = match args[0].0 {
        "days" => "span-days",
        "hours" => "span-hours",
        "mins" => "span-minutes",
        _ => "span-seconds",
    };
    write(lang, id, &args, &mut out);
    out
}

/// A date in the reader's words: `date-fics` (`Sat Jan 23, 14:34 UTC
/// 2016`) or `date-ctime` (`Sat Jan 23 14:34:00 2016`). `day` is padded
/// to two characters as FICS writes it, `dayn` is the bare number.
fn date(lang: Lang, id: &str, t: i64) -> String {
    const DAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let c = crate::timefmt::Civil::from_unix(t);
    let args = [
        ("wday", Arg::Text(DAYS[c.weekday as usize % 7].into())),
        (
            "month",
            Arg::Text(MONTHS[(c.month as usize + 11) % 12].into()),
        ),
        ("day", Arg::Text(format!("{:2}", c.day))),
        ("dayn", Arg::Number(i64::from(c.day))),
        ("time", Arg::Text(format!("{:02}:{:02}", c.hour, c.minute))),
        (
            "seconds",
            Arg::Text(format!("{:02}:{:02}:{:02}", c.hour, c.minute, c.second)),
        ),
        ("year", Arg::Text(c.year.to_string())),
    ];
    let mut out = String::new();
    write(lang, id, &args, &mut out);
    out
}

/// Appends message `id` with `args` in `lang` (English where `lang` lacks
/// it) to `out`.
pub fn write(lang: Lang, id: &str, args: &[(&'static str, Arg)], out: &mut String) {
    let found = [(lang, bundle_for(lang)), (Lang::En, &CATALOGUE.en)]
        .into_iter()
        .find_map(|(l, b)| b.get_message(id).and_then(|m| m.value()).map(|p| (l, b, p)));
    let Some((used, bundle, pattern)) = found else {
        out.push_str(id);
        return;
    };
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, arg) in args {
        // Dates and durations in the words of the line around them.
        fluent_args.set(*name, value(used, arg));
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if !errors.is_empty() {
        tracing::warn!(id, ?errors, "a message was formatted with errors");
    }
    out.push_str(&text);
}

/// A message as text (see [`write`]).
pub fn text(lang: Lang, msg: &Msg) -> String {
    let mut out = String::new();
    write(lang, msg.id, &msg.args, &mut out);
    out
}

/// A message with no values, as text.
pub fn plain(lang: Lang, id: &str) -> String {
    let mut out = String::new();
    write(lang, id, &[], &mut out);
    out
}

/// The ids of a catalogue's messages (for the tests).
pub fn ids(source: &str) -> Vec<String> {
    source
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_catalogues_parse() {
        for (name, source) in [("en", EN), ("fr", FR)] {
            if let Err((_, errors)) = FluentResource::try_new(source.to_string()) {
                panic!("{name}.ftl: {errors:?}");
            }
        }
    }

    #[test]
    fn no_id_is_given_twice() {
        for (name, source) in [("en", EN), ("fr", FR)] {
            let mut seen = std::collections::HashSet::new();
            for id in ids(source) {
                assert!(seen.insert(id.clone()), "{name}.ftl has {id} twice");
            }
        }
    }

    #[test]
    fn french_has_no_message_english_lacks() {
        let en = ids(EN);
        for id in ids(FR) {
            assert!(en.contains(&id), "fr.ftl has {id}, en.ftl does not");
        }
    }

    /// Every English message has its French one (but the catalogue's own
    /// test line, which shows the fallback).
    #[test]
    fn every_english_message_has_a_french_one() {
        let fr = ids(FR);
        let missing: Vec<String> = ids(EN)
            .into_iter()
            .filter(|id| id != "test-only-english" && !fr.contains(id))
            .collect();
        assert!(missing.is_empty(), "fr.ftl lacks {missing:?}");
    }

    /// The variables of each message, with those its translator's note
    /// names (`# $n is ...`).
    fn variables(source: &str) -> std::collections::HashMap<String, Vec<String>> {
        let var = regex::Regex::new(r"\$([a-z_]+)").unwrap();
        let mut out = std::collections::HashMap::new();
        let mut note = String::new();
        let mut current: Option<String> = None;
        for line in source.lines() {
            if line.starts_with('#') {
                note.push_str(line);
                current = None;
                continue;
            }
            if let Some((id, _)) = line
                .split_once(" =")
                .filter(|_| line.starts_with(|c: char| c.is_ascii_lowercase()))
            {
                let id = id.trim().to_string();
                let mut vars: Vec<String> =
                    var.captures_iter(&note).map(|c| c[1].to_string()).collect();
                vars.extend(var.captures_iter(line).map(|c| c[1].to_string()));
                out.insert(id.clone(), vars);
                current = Some(id);
                note.clear();
            } else if let Some(id) = &current {
                let more: Vec<String> = var.captures_iter(line).map(|c| c[1].to_string()).collect();
                if let Some(v) = out.get_mut(id) {
                    v.extend(more);
                }
            }
            if line.trim().is_empty() {
                note.clear();
            }
        }
        out
    }

    /// A French message uses only values the English one is given, and
    /// leaves none out.
    #[test]
    fn french_and_english_messages_take_the_same_values() {
        let en = variables(EN);
        let fr = variables(FR);
        let mut wrong = Vec::new();
        for (id, fr_vars) in &fr {
            let Some(en_vars) = en.get(id) else { continue };
            for v in fr_vars {
                if !en_vars.contains(v) {
                    wrong.push(format!("{id}: ${v} is not a value of the English message"));
                }
            }
        }
        let mut wrong: Vec<String> = wrong.into_iter().collect();
        wrong.sort();
        wrong.dedup();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn french_falls_back_to_english_per_message() {
        let mut out = String::new();
        write(Lang::Fr, "test-only-english", &[], &mut out);
        assert_eq!(out, "only in English");
    }

    #[test]
    fn values_have_no_isolation_marks() {
        let m = crate::msg!("seek-posted", index = 3);
        assert_eq!(
            text(Lang::En, &m),
            "Your seek has been posted with index 3."
        );
    }
}

#[cfg(test)]
mod coverage {
    use super::*;

    /// Every `.rs` file under `src/`, with its text.
    fn sources() -> Vec<(String, String)> {
        fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    out.push((path.display().to_string(), text));
                }
            }
        }
        let mut out = Vec::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut out,
        );
        out
    }

    /// Every message id the code names: in `msg!`, `Msg::new`, and any
    /// id-shaped literal of the renderer.
    #[test]
    fn every_id_the_code_uses_is_in_the_english_catalogue() {
        let en = ids(EN);
        let called =
            regex::Regex::new(r#"(?:msg!|Msg::new)\(\s*(?:if [^{]*\{\s*)?"([a-z0-9-]+)""#).unwrap();
        let literal = regex::Regex::new(r#""([a-z]+(?:-[a-z0-9]+)+)""#).unwrap();
        let mut missing = Vec::new();
        for (path, text) in sources() {
            for c in called.captures_iter(&text) {
                missing.push((path.clone(), c[1].to_string()));
            }
            if path.ends_with("render/fics.rs")
                || path.contains("negotiation")
                || path.ends_with("commands/vars.rs")
                || path.ends_with("settings/vars.rs")
            {
                for c in literal.captures_iter(&text) {
                    missing.push((path.clone(), c[1].to_string()));
                }
            }
        }
        missing.retain(|(_, id)| !en.contains(id));
        missing.retain(|(_, id)| {
            !["pending-to", "pending-from", "offer-already"].contains(&id.as_str())
        });
        assert!(missing.is_empty(), "ids not in en.ftl: {missing:?}");
    }

    #[test]
    fn the_gui_list_names_english_messages() {
        let en = ids(EN);
        for id in crate::render::fics::GUI_PARSED {
            assert!(en.iter().any(|e| e == id), "{id}");
        }
    }
}
