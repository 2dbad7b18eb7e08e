//! `/approvals`: the approval queue of `registration = "approval"` on the
//! web, for admins — a plain form the server writes (like `/register` and
//! `/account`). The admin gives their name and password (checked through
//! the login throttle, as on `/account`, and never shown back); the page
//! then lists the accounts waiting, each with Approve and Reject, and each
//! decision asks for the password again, so the page needs no session of
//! its own. The queue and the decisions are [`crate::signup::queue`]'s,
//! the same as `accounts pending|approve|reject` on telnet. Nobody but an
//! admin sees the queue: its names and e-mail addresses are private.

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
use crate::event::Msg;
use crate::msg;
use crate::own_account;
use crate::render::catalogue::plain;
use crate::signup::queue;
use crate::store::selfserve::Waiting;
use crate::timefmt::fics_date;

/// What the form sends: the admin's name and password, and at most one
/// decision (the button pressed carries the account's name).
#[derive(Debug, Default, Deserialize)]
pub struct ApprovalForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    approve: Option<String>,
    #[serde(default)]
    reject: Option<String>,
}

/// The page: an optional notice (good or bad), the admin's fields, then
/// the queue when an admin was recognised (`None` before that).
fn page(
    lang: Lang,
    server: &str,
    notice: Option<(bool, &Msg)>,
    name: &str,
    waiting: Option<&[Waiting]>,
) -> String {
    let t = |id: &str| escape(&plain(lang, id));
    let mut html = form_page::start(lang, "account", "approvals-title", server);
    html.push_str(&format!("<p>{}</p>\n", t("approvals-explain")));
    if let Some((good, m)) = notice {
        form_page::push_notice(&mut html, lang, good, m);
    }
    html.push_str(&format!(
        "<form method=\"post\" action=\"/approvals\">\n\
         <p><label>{} <input name=\"name\" value=\"{}\" required autocomplete=\"username\"></label></p>\n\
         <p><label>{} <input type=\"password\" name=\"password\" required autocomplete=\"current-password\"></label></p>\n\
         <p><button type=\"submit\">{}</button></p>\n",
        t("account-field-name"),
        escape(name.trim()),
        t("account-field-password"),
        t("approvals-show"),
    ));
    match waiting {
        Some([]) => html.push_str(&format!("<p>{}</p>\n", t("accounts-none-pending"))),
        Some(waiting) => {
            html.push_str("<ul class=\"approvals\">\n");
            for w in waiting {
                let who = escape(&w.name);
                let email = w.email.as_deref().map(escape).unwrap_or_default();
                html.push_str(&format!(
                    "<li><strong>{who}</strong> {email} {} \
                     <button type=\"submit\" name=\"approve\" value=\"{who}\">{}</button> \
                     <button type=\"submit\" name=\"reject\" value=\"{who}\">{}</button></li>\n",
                    escape(&fics_date(w.created_at)),
                    t("approvals-approve"),
                    t("approvals-reject"),
                ));
            }
            html.push_str("</ul>\n");
        }
        None => {}
    }
    html.push_str(&format!(
        "</form>\n<p><a href=\"/\">{}</a></p>\n</main>\n</body>\n</html>\n",
        t("signup-to-lobby")
    ));
    html
}

/// `GET /approvals`: the admin's fields only.
pub async fn form(axum::extract::State(state): State, headers: HeaderMap) -> Response {
    let html = page(lang_of(&headers), &server_name(&state), None, "", None);
    respond(StatusCode::OK, html)
}

/// `POST /approvals`: the admin is checked; then the decision, if any;
/// then the queue as it stands.
pub async fn submit(
    axum::extract::State(state): State,
    Extension(client): Extension<Client>,
    headers: HeaderMap,
    typed: Result<Form<ApprovalForm>, FormRejection>,
) -> Response {
    let (lang, server) = (lang_of(&headers), server_name(&state));
    let Ok(Form(f)) = typed else {
        let m = msg!("signup-form-bad");
        return respond(
            StatusCode::BAD_REQUEST,
            page(lang, &server, Some((false, &m)), "", None),
        );
    };
    let name = f.name.trim().to_string();
    let refused =
        |status, m: Msg| respond(status, page(lang, &server, Some((false, &m)), &name, None));
    let admin = match own_account::verify(&state.shared, client.ip, &name, f.password).await {
        Ok(account) => account,
        Err(m) if m.id == "database-unavailable" => {
            return refused(StatusCode::SERVICE_UNAVAILABLE, m);
        }
        Err(m) => return refused(StatusCode::FORBIDDEN, m),
    };
    if !admin.titles.admin {
        tracing::warn!(addr = %client.ip, name = %admin.name, "approval queue refused: not an admin");
        return refused(StatusCode::FORBIDDEN, msg!("approvals-admins-only"));
    }
    let decision = match (f.approve, f.reject) {
        (Some(who), None) => Some((true, who)),
        (None, Some(who)) => Some((false, who)),
        _ => None,
    };
    let notice = match decision {
        Some((approve, who)) => {
            let who = who.trim().to_string();
            Some(queue::decide(&state.shared, &admin.name, approve, who).await)
        }
        None => None,
    };
    let waiting = match queue::pending(&state.shared).await {
        Ok(waiting) => waiting,
        Err(m) => return refused(StatusCode::SERVICE_UNAVAILABLE, m),
    };
    let (status, shown) = match &notice {
        Some(Ok(m)) => (StatusCode::OK, Some((true, m))),
        Some(Err(m)) if m.id == "database-unavailable" => {
            (StatusCode::SERVICE_UNAVAILABLE, Some((false, m)))
        }
        Some(Err(m)) => (StatusCode::CONFLICT, Some((false, m))),
        None => (StatusCode::OK, None),
    };
    respond(
        status,
        page(lang, &server, shown, &admin.name, Some(&waiting)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_shows_only_to_an_admin_and_is_escaped() {
        let before = page(Lang::En, "s", None, "", None);
        assert!(before.contains("action=\"/approvals\"") && !before.contains("name=\"approve\""));
        let waiting = [Waiting {
            name: "Newbie".into(),
            email: Some("<a@b.c>".into()),
            created_at: 0,
        }];
        let html = page(Lang::Fr, "s", None, "Root", Some(&waiting));
        assert!(html.contains("name=\"approve\" value=\"Newbie\""));
        assert!(html.contains("&lt;a@b.c&gt;") && !html.contains("<a@b.c>"));
        assert!(html.contains("lang=\"fr\"") && html.contains("value=\"Root\""));
    }
}
