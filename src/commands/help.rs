//! `help [topic]` from `data/help/<lang>/`.
//!
//! The pages themselves come in the user's language (see [`crate::help`]);
//! so do the few lines `help` writes itself, so that a French user never
//! reads English around French pages. They are chosen here, by a `match`
//! on the language, until the message catalogue of the typed-events work
//! takes them over; the English lines are byte for byte what they were.

use super::Ctx;
use crate::chess::Lang;
use crate::help::Lookup;

/// `help [topic]`
pub fn help(ctx: &mut Ctx<'_>, args: &str) {
    let lang = ctx.session.vars.lang;
    let topic = args.split_whitespace().next().unwrap_or("index");
    if !topic
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        ctx.line(no_help(lang, topic));
        return;
    }
    let shared = ctx.shared().clone();
    match shared.help().find(topic, lang) {
        Lookup::Page(page) => ctx.out.push_str(page),
        Lookup::Ambiguous(names) => ctx.line(ambiguous(lang, topic, &names)),
        Lookup::Missing => {
            ctx.line(no_help(lang, topic));
            ctx.line(see_index(lang));
        }
    }
}

/// There is no page by that name or beginning.
fn no_help(lang: Lang, topic: &str) -> String {
    match lang {
        Lang::En => format!("There is no help available for \"{topic}\"."),
        Lang::Fr => format!("Il n'y a pas d'aide sur « {topic} »."),
    }
}

/// Where the list of pages is.
fn see_index(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Type \"help\" for the list of topics.",
        Lang::Fr => "Tapez « help » pour la liste des sujets.",
    }
}

/// Several pages begin with what the user typed.
fn ambiguous(lang: Lang, topic: &str, names: &[&str]) -> String {
    match lang {
        Lang::En => format!(
            "Ambiguous help topic \"{topic}\". Matches: {}",
            names.join(" ")
        ),
        Lang::Fr => format!(
            "Sujet d'aide ambigu « {topic} ». Pages possibles : {}",
            names.join(" ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_lines_are_unchanged_and_french_ones_are_french() {
        assert_eq!(
            no_help(Lang::En, "zz"),
            "There is no help available for \"zz\"."
        );
        assert_eq!(see_index(Lang::En), "Type \"help\" for the list of topics.");
        assert_eq!(
            ambiguous(Lang::En, "un", &["unalias", "unban"]),
            "Ambiguous help topic \"un\". Matches: unalias unban"
        );
        assert_eq!(no_help(Lang::Fr, "zz"), "Il n'y a pas d'aide sur « zz ».");
        assert_eq!(
            see_index(Lang::Fr),
            "Tapez « help » pour la liste des sujets."
        );
        assert_eq!(
            ambiguous(Lang::Fr, "un", &["unalias", "unban"]),
            "Sujet d'aide ambigu « un ». Pages possibles : unalias unban"
        );
    }
}
