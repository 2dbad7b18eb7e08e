//! Latency samples and error counts, summed up for the report.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Value, json};

/// Latencies of one kind, in microseconds.
#[derive(Debug, Default, Clone)]
pub struct Samples(Vec<u32>);

impl Samples {
    pub fn add(&mut self, d: Duration) {
        self.0.push(d.as_micros().min(u128::from(u32::MAX)) as u32);
    }

    pub fn extend(&mut self, other: Samples) {
        self.0.extend(other.0);
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `{n, p50, p90, p99, max, mean}` in milliseconds.
    pub fn summary(&self) -> Value {
        if self.0.is_empty() {
            return json!({ "n": 0 });
        }
        let mut v = self.0.clone();
        v.sort_unstable();
        let at = |p: f64| {
            let i = ((p / 100.0) * (v.len() - 1) as f64).round() as usize;
            f64::from(v[i.min(v.len() - 1)]) / 1000.0
        };
        let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64 / 1000.0;
        json!({
            "n": v.len(),
            "p50": at(50.0),
            "p90": at(90.0),
            "p99": at(99.0),
            "max": f64::from(v[v.len() - 1]) / 1000.0,
            "mean": (mean * 1000.0).round() / 1000.0,
        })
    }
}

/// Errors by kind, with a few examples.
#[derive(Debug, Default, Clone)]
pub struct Errors {
    pub by_kind: BTreeMap<String, u64>,
    pub samples: Vec<String>,
}

impl Errors {
    pub fn add(&mut self, kind: &str, detail: impl Into<String>) {
        *self.by_kind.entry(kind.to_string()).or_default() += 1;
        if self.samples.len() < 5 {
            self.samples.push(format!("{kind}: {}", detail.into()));
        }
    }

    pub fn merge(&mut self, other: Errors) {
        for (k, n) in other.by_kind {
            *self.by_kind.entry(k).or_default() += n;
        }
        for s in other.samples {
            if self.samples.len() < 5 {
                self.samples.push(s);
            }
        }
    }

    pub fn total(&self) -> u64 {
        self.by_kind.values().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles() {
        let mut s = Samples::default();
        for ms in 1..=100 {
            s.add(Duration::from_millis(ms));
        }
        let v = s.summary();
        assert_eq!(v["n"], 100);
        assert_eq!(v["p50"], 51.0);
        assert_eq!(v["p99"], 99.0);
        assert_eq!(v["max"], 100.0);
    }
}
