//! The command loop's second half: from a typed line to a reply.
//!
//! A line is split on `;`, each piece loses its `$`/`$$` prefix, user
//! aliases are expanded, a player's line is tried as a move first, and the
//! first word is looked up exactly, then among the built-in shortcuts, then
//! as a unique prefix (docs/protocol.md §6.1). Each command family is one file here with
//! its parsing and its action; [`COMMANDS`] is the one table that names them.

mod accounts;
mod admin;
mod admin_accounts;
mod alias;
mod analysis;
mod assess;
mod basic;
mod boards;
mod computers;
mod courtesy;
mod ctx;
mod directory;
mod examine;
mod game;
mod help;
mod history;
mod house;
mod info;
mod journal;
mod lag;
mod limits;
mod lists;
mod logons;
mod mail;
mod match_;
mod messages;
mod news;
mod observe;
mod oldmoves;
mod own_account;
mod parse;
mod ranks;
mod seek;
mod server_info;
mod setup;
mod simul;
mod stored;
mod stored_games;
mod talk;
mod td;
mod terms;
mod toggles;
mod tourney;
mod vars;

pub use ctx::{Ctx, Later, Part, Parts, Said, Voice};
pub use parse::{Parsed, Piece, match_terms, parse_line, prepare};

use crate::account::Titles;
use crate::render::output::code;
use crate::user::User;

/// Who may use a command; the others are told it does not exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rights {
    Anyone,
    Admin,
    /// Tournament directors (`(TD)`) and admins.
    Td,
}

/// One command of the table.
pub struct Command {
    pub name: &'static str,
    /// Block-mode command code (docs/protocol.md §6.6).
    pub code: u16,
    pub run: fn(&mut Ctx<'_>, &str),
    pub rights: Rights,
}

const fn cmd(name: &'static str, code: u16, run: fn(&mut Ctx<'_>, &str)) -> Command {
    Command {
        name,
        code,
        run,
        rights: Rights::Anyone,
    }
}

/// An admin command: everyone else is told it does not exist.
const fn admin(name: &'static str, code: u16, run: fn(&mut Ctx<'_>, &str)) -> Command {
    Command {
        name,
        code,
        run,
        rights: Rights::Admin,
    }
}

/// A TD command (docs/protocol.md §7): everyone else is told it does not exist.
const fn td(name: &'static str, code: u16, run: fn(&mut Ctx<'_>, &str)) -> Command {
    Command {
        name,
        code,
        run,
        rights: Rights::Td,
    }
}

