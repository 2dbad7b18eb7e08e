//! A line of the message catalogue with its values: the id names the
//! message in `messages/*.ftl`, the values fill its variables.

use serde::Serialize;

/// A value for a message's variable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Arg {
    Text(String),
    /// A number: plurals select on it.
    Number(i64),
    /// A length of time in seconds, written in words in the reader's
    /// language (`2 hrs, 5 mins`, `2 h, 5 min`).
    Span(u64),
    /// A moment (Unix seconds), written as a date in the reader's
    /// language (`Sat Jan 23, 14:34 UTC 2016`).
    Date(i64),
    /// A moment in C's `ctime` form (`Sat Nov 29 12:01:00 2025`), in the
    /// reader's language.
    Ctime(i64),
    /// Another catalogue line, written in the same language inside this
    /// one (an end's reason inside the end line, a tourney's kind).
    Msg(Box<Msg>),
    /// Names or numbers joined by the reader's word for "and" (`1 and 53`).
    And(Vec<String>),
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}

/// Items for a message's value, joined by the reader's "and".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct And(pub Vec<String>);

impl From<And> for Arg {
    fn from(a: And) -> Arg {
        Arg::And(a.0)
    }
}

/// A length of time for a message's value: `msg!("told-idle", idle = Span(secs))`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span(pub u64);

/// A moment for a message's value: `msg!("finger-last-disconnected", date = Date(unix))`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Date(pub i64);

impl From<Span> for Arg {
    fn from(s: Span) -> Arg {
        Arg::Span(s.0)
    }
}

/// A moment in `ctime` form for a message's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ctime(pub i64);

impl From<Ctime> for Arg {
    fn from(d: Ctime) -> Arg {
        Arg::Ctime(d.0)
    }
}

impl From<Date> for Arg {
    fn from(d: Date) -> Arg {
        Arg::Date(d.0)
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as i64)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Arg {
        Arg::Text(c.to_string())
    }
}

/// One catalogue line: its id and its values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Msg {
    pub id: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(&'static str, Arg)>,
}

impl Msg {
    pub fn new(id: &'static str) -> Msg {
        Msg {
            id,
            args: Vec::new(),
        }
    }

    /// The same message with one more value.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }
}

/// `msg!("seek-posted", index = 3, seen = 5)`: a catalogue line.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::event::Msg {
            id: $id,
            args: vec![$((stringify!($name), $crate::event::Arg::from($value))),*],
        }
    };
}
