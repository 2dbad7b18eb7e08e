//! `/reset`: a forgotten password, reset by mail where the operator set
//! up `[mail]` — a plain form the server writes (like `/register`). The
//! person gives the account's name and its e-mail address; if they match,
//! a link to `public_url`/reset?token=… is mailed. The answer is the same
//! whether they matched or not, so the page tells nobody which names have
//! which addresses, and an address asks at most `signups_per_hour` times
//! an hour. The token is random (256 bits), kept only as its SHA-256
//! ([`crate::store::resets`]), lasts an hour, and works once: the link's
//! page asks for the new password twice.

use std::net::IpAddr;

use axum::Form;
use axum::extract::rejection::FormRejection;
use axum::extract::{Extension, Query};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::form_page::{self, escape, lang_of, respond, server_name};
use super::proxy::Client;
use super::router::{State, WebState};
use crate::chess::Lang;
use crate::event::Msg;
use crate::msg;
use crate::render::catalogue::{plain, text};
use crate::store::{accounts, resets};
use crate::timefmt::unix_now;

/// How long a mailed link works.
const LIFETIME_SECS: i64 = 3600;

/// `?token=…` on the link.
#[derive(Debug, Default, Deserialize)]
pub struct Link {
    #[serde(default)]
    token: Option<String>,
}

/// The request form: who forgot.
#[derive(Debug, Default, Deserialize)]
pub struct AskForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
}

/// The link's form: the new password, twice.
#[derive(Debug, Default, Deserialize)]
pub struct NewForm {
    #[serde(default)]
    token: String,
    #[serde(default)]
    new: String,
    #[serde(default)]
    new2: String,
}

/// Which form the page shows under its notice.
enum Shown<'a> {
    Ask,
    NewPassword(&'a str),
    Nothing,
}

fn page(lang: Lang, server: &str, notice: Option<(bool, &Msg)>, shown: Shown<'_>) -> String {
    let t = |id: &str| escape(&plain(lang, id));
    let mut html = form_page::start(lang, "account", "reset-title", server);
    if let Some((good, m)) = notice {
        form_page::push_notice(&mut html, lang, good, m);
    }
    match shown {
        Shown::Ask => html.push_str(&format!(
            "<p>{}</p>\n<form method=\"post\" action=\"/reset\">\n\
             <p><label>{} <input name=\"name\" required autocomplete=\"username\"></label></p>\n\
             <p><label>{} <input type=\"email\" name=\"email\" required autocomplete=\"email\"></label></p>\n\
             <p><button type=\"submit\">{}</button></p>\n</form>\n",
            t("reset-explain"),
            t("account-field-name"),
            t("reset-field-email"),
            t("reset-submit"),
        )),
        Shown::NewPassword(token) => html.push_str(&format!(
            "<form method=\"post\" action=\"/reset/new\">\n\
             <input type=\"hidden\" name=\"token\" value=\"{}\">\n\
             <p><label>{} <input type=\"password\" name=\"new\" required autocomplete=\"new-password\"></label></p>\n\
             <p><label>{} <input type=\"password\" name=\"new2\" required autocomplete=\"new-password\"></label></p>\n\
             <p><button type=\"submit\">{}</button></p>\n</form>\n",
            escape(token),
            t("account-field-new"),
            t("account-field-new2"),
            t("account-password-submit"),
        )),
        Shown::Nothing => {}
    }
    html.push_str(&format!(
        "<p><a href=\"/account\">{}</a> · <a href=\"/\">{}</a></p>\n</main>\n</body>\n</html>\n",
        t("account-title"),
        t("signup-to-lobby")
    ));
    html
}

/// The SHA-256 of a token, as the table keeps it.
fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `GET /reset` (the request form) and `GET /reset?token=…` (the link).
pub async fn form(
    axum::extract::State(state): State,
    headers: HeaderMap,
    Query(link): Query<Link>,
) -> Response {
    let (lang, server) = (lang_of(&headers), server_name(&state));
    if state.shared.config().mail.is_none() {
        let m = msg!("mail-not-set-up");
        return respond(
            StatusCode::OK,
            page(lang, &server, Some((false, &m)), Shown::Nothing),
        );
    }
    let shown = match &link.token {
        Some(token) => Shown::NewPassword(token),
        None => Shown::Ask,
    };
    respond(StatusCode::OK, page(lang, &server, None, shown))
}

