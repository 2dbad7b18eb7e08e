//! `/register`: the sign-up page, a plain form the server writes itself
//! (no script: it works in any browser, and behind the site's policy that
//! forbids inline script). `GET` shows the form, `POST` signs up
//! ([`crate::signup`]) and answers with the same page and one line: the
//! account made, waiting for approval, or why not (with what was typed
//! kept, the passwords aside).
//!
//! The words are the message catalogue's, in French for a browser that
//! asks for French first, in English otherwise.

use axum::Form;
use axum::extract::Extension;
use axum::extract::rejection::FormRejection;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::form_page::{self, escape, lang_of, respond};
use super::proxy::Client;
use super::router::State;
use crate::chess::Lang;
use crate::event::Msg;
use crate::msg;
use crate::render::catalogue::{plain, text};
use crate::signup::{self, Done, Registration};

/// What the page shows above the form.
enum Notice {
    None,
    Good(Msg),
    Bad(Msg),
}

/// The whole page: the notice, then the form (unless sign-ups are closed
/// or the account was just made).
fn page(
    lang: Lang,
    server: &str,
    mode: Registration,
    notice: &Notice,
    typed: &signup::Form,
) -> String {
    let t = |id: &str| escape(&plain(lang, id));
    let mut html = form_page::start(lang, "register", "signup-title", server);
    let done = match notice {
        Notice::None => false,
        Notice::Good(m) => {
            form_page::push_notice(&mut html, lang, true, m);
            true
        }
        Notice::Bad(m) => {
            form_page::push_notice(&mut html, lang, false, m);
            false
        }
    };
    if mode == Registration::Closed {
        html.push_str(&format!(
            "<p>{}</p>\n",
            escape(&text(lang, &msg!("signup-closed")))
        ));
    } else if !done {
        if mode == Registration::Approval {
            html.push_str(&format!("<p>{}</p>\n", t("signup-approval-note")));
        }
        html.push_str(&format!(
            "<form method=\"post\" action=\"/register\">\n\
             <p><label>{} <input name=\"name\" value=\"{}\" required minlength=\"3\" maxlength=\"17\" \
             pattern=\"[A-Za-z]+\" autocomplete=\"username\"></label></p>\n\
             <p><label>{} <input type=\"password\" name=\"password\" required autocomplete=\"new-password\"></label></p>\n\
             <p><label>{} <input type=\"password\" name=\"password2\" required autocomplete=\"new-password\"></label></p>\n\
             <p><label>{} <input type=\"email\" name=\"email\" value=\"{}\" autocomplete=\"email\"></label></p>\n\
             <p><button type=\"submit\">{}</button></p>\n</form>\n",
            t("signup-field-name"),
            escape(typed.name.trim()),
            t("signup-field-password"),
            t("signup-field-password2"),
            t("signup-field-email"),
            escape(typed.email.trim()),
            t("signup-submit"),
        ));
    }
    html.push_str(&format!(
        "<p><a href=\"/\">{}</a></p>\n</main>\n</body>\n</html>\n",
        t("signup-to-lobby")
    ));
    html
}

/// `GET /register`: the form.
pub async fn form(axum::extract::State(state): State, headers: HeaderMap) -> Response {
    let (server, mode) = {
        let c = state.shared.config();
        (c.server_name.clone(), c.registration)
    };
    let html = page(
        lang_of(&headers),
        &server,
        mode,
        &Notice::None,
        &Default::default(),
    );
    respond(StatusCode::OK, html)
}

/// `POST /register`: a sign-up.
pub async fn submit(
    axum::extract::State(state): State,
    Extension(client): Extension<Client>,
    headers: HeaderMap,
    typed: Result<Form<signup::Form>, FormRejection>,
) -> Response {
    let lang = lang_of(&headers);
    let (server, mode) = {
        let c = state.shared.config();
        (c.server_name.clone(), c.registration)
    };
    let Ok(Form(typed)) = typed else {
        let bad = Notice::Bad(msg!("signup-form-bad"));
        return respond(
            StatusCode::BAD_REQUEST,
            page(lang, &server, mode, &bad, &Default::default()),
        );
    };
    let kept = signup::Form {
        name: typed.name.clone(),
        email: typed.email.clone(),
        ..Default::default()
    };
    let (status, notice) =
        match signup::sign_up(&state.shared, &state.signups, client.ip, typed).await {
            Ok(Done::Open(name)) => (
                StatusCode::OK,
                Notice::Good(msg!("signup-done", name = &name)),
            ),
            Ok(Done::Waiting(name)) => (
                StatusCode::OK,
                Notice::Good(msg!("signup-waiting", name = &name)),
            ),
            Err(m) if m.id == "signup-closed" => (StatusCode::FORBIDDEN, Notice::Bad(m)),
            Err(m) if m.id == "signup-too-many" => (StatusCode::TOO_MANY_REQUESTS, Notice::Bad(m)),
            Err(m) if m.id == "signup-name-taken" => (StatusCode::CONFLICT, Notice::Bad(m)),
            Err(m) if m.id == "database-unavailable" => {
                (StatusCode::SERVICE_UNAVAILABLE, Notice::Bad(m))
            }
            Err(m) => (StatusCode::BAD_REQUEST, Notice::Bad(m)),
        };
    respond(status, page(lang, &server, mode, &notice, &kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_notices_are_escaped() {
        assert_eq!(
            escape("<b a=\"x\">&'"),
            "&lt;b a=&quot;x&quot;&gt;&amp;&#39;"
        );
        let typed = signup::Form {
            name: "<script>".into(),
            ..Default::default()
        };
        let html = page(Lang::En, "a<b", Registration::Open, &Notice::None, &typed);
        assert!(!html.contains("<script>") && html.contains("&lt;script&gt;"));
        assert!(html.contains("a&lt;b") && html.contains("name=\"password2\""));
        let closed = page(Lang::Fr, "s", Registration::Closed, &Notice::None, &typed);
        assert!(!closed.contains("<form") && closed.contains("lang=\"fr\""));
    }
}
