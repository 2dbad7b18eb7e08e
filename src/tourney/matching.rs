//! Maximum cardinality matching in a general graph (Edmonds' blossom
//! algorithm, O(V³)).
//!
//! The Swiss pairer asks one question again and again: "can these players
//! still all be paired, with nobody meeting twice?" (FIDE C.04.3 criterion
//! C4, completion). That is whether the graph of allowed pairs has a perfect
//! matching, and a blossom matching answers it exactly and fast (a few
//! milliseconds for 100 players), where a backtracking search can take
//! exponential time on the last score groups.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// (Used by the tests to check the algorithm against brute force.)
/// A maximum matching of the graph with `n` vertices and the given
/// adjacency lists: `mate[v]` is `v`'s partner, or `None`.
#[cfg(test)]
pub(crate) fn max_matching(adj: &[Vec<usize>]) -> Vec<Option<usize>> {
    let mut m = Matcher::new(adj);
    m.run(false);
    m.mate
        .iter()
        .map(|&v| if v == NONE { None } else { Some(v) })
        .collect()
}

/// True when every vertex can be matched. Stops at the first vertex that
/// cannot: a vertex left free by a failed augmenting search stays free in
/// some maximum matching, so the matching cannot be perfect.
pub(crate) fn has_perfect_matching(adj: &[Vec<usize>]) -> bool {
    if adj.len() % 2 == 1 {
        return false;
    }
    Matcher::new(adj).run(true)
}

struct Matcher<'a> {
    adj: &'a [Vec<usize>],
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: VecDeque<usize>,
}

impl<'a> Matcher<'a> {
    fn new(adj: &'a [Vec<usize>]) -> Matcher<'a> {
        let n = adj.len();
        Matcher {
            adj,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    /// Greedy start, then one augmenting search per free vertex. Returns
    /// whether the matching is perfect (early exit if `stop_early`).
    fn run(&mut self, stop_early: bool) -> bool {
        let n = self.adj.len();
        for v in 0..n {
            if self.mate[v] == NONE
                && let Some(&u) = self.adj[v]
                    .iter()
                    .find(|&&u| u != v && self.mate[u] == NONE)
            {
                self.mate[v] = u;
                self.mate[u] = v;
            }
        }
        let mut perfect = true;
        for v in 0..n {
            if self.mate[v] != NONE {
                continue;
            }
            match self.find_path(v) {
                Some(end) => self.augment(end),
                None => {
                    perfect = false;
                    if stop_early {
                        return false;
                    }
                }
            }
        }
        perfect
    }

    fn augment(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }

    /// The lowest common ancestor of `a` and `b` in the alternating tree.
    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.adj.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Breadth-first search for an augmenting path from the free `root`;
    /// returns the free vertex at its other end.
    fn find_path(&mut self, root: usize) -> Option<usize> {
        let n = self.adj.len();
        self.used.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for k in 0..self.adj[v].len() {
                let to = self.adj[v][k];
                if to == v || self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let cur = self.lca(v, to);
                    self.blossom.fill(false);
                    self.mark_path(v, cur, to);
                    self.mark_path(to, cur, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    let m = self.mate[to];
                    self.used[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in edges {
            adj[a].push(b);
            adj[b].push(a);
        }
        adj
    }

    fn size(m: &[Option<usize>]) -> usize {
        m.iter().filter(|x| x.is_some()).count() / 2
    }

    #[test]
    fn path_and_triangle() {
        // 0-1-2-3: perfect {0-1, 2-3}, even though greedy from 1-2 is stuck.
        let g = graph(4, &[(1, 2), (0, 1), (2, 3)]);
        assert!(has_perfect_matching(&g));
        // Two triangles: 6 vertices, no edge between them, no perfect one.
        let g = graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
        assert!(!has_perfect_matching(&g));
        assert_eq!(size(&max_matching(&g)), 2);
    }

    #[test]
    fn needs_a_blossom() {
        // A 5-cycle 0..4 with a pendant 5 on vertex 2 and 6 on vertex 0 (and
        // 7 on 6): augmenting paths must go through the odd cycle.
        let g = graph(
            8,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 0),
                (2, 5),
                (0, 6),
                (6, 7),
            ],
        );
        let m = max_matching(&g);
        assert_eq!(size(&m), 4);
        for (v, w) in m.iter().enumerate() {
            let w = w.unwrap();
            assert_eq!(m[w], Some(v));
            assert!(g[v].contains(&w));
        }
    }

    #[test]
    fn odd_or_empty() {
        assert!(has_perfect_matching(&[]));
        assert!(!has_perfect_matching(&graph(3, &[(0, 1), (1, 2)])));
    }

    #[test]
    fn agrees_with_brute_force_on_small_random_graphs() {
        let mut rng = crate::tourney::SplitMix64::new(99);
        for _ in 0..300 {
            let n = 2 + rng.below(9) as usize;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if rng.below(3) == 0 {
                        edges.push((a, b));
                    }
                }
            }
            let g = graph(n, &edges);
            assert_eq!(size(&max_matching(&g)), brute(n, &edges), "{n} {edges:?}");
            assert_eq!(has_perfect_matching(&g), brute(n, &edges) * 2 == n);
        }
    }

    fn brute(n: usize, edges: &[(usize, usize)]) -> usize {
        fn go(i: usize, used: u32, edges: &[(usize, usize)]) -> usize {
            if i == edges.len() {
                return 0;
            }
            let (a, b) = edges[i];
            let skip = go(i + 1, used, edges);
            if used & (1 << a) == 0 && used & (1 << b) == 0 {
                skip.max(1 + go(i + 1, used | 1 << a | 1 << b, edges))
            } else {
                skip
            }
        }
        let _ = n;
        go(0, 0, edges)
    }
}
