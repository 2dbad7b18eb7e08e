//! User variables (`set`, `variables`; docs/protocol.md §6.3).
//!
//! Registered users' variables are saved in SQLite and come back at login;
//! guests' vanish at logout. Every variable has a canonical text form, which
//! is what `variables` shows and what the store keeps.

use crate::chess::Lang;
use crate::event::Msg;
use crate::msg;

/// Boolean variables: name, and the catalogue lines of the reply when it
/// is turned on and off (`messages/en.ftl`, "set").
const SWITCHES: &[(&str, &str, &str)] = &[
    ("bell", "set-bell-on", "set-bell-off"),
    ("open", "set-open-on", "set-open-off"),
    ("rated", "set-rated-on", "set-rated-off"),
    ("seek", "set-seek-on", "set-seek-off"),
    ("shout", "set-shout-on", "set-shout-off"),
    ("cshout", "set-cshout-on", "set-cshout-off"),
    ("tell", "set-tell-on", "set-tell-off"),
    ("ctell", "set-ctell-on", "set-ctell-off"),
    ("kibitz", "set-kibitz-on", "set-kibitz-off"),
    ("pin", "set-pin-on", "set-pin-off"),
    ("gin", "set-gin-on", "set-gin-off"),
    ("pinform", "set-pinform-on", "set-pinform-off"),
    ("ginform", "set-ginform-on", "set-ginform-off"),
    ("flip", "set-flip-on", "set-flip-off"),
    ("private", "set-private-on", "set-private-off"),
    ("autoflag", "set-autoflag-on", "set-autoflag-off"),
    ("tourney", "set-tourney-on", "set-tourney-off"),
    ("showownseek", "set-showownseek-on", "set-showownseek-off"),
    ("notakeback", "set-notakeback-on", "set-notakeback-off"),
    ("availinfo", "set-availinfo-on", "set-availinfo-off"),
    ("jprivate", "set-jprivate-on", "set-jprivate-off"),
];

/// A boolean variable, as code names it: a typo is a compile error, not
/// a silent `false`. In the order of [`SWITCHES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Switch {
    Bell,
    Open,
    Rated,
    Seek,
    Shout,
    Cshout,
    Tell,
    Ctell,
    Kibitz,
    Pin,
    Gin,
    Pinform,
    Ginform,
    Flip,
    Private,
    Autoflag,
    Tourney,
    Showownseek,
    Notakeback,
    Availinfo,
    Jprivate,
}

impl Switch {
    /// Every switch, in the order of [`SWITCHES`].
    pub const ALL: [Switch; 21] = [
        Switch::Bell,
        Switch::Open,
        Switch::Rated,
        Switch::Seek,
        Switch::Shout,
        Switch::Cshout,
        Switch::Tell,
        Switch::Ctell,
        Switch::Kibitz,
        Switch::Pin,
        Switch::Gin,
        Switch::Pinform,
        Switch::Ginform,
        Switch::Flip,
        Switch::Private,
        Switch::Autoflag,
        Switch::Tourney,
        Switch::Showownseek,
        Switch::Notakeback,
        Switch::Availinfo,
        Switch::Jprivate,
    ];

    /// The name `set` and `variables` use.
    pub fn name(self) -> &'static str {
        SWITCHES[self as usize].0
    }
}

/// A number variable, as code names it. In the order of [`NUMBERS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Number {
    Time,
    Inc,
    Width,
    Height,
    Unobserve,
}

/// A text variable, as code names it (the formula's f-variables are
/// [`Vars::f_var`]). In the order of [`TEXTS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    Prompt,
    Interface,
    Formula,
}

/// Number-valued variables: name, smallest and largest value.
const NUMBERS: &[(&str, u32, u32)] = &[
    ("time", 0, 999),
    ("inc", 0, 999),
    ("width", 32, 240),
    ("height", 5, 240),
    ("unobserve", 0, 3),
];

