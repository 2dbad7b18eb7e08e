//! The `[analysis]` table of `config.toml`: what the computer analysis of
//! finished games may cost.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct AnalysisConfig {
    /// Threads the one analysis engine searches with.
    pub threads: u32,
    /// Milliseconds the engine thinks about each position.
    pub ms_per_ply: u64,
    /// Search each position to this depth instead of for `ms_per_ply`
    /// (tests: an answer that does not depend on the machine's speed).
    pub depth: Option<u32>,
    /// Analyses one registered player may ask for in any 24 hours
    /// (administrators: no limit).
    pub jobs_per_user_per_day: u32,
    /// Analyses that may wait at once; past it `analyse` is refused.
    pub queue_limit: usize,
}

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            threads: 1,
            ms_per_ply: 1000,
            depth: None,
            jobs_per_user_per_day: 5,
            queue_limit: 20,
        }
    }
}

impl AnalysisConfig {
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=64).contains(&self.threads) {
            return Err("[analysis] threads must be between 1 and 64".into());
        }
        if !(10..=60_000).contains(&self.ms_per_ply) {
            return Err("[analysis] ms_per_ply must be between 10 and 60000".into());
        }
        if self.depth.is_some_and(|d| !(1..=60).contains(&d)) {
            return Err("[analysis] depth must be between 1 and 60".into());
        }
        Ok(())
    }

    /// The `go` of one position.
    pub fn go(&self) -> String {
        match self.depth {
            Some(d) => format!("go depth {d}"),
            None => format!("go movetime {}", self.ms_per_ply),
        }
    }

    /// How long one position may take before the engine counts as hung.
    pub fn patience(&self) -> std::time::Duration {
        let think = match self.depth {
            Some(_) => 120_000,
            None => self.ms_per_ply,
        };
        std::time::Duration::from_millis(think + 10_000)
    }
}