/// Every command, by name.
static COMMANDS: &[Command] = &[
    // Talk: tells, channels, shouts, messages, lists.
    cmd(",", 132, talk::comma),
    cmd(".", 132, talk::dot),
    cmd("addlist", 12, lists::addlist),
    cmd("clearmessages", 24, messages::clearmessages),
    cmd("cshout", 31, talk::cshout),
    cmd("inchannel", 53, lists::inchannel),
    cmd("it", 57, talk::it),
    cmd("messages", 74, messages::messages),
    cmd("qtell", 96, talk::qtell),
    cmd("say", 106, talk::say),
    cmd("shout", 110, talk::shout),
    cmd("showlist", 111, lists::showlist),
    cmd("sublist", 129, lists::sublist),
    cmd("tell", 132, talk::tell),
    cmd("xtell", 150, talk::xtell),
    cmd("znotify", 152, lists::znotify),
    // The rest.
    cmd("abort", 10, game::abort),
    cmd("accept", 11, match_::accept),
    admin("addcomment", 300, admin_accounts::addcomment),
    admin("addplayer", 301, admin_accounts::addplayer),
    cmd("adjourn", 13, game::adjourn),
    admin("adjudicate", 302, admin::adjudicate),
    admin("announce", 303, admin::announce),
    admin("asetpasswd", 304, admin_accounts::asetpasswd),
    admin("ban", 305, admin::ban),
    admin("muzzle", 306, admin::muzzle),
    admin("nuke", 307, admin::nuke),
    admin("remplayer", 308, admin_accounts::remplayer),
    cmd("resume", 104, stored::resume),
    admin("showcomment", 309, admin_accounts::showcomment),
    admin("shutdown", 310, admin::shutdown),
    cmd("stored", 127, stored::stored),
    admin("unban", 311, admin::unban),
    admin("unmuzzle", 312, admin::unmuzzle),
    cmd("alias", 159, alias::alias),
    cmd("best", 18, ranks::best),
    cmd("hbest", 49, ranks::hbest),
    cmd("ping", 0, lag::ping),
    cmd("play", 158, seek::play),
    cmd("rank", 98, ranks::rank),
    cmd("seek", 155, seek::seek),
    cmd("sought", 157, seek::sought),
    cmd("statistics", 126, ranks::stats),
    cmd("stats", 126, ranks::stats),
    cmd("unseek", 156, seek::unseek),
    cmd("allobservers", 14, observe::allobservers),
    cmd("date", 32, basic::date),
    cmd("decline", 33, match_::decline),
    cmd("draw", 34, game::draw),
    cmd("finger", 37, info::finger),
    cmd("flag", 38, game::flag),
    cmd("flip", 39, game::flip),
    cmd("games", 43, observe::games),
    cmd("help", 50, help::help),
    cmd("history", 51, history::history),
    cmd("iset", 56, vars::iset),
    cmd("ivariables", 58, vars::ivariables),
    cmd("kibitz", 62, observe::kibitz),
    cmd("lag", 0, lag::lag),
    cmd("match", 73, match_::match_),
    cmd("bots", 330, house::bots),
    cmd("analyse", 331, analysis::analyse),
    cmd("moretime", 76, game::moretime),
    cmd("moves", 77, observe::moves),
    cmd("observe", 80, observe::observe),
    cmd("pending", 87, match_::pending),
    cmd("promote", 92, game::promote),
    cmd("quit", 97, basic::quit),
    cmd("refresh", 101, game::refresh),
    cmd("resign", 103, game::resign),
    cmd("set", 109, vars::set),
    cmd("style", 128, vars::style),
    cmd("takeback", 131, game::takeback),
    cmd("time", 133, game::time),
    cmd("unalias", 136, alias::unalias),
    cmd("unobserve", 138, observe::unobserve),
    cmd("uptime", 140, basic::uptime),
    cmd("variables", 143, vars::variables),
    cmd("whisper", 145, observe::whisper),
    cmd("who", 146, info::who),
    cmd("withdraw", 147, match_::withdraw),
    // Tournaments: the built-in director, and the hooks of TD programs.
    cmd("berserk", 321, tourney::berserk),
    td("getgi", 44, td::getgi),
    td("getpi", 45, td::getpi),
    td("rmatch", 183, td::rmatch),
    cmd("tourney", 320, tourney::tourney),
    td("tournset", 135, td::tournset),
    // Examining: stored games, set-up positions, journals.
    cmd("backward", 16, examine::backward),
    cmd("bsetup", 21, setup::bsetup),
    cmd("examine", 36, examine::examine),
    cmd("forward", 42, examine::forward),
    cmd("jkill", 59, journal::jkill),
    cmd("journal", 60, journal::journal),
    cmd("jsave", 61, journal::jsave),
    cmd("mexamine", 75, examine::mexamine),
    cmd("revert", 105, examine::revert),
    cmd("smoves", 123, stored_games::smoves),
    cmd("sposition", 125, stored_games::sposition),
    cmd("unexamine", 137, examine::unexamine),
    // Issue 29: one's own account, and the FICS commands that were missing.
    cmd("assess", 15, assess::assess),
    cmd("bell", 17, toggles::bell),
    cmd("boards", 20, boards::boards),
    cmd("close", 332, own_account::close),
    cmd("courtesyabort", 10, courtesy::courtesyabort),
    cmd("handles", 48, directory::handles),
    cmd("hrank", 52, directory::hrank),
    cmd("index", 54, server_info::index),
    cmd("info", 55, server_info::info),
    cmd("limits", 63, limits::limits),
    cmd("llogons", 65, logons::llogons),
    cmd("load", 21, boards::load),
    cmd("logons", 66, logons::logons),
    cmd("mailhelp", 67, mail::mailhelp),
    cmd("mailmess", 68, mail::mailmess),
    cmd("mailmoves", 69, mail::mailmoves),
    cmd("mailoldmoves", 70, mail::mailoldmoves),
    cmd("mailsource", 71, mail::mailsource),
    cmd("mailstored", 72, mail::mailstored),
    cmd("news", 78, news::news),
    cmd("next", 79, server_info::next),
    cmd("oldmoves", 81, oldmoves::oldmoves),
    cmd("open", 83, toggles::open),
    cmd("password", 85, own_account::password),
    cmd("pause", 86, courtesy::pause),
    cmd("servers", 108, server_info::servers),
    cmd("switch", 130, courtesy::switch),
    cmd("unpause", 139, courtesy::unpause),
    cmd("register", 334, help::register),
    // Simultaneous exhibitions.
    cmd("goboard", 47, simul::goboard),
    cmd("gonum", 144, simul::gonum),
    cmd("simabort", 112, simul::simabort),
    cmd("simadjourn", 113, simul::simadjourn),
    cmd("simallabort", 114, simul::simallabort),
    cmd("simalladjourn", 115, simul::simalladjourn),
    cmd("simgames", 116, simul::simgames),
    cmd("simmatch", 117, simul::simmatch),
    cmd("simnext", 118, simul::simnext),
    cmd("simopen", 119, simul::simopen),
    cmd("simpass", 120, simul::simpass),
    cmd("simprev", 121, simul::simprev),
    admin("accounts", 333, accounts::accounts),
];