/// The longest note line: FICS's finger notes are a line of about 80
/// characters each. Every text a user sets is bounded where it is set, so
/// that nothing they store (and `finger` shows to others) grows without end.
pub const NOTE_MAX: usize = 80;

/// The longest value of a free-text variable other than a formula
/// (formulas have the parser's own limit, `MAX_FORMULA_LEN`).
fn text_max(name: &str) -> Option<usize> {
    match name {
        "prompt" => Some(32),
        "interface" => Some(80),
        _ => None,
    }
}

/// Free-text variables.
const TEXTS: &[&str] = &[
    "prompt",
    "interface",
    "formula",
    "f1",
    "f2",
    "f3",
    "f4",
    "f5",
    "f6",
    "f7",
    "f8",
    "f9",
];

/// Every variable name `set` knows (notes are set with their number, 1–10).
fn all_names() -> impl Iterator<Item = &'static str> {
    ["style", "lang"]
        .into_iter()
        .chain(SWITCHES.iter().map(|s| s.0))
        .chain(NUMBERS.iter().map(|n| n.0))
        .chain(TEXTS.iter().copied())
}

/// How many note lines `finger` can show.
pub const NOTE_LINES: usize = 10;

/// A user's variables.
///
/// Kept small: every session and every player holds one, and most text
/// variables and notes are empty, so they are stored only when set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vars {
    pub style: u8,
    pub lang: Lang,
    switches: u32,
    numbers: [u32; NUMBERS.len()],
    /// Text variables (key: index in `TEXTS`) and notes (key: `NOTE_KEY`
    /// + line), only those that are not empty, sorted by key.
    texts: Vec<(u8, Box<str>)>,
}

/// Notes are stored among the texts from this key on.
const NOTE_KEY: u8 = 100;

/// The prompt when none is set.
const DEFAULT_PROMPT: &str = "fics%";

impl Default for Vars {
    fn default() -> Self {
        let mut v = Vars {
            style: 1,
            lang: Lang::En,
            switches: 0,
            numbers: [2, 12, 79, 24, 0],
            texts: Vec::new(),
        };
        for on in [
            "bell", "open", "rated", "seek", "shout", "cshout", "tell", "ctell", "kibitz",
            "autoflag",
        ] {
            v.put_switch(on, true);
        }
        v
    }
}

/// Why `set` was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetError {
    NoSuch(String),
    Ambiguous(String),
    /// A value the variable cannot take: why, as a catalogue line.
    BadValue(Msg),
}

impl SetError {
    /// The reply line.
    pub fn msg(&self) -> Msg {
        match self {
            SetError::NoSuch(name) => msg!("set-no-such", name = name),
            SetError::Ambiguous(name) => msg!("set-ambiguous", name = name),
            SetError::BadValue(why) => why.clone(),
        }
    }
}

/// What a successful `set` changed: the canonical name (to save) and the
/// reply, a catalogue line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    pub name: String,
    pub reply: Msg,
}

fn parse_switch(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "1" | "on" | "true" | "yes" => Some(true),
        "0" | "off" | "false" | "no" => Some(false),
        _ => None,
    }
}

impl Vars {
    fn switch_index(name: &str) -> Option<usize> {
        SWITCHES.iter().position(|s| s.0 == name)
    }

    /// A boolean variable.
    pub fn switch(&self, s: Switch) -> bool {
        self.switches & (1 << s as usize) != 0
    }

    /// A boolean variable by its full name (false for unknown names).
    fn switch_named(&self, name: &str) -> bool {
        Self::switch_index(name).is_some_and(|i| self.switches & (1 << i) != 0)
    }

    /// Sets a boolean variable.
    pub fn put(&mut self, s: Switch, on: bool) {
        self.put_switch(s.name(), on);
    }

    fn put_switch(&mut self, name: &str, on: bool) {
        if let Some(i) = Self::switch_index(name) {
            if on {
                self.switches |= 1 << i;
            } else {
                self.switches &= !(1 << i);
            }
        }
    }

