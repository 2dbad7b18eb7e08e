//! The cost of one ply on the server's hot path: read the typed move,
//! check it, play it, look for the end of the game and a draw claim, build
//! the board snapshot, and render it in style 1 and style 12.
//!
//! Run with `cargo bench --bench ply`. The figure to read is the time per
//! element (one element = one ply) of a whole real game: the first FICS
//! game of 2005, 54 half-moves, replayed from its SAN.

use std::hint::black_box;

use atomicd::chess::{AtomicGame, Lang, style1, style12};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::Role;

const GAME: &str = "Nf3 f6 Nd4 Nh6 e3 Ng4 f4 b5 Nf5 e5 Nxg7 h5 Nc3 Nf2 Qf3 Nd3+ Bxd3 exf4 \
                    d4 d5 h3 Qe7 Rf1 Qe4 Rf4 Nc6 b4 Bg4 a4 Ne7 axb5 a5 b5 a4 Ba3 c5 b6 Rb8 \
                    Rxe4 Be2 dxc5 Nc6 g4 Kd7 g5 fxg5 b7 Ne5 c4 Nf3+ Kf2 Rg8 Rd1 Rg2#";

fn one_game(moves: &[&str], out: &mut String) -> usize {
    let mut game = AtomicGame::new();
    let mut bytes = 0;
    for san in moves {
        let mv = game
            .parse_move(san, Lang::En, Role::Queen)
            .expect("a legal move");
        game.play(mv);
        black_box(game.end());
        black_box(game.draw_claim());
        let snap = game.snapshot(1, "grogers", "siggemannen");
        out.clear();
        style1::render(&snap, false, Lang::En, out);
        style12::render(&snap, 1, false, true, out);
        bytes += out.len();
    }
    bytes
}

fn ply(c: &mut Criterion) {
    let moves: Vec<&str> = GAME.split_whitespace().collect();
    let mut out = String::with_capacity(2048);
    let mut group = c.benchmark_group("ply");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("parse+play+end+style1+style12", |b| {
        b.iter(|| one_game(black_box(&moves), &mut out))
    });
    let mut game_only = |b: &mut criterion::Bencher| {
        b.iter(|| {
            let mut game = AtomicGame::new();
            for san in &moves {
                let mv = game
                    .parse_move(black_box(san), Lang::En, Role::Queen)
                    .expect("a legal move");
                game.play(mv);
                black_box(game.end());
            }
            game
        })
    };
    group.bench_function("parse+play+end", &mut game_only);
    group.finish();
}

criterion_group!(benches, ply);
criterion_main!(benches);
