//! The browser's resume token: who a page's session was, signed by the
//! server, so that a reload, a dropped connection or a restart comes back
//! as the same user without a password in the page.
//!
//! A token is `v1.` + URL-safe base64 of the claim's JSON + `.` + the
//! base64 of its HMAC-SHA256 under the server's key. The claim names the
//! user (a registered account by id and name, or a guest's name), the
//! session's game when there was one, and an expiry; never a password. The
//! key is 32 random bytes made at first start and kept in a file beside
//! the database (mode 0600), so a restart keeps tokens valid and a new key
//! (deleting the file) signs every browser out.
//!
//! Two kinds share the format: the long-lived *token*, which only ever
//! travels in an `HttpOnly` cookie, and the short *ticket* the session
//! gives the page after a login, which the page trades once for the
//! cookie (`POST /session`): a WebSocket cannot set a cookie itself.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// How long a cookie's token lasts; every login and resume makes a new one.
pub const TOKEN_SECS: i64 = 7 * 24 * 3600;

/// How long a ticket may wait to be traded for the cookie.
pub const TICKET_SECS: i64 = 120;

/// The cookie's name.
pub const COOKIE: &str = "atomicd_resume";

const PREFIX: &str = "v1.";

/// The longest token read (a claim holds a name of 17 letters at most).
const MAX_TOKEN: usize = 1024;

/// The server's signing key.
pub struct Key([u8; 32]);

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Key(..)")
    }
}

impl Key {
    /// A key of fresh random bytes.
    pub fn random() -> io::Result<Key> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| io::Error::other(e.to_string()))?;
        Ok(Key(bytes))
    }

    /// Where the key of the database at `database` is kept.
    pub fn path_for(database: &Path) -> PathBuf {
        let mut name = database.file_name().unwrap_or_default().to_os_string();
        name.push(".resume-key");
        database.with_file_name(name)
    }

    /// The key in `path`, made (and written there, readable by the server
    /// alone) if there is none yet.
    pub fn load_or_create(path: &Path) -> io::Result<Key> {
        match std::fs::read(path) {
            Ok(bytes) if bytes.len() == 32 => {
                let mut k = [0u8; 32];
                k.copy_from_slice(&bytes);
                return Ok(Key(k));
            }
            Ok(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{} is not a key of 32 bytes", path.display()),
                ));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        let key = Key::random()?;
        write_private(path, &key.0)?;
        Ok(key)
    }

    fn mac(&self, payload: &[u8]) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key size");
        mac.update(payload);
        mac
    }
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    std::fs::write(path, bytes)
}

/// Which of the two a signed claim is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Use {
    /// The cookie's.
    Token,
    /// The page's, once, for the cookie.
    Ticket,
}

/// Who a browser session was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    #[serde(rename = "u")]
    pub use_: Use,
    /// The number of this browser's session: it stays the same across
    /// reloads, and tells its own earlier connection from another user of
    /// the same guest name.
    pub nonce: u64,
    pub name: String,
    /// The registered account, if any.
    pub account: Option<i64>,
    /// The game (database id) the session played when this was signed.
    pub game: Option<i64>,
    /// Unix seconds after which it is worth nothing.
    pub exp: i64,
}

impl Claim {
    /// The same claim as the other kind, valid from `now` for its kind's time.
    pub fn as_use(&self, use_: Use, now: i64) -> Claim {
        let secs = match use_ {
            Use::Token => TOKEN_SECS,
            Use::Ticket => TICKET_SECS,
        };
        Claim {
            use_,
            exp: now + secs,
            ..self.clone()
        }
    }
}

/// The claim, signed.
pub fn sign(key: &Key, claim: &Claim) -> String {
    let payload = serde_json::to_vec(claim).expect("a claim serializes");
    let tag = key.mac(&payload).finalize().into_bytes();
    format!(
        "{PREFIX}{}.{}",
        URL_SAFE_NO_PAD.encode(&payload),
        URL_SAFE_NO_PAD.encode(tag)
    )
}