    /// A number variable.
    pub fn number(&self, n: Number) -> u32 {
        self.numbers[n as usize]
    }

    /// A number variable by its full name (0 for unknown names).
    fn number_named(&self, name: &str) -> u32 {
        NUMBERS
            .iter()
            .position(|n| n.0 == name)
            .map_or(0, |i| self.numbers[i])
    }

    fn stored(&self, key: u8) -> &str {
        self.texts
            .binary_search_by_key(&key, |(k, _)| *k)
            .map_or("", |i| &self.texts[i].1)
    }

    fn store(&mut self, key: u8, value: &str) {
        match self.texts.binary_search_by_key(&key, |(k, _)| *k) {
            Ok(i) if value.is_empty() => {
                self.texts.remove(i);
            }
            Ok(i) => self.texts[i].1 = value.into(),
            Err(_) if value.is_empty() => {}
            Err(i) => self.texts.insert(i, (key, value.into())),
        }
    }

    /// A text variable.
    pub fn text(&self, t: Text) -> &str {
        self.text_named(TEXTS[t as usize])
    }

    /// The formula's f-variable `f1`..`f9` ("" for other numbers).
    pub fn f_var(&self, n: u8) -> &str {
        match n {
            1..=9 => self.stored(2 + n),
            _ => "",
        }
    }

    /// A text variable by its full name ("" for unknown names).
    fn text_named(&self, name: &str) -> &str {
        match TEXTS.iter().position(|n| *n == name) {
            Some(0) if self.stored(0).is_empty() => DEFAULT_PROMPT,
            Some(i) => self.stored(i as u8),
            None => "",
        }
    }

    /// Note line `n` (1–10); "" when empty.
    pub fn note(&self, n: usize) -> &str {
        if (1..=NOTE_LINES).contains(&n) {
            self.stored(NOTE_KEY + n as u8)
        } else {
            ""
        }
    }

    /// The notes that are set, as (line, text).
    pub fn notes(&self) -> impl Iterator<Item = (usize, &str)> {
        self.texts
            .iter()
            .filter(|(k, _)| *k >= NOTE_KEY)
            .map(|(k, v)| (usize::from(k - NOTE_KEY), &**v))
    }

    /// The prompt as sent: `set prompt` text with a trailing space.
    pub fn prompt(&self) -> String {
        let p = self.text(Text::Prompt);
        if p.ends_with(' ') {
            p.to_string()
        } else {
            format!("{p} ")
        }
    }

