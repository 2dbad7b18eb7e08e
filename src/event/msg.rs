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