/// The claim of a token signed with `key`, if it is one, of the kind
/// wanted, and not expired at `now`.
pub fn verify(key: &Key, token: &str, use_: Use, now: i64) -> Option<Claim> {
    if token.len() > MAX_TOKEN {
        return None;
    }
    let (payload, tag) = token.strip_prefix(PREFIX)?.split_once('.')?;
    let payload = URL_SAFE_NO_PAD.decode(payload).ok()?;
    let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
    key.mac(&payload).verify_slice(&tag).ok()?;
    let claim: Claim = serde_json::from_slice(&payload).ok()?;
    (claim.use_ == use_ && claim.exp > now).then_some(claim)
}

/// The value of cookie `name` in a `Cookie` header, if it is there.
pub fn cookie<'h>(header: &'h str, name: &str) -> Option<&'h str> {
    header.split(';').find_map(|pair| {
        let (k, v) = pair.trim().split_once('=')?;
        (k == name).then_some(v.trim().trim_matches('"'))
    })
}

/// Tickets already traded, so that each is good once, until it expires.
#[derive(Debug, Default)]
pub struct Spent(Mutex<HashMap<String, i64>>);

impl Spent {
    /// Whether `ticket` (valid until `exp`) is traded for the first time.
    pub fn first_use(&self, ticket: &str, exp: i64, now: i64) -> bool {
        let mut spent = self.0.lock().unwrap_or_else(|p| p.into_inner());
        spent.retain(|_, &mut until| until > now);
        spent.insert(ticket.to_string(), exp).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim() -> Claim {
        Claim {
            use_: Use::Token,
            nonce: 42,
            name: "Alice".into(),
            account: Some(3),
            game: Some(17),
            exp: 1_000,
        }
    }

    #[test]
    fn a_signed_claim_comes_back_until_it_expires() {
        let key = Key::random().unwrap();
        let token = sign(&key, &claim());
        assert!(token.starts_with("v1."));
        assert!(!token.contains("secret"));
        assert_eq!(verify(&key, &token, Use::Token, 999), Some(claim()));
        assert_eq!(verify(&key, &token, Use::Token, 1_000), None);
        assert_eq!(verify(&key, &token, Use::Ticket, 999), None);
    }

    #[test]
    fn a_forged_or_foreign_token_is_nothing() {
        let key = Key::random().unwrap();
        let token = sign(&key, &claim());
        assert_eq!(verify(&Key::random().unwrap(), &token, Use::Token, 0), None);
        // Another name under the same signature.
        let (_, tag) = token.rsplit_once('.').unwrap();
        let forged = Claim {
            name: "Boss".into(),
            ..claim()
        };
        let body = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).unwrap());
        assert_eq!(
            verify(&key, &format!("v1.{body}.{tag}"), Use::Token, 0),
            None
        );
        for junk in ["", "v1.", "v1..", "v2.a.b", "v1.!!.??", &"x".repeat(5000)] {
            assert_eq!(verify(&key, junk, Use::Token, 0), None, "{junk}");
        }
    }

    #[test]
    fn the_key_is_made_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = Key::path_for(&dir.path().join("atomicd.sqlite3"));
        assert!(path.ends_with("atomicd.sqlite3.resume-key"));
        let a = Key::load_or_create(&path).unwrap();
        let b = Key::load_or_create(&path).unwrap();
        assert_eq!(a.0, b.0);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn cookies_and_tickets() {
        assert_eq!(
            cookie("a=1; atomicd_resume=v1.x.y; b=2", COOKIE),
            Some("v1.x.y")
        );
        assert_eq!(cookie("a=1", COOKIE), None);
        let spent = Spent::default();
        assert!(spent.first_use("t", 10, 0));
        assert!(!spent.first_use("t", 10, 5));
        assert!(spent.first_use("t", 20, 11));
    }
}
