//! What a server process costs, read from `/proc/PID` (Linux).

use serde_json::{Value, json};

/// One reading of a process.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Reading {
    pub rss_kb: u64,
    pub hwm_kb: u64,
    pub cpu_s: f64,
    pub fds: u64,
}

impl Reading {
    pub fn json(&self) -> Value {
        json!({ "rss_kb": self.rss_kb, "vmhwm_kb": self.hwm_kb, "cpu_s": (self.cpu_s * 1000.0).round() / 1000.0, "fds": self.fds })
    }
}

/// Reads `/proc/PID`; `None` if the process is not there (or not Linux).
pub fn read(pid: u32) -> Option<Reading> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may contain spaces) start at ")".
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // utime and stime are fields 14 and 15 of stat: 12 and 13 after ")".
    let cpu_s = (ticks(11) + ticks(12)) as f64 / 100.0;
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|d| d.count() as u64)
        .unwrap_or(0);
    Some(Reading {
        rss_kb: field("VmRSS:"),
        hwm_kb: field("VmHWM:"),
        cpu_s,
        fds,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_this_process() {
        let r = super::read(std::process::id()).expect("/proc is there");
        assert!(r.rss_kb > 0 && r.fds > 0);
    }
}