/// Built-in shortcuts (lasker's command_list.h): what a word stands for.
const SHORTCUTS: &[(&str, &str)] = &[
    ("t", "tell"),
    ("f", "finger"),
    ("w", "who"),
    ("g", "games"),
    ("o", "observe"),
    ("r", "refresh"),
    ("re", "refresh"),
    ("m", "match"),
    ("ma", "match"),
    ("analyze", "analyse"),
    ("a", "accept"),
    ("!", "shout"),
    ("*", "kibitz"),
    ("#", "whisper"),
    ("i", "it"),
    (":", "it"),
    ("exit", "quit"),
    ("logout", "quit"),
    ("bye", "quit"),
    ("+", "addlist"),
    ("-", "sublist"),
    ("=", "showlist"),
    ("p", "who a"),
    ("pl", "who a"),
    ("hi", "history"),
    ("sh", "shout"),
    ("ch", "tell"),
    ("in", "inchannel"),
    ("vars", "variables"),
    ("more", "next"),
    (".", "."),
    (",", ","),
];

/// Characters that are a command by themselves, with no space after them.
const PUNCTUATION: &str = ".,!*#:+-=";

/// Output the commands of one line may produce before the rest of its
/// `;` pieces are refused: a line of 170 `alias` (or `finger`) would
/// otherwise make one reply of megabytes, which the server holds until
/// the client reads it.
pub const LINE_OUTPUT: usize = 64 * 1024;

/// The reply to one line.
pub struct Reply {
    pub text: String,
    pub code: u16,
    /// Its typed parts, for a session in the JSON framing.
    pub parts: Option<ctx::Parts>,
}

/// Runs one line (which may hold several `;`-separated commands).
pub async fn execute(session: &mut User, line: &str) -> Reply {
    let mut ctx = Ctx::new(session);
    for piece in line.split(';') {
        if ctx.out.len() > LINE_OUTPUT && !piece.trim().is_empty() {
            ctx.fail_msg(code::LENGTH, &crate::msg!("line-output-too-long"));
            break;
        }
        run_one(&mut ctx, piece);
        if let Some(later) = ctx.later.take() {
            let said = later.await;
            ctx.take_said(said);
        }
        if ctx.session.quit {
            break;
        }
    }
    let parts = ctx.finish();
    Reply {
        text: ctx.out,
        code: ctx.code.unwrap_or(0),
        parts,
    }
}

fn run_one(ctx: &mut Ctx<'_>, piece: &str) {
    // A piece refused for its length still counts as a command.
    let piece = match parse::prepare(piece, &ctx.session.aliases) {
        Ok(Some(piece)) => Ok(piece),
        Ok(None) => return,
        Err(too_long) => Err(too_long),
    };
    let touch = piece.as_ref().map_or(true, |p| p.touch);
    let titles = {
        let mut world = ctx.world();
        let mut player = world.player_mut(ctx.session.id);
        if let Some(p) = player.as_deref_mut() {
            p.commands += 1;
            if touch {
                p.last_input = tokio::time::Instant::now();
            }
        }
        // An admin may have changed this user's titles (`+computer`).
        player.map(|p| p.titles)
    };
    if let Some(titles) = titles {
        ctx.session.titles = titles;
    }
    let piece = match piece {
        Ok(piece) => piece,
        Err(_) => return ctx.fail_msg(code::LENGTH, &crate::msg!("alias-too-long")),
    };
    let text = &*piece.text;
    // Pieces typed while setting up a board (`P@e4`).
    if setup::try_placement(ctx, text) {
        return;
    }
    // A player's line is a move before it is a command (docs/protocol.md §5.1).
    let move_like = crate::chess::looks_like_move(text);
    if move_like && game::try_move(ctx, text) {
        return;
    }
    let (word, found) = find_command(text, ctx.session.titles);
    match found {
        Lookup::Found(command, args) => {
            ctx.code.get_or_insert(command.code);
            (command.run)(ctx, &args);
        }
        Lookup::Ambiguous(names) => ctx.fail_msg(
            code::AMBIGUOUS,
            &crate::msg!("command-ambiguous", word = word, matches = names.join(" ")),
        ),
        Lookup::NotFound if move_like => {
            ctx.fail_msg(code::NOT_PLAYING, &crate::msg!("not-playing-or-examining"))
        }
        Lookup::NotFound => ctx.fail_msg(
            code::BAD_COMMAND,
            &crate::msg!("command-not-found", word = word),
        ),
    }
}

