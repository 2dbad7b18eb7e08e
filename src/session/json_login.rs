//! Logging in over the JSON framing (docs/json-protocol.md, "Login"):
//! the page resumes with its cookie's token, or sends `login` messages,
//! each answered with one typed `login` result. The rules are the telnet
//! dialogue's (login.rs): the same names, the same password throttle, the
//! same refusals; only the words are data instead of a dialogue.

use std::net::SocketAddr;
use std::sync::Arc;

use serde_json::{Value, json};

use super::conn::{Conn, Line};
use super::login::{self, Banned, Identity, Reservation};
use super::resume::Claim;
use crate::account::check_handle;
use crate::chess::Lang;
use crate::render::json::message;
use crate::shared::Shared;
use crate::store::selfserve::Standing;

/// What a browser's connection brings before it says a word: its cookie's
/// claim, if valid, and the page's language.
#[derive(Debug, Clone, Default)]
pub struct WebStart {
    pub claim: Option<Claim>,
    pub lang: Option<Lang>,
}

/// A browser's login: who, and the number its tokens carry.
#[derive(Debug, Clone, Copy)]
pub struct WebLogin {
    pub nonce: u64,
    pub resumed: bool,
}

/// A message as the JSON framing writes it: one line.
pub async fn send(conn: &mut Conn, m: &Value) -> std::io::Result<()> {
    let mut bytes = serde_json::to_vec(m).expect("a value serializes");
    bytes.push(b'\n');
    conn.write(&bytes).await
}

/// An `error` message: the input could not be taken, and why.
pub fn error(kind: &str, text: &str, id: Option<&Value>) -> Value {
    message(
        "error",
        json!({ "error": kind, "text": text, "id": id.cloned().unwrap_or(Value::Null) }),
    )
}

/// A `login` message that says no: `result` and the words why.
fn refused(result: &str, name: &str, text: &str) -> Value {
    message(
        "login",
        json!({ "result": result, "name": name, "text": text }),
    )
}

/// One message a client sends, read from a line.
pub enum Incoming {
    Login {
        name: String,
        password: Option<String>,
    },
    Cmd {
        line: String,
        id: Option<Value>,
    },
    /// Not JSON, or no message we know: the error to answer with.
    Bad(Value),
}

/// Reads one line as a message.
pub fn incoming(line: &str) -> Incoming {
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Bad(error(
                "bad_json",
                &format!("That is not a JSON message: {e}."),
                None,
            ));
        }
    };
    let id = value.get("id").filter(|v| v.is_number() || v.is_string());
    let text = |k: &str| value.get(k).and_then(Value::as_str).map(str::to_string);
    match value.get("type").and_then(Value::as_str) {
        Some("login") => Incoming::Login {
            name: text("name").unwrap_or_default(),
            password: text("password"),
        },
        Some("cmd") => match text("line") {
            Some(line) => Incoming::Cmd {
                line,
                id: id.cloned(),
            },
            None => Incoming::Bad(error("bad_message", "A cmd message needs a line.", id)),
        },
        Some(other) => Incoming::Bad(error(
            "unknown_type",
            &format!("There is no message of type \"{other}\"."),
            id,
        )),
        None => Incoming::Bad(error("bad_message", "A message needs a type.", id)),
    }
}

/// The login of a JSON session: a resume first, then `login` messages
/// until one succeeds; None if the client left first.
pub async fn login(
    conn: &mut Conn,
    shared: &Arc<Shared>,
    peer: SocketAddr,
    start: &WebStart,
) -> Option<(Identity, WebLogin)> {
    let hello = message(
        "hello",
        json!({
            "server": shared.config().server_name,
            "protocol": crate::render::json::VERSION,
            "resuming": start.claim.is_some(),
        }),
    );
    send(conn, &hello).await.ok()?;
    if let Some(claim) = &start.claim {
        match resume(shared, peer, claim).await {
            Ok(identity) => {
                let web = WebLogin {
                    nonce: claim.nonce,
                    resumed: true,
                };
                return Some((identity, web));
            }
            Err((reason, text)) => {
                tracing::info!(name = %claim.name, reason, "resume refused");
                let m = refused("resume_failed", &claim.name, &text);
                send(conn, &json_with(m, "reason", reason)).await.ok()?;
            }
        }
    }
    loop {
        let line = match conn.next_line().await? {
            Line::Text(t) => t,
            Line::TooLong => {
                send(conn, &error("too_long", "That message was too long.", None))
                    .await
                    .ok()?;
                continue;
            }
        };
        let (name, password) = match incoming(&line) {
            Incoming::Login { name, password } => (name, password),
            Incoming::Cmd { id, .. } => {
                let e = error("not_logged_in", "Log in first.", id.as_ref());
                send(conn, &e).await.ok()?;
                continue;
            }
            Incoming::Bad(e) => {
                send(conn, &e).await.ok()?;
                continue;
            }
        };
        match attempt(shared, peer, name.trim(), password).await? {
            Ok(identity) => {
                let web = WebLogin {
                    nonce: crate::random::u64(),
                    resumed: false,
                };
                return Some((identity, web));
            }
            Err(answer) => {
                let banned = answer["result"] == "banned";
                send(conn, &answer).await.ok()?;
                if banned {
                    return None;
                }
            }
        }
    }
}

