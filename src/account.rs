//! Who a user is: handle rules and titles (docs/protocol.md §1.4, §7, docs/protocol.md decision 8).

/// Why a handle cannot be used; `Display` is FICS's own error line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandleError {
    TooShort,
    TooLong,
    NotLetters,
}

impl std::fmt::Display for HandleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            HandleError::TooShort => "A name should be at least three characters long!  Try again.",
            HandleError::TooLong => "Sorry, names may be at most 17 characters long.  Try again.",
            HandleError::NotLetters => {
                "Sorry, names can only consist of lower and upper case letters.  Try again."
            }
        })
    }
}

impl std::error::Error for HandleError {}

/// Handles are 3 to 17 ASCII letters; case is kept for display and ignored
/// for matching.
pub fn check_handle(name: &str) -> Result<(), HandleError> {
    if !name.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(HandleError::NotLetters);
    }
    match name.len() {
        0..=2 => Err(HandleError::TooShort),
        3..=17 => Ok(()),
        _ => Err(HandleError::TooLong),
    }
}

/// Titles stored on an account, plus the mark of an unregistered user.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Titles {
    pub admin: bool,
    pub td: bool,
    pub computer: bool,
    /// Guests and unregistered names: `(U)`.
    pub unregistered: bool,
}

impl Titles {
    /// The suffix shown after a name, in FICS's order: `(*)(TD)(C)(U)`.
    pub fn suffix(&self) -> String {
        let mut s = String::new();
        if self.admin {
            s.push_str("(*)");
        }
        if self.td {
            s.push_str("(TD)");
        }
        if self.computer {
            s.push_str("(C)");
        }
        if self.unregistered {
            s.push_str("(U)");
        }
        s
    }

    /// Title flags as in `<s> ti=` and `who I` (2 hex digits).
    pub fn flags(&self) -> u8 {
        (self.unregistered as u8) | ((self.computer as u8) << 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handle_rules() {
        assert_eq!(check_handle("ab"), Err(HandleError::TooShort));
        assert_eq!(check_handle("abc"), Ok(()));
        assert_eq!(check_handle(&"a".repeat(17)), Ok(()));
        assert_eq!(check_handle(&"a".repeat(18)), Err(HandleError::TooLong));
        assert_eq!(check_handle("al1ce"), Err(HandleError::NotLetters));
        assert_eq!(check_handle("a b"), Err(HandleError::NotLetters));
        assert_eq!(check_handle(""), Err(HandleError::TooShort));
    }

    #[test]
    fn title_suffix_order() {
        let t = Titles {
            admin: true,
            td: true,
            computer: true,
            unregistered: false,
        };
        assert_eq!(t.suffix(), "(*)(TD)(C)");
        assert_eq!(
            Titles {
                unregistered: true,
                ..Titles::default()
            }
            .suffix(),
            "(U)"
        );
        assert_eq!(
            Titles {
                computer: true,
                ..Titles::default()
            }
            .flags(),
            2
        );
    }
}
