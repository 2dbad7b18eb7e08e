//! Personal lists (`addlist`, `sublist`, `showlist`; `+`, `-`, `=`): the
//! channels a user listens to, and the names on their notify, censor and
//! noplay lists.
//!
//! Pure values. Registered users' lists are saved by `store::lists` and come
//! back at login; guests' vanish at logout.

use std::collections::BTreeSet;

/// Channels run from 0 to this.
pub const MAX_CHANNEL: u8 = 255;

/// Most names one list may hold.
pub const MAX_NAMES: usize = 100;

/// The personal lists, in the order `showlist` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListKind {
    Channel,
    Censor,
    Noplay,
    Notify,
}

/// Why a list name did not resolve; `Display` is the reply line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListNameError {
    NoSuch(String),
    Ambiguous(String, Vec<&'static str>),
}

impl std::fmt::Display for ListNameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ListNameError::NoSuch(name) => write!(f, "\"{name}\" does not match any list name."),
            ListNameError::Ambiguous(name, names) => {
                write!(f, "Ambiguous list \"{name}\". Matches: {}", names.join(" "))
            }
        }
    }
}

impl ListKind {
    pub const ALL: [ListKind; 4] = [
        ListKind::Channel,
        ListKind::Censor,
        ListKind::Noplay,
        ListKind::Notify,
    ];

    /// The name users type and the store keeps.
    pub fn name(self) -> &'static str {
        match self {
            ListKind::Channel => "channel",
            ListKind::Censor => "censor",
            ListKind::Noplay => "noplay",
            ListKind::Notify => "notify",
        }
    }

    /// The list with this name, or the only one it is a prefix of
    /// (`+ch 53`, `=not`).
    pub fn lookup(text: &str) -> Result<ListKind, ListNameError> {
        let lower = text.to_ascii_lowercase();
        if let Some(k) = ListKind::ALL.into_iter().find(|k| k.name() == lower) {
            return Ok(k);
        }
        let found: Vec<ListKind> = ListKind::ALL
            .into_iter()
            .filter(|k| !lower.is_empty() && k.name().starts_with(&lower))
            .collect();
        match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(ListNameError::NoSuch(text.to_string())),
            many => Err(ListNameError::Ambiguous(
                text.to_string(),
                many.iter().map(|k| k.name()).collect(),
            )),
        }
    }

    /// What the entries are called in `showlist`'s header.
    pub fn entries(self, n: usize) -> &'static str {
        match (self, n) {
            (ListKind::Channel, 1) => "channel",
            (ListKind::Channel, _) => "channels",
            (_, 1) => "name",
            _ => "names",
        }
    }
}

/// Names, unique without regard to case, kept in the case they were added
/// with (the registered spelling).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameList(Vec<String>);

impl NameList {
    pub fn contains(&self, name: &str) -> bool {
        self.find(name).is_some()
    }

    /// The stored spelling of a name on the list.
    pub fn find(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|n| n.eq_ignore_ascii_case(name))
            .map(String::as_str)
    }

    /// Adds a name; false if it was there already.
    pub fn insert(&mut self, name: &str) -> bool {
        if self.contains(name) {
            return false;
        }
        self.0.push(name.to_string());
        true
    }

    /// Removes a name; the stored spelling if it was there.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.0.iter().position(|n| n.eq_ignore_ascii_case(name))?;
        Some(self.0.remove(i))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The names, sorted without regard to case.
    pub fn sorted(&self) -> Vec<String> {
        let mut names = self.0.clone();
        names.sort_by_key(|n| n.to_ascii_lowercase());
        names
    }
}

/// A user's four lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lists {
    pub channels: BTreeSet<u8>,
    pub censor: NameList,
    pub noplay: NameList,
    pub notify: NameList,
}

impl Lists {
    /// The name list of a kind (None for channels, which are numbers).
    pub fn names(&self, kind: ListKind) -> Option<&NameList> {
        match kind {
            ListKind::Channel => None,
            ListKind::Censor => Some(&self.censor),
            ListKind::Noplay => Some(&self.noplay),
            ListKind::Notify => Some(&self.notify),
        }
    }

    pub fn names_mut(&mut self, kind: ListKind) -> Option<&mut NameList> {
        match kind {
            ListKind::Channel => None,
            ListKind::Censor => Some(&mut self.censor),
            ListKind::Noplay => Some(&mut self.noplay),
            ListKind::Notify => Some(&mut self.notify),
        }
    }

