//! The one analysis engine and the loop that feeds it: each job's game is
//! replayed with the server's rules, every position searched (`position
//! … moves …`, then `[analysis] depth` or `ms_per_ply`), and the
//! evaluations stored in one write. The engine is started for the first
//! job and quit when the queue is empty: no work, no process.

use std::sync::Arc;

use shakmaty::Color;

use super::{Analysis, Job};
use crate::bot::engine::{Engine, EngineCommand, bestmove, pv_line};
use crate::bot::policy::Score;
use crate::chess::{AtomicGame, Variant};
use crate::server::Shared;
use crate::store::analysis::{self as rows, PlyEval};
use crate::store::games;
use crate::timefmt::unix_now;

/// Waits for jobs and does them, until the server stops.
pub async fn run(shared: Arc<Shared>) {
    let stop = shared.shutdown.clone();
    // The analyses a stop interrupted go first.
    if let Ok(Ok(unfinished)) = shared.store.call(rows::unfinished).await {
        for r in unfinished {
            shared.analysis.push(Job {
                game_id: r.game_id,
                requester: r.requested_by,
            });
        }
    }
    let mut engine: Option<Engine> = None;
    loop {
        let Some(job) = shared.analysis.next() else {
            // Nothing to do: no engine either.
            if let Some(mut e) = engine.take() {
                e.quit().await;
            }
            let analysis: &Analysis = &shared.analysis;
            tokio::select! {
                _ = stop.cancelled() => return,
                _ = analysis.wake.notified() => continue,
            }
        };
        let outcome = tokio::select! {
            _ = stop.cancelled() => break,
            outcome = analyse(&shared, &mut engine, &job) => outcome,
        };
        shared.analysis.progress(None);
        let game_id = job.game_id;
        let written = match &outcome {
            Ok(plies) => {
                let plies = plies.clone();
                shared
                    .store
                    .call(move |db| rows::finish(db, game_id, &plies, unix_now()))
                    .await
            }
            Err(why) => {
                tracing::error!(game = game_id, %why, "analysis failed");
                let why = why.clone();
                engine = None;
                shared
                    .store
                    .call(move |db| rows::fail(db, game_id, &why, unix_now()))
                    .await
            }
        };
        let stored = matches!(written, Ok(Ok(())));
        tracing::info!(
            game = game_id,
            ok = outcome.is_ok() && stored,
            "analysis finished"
        );
        let line = super::report::ready_line(
            game_id,
            outcome.as_ref().map(|_| ()).map_err(String::as_str),
            stored,
        );
        if let Some(p) = shared.world().by_name(&job.requester) {
            p.send_event(crate::event::Event::line(line));
        }
    }
    if let Some(mut e) = engine.take() {
        e.quit().await;
    }
}

/// The engine, started if it is not.
async fn engine_for<'a>(
    shared: &Shared,
    engine: &'a mut Option<Engine>,
) -> Result<&'a mut Engine, String> {
    if engine.is_none() {
        let command = shared.analysis.engine.clone().ok_or("no engine")?;
        let command = EngineCommand::parse(&command)?;
        let threads = shared.analysis.config.threads.to_string();
        let options = [
            ("UCI_Variant", "atomic".to_string()),
            ("Threads", threads),
            ("Hash", "64".to_string()),
            ("UCI_AnalyseMode", "true".to_string()),
        ]
        .into_iter()
        .map(|(n, v)| (n.to_string(), v))
        .collect();
        *engine = Some(Engine::new(command, options));
    }
    let e = engine.as_mut().ok_or("no engine")?;
    e.ensure_started().await.map_err(|e| e.to_string())?;
    Ok(e)
}

