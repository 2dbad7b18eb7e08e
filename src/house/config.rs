//! The computer opponents in `config.toml`: `[[house_bots]]` (one account
//! per level) and `[house]` (what they may cost the machine).

use serde::{Deserialize, Serialize};

use crate::bot::level::Level;

/// One computer opponent: `[[house_bots]] name = "FairyThree" level = 3`.
///
/// One account per level, not one account with a level argument: an
/// account is what FICS rates, lists and remembers, so each level earns a
/// rating of its own that players can read in `finger`, and a login plays
/// one game at a time, so two levels can be played at once.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HouseBot {
    /// The account's name: 3 to 17 letters, as every handle.
    pub name: String,
    /// 1 to 8, lichess's levels (`bot/level.rs`).
    pub level: u8,
}

/// The `[house]` table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct HouseRules {
    /// Games the computer opponents may play at once, all of them
    /// together; each game holds one engine, which thinks on one thread
    /// while it is the bot's move. A bot plays one game at a time (a
    /// login does), so this is the bound on the CPU they take. 0: none.
    pub max_games: u32,
    /// Seconds an engine is kept after a game (a rematch starts at once)
    /// before it is stopped: a waiting computer opponent holds no engine.
    pub engine_idle_seconds: u64,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules {
            max_games: 2,
            engine_idle_seconds: 10,
        }
    }
}

/// Checks the `[[house_bots]]` entries.
pub fn validate(bots: &[HouseBot]) -> Result<(), String> {
    for (i, bot) in bots.iter().enumerate() {
        crate::account::check_handle(&bot.name).map_err(|e| {
            format!(
                "[[house_bots]] name \"{}\": {}",
                bot.name,
                e.to_string().trim_end_matches("  Try again.")
            )
        })?;
        Level::new(bot.level).map_err(|e| format!("[[house_bots]] {}: level: {e}", bot.name))?;
        if bots[..i]
            .iter()
            .any(|b| b.name.eq_ignore_ascii_case(&bot.name))
        {
            return Err(format!(
                "[[house_bots]] name \"{}\" is given twice",
                bot.name
            ));
        }
    }
    Ok(())
}
