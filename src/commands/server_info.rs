//! FICS's commands about the server's own texts: `index [topic]` (the
//! topics, the same as `help`), `info` (the help pages that are not
//! commands), `next` (more of a long text: nothing here, every reply comes
//! whole) and `servers` (the servers that share ratings: none).

use super::Ctx;
use crate::msg;

/// `index [topic]`
pub fn index(ctx: &mut Ctx<'_>, args: &str) {
    super::help::help(ctx, args);
}

/// `info`: the help pages about topics rather than commands.
pub fn info(ctx: &mut Ctx<'_>, _args: &str) {
    // Every command is left out, an admin's too: a page about one is no topic.
    let everyone = crate::account::Titles {
        admin: true,
        td: true,
        ..Default::default()
    };
    let topics: Vec<String> = ctx
        .shared()
        .help()
        .topics()
        .filter(|t| *t != "index" && super::by_name(t, everyone).is_none())
        .map(str::to_string)
        .collect();
    ctx.say(&msg!("info-header"));
    for row in topics.chunks(5) {
        let cells: Vec<String> = row.iter().map(|t| format!("{t:<16}")).collect();
        ctx.say(&msg!("raw", text = cells.concat().trim_end()));
    }
    ctx.say(&msg!("info-how"));
}

/// `next` (also `more`)
pub fn next(ctx: &mut Ctx<'_>, _args: &str) {
    ctx.say(&msg!("next-nothing"));
}

/// `servers`
pub fn servers(ctx: &mut Ctx<'_>, _args: &str) {
    let name = ctx.shared().config().server_name.clone();
    ctx.say(&msg!("servers-only", server = name));
}
