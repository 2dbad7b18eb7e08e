//! `/account`: one's own account on the web, as `password` and `close`
//! do it on telnet — a plain form the server writes (like `/register`),
//! each action asking for the account's name and password again, so the
//! page needs no session of its own. The checks and the changes are
//! [`crate::own_account`]'s: the password goes through the login
//! throttle, is never shown back, and never logged.

use axum::Form;
use axum::extract::Extension;
use axum::extract::rejection::FormRejection;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;

use super::form_page::{self, escape, lang_of, respond, server_name};
use super::proxy::Client;
use super::router::State;
use crate::chess::Lang;
use crate::event::{KickReason, Msg};
use crate::msg;
use crate::own_account;
use crate::render::catalogue::plain;
use crate::world::Out;

/// What the password form sends.
#[derive(Debug, Default, Deserialize)]
pub struct PasswordForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    old: String,
    #[serde(default)]
    new: String,
    #[serde(default)]
    new2: String,
}

/// What the closing form sends: `confirm` is the box "close it for good".
#[derive(Debug, Default, Deserialize)]
pub struct CloseForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    confirm: String,
}

/// The page: an optional notice (good or bad), then both forms.
fn page(lang: Lang, server: &str, notice: Option<(bool, &Msg)>, name: &str) -> String {
    let t = |id: &str| escape(&plain(lang, id));
    let mut html = form_page::start(lang, "account", "account-title", server);
    if let Some((good, m)) = notice {
        form_page::push_notice(&mut html, lang, good, m);
    }
    let name = escape(name.trim());
    html.push_str(&format!(
        "<h2>{}</h2>\n<form method=\"post\" action=\"/account/password\">\n\
         <p><label>{} <input name=\"name\" value=\"{name}\" required autocomplete=\"username\"></label></p>\n\
         <p><label>{} <input type=\"password\" name=\"old\" required autocomplete=\"current-password\"></label></p>\n\
         <p><label>{} <input type=\"password\" name=\"new\" required autocomplete=\"new-password\"></label></p>\n\
         <p><label>{} <input type=\"password\" name=\"new2\" required autocomplete=\"new-password\"></label></p>\n\
         <p><button type=\"submit\">{}</button></p>\n</form>\n",
        t("account-password-heading"),
        t("account-field-name"),
        t("account-field-old"),
        t("account-field-new"),
        t("account-field-new2"),
        t("account-password-submit"),
    ));
    html.push_str(&format!(
        "<h2>{}</h2>\n<p>{}</p>\n<form method=\"post\" action=\"/account/close\">\n\
         <p><label>{} <input name=\"name\" value=\"{name}\" required autocomplete=\"username\"></label></p>\n\
         <p><label>{} <input type=\"password\" name=\"password\" required autocomplete=\"current-password\"></label></p>\n\
         <p><label><input type=\"checkbox\" name=\"confirm\" value=\"yes\" required> {}</label></p>\n\
         <p><button type=\"submit\">{}</button></p>\n</form>\n",
        t("account-close-heading"),
        t("close-explain-kept"),
        t("account-field-name"),
        t("account-field-password"),
        t("account-close-confirm"),
        t("account-close-submit"),
    ));
    html.push_str(&format!(
        "<p><a href=\"/reset\">{}</a> · <a href=\"/register\">{}</a> · <a href=\"/\">{}</a></p>\n</main>\n</body>\n</html>\n",
        t("reset-title"),
        t("signup-title"),
        t("signup-to-lobby")
    ));
    html
}

fn status_of(m: &Msg) -> StatusCode {
    match m.id {
        "password-wrong" => StatusCode::FORBIDDEN,
        "close-while-playing" => StatusCode::CONFLICT,
        "database-unavailable" => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::BAD_REQUEST,
    }
}

/// `GET /account`
pub async fn form(axum::extract::State(state): State, headers: HeaderMap) -> Response {
    let html = page(lang_of(&headers), &server_name(&state), None, "");
    respond(StatusCode::OK, html)
}

/// `POST /account/password`: `password OLD NEW` on the web.
pub async fn password(
    axum::extract::State(state): State,
    Extension(client): Extension<Client>,
    headers: HeaderMap,
    typed: Result<Form<PasswordForm>, FormRejection>,
) -> Response {
    let (lang, server) = (lang_of(&headers), server_name(&state));
    let Ok(Form(f)) = typed else {
        let m = msg!("signup-form-bad");
        return respond(
            StatusCode::BAD_REQUEST,
            page(lang, &server, Some((false, &m)), ""),
        );
    };
    let name = f.name.trim().to_string();
    let done = async {
        own_account::check_password_twice(&f.new, &f.new2)?;
        own_account::change_password(&state.shared, client.ip, &name, f.old, f.new).await
    }
    .await;
    match done {
        Ok(()) => {
            let m = msg!("password-changed");
            respond(StatusCode::OK, page(lang, &server, Some((true, &m)), &name))
        }
        Err(m) => respond(status_of(&m), page(lang, &server, Some((false, &m)), &name)),
    }
}

/// `POST /account/close`: `close PASSWORD` on the web; whoever is logged
/// in under the name is let go, as on telnet.
pub async fn close(
    axum::extract::State(state): State,
    Extension(client): Extension<Client>,
    headers: HeaderMap,
    typed: Result<Form<CloseForm>, FormRejection>,
) -> Response {
    let (lang, server) = (lang_of(&headers), server_name(&state));
    let Ok(Form(f)) = typed else {
        let m = msg!("signup-form-bad");
        return respond(
            StatusCode::BAD_REQUEST,
            page(lang, &server, Some((false, &m)), ""),
        );
    };
    let name = f.name.trim().to_string();
    let playing = {
        let world = state.shared.world();
        world.by_name(&name).is_some_and(|p| world.is_playing(p.id))
    };
    let done = if f.confirm != "yes" {
        Err(msg!("account-close-unconfirmed"))
    } else if playing {
        Err(msg!("close-while-playing"))
    } else {
        own_account::close(&state.shared, client.ip, &name, f.password).await
    };
    match done {
        Ok(shown) => {
            if let Some(p) = state.shared.world().by_name(&shown) {
                p.send(Out::Kick(KickReason::Said(msg!(
                    "close-done",
                    name = &shown
                ))));
            }
            let m = msg!("account-closed", name = &shown);
            respond(StatusCode::OK, page(lang, &server, Some((true, &m)), ""))
        }
        Err(m) => respond(status_of(&m), page(lang, &server, Some((false, &m)), &name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_has_both_forms_and_escapes_the_name() {
        let html = page(Lang::En, "s", None, "<x>");
        assert!(html.contains("action=\"/account/password\""));
        assert!(html.contains("action=\"/account/close\""));
        assert!(html.contains("&lt;x&gt;") && !html.contains("<x>"));
    }
}
