//! Which names people may sign up under: the login rules (3 to 17
//! letters), never a guest's (`GuestABCD`), and none of the operator's
//! list of reserved and offensive names (`reserved-names.txt` in the data
//! folder, read at each sign-up so that an edit counts at once).
//!
//! The file has one name a line; a line ending in `*` reserves every name
//! that begins so (`guest*`), a line starting with `#` is a comment; case
//! does not count.

use std::path::Path;

use crate::account::{HandleError, check_handle};
use crate::event::Msg;
use crate::msg;

/// The file's name in the data folder.
pub const FILE: &str = "reserved-names.txt";

/// The operator's reserved names, in lower case.
#[derive(Debug, Clone, Default)]
pub struct Reserved {
    exact: Vec<String>,
    prefixes: Vec<String>,
}

impl Reserved {
    /// Reads the list from its text.
    pub fn parse(text: &str) -> Reserved {
        let mut r = Reserved::default();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let lower = line.to_ascii_lowercase();
            match lower.strip_suffix('*') {
                Some(prefix) if !prefix.is_empty() => r.prefixes.push(prefix.to_string()),
                Some(_) => {}
                None => r.exact.push(lower),
            }
        }
        r
    }

    /// Reads the list from the data folder; none if the file is missing.
    pub async fn load(data_dir: &Path) -> Reserved {
        match tokio::fs::read_to_string(data_dir.join(FILE)).await {
            Ok(text) => Reserved::parse(&text),
            Err(e) => {
                if e.kind() != std::io::ErrorKind::NotFound {
                    tracing::warn!(error = %e, "the reserved names cannot be read");
                }
                Reserved::default()
            }
        }
    }

    /// Whether `name` is on the list.
    pub fn holds(&self, name: &str) -> bool {
        let lower = name.to_ascii_lowercase();
        self.exact.contains(&lower) || self.prefixes.iter().any(|p| lower.starts_with(p))
    }
}

/// Why `name` cannot be signed up for, as the person's line.
pub fn check(name: &str, reserved: &Reserved) -> Result<(), Msg> {
    match check_handle(name) {
        Err(HandleError::TooShort) => return Err(msg!("signup-name-short")),
        Err(HandleError::TooLong) => return Err(msg!("signup-name-long")),
        Err(HandleError::NotLetters) => return Err(msg!("signup-name-letters")),
        Ok(()) => {}
    }
    let lower = name.to_ascii_lowercase();
    if lower.starts_with("guest") || lower == "g" || reserved.holds(name) {
        return Err(msg!("signup-name-reserved", name = name));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_has_names_prefixes_and_comments() {
        let r = Reserved::parse("# staff\nAdmin\n  root \nnasty*\n*\n");
        assert!(r.holds("admin") && r.holds("ROOT") && r.holds("NastyOne"));
        assert!(!r.holds("Alice") && !r.holds("rootbeer"));
        assert_eq!(
            check("GuestABCD", &r).unwrap_err().id,
            "signup-name-reserved"
        );
        assert_eq!(check("Alice1", &r).unwrap_err().id, "signup-name-letters");
        assert!(check("Alice", &r).is_ok());
    }
}
