//! Interface variables (`iset`, `%b`): switches that GUIs flip to change
//! how the server talks to them (docs/protocol.md §1.5, §6.4).

/// Every ivar, in the bit order of the `%b` login line.
pub const NAMES: [&str; 35] = [
    "compressmove",
    "audiochat",
    "seekremove",
    "defprompt",
    "lock",
    "startpos",
    "block",
    "gameinfo",
    "xdr",
    "pendinfo",
    "graph",
    "seekinfo",
    "extascii",
    "nohighlight",
    "vt_highlight",
    "showserver",
    "pin",
    "ms",
    "pinginfo",
    "boardinfo",
    "extuserinfo",
    "seekca",
    "showownseek",
    "premove",
    "smartmove",
    "movecase",
    "suicide",
    "crazyhouse",
    "losers",
    "wildcastle",
    "fr",
    "nowrap",
    "allresults",
    "obsping",
    "singleboard",
];

/// One interface variable, by its bit number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ivar(u8);

impl Ivar {
    pub const SEEKREMOVE: Ivar = Ivar(2);
    pub const DEFPROMPT: Ivar = Ivar(3);
    pub const LOCK: Ivar = Ivar(4);
    pub const STARTPOS: Ivar = Ivar(5);
    pub const BLOCK: Ivar = Ivar(6);
    pub const GAMEINFO: Ivar = Ivar(7);
    pub const PENDINFO: Ivar = Ivar(9);
    pub const SEEKINFO: Ivar = Ivar(11);
    pub const NOHIGHLIGHT: Ivar = Ivar(13);
    pub const PIN: Ivar = Ivar(16);
    pub const MS: Ivar = Ivar(17);
    pub const SHOWOWNSEEK: Ivar = Ivar(22);
    pub const MOVECASE: Ivar = Ivar(25);
    pub const NOWRAP: Ivar = Ivar(31);
    pub const ALLRESULTS: Ivar = Ivar(32);

    /// The ivar with this name, or the only one it is a prefix of.
    pub fn lookup(name: &str) -> Option<Ivar> {
        let name = name.to_ascii_lowercase();
        if let Some(i) = NAMES.iter().position(|n| *n == name) {
            return Some(Ivar(i as u8));
        }
        let mut matches = NAMES
            .iter()
            .enumerate()
            .filter(|(_, n)| n.starts_with(&name));
        match (matches.next(), matches.next()) {
            (Some((i, _)), None) if !name.is_empty() => Some(Ivar(i as u8)),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }
}

/// The set of ivars of one session; all off at login.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ivars(u64);

/// Why an `iset` was refused; `Display` is the reply line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IsetError {
    NoSuch(String),
    BadValue,
    Locked,
}

impl std::fmt::Display for IsetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IsetError::NoSuch(name) => write!(f, "No such ivariable \"{name}\"."),
            IsetError::BadValue => f.write_str("Bad value given for ivariable."),
            IsetError::Locked => f.write_str("Cannot alter: Interface setting locked."),
        }
    }
}

impl Ivars {
    pub fn get(&self, v: Ivar) -> bool {
        self.0 & (1 << v.0) != 0
    }

    pub fn put(&mut self, v: Ivar, on: bool) {
        if on {
            self.0 |= 1 << v.0;
        } else {
            self.0 &= !(1 << v.0);
        }
    }

    /// `iset name value`: returns the ivar and its new state.
    ///
    /// After `lock` every ivar may still be set (Jin sends `iset seekinfo 1`
    /// after locking through `%b`); only unlocking is refused (docs/protocol.md §6.4).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(Ivar, bool), IsetError> {
        let v = Ivar::lookup(name).ok_or_else(|| IsetError::NoSuch(name.to_string()))?;
        let on = match value.trim() {
            "1" | "on" | "true" => true,
            "0" | "off" | "false" => false,
            _ => return Err(IsetError::BadValue),
        };
        if v == Ivar::LOCK && !on && self.get(Ivar::LOCK) {
            return Err(IsetError::Locked);
        }
        self.put(v, on);
        Ok((v, on))
    }

    /// Applies a `%b0110...` login line: digit *i* sets ivar *i*; extra digits
    /// and anything else are ignored. None if the line is not a `%b` line.
    pub fn from_login_line(line: &str) -> Option<Ivars> {
        let bits = line.strip_prefix("%b")?;
        let mut ivars = Ivars::default();
        for (i, c) in bits.trim().bytes().take(NAMES.len()).enumerate() {
            if c == b'1' {
                ivars.put(Ivar(i as u8), true);
            }
        }
        Some(ivars)
    }

    /// `name=value` pairs in bit order, for `ivariables`.
    pub fn listing(&self) -> impl Iterator<Item = (&'static str, bool)> + '_ {
        NAMES
            .iter()
            .enumerate()
            .map(|(i, n)| (*n, self.get(Ivar(i as u8))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jin_login_line_sets_the_right_bits() {
        // Jin turns on defprompt(3), lock(4), gameinfo(7), pendinfo(9),
        // nohighlight(13), ms(17), showownseek(22), movecase(25), nowrap(31).
        let mut bits = vec![b'0'; 35];
        for i in [3, 4, 7, 9, 13, 17, 22, 25, 31] {
            bits[i] = b'1';
        }
        let line = format!("%b{}", String::from_utf8(bits).unwrap());
        let iv = Ivars::from_login_line(&line).unwrap();
        for v in [
            Ivar::DEFPROMPT,
            Ivar::LOCK,
            Ivar::GAMEINFO,
            Ivar::PENDINFO,
            Ivar::NOHIGHLIGHT,
            Ivar::MS,
            Ivar::SHOWOWNSEEK,
            Ivar::MOVECASE,
            Ivar::NOWRAP,
        ] {
            assert!(iv.get(v), "{}", v.name());
        }
        assert!(!iv.get(Ivar::BLOCK));
        assert_eq!(iv.listing().filter(|(_, on)| *on).count(), 9);
        assert!(Ivars::from_login_line("guest").is_none());
    }

    #[test]
    fn lock_refuses_only_unlocking() {
        let mut iv = Ivars::default();
        assert_eq!(iv.set("lock", "1"), Ok((Ivar::LOCK, true)));
        assert_eq!(iv.set("seekinfo", "1"), Ok((Ivar::SEEKINFO, true)));
        assert_eq!(iv.set("lock", "0"), Err(IsetError::Locked));
        assert_eq!(
            iv.set("nosuch", "1"),
            Err(IsetError::NoSuch("nosuch".into()))
        );
        assert_eq!(iv.set("ms", "2"), Err(IsetError::BadValue));
        assert_eq!(Ivar::lookup("seekr"), Some(Ivar::SEEKREMOVE));
        assert_eq!(Ivar::lookup("s"), None);
    }
}
