//! k-subsets in lexicographic order, for choosing floaters.

/// The k-subsets of 0..n in lexicographic order.
pub(crate) struct Combinations {
    n: usize,
    idx: Vec<usize>,
    done: bool,
}

impl Combinations {
    pub(crate) fn new(n: usize, k: usize) -> Combinations {
        Combinations {
            n,
            idx: (0..k).collect(),
            done: k > n,
        }
    }
}

impl Iterator for Combinations {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        if self.done {
            return None;
        }
        let out = self.idx.clone();
        let k = self.idx.len();
        let mut i = k;
        loop {
            if i == 0 {
                self.done = true;
                break;
            }
            i -= 1;
            if self.idx[i] < self.n - k + i {
                self.idx[i] += 1;
                for j in i + 1..k {
                    self.idx[j] = self.idx[j - 1] + 1;
                }
                break;
            }
        }
        Some(out)
    }
}
