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

fn value(arg: &Arg) -> FluentValue<'_> {
    match arg {
        Arg::Text(s) => FluentValue::String(Cow::Borrowed(s)),
        Arg::Number(n) => FluentValue::from(*n),
    }
}

/// Appends message `id` with `args` in `lang` (English where `lang` lacks
/// it) to `out`.
pub fn write(lang: Lang, id: &str, args: &[(&'static str, Arg)], out: &mut String) {
    let found = [bundle_for(lang), &CATALOGUE.en]
        .into_iter()
        .find_map(|b| b.get_message(id).and_then(|m| m.value()).map(|p| (b, p)));
    let Some((bundle, pattern)) = found else {
        out.push_str(id);
        return;
    };
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, arg) in args {
        fluent_args.set(*name, value(arg));
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