/// Mails a link if `name` and `email` match an open account.
async fn mail_link(state: &WebState, ip: IpAddr, lang: Lang, name: String, email: String) {
    let Some(config) = state.shared.config().mail.clone() else {
        return;
    };
    let (n, e) = (name.clone(), email.clone());
    let found = state
        .shared
        .store
        .call(move |db| resets::account_with_email(db, &n, &e))
        .await;
    let Ok(Ok(Some((id, shown, kept)))) = found else {
        tracing::info!(addr = %ip, "password reset asked for no matching account");
        return;
    };
    let mut bytes = [0u8; 32];
    if getrandom::fill(&mut bytes).is_err() {
        return;
    }
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let (h, now) = (hash(&token), unix_now());
    let stored = state
        .shared
        .store
        .call(move |db| resets::insert(db, id, &h, now + LIFETIME_SECS, now))
        .await;
    if !matches!(stored, Ok(Ok(()))) {
        return;
    }
    let (server, origin) = {
        let c = state.shared.config();
        (c.server_name.clone(), c.public_origin().unwrap_or_default())
    };
    let link = format!("{origin}/reset?token={token}");
    let subject = text(lang, &msg!("reset-mail-subject", server = &server));
    let body = text(
        lang,
        &msg!(
            "reset-mail-body",
            name = &shown,
            server = &server,
            link = &link
        ),
    );
    match crate::mail::send(&config, &kept, &subject, body).await {
        Ok(()) => tracing::info!(name = %shown, addr = %ip, "password reset link mailed"),
        Err(e) => tracing::warn!(name = %shown, error = %e, "password reset link not mailed"),
    }
}

/// `POST /reset`: asks for a link.
pub async fn ask(
    axum::extract::State(state): State,
    Extension(client): Extension<Client>,
    headers: HeaderMap,
    typed: Result<Form<AskForm>, FormRejection>,
) -> Response {
    let (lang, server) = (lang_of(&headers), server_name(&state));
    let per_hour = state.shared.config().signups_per_hour;
    let bad =
        |status, m: Msg, shown| respond(status, page(lang, &server, Some((false, &m)), shown));
    if state.shared.config().mail.is_none() {
        return bad(StatusCode::OK, msg!("mail-not-set-up"), Shown::Nothing);
    }
    let Ok(Form(f)) = typed else {
        return bad(StatusCode::BAD_REQUEST, msg!("signup-form-bad"), Shown::Ask);
    };
    if !state
        .resets
        .take(client.ip, per_hour, tokio::time::Instant::now())
    {
        return bad(
            StatusCode::TOO_MANY_REQUESTS,
            msg!("reset-too-many"),
            Shown::Ask,
        );
    }
    mail_link(&state, client.ip, lang, f.name.trim().to_string(), f.email).await;
    let m = msg!("reset-mailed");
    respond(
        StatusCode::OK,
        page(lang, &server, Some((true, &m)), Shown::Nothing),
    )
}

/// `POST /reset/new`: the link's new password.
pub async fn new_password(
    axum::extract::State(state): State,
    headers: HeaderMap,
    typed: Result<Form<NewForm>, FormRejection>,
) -> Response {
    let (lang, server) = (lang_of(&headers), server_name(&state));
    let answer =
        |status, good, m: Msg, shown| respond(status, page(lang, &server, Some((good, &m)), shown));
    let unavailable = || {
        answer(
            StatusCode::SERVICE_UNAVAILABLE,
            false,
            msg!("database-unavailable"),
            Shown::Nothing,
        )
    };
    let Ok(Form(f)) = typed else {
        return answer(
            StatusCode::BAD_REQUEST,
            false,
            msg!("signup-form-bad"),
            Shown::Nothing,
        );
    };
    if let Err(m) = crate::own_account::check_password_twice(&f.new, &f.new2) {
        let shown = Shown::NewPassword(&f.token);
        return answer(StatusCode::BAD_REQUEST, false, m, shown);
    }
    let (h, now) = (hash(&f.token), unix_now());
    let taken = state
        .shared
        .store
        .call(move |db| resets::take(db, &h, now))
        .await;
    let name = match taken {
        Ok(Ok(Some(name))) => name,
        Ok(Ok(None)) => {
            let m = msg!("reset-link-bad");
            return answer(StatusCode::BAD_REQUEST, false, m, Shown::Nothing);
        }
        _ => return unavailable(),
    };
    let Some(hashed) = state.shared.hash_password(f.new).await else {
        return unavailable();
    };
    let n = name.clone();
    match state
        .shared
        .store
        .call(move |db| accounts::set_password(db, &n, &hashed))
        .await
    {
        Ok(Ok(true)) => {
            tracing::info!(name = %name, "password reset by mail");
            let m = msg!("reset-done", name = &name);
            answer(StatusCode::OK, true, m, Shown::Nothing)
        }
        _ => unavailable(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_kept_hashed_and_escaped_in_the_form() {
        assert_eq!(hash("abc").len(), 64);
        assert_ne!(hash("abc"), "abc");
        let html = page(Lang::En, "s", None, Shown::NewPassword("a\"b"));
        assert!(html.contains("value=\"a&quot;b\"") && html.contains("action=\"/reset/new\""));
    }
}