/// Every ply of the job's game, evaluated.
async fn analyse(
    shared: &Arc<Shared>,
    engine: &mut Option<Engine>,
    job: &Job,
) -> Result<Vec<PlyEval>, String> {
    let id = job.game_id;
    let found = shared
        .store
        .call(move |db| Ok::<_, rusqlite::Error>((games::get(db, id)?, games::moves(db, id)?)))
        .await;
    let (row, moves) = match found {
        Ok(Ok((Some(row), moves))) => (row, moves),
        Ok(Ok((None, _))) => return Err("the game is gone".into()),
        _ => return Err("the database is not available".into()),
    };
    let e = engine_for(shared, engine).await?;
    let name = e.name.clone();
    let _ = shared
        .store
        .call(move |db| rows::start(db, id, &name))
        .await;
    e.new_game().await.map_err(|e| e.to_string())?;
    let mut game = match &row.start_fen {
        Some(fen) => AtomicGame::from_stored_fen(fen).map_err(|e| e.to_string())?,
        None => AtomicGame::new(),
    };
    // An Atomic960 game's castlings are stored king onto rook, and its
    // start is given as X-FEN: the engine reads both only in its Chess960
    // mode, which the next atomic game turns off again (one engine serves
    // every job).
    let chess960 = game.variant() == Variant::Atomic960;
    e.set_option("UCI_Chess960", if chess960 { "true" } else { "false" })
        .await
        .map_err(|e| e.to_string())?;
    let start = match &row.start_fen {
        Some(_) if chess960 => format!("position fen {}", game.fen()),
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    let total = moves.len() + 1;
    let mut plies = Vec::with_capacity(total);
    let mut played: Vec<&str> = Vec::with_capacity(moves.len());
    for ply in 0..total {
        shared.analysis.progress(Some((id, ply, total)));
        if ply > 0 {
            let uci = moves[ply - 1].uci.as_str();
            let mv = uci
                .parse::<shakmaty::uci::UciMove>()
                .ok()
                .and_then(|m| m.to_move(game.position()).ok())
                .ok_or_else(|| format!("stored move {uci} is not legal"))?;
            game.play(mv);
            played.push(uci);
        }
        if game.end().is_some() || game.legal_moves().is_empty() {
            plies.push(PlyEval {
                ply: ply as u32,
                cp: None,
                mate: None,
                best: None,
                depth: 0,
            });
            continue;
        }
        let position = if played.is_empty() {
            start.clone()
        } else {
            format!("{start} moves {}", played.join(" "))
        };
        let turn = game.turn();
        let found = search(shared, e, &position).await?;
        plies.push(PlyEval::from_search(ply as u32, turn, found));
    }
    Ok(plies)
}

/// What one search found: its last score and depth, and its best move.
struct Found {
    score: Option<Score>,
    depth: u32,
    best: Option<String>,
}

impl PlyEval {
    /// The search's answer, turned to White's side.
    fn from_search(ply: u32, turn: Color, f: Found) -> PlyEval {
        let side = |v: i32| if turn == Color::White { v } else { -v };
        let (cp, mate) = match f.score {
            Some(Score::Centipawns(c)) => (Some(side(c)), None),
            Some(Score::Mate(m)) => (None, Some(side(m))),
            None => (Some(0), None),
        };
        PlyEval {
            ply,
            cp,
            mate,
            best: f.best,
            depth: f.depth,
        }
    }
}

async fn search(shared: &Shared, e: &mut Engine, position: &str) -> Result<Found, String> {
    let config = shared.analysis.config;
    e.go(position, &config.go())
        .await
        .map_err(|e| e.to_string())?;
    let mut found = Found {
        score: None,
        depth: 0,
        best: None,
    };
    let deadline = tokio::time::Instant::now() + config.patience();
    loop {
        let line = tokio::time::timeout_at(deadline, e.next_line())
            .await
            .map_err(|_| {
                e.kill();
                "the engine did not answer in time".to_string()
            })?
            .ok_or("the engine exited")?;
        if let Some(mv) = bestmove(&line) {
            found.best = (mv != "(none)" && mv != "0000" && !mv.is_empty()).then(|| mv.to_string());
            return Ok(found);
        }
        if pv_line(&line).is_some_and(|(rank, _)| rank != 1) {
            continue;
        }
        if let Some(score) = Score::from_info(&line) {
            found.score = Some(score);
            found.depth = depth_of(&line).unwrap_or(found.depth);
        }
    }
}

/// The `depth N` of an `info` line.
fn depth_of(line: &str) -> Option<u32> {
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == "depth" {
            return words.next()?.parse().ok();
        }
    }
    None
}