    /// The entries of a list as text, sorted (channels by number).
    pub fn entries(&self, kind: ListKind) -> Vec<String> {
        match self.names(kind) {
            Some(names) => names.sorted(),
            None => self.channels.iter().map(u8::to_string).collect(),
        }
    }

    /// Restores saved `(list, item)` rows; rows that no longer make sense
    /// (an unknown list, a channel that is not a number) are skipped.
    pub fn restore(rows: &[(String, String)]) -> Lists {
        let mut lists = Lists::default();
        for (list, item) in rows {
            match ListKind::ALL.into_iter().find(|k| k.name() == list) {
                Some(ListKind::Channel) => {
                    if let Ok(ch) = item.parse::<u8>() {
                        lists.channels.insert(ch);
                    }
                }
                Some(kind) => {
                    if let Some(names) = lists.names_mut(kind)
                        && names.len() < MAX_NAMES
                    {
                        names.insert(item);
                    }
                }
                None => {}
            }
        }
        lists
    }
}

/// A channel number as typed: `0` to `255`.
pub fn parse_channel(text: &str) -> Option<u8> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u8>().ok()
}

/// Channels guests (and other unregistered users) may talk in; they may
/// join and listen to any channel that is not restricted.
pub const GUEST_TALK: &[u8] = &[1, 53];

/// Channels guests are in when they arrive.
pub const GUEST_START: &[u8] = &[53];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_names_resolve_by_prefix() {
        assert_eq!(ListKind::lookup("channel"), Ok(ListKind::Channel));
        assert_eq!(ListKind::lookup("ch"), Ok(ListKind::Channel));
        assert_eq!(ListKind::lookup("CENS"), Ok(ListKind::Censor));
        assert_eq!(ListKind::lookup("noti"), Ok(ListKind::Notify));
        assert_eq!(
            ListKind::lookup("no").unwrap_err().to_string(),
            "Ambiguous list \"no\". Matches: noplay notify"
        );
        assert_eq!(
            ListKind::lookup("friends").unwrap_err().to_string(),
            "\"friends\" does not match any list name."
        );
        assert!(ListKind::lookup("").is_err());
    }

    #[test]
    fn names_are_unique_without_regard_to_case() {
        let mut l = NameList::default();
        assert!(l.insert("Bob"));
        assert!(!l.insert("BOB"));
        assert!(l.insert("alice"));
        assert_eq!(l.find("bob"), Some("Bob"));
        assert_eq!(l.sorted(), vec!["alice".to_string(), "Bob".to_string()]);
        assert_eq!(l.remove("bOb"), Some("Bob".to_string()));
        assert_eq!(l.remove("bob"), None);
        assert_eq!(l.len(), 1);
    }

    #[test]
    fn saved_rows_restore_and_bad_rows_are_skipped() {
        let rows: Vec<(String, String)> = [
            ("channel", "53"),
            ("channel", "1"),
            ("channel", "300"),
            ("channel", "x"),
            ("censor", "Bob"),
            ("notify", "Carol"),
            ("noplay", "Dave"),
            ("unknown", "Eve"),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        let l = Lists::restore(&rows);
        assert_eq!(l.entries(ListKind::Channel), vec!["1", "53"]);
        assert!(l.censor.contains("bob"));
        assert!(l.notify.contains("carol"));
        assert!(l.noplay.contains("DAVE"));
        assert!(!l.censor.contains("eve"));
    }

    #[test]
    fn channel_numbers() {
        assert_eq!(parse_channel("0"), Some(0));
        assert_eq!(parse_channel("255"), Some(255));
        assert_eq!(parse_channel("256"), None);
        assert_eq!(parse_channel("-1"), None);
        assert_eq!(parse_channel("+5"), None);
        assert_eq!(parse_channel(""), None);
        assert_eq!(parse_channel("5a"), None);
    }

    #[test]
    fn header_words() {
        assert_eq!(ListKind::Channel.entries(1), "channel");
        assert_eq!(ListKind::Channel.entries(2), "channels");
        assert_eq!(ListKind::Censor.entries(0), "names");
        assert_eq!(ListKind::Notify.entries(1), "name");
    }
}