/// The command word of `text` (not empty), and what it names with the
/// arguments the command gets: a shortcut's words, then the user's,
/// trimmed.
fn find_command(text: &str, titles: Titles) -> (&str, Lookup<String>) {
    let (word, args) = split_word(text);
    let found = match lookup(word, titles) {
        Lookup::Found(command, extra) => {
            let args = match extra {
                Some(extra) if args.is_empty() => extra.to_string(),
                Some(extra) => format!("{extra} {args}"),
                None => args.to_string(),
            };
            Lookup::Found(command, args.trim().to_string())
        }
        Lookup::Ambiguous(names) => Lookup::Ambiguous(names),
        Lookup::NotFound => Lookup::NotFound,
    };
    (word, found)
}

/// The command word and the rest; punctuation commands need no space.
fn split_word(text: &str) -> (&str, &str) {
    if let Some(c) = text.chars().next()
        && PUNCTUATION.contains(c)
    {
        let (word, rest) = text.split_at(c.len_utf8());
        return (word, rest.trim_start());
    }
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim_start()),
        None => (text, ""),
    }
}

/// What a command word names. `A` is what comes with the command: the
/// words a shortcut puts before the user's, or the whole arguments.
enum Lookup<A = Option<&'static str>> {
    Found(&'static Command, A),
    Ambiguous(Vec<&'static str>),
    NotFound,
}

fn visible(command: &Command, titles: Titles) -> bool {
    match command.rights {
        Rights::Anyone => true,
        Rights::Admin => titles.admin,
        Rights::Td => titles.admin || titles.td,
    }
}

fn by_name(name: &str, admin: Titles) -> Option<&'static Command> {
    COMMANDS
        .iter()
        .find(|c| c.name == name && visible(c, admin))
}

fn lookup(word: &str, admin: Titles) -> Lookup {
    let lower = word.to_ascii_lowercase();
    if let Some(c) = by_name(&lower, admin) {
        return Lookup::Found(c, None);
    }
    if let Some((_, target)) = SHORTCUTS.iter().find(|(s, _)| *s == lower) {
        let (name, extra) = match target.split_once(' ') {
            Some((name, extra)) => (name, Some(extra)),
            None => (*target, None),
        };
        return match by_name(name, admin) {
            Some(c) => Lookup::Found(c, extra),
            None => Lookup::NotFound,
        };
    }
    let mut matches: Vec<&'static Command> = COMMANDS
        .iter()
        .filter(|c| visible(c, admin) && c.name.starts_with(&lower))
        .collect();
    match matches.len() {
        0 => Lookup::NotFound,
        1 => Lookup::Found(matches.remove(0), None),
        _ => {
            let mut names: Vec<&str> = matches.iter().map(|c| c.name).collect();
            names.sort_unstable();
            Lookup::Ambiguous(names)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_a_unique_lowercase_name() {
        let mut names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        assert!(
            names
                .iter()
                .all(|n| n.chars().all(|c| !c.is_ascii_uppercase()))
        );
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len());
    }

    #[test]
    fn lookup_exact_shortcut_prefix_and_ambiguity() {
        assert!(
            matches!(lookup("who", Titles::default()), Lookup::Found(c, None) if c.name == "who")
        );
        assert!(
            matches!(lookup("WHO", Titles::default()), Lookup::Found(c, None) if c.name == "who")
        );
        assert!(
            matches!(lookup("p", Titles::default()), Lookup::Found(c, Some("a")) if c.name == "who")
        );
        assert!(
            matches!(lookup("fing", Titles::default()), Lookup::Found(c, None) if c.name == "finger")
        );
        assert!(
            matches!(lookup("wh", Titles::default()), Lookup::Ambiguous(v) if v == ["whisper", "who"])
        );
        assert!(matches!(lookup("xyz", Titles::default()), Lookup::NotFound));
    }

    #[test]
    fn punctuation_needs_no_space() {
        assert_eq!(split_word("!hello there"), ("!", "hello there"));
        assert_eq!(split_word("tell bob hi"), ("tell", "bob hi"));
        assert_eq!(split_word("who"), ("who", ""));
    }
}
