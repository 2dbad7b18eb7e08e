//! `who` and `finger`: who is here, and who someone is.

use super::Ctx;
use crate::event::Msg;
use crate::event::{Date, Span};
use crate::msg;
use crate::settings::vars::{Number, Switch, Text};
use crate::store::{accounts, ratings};
use crate::world::{FindError, Player, World};

/// A rating as list columns show it: guests `++++`, unrated `----`.
fn rating_text(p: &Player) -> String {
    p.rating_text()
}

/// Lays out entries in columns, filled top to bottom (FICS's multicol):
/// each column is as wide as the longest entry plus two spaces.
pub fn columns(entries: &[String], width: usize) -> String {
    columns_at_least(entries, width, 0)
}

/// `who`'s columns are 24 characters wide (docs/protocol.md §6.2) unless a name with
/// its titles needs more.
const WHO_COLUMN: usize = 24;

/// [`columns`], each at least `min_col` wide.
fn columns_at_least(entries: &[String], width: usize, min_col: usize) -> String {
    if entries.is_empty() {
        return String::new();
    }
    let col = (entries.iter().map(|e| e.len()).max().unwrap_or(0) + 2).max(min_col);
    let ncols = (width / col).max(1);
    let nrows = entries.len().div_ceil(ncols);
    let mut out = String::new();
    for row in 0..nrows {
        let mut line = String::new();
        for c in 0..ncols {
            if let Some(e) = entries.get(c * nrows + row) {
                line.push_str(&format!("{e:<col$}"));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// `who [a] [I...]`: everyone online, highest rated first; `I` gives the
/// one-line-per-player machine form PyChess asks for.
pub fn who(ctx: &mut Ctx<'_>, args: &str) {
    if let Some(machine) = args.trim().strip_prefix('I') {
        return who_machine(ctx, machine);
    }
    let available_only = args.contains('a');
    let width = ctx.session.vars.number(Number::Width) as usize;
    let (mut rows, total) = {
        let world = ctx.world();
        let rows: Vec<(i32, String, String)> = world
            .players()
            .filter(|p| !available_only || (p.vars.switch(Switch::Open) && p.game.is_none()))
            .map(|p| {
                let entry = format!(
                    "{:>4}{}{}",
                    rating_text(p),
                    p.status_char(),
                    p.display_name()
                );
                (p.rating_number(), p.name.to_ascii_lowercase(), entry)
            })
            .collect();
        (rows, world.count())
    };
    rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let entries: Vec<String> = rows.into_iter().map(|r| r.2).collect();
    ctx.out
        .push_str(&columns_at_least(&entries, width, WHO_COLUMN));
    ctx.say(&msg!("blank"));
    ctx.say(&msg!("who-count", n = entries.len(), total = total));
}

/// `who I[types][R|U][segment of]`: PyChess asks in segments (`who IbslwBzSLxR19`,
/// segment 1 of 9, registered players only); players are split by name.
fn who_machine(ctx: &mut Ctx<'_>, spec: &str) {
    let digits: Vec<u32> = spec
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .filter_map(|c| c.to_digit(10))
        .collect();
    let (segment, of) = match digits.as_slice() {
        [of, segment] if *segment >= 1 && *of >= *segment => (*segment, *of),
        _ => (1, 1),
    };
    let registered = if spec.contains('R') {
        Some(true)
    } else if spec.contains('U') {
        Some(false)
    } else {
        None
    };
    let lines: Vec<String> = {
        let world = ctx.world();
        let mut players: Vec<&Player> = world
            .players()
            .filter(|p| registered.is_none_or(|r| p.is_registered() == r))
            .collect();
        players.sort_by_key(|p| p.name.to_ascii_lowercase());
        players
            .iter()
            .enumerate()
            .filter(|(i, _)| (*i as u32) % of == segment - 1)
            .map(|(_, p)| p.who_line())
            .collect()
    };
    for l in &lines {
        ctx.line(l);
    }
    ctx.say(&msg!("who-machine-count", n = lines.len()));
}

/// `finger [name]`: a user's record, online or not.
pub fn finger(ctx: &mut Ctx<'_>, args: &str) {
    let target = args
        .split_whitespace()
        .next()
        .unwrap_or(&ctx.session.name)
        .to_string();
    let online = {
        let world = ctx.world();
        match world.find(&target) {
            Ok(p) => Ok(Some(online_finger(&world, p))),
            Err(FindError::Ambiguous(names)) => Err(names),
            Err(FindError::NotFound) => Ok(None),
        }
    };
    match online {
        Ok(Some(lines)) => {
            for m in &lines {
                ctx.say(m);
            }
        }
        Err(names) => ctx.say(&crate::world::watching::find_error(
            &target,
            FindError::Ambiguous(names),
        )),
        Ok(None) => {
            let store = ctx.shared().store.clone();
            let voice = ctx.voice();
            ctx.reply_later(async move {
                let lines = offline_finger(store, target).await;
                lines.iter().map(|m| voice.line(m)).collect::<String>()
            });
        }
    }
}

fn notes(vars: &crate::settings::vars::Vars, out: &mut Vec<Msg>) {
    let mut shown = vars.notes().peekable();
    if shown.peek().is_some() {
        out.push(msg!("blank"));
        for (i, note) in shown {
            // A note is the user's own text, under its number.
            out.push(msg!("raw", text = format!("{i:2}: {note}")));
        }
    }
}

/// The rating table, or the line saying there is none yet.
/// The rating table of `finger`: a row for each variant played rated
/// (atomic, Atomic960: each its own line), or the line that says none was.
fn rating_record(
    name: &str,
    r: &crate::rating::Rating,
    r960: Option<&crate::rating::Rating>,
    out: &mut Vec<Msg>,
) {
    let rows = super::ranks::played_rows(r, r960);
    if rows.is_empty() {
        out.push(msg!("finger-no-rated-games", name = name));
    } else {
        // The headings are a catalogue line, the rows are data (ranks.rs).
        out.extend(super::ranks::rating_rows(&rows));
    }
}

fn online_finger(world: &World, p: &Player) -> Vec<Msg> {
    let mut s = vec![
        msg!("finger-header", name = p.display_name()),
        msg!("blank"),
        msg!(
            "finger-on-for",
            on = Span(p.login_at.elapsed().as_secs()),
            idle = Span(p.last_input.elapsed().as_secs())
        ),
    ];
    if let Some(no) = p.game
        && let Some(game) = world.games.get(&no)
    {
        s.push(msg!(
            "finger-playing",
            no = no,
            white = &game.white.name,
            black = &game.black.name
        ));
    }
    s.push(msg!("blank"));
    match &p.rating {
        Some(r) => rating_record(&p.name, r, p.rating960.as_ref(), &mut s),
        None => s.push(msg!("finger-not-registered", name = &p.name)),
    }
    if p.titles.computer {
        s.push(msg!("finger-computer", name = &p.name));
    }
    s.push(msg!("blank"));
    s.push(if p.timeseal {
        msg!("finger-timeseal-on")
    } else {
        msg!("finger-timeseal-off")
    });
    let interface = p.vars.text(Text::Interface);
    if !interface.is_empty() {
        s.push(msg!("finger-interface", interface = interface));
    }
    notes(&p.vars, &mut s);
    s
}

async fn offline_finger(store: crate::store::Store, name: String) -> Vec<Msg> {
    let found = store
        .call(move |db| {
            let account = accounts::find(db, &name)?;
            let (vars, rating) = match &account {
                Some(a) => (
                    accounts::load_vars(db, a.id)?,
                    (
                        ratings::load(db, a.id)?,
                        ratings::load_in(db, a.id, crate::chess::Variant::Atomic960)?,
                    ),
                ),
                None => (
                    Vec::new(),
                    (crate::rating::Rating::new(), crate::rating::Rating::new()),
                ),
            };
            Ok::<_, rusqlite::Error>((name, account, vars, rating))
        })
        .await;
    let (name, account, saved, (rating, rating960)) = match found {
        Ok(Ok(found)) => found,
        _ => return vec![msg!("database-unavailable")],
    };
    let Some(account) = account else {
        return vec![msg!("tell-no-such-player", name = name)];
    };
    let mut vars = crate::settings::vars::Vars::default();
    vars.restore(&saved);
    let mut s = vec![
        msg!(
            "finger-header",
            name = format!("{}{}", account.name, account.titles.suffix())
        ),
        msg!("blank"),
    ];
    match account.last_logout.or(account.last_login) {
        Some(t) => s.push(msg!("finger-last-disconnected", date = Date(t))),
        None => s.push(msg!("finger-never-connected", name = &account.name)),
    }
    s.push(msg!("blank"));
    rating_record(&account.name, &rating, Some(&rating960), &mut s);
    if account.titles.computer {
        s.push(msg!("finger-computer", name = &account.name));
    }
    notes(&vars, &mut s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_fill_top_to_bottom_and_fit_the_width() {
        let entries: Vec<String> = (0..7).map(|i| format!("++++ Guest{i}(U)")).collect();
        let text = columns(&entries, 79);
        let lines: Vec<&str> = text.lines().collect();
        // 14-char entries + 2 = 16 wide: 4 columns in 79, so 2 rows.
        assert_eq!(lines.len(), 2);
        assert!(
            lines[0].starts_with("++++ Guest0(U)  ++++ Guest2(U)  "),
            "{text}"
        );
        assert!(lines.iter().all(|l| l.len() <= 79));
        assert_eq!(columns(&[], 79), "");
    }

    #[test]
    fn who_columns_are_24_wide() {
        let entries: Vec<String> = ["1697^Teobald", "++++ GuestPLGY(U)", "----:WatchBot(TD)"]
            .map(String::from)
            .into();
        let text = columns_at_least(&entries, 79, WHO_COLUMN);
        assert_eq!(
            text,
            format!("{:<24}{:<24}{}\n", entries[0], entries[1], entries[2])
        );
    }
}