fn json_with(mut m: Value, key: &str, value: &str) -> Value {
    m[key] = value.into();
    m
}

/// One `login` message: the identity, or the `login` answer that says no.
async fn attempt(
    shared: &Arc<Shared>,
    peer: SocketAddr,
    name: &str,
    password: Option<String>,
) -> Option<Result<Identity, Value>> {
    if name.is_empty() || name.eq_ignore_ascii_case("guest") || name.eq_ignore_ascii_case("g") {
        let r = Reservation::guest(shared);
        let name = r.name().to_string();
        return Some(Ok(login::anonymous(Some(r), &name, true)));
    }
    if let Err(e) = check_handle(name) {
        return Some(Err(refused("refused", name, &e.to_string())));
    }
    let Some(account) = login::lookup(shared, name).await else {
        return Some(match Reservation::hold(shared, name) {
            Some(r) => Ok(login::anonymous(Some(r), name, false)),
            None => Err(refused(
                "refused",
                name,
                &format!("Sorry, {name} is already logged in."),
            )),
        });
    };
    let standing = login::standing_of(shared, account.id).await;
    if standing == Standing::Closed {
        let text = closed_or_waiting(crate::msg!("login-closed-account", name = &account.name));
        return Some(Err(refused("closed", &account.name, &text)));
    }
    let password = password.filter(|p| !p.is_empty());
    let Some(password) = password else {
        let text = format!(
            "\"{}\" is a registered name: it needs its password.",
            account.name
        );
        return Some(Err(refused("password_needed", &account.name, &text)));
    };
    if !login::password_ok(shared, peer, &account, password).await {
        return Some(Err(refused(
            "wrong_password",
            &account.name,
            "**** Invalid password! ****",
        )));
    }
    if standing == Standing::Pending {
        let text = closed_or_waiting(crate::msg!("login-waiting-approval", name = &account.name));
        return Some(Err(refused("pending", &account.name, &text)));
    }
    Some(match login::load_account(shared, peer, account).await? {
        Ok(identity) => Ok(identity),
        Err(Banned(name)) => Err(refused(
            "banned",
            &name,
            &format!("**** {name} is banned from this server. ****"),
        )),
    })
}

/// The session a valid token names, taken up again without a password:
/// a registered account as it is now, a guest or unregistered name if it
/// is free or held by this browser's own earlier connection. Err is why
/// not, as a reason and its words.
async fn resume(
    shared: &Arc<Shared>,
    peer: SocketAddr,
    claim: &Claim,
) -> Result<Identity, (&'static str, String)> {
    let name = claim.name.as_str();
    if let Some(id) = claim.account {
        let account = login::lookup(shared, name)
            .await
            .filter(|a| a.id == id)
            .ok_or((
                "no_account",
                format!("There is no account {name} any more."),
            ))?;
        if login::standing_of(shared, id).await == Standing::Closed {
            return Err((
                "closed",
                closed_or_waiting(crate::msg!("login-closed-account", name = name)),
            ));
        }
        return match login::load_account(shared, peer, account).await {
            Some(Ok(identity)) => Ok(identity),
            Some(Err(Banned(name))) => Err((
                "banned",
                format!("**** {name} is banned from this server. ****"),
            )),
            None => Err(("unavailable", "The server is stopping.".to_string())),
        };
    }
    let guest = name.starts_with("Guest");
    if let Some(r) = Reservation::hold(shared, name) {
        return Ok(login::anonymous(Some(r), name, guest));
    }
    // Held by this browser's own connection of a moment ago (a reload
    // that arrives before the old socket is closed): it takes the place.
    let own = shared
        .world()
        .by_name(name)
        .is_some_and(|p| p.web == Some(claim.nonce));
    if own {
        return Ok(login::anonymous(None, name, guest));
    }
    Err(("name_taken", format!("Sorry, {name} is already logged in.")))
}

/// Why a closed or a waiting account does not log in, in the login's
/// language (English, as the telnet dialogue).
fn closed_or_waiting(line: crate::event::Msg) -> String {
    crate::render::catalogue::text(Lang::En, &line)
}
