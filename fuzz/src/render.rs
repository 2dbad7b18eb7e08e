//! The boards a position is shown as: style 1 in both languages and both
//! ways up, style 12 for every relation and clock form. Rendering never
//! fails; these check the shapes clients parse.

use atomicd::chess::{BoardSnapshot, Lang, style1, style12};

pub fn boards(snap: &BoardSnapshot) {
    for lang in [Lang::En, Lang::Fr] {
        for black_at_bottom in [false, true] {
            let mut out = String::new();
            style1::render(snap, black_at_bottom, lang, &mut out);
            assert!(out.ends_with('\n'), "{out}");
        }
    }
    for relation in [-3, -2, -1, 0, 1, 2] {
        for (flip, ms) in [(false, false), (true, true)] {
            let mut out = String::new();
            style12::render(snap, relation, flip, ms, &mut out);
            let line = out.trim_end_matches('\n');
            assert!(!line.contains('\n'), "style 12 is one line: {out:?}");
            // Fields: `<12>`, 8 ranks, then 24 more; the last move may
            // hold no space.
            assert_eq!(line.split(' ').count(), 33, "{line}");
        }
    }
}
