//! `help [topic]` from `data/help/<lang>/`.
//!
//! The pages themselves come in the user's language (see [`crate::help`]);
//! so do the few lines `help` writes itself (from the message catalogue),
//! so that a French user never reads English around French pages.

use super::Ctx;
use crate::help::Lookup;
use crate::msg;

/// `help [topic]`
pub fn help(ctx: &mut Ctx<'_>, args: &str) {
    let lang = ctx.session.vars.lang;
    let topic = args.split_whitespace().next().unwrap_or("index");
    if !topic
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        ctx.say(&msg!(
            "help-there-is-no-help-available",
            topic = topic.to_string()
        ));
        return;
    }
    let shared = ctx.shared().clone();
    match shared.help().find(topic, lang) {
        Lookup::Page(page) => ctx.out.push_str(page),
        Lookup::Ambiguous(names) => ctx.say(&msg!(
            "help-ambiguous",
            topic = topic,
            matches = names.join(" ")
        )),
        Lookup::Missing => {
            ctx.say(&msg!(
                "help-there-is-no-help-available",
                topic = topic.to_string()
            ));
            ctx.say(&msg!("help-type-help-for-the-list"));
        }
    }
}
