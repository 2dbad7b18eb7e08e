//! `set`, `style`, `iset`, `variables`, `ivariables`.

use super::Ctx;
use crate::formula::Formula;
use crate::msg;
use crate::render::output::code;
use crate::settings::ivars::{IsetError, Ivar};
use crate::store::accounts;

/// `set variable [value]`
pub fn set(ctx: &mut Ctx<'_>, args: &str) {
    let (name, value) = match args.split_once(char::is_whitespace) {
        Some((n, v)) => (n, v.trim()),
        None => (args, ""),
    };
    if name.is_empty() {
        return ctx.usage("set variable [value]");
    }
    super::td::adopt_world_vars(ctx);
    // Set on a copy first: a formula that does not parse is refused now,
    // never at match time.
    let mut trial = ctx.session.vars.clone();
    let changed = match trial.set(name, value) {
        Ok(changed) => changed,
        Err(e) => return ctx.fail_msg(code::BAD_PARAMS, &e.msg()),
    };
    if let Err(e) = check_formula(&changed.name, value) {
        return ctx.fail_msg(code::BAD_PARAMS, &crate::render::errors::formula_error(&e));
    }
    ctx.session.update_vars(|v| *v = trial);
    ctx.say(&changed.reply);
    if let Some(id) = ctx.session.account_id {
        let value = ctx.session.vars.get(&changed.name);
        let name = changed.name;
        ctx.shared().store.write("save variable", move |db| {
            accounts::save_var(db, id, &name, value.as_deref())
        });
    }
}

/// A `formula` or `f1`–`f9` value must parse.
fn check_formula(name: &str, value: &str) -> Result<(), crate::formula::FormulaError> {
    if value.trim().is_empty() {
        return Ok(());
    }
    let parsed = match name {
        "formula" => Formula::parse(value),
        _ => match name.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
            Some(n) if (1..=9).contains(&n) => Formula::parse_f(n, value),
            _ => return Ok(()),
        },
    };
    parsed.map(|_| ())
}

/// `style N`
pub fn style(ctx: &mut Ctx<'_>, args: &str) {
    if args.is_empty() {
        return ctx.usage("style 1|12");
    }
    set(ctx, &format!("style {args}"));
}

/// `iset ivariable 0|1`
pub fn iset(ctx: &mut Ctx<'_>, args: &str) {
    let (name, value) = match args.split_once(char::is_whitespace) {
        Some((n, v)) => (n, v.trim()),
        None => return ctx.usage("iset ivariable 0|1"),
    };
    match ctx.session.update_ivars(|iv| iv.set(name, value)) {
        Ok((ivar, on)) => {
            ctx.say(&if on {
                msg!("iset-set", name = ivar.name())
            } else {
                msg!("iset-unset", name = ivar.name())
            });
            if ivar == Ivar::SEEKINFO && on {
                // A GUI that starts following seeks gets them all at once (docs/protocol.md §3.4).
                let seeks = ctx.world().seekinfo_snapshot(ctx.session.id);
                ctx.out.push_str("<sc>\n");
                ctx.events(&seeks);
            }
        }
        Err(IsetError::BadValue) => ctx.fail_msg(code::BAD_PARAMS, &msg!("iset-bad-value")),
        Err(IsetError::NoSuch(name)) => ctx.say(&msg!("iset-no-such", name = name)),
        Err(IsetError::Locked) => ctx.say(&msg!("iset-locked")),
    }
}

fn pairs_in_columns(pairs: &[(String, String)]) -> String {
    let entries: Vec<String> = pairs.iter().map(|(n, v)| format!("{n}={v}")).collect();
    let mut out = String::new();
    for chunk in entries.chunks(4) {
        let line: String = chunk.iter().map(|e| format!("{e:<19}")).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// `variables [name]`: a user's variables (yours by default).
pub fn variables(ctx: &mut Ctx<'_>, args: &str) {
    super::td::adopt_world_vars(ctx);
    let found = match args.split_whitespace().next() {
        None => Some((ctx.session.name.clone(), ctx.session.vars.clone())),
        Some(name) => ctx
            .world()
            .find(name)
            .ok()
            .map(|p| (p.name.clone(), p.vars.clone())),
    };
    let Some((name, vars)) = found else {
        return ctx.say(&msg!("name-not-logged-in", name = args.trim()));
    };
    ctx.say(&msg!("vars-variable-settings-of", name = name.to_string()));
    ctx.say(&msg!("blank"));
    let pairs: Vec<(String, String)> = vars
        .listing()
        .into_iter()
        // Quoted: a bare "fics% " inside a reply would look like its end to
        // clients that wait for the prompt.
        .map(|(n, v)| {
            (
                n.to_string(),
                if n == "prompt" { format!("\"{v}\"") } else { v },
            )
        })
        .collect();
    let text = pairs_in_columns(&pairs);
    ctx.out.push_str(&text);
}

/// `ivariables [name]`: a user's interface variables.
pub fn ivariables(ctx: &mut Ctx<'_>, args: &str) {
    let found = match args.split_whitespace().next() {
        None => Some((ctx.session.name.clone(), ctx.session.ivars)),
        Some(name) => ctx
            .world()
            .find(name)
            .ok()
            .map(|p| (p.name.clone(), p.ivars)),
    };
    let Some((name, ivars)) = found else {
        return ctx.say(&msg!("name-not-logged-in", name = args.trim()));
    };
    ctx.say(&msg!(
        "vars-interface-variable-settings-of",
        name = name.to_string()
    ));
    ctx.say(&msg!("blank"));
    let pairs: Vec<(String, String)> = ivars
        .listing()
        .map(|(n, on)| (n.to_string(), (on as u8).to_string()))
        .collect();
    let text = pairs_in_columns(&pairs);
    ctx.out.push_str(&text);
}
