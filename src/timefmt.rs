//! Wall-clock dates and durations as FICS prints them. All dates are UTC.

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since the Unix epoch, now.
pub fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// A broken-down UTC time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Civil {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    /// 0 = Sunday.
    pub weekday: u32,
}

const WEEKDAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

impl Civil {
    /// Converts Unix seconds (Howard Hinnant's days-from-civil algorithm, inverted).
    pub fn from_unix(t: i64) -> Civil {
        let days = t.div_euclid(86_400);
        let secs = t.rem_euclid(86_400);
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        Civil {
            year,
            month,
            day,
            hour: (secs / 3600) as u32,
            minute: (secs % 3600 / 60) as u32,
            second: (secs % 60) as u32,
            weekday: (days + 4).rem_euclid(7) as u32,
        }
    }

    fn weekday_name(&self) -> &'static str {
        WEEKDAYS[self.weekday as usize]
    }

    fn month_name(&self) -> &'static str {
        MONTHS[(self.month - 1) as usize]
    }
}

/// `Sat Jan 23, 14:34 UTC 2016`, the date form of `moves` headers and `finger`.
pub fn fics_date(t: i64) -> String {
    let c = Civil::from_unix(t);
    format!(
        "{} {} {:2}, {:02}:{:02} UTC {}",
        c.weekday_name(),
        c.month_name(),
        c.day,
        c.hour,
        c.minute,
        c.year
    )
}

/// `Sat Nov 29 12:01:00 2025`, C's `ctime` form (history lines, `date`).
pub fn ctime(t: i64) -> String {
    let c = Civil::from_unix(t);
    format!(
        "{} {} {:2} {:02}:{:02}:{:02} {}",
        c.weekday_name(),
        c.month_name(),
        c.day,
        c.hour,
        c.minute,
        c.second,
        c.year
    )
}

/// `28-Jan-2005`, the short date of a best rating in `finger`.
pub fn short_date(t: i64) -> String {
    let c = Civil::from_unix(t);
    format!("{:02}-{}-{}", c.day, c.month_name(), c.year)
}

/// `2026.11.30`, the PGN date.
pub fn pgn_date(t: i64) -> String {
    let c = Civil::from_unix(t);
    format!("{}.{:02}.{:02}", c.year, c.month, c.day)
}

/// A duration in words as FICS writes idle and on-line times:
/// `7 secs`, `1 min`, `3 mins`, `2 hrs, 5 mins`, `1 day, 2 hrs`.
pub fn duration_words(secs: u64) -> String {
    fn unit(n: u64, one: &str, many: &str) -> String {
        format!("{n} {}", if n == 1 { one } else { many })
    }
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    if d > 0 {
        format!("{}, {}", unit(d, "day", "days"), unit(h, "hr", "hrs"))
    } else if h > 0 {
        format!("{}, {}", unit(h, "hr", "hrs"), unit(m, "min", "mins"))
    } else if m > 0 {
        unit(m, "min", "mins")
    } else {
        unit(s, "sec", "secs")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_match_known_instants() {
        // 2016-01-23 14:34:00 UTC was a Saturday.
        assert_eq!(fics_date(1_453_559_640), "Sat Jan 23, 14:34 UTC 2016");
        assert_eq!(ctime(0), "Thu Jan  1 00:00:00 1970");
        // 2000-02-29 (a leap day) 12:00:00 UTC, a Tuesday.
        assert_eq!(ctime(951_825_600), "Tue Feb 29 12:00:00 2000");
        assert_eq!(short_date(1_106_870_400), "28-Jan-2005");
        assert_eq!(pgn_date(1_106_870_400), "2005.01.28");
    }

    #[test]
    fn durations_read_like_fics() {
        assert_eq!(duration_words(7), "7 secs");
        assert_eq!(duration_words(61), "1 min");
        assert_eq!(duration_words(7 * 60 + 3), "7 mins");
        assert_eq!(duration_words(2 * 3600 + 5 * 60), "2 hrs, 5 mins");
        assert_eq!(duration_words(86_400 + 3600), "1 day, 1 hr");
    }
}