    /// Resolves an abbreviated variable name.
    fn resolve(name: &str) -> Result<&'static str, SetError> {
        let lower = name.to_ascii_lowercase();
        if let Some(n) = all_names().find(|n| *n == lower) {
            return Ok(n);
        }
        let mut found = all_names().filter(|n| n.starts_with(&lower));
        match (found.next(), found.next()) {
            (Some(n), None) => Ok(n),
            (Some(_), Some(_)) => Err(SetError::Ambiguous(name.to_string())),
            _ => Err(SetError::NoSuch(name.to_string())),
        }
    }

    /// `set name [value]`. A boolean without a value is toggled.
    pub fn set(&mut self, name: &str, value: &str) -> Result<Changed, SetError> {
        let value = value.trim();
        if let Ok(n) = name.parse::<usize>() {
            if !(1..=NOTE_LINES).contains(&n) {
                return Err(SetError::NoSuch(name.to_string()));
            }
            if value.len() > NOTE_MAX {
                return Err(SetError::BadValue(msg!(
                    "set-note-too-long",
                    max = NOTE_MAX
                )));
            }
            self.store(NOTE_KEY + n as u8, value);
            let reply = if value.is_empty() {
                msg!("set-note-cleared", n = n)
            } else {
                msg!("set-note", n = n)
            };
            return Ok(Changed {
                name: n.to_string(),
                reply,
            });
        }
        let name = Self::resolve(name)?;
        let reply = match name {
            "style" => match value {
                "1" => {
                    self.style = 1;
                    msg!("set-style-1")
                }
                "12" => {
                    self.style = 12;
                    msg!("set-style-12")
                }
                _ => return Err(SetError::BadValue(msg!("set-style-values"))),
            },
            "lang" => match value.to_ascii_lowercase().as_str() {
                "en" | "english" => {
                    self.lang = Lang::En;
                    msg!("set-lang-en")
                }
                "fr" | "french" | "francais" => {
                    self.lang = Lang::Fr;
                    msg!("set-lang-fr")
                }
                _ => return Err(SetError::BadValue(msg!("set-lang-values"))),
            },
            _ if Self::switch_index(name).is_some() => {
                let on = if value.is_empty() {
                    !self.switch_named(name)
                } else {
                    parse_switch(value)
                        .ok_or_else(|| SetError::BadValue(msg!("set-bad-switch", name = name)))?
                };
                self.put_switch(name, on);
                let (_, yes, no) = SWITCHES[Self::switch_index(name).unwrap_or_default()];
                Msg::new(if on { yes } else { no })
            }
            _ if NUMBERS.iter().any(|n| n.0 == name) => {
                let i = NUMBERS.iter().position(|n| n.0 == name).unwrap_or_default();
                let (_, lo, hi) = NUMBERS[i];
                match value.parse::<u32>() {
                    Ok(v) if (lo..=hi).contains(&v) => {
                        self.numbers[i] = v;
                        msg!("set-value", name = name, value = v.to_string())
                    }
                    _ => {
                        return Err(SetError::BadValue(msg!(
                            "set-number-range",
                            name = name,
                            low = lo,
                            high = hi
                        )));
                    }
                }
            }
            _ => {
                let i = TEXTS.iter().position(|n| *n == name).unwrap_or_default();
                if let Some(max) = text_max(name)
                    && value.len() > max
                {
                    return Err(SetError::BadValue(msg!(
                        "set-text-too-long",
                        name = name,
                        max = max
                    )));
                }
                // An empty prompt means the default one.
                let stored = if name == "prompt" && value == DEFAULT_PROMPT {
                    ""
                } else {
                    value
                };
                self.store(i as u8, stored);
                if value.is_empty() {
                    msg!("set-unset", name = name)
                } else {
                    msg!("set-value", name = name, value = value)
                }
            }
        };
        Ok(Changed {
            name: name.to_string(),
            reply,
        })
    }

    /// The canonical text of a variable (what is saved and listed).
    pub fn get(&self, name: &str) -> Option<String> {
        if let Ok(n) = name.parse::<usize>() {
            return (1..=NOTE_LINES)
                .contains(&n)
                .then(|| self.note(n).to_string());
        }
        Some(match name {
            "style" => self.style.to_string(),
            "lang" => match self.lang {
                Lang::En => "en".to_string(),
                Lang::Fr => "fr".to_string(),
            },
            _ if Self::switch_index(name).is_some() => (self.switch_named(name) as u8).to_string(),
            _ if NUMBERS.iter().any(|n| n.0 == name) => self.number_named(name).to_string(),
            _ if TEXTS.contains(&name) => self.text_named(name).to_string(),
            _ => return None,
        })
    }

    /// Restores saved variables; values that no longer parse are skipped.
    pub fn restore(&mut self, saved: &[(String, String)]) {
        for (name, value) in saved {
            if self.get(name).is_some() {
                let _ = self.set(name, value);
            }
        }
    }

    /// `name=value` pairs for `variables`, in a fixed order.
    pub fn listing(&self) -> Vec<(&'static str, String)> {
        all_names()
            .filter_map(|n| self.get(n).map(|v| (n, v)))
            .collect()
    }
}

#[cfg(test)]
#[path = "vars_tests.rs"]
mod tests;
