//! Mail, where an operator configures an SMTP server (`[mail]` in
//! config.toml): the PGN of games (`mailmoves`, `mailoldmoves`,
//! `mailstored`) and the links that reset a forgotten password.
//!
//! Why lettre: it is the Rust SMTP client that is kept up (RFC 5321
//! dialogue, AUTH, message building with correct headers and encodings)
//! and it runs on tokio, so a slow mail server never holds a thread of
//! play. The usual setup is plain SMTP to a relay on the server's own
//! machine or network (Postfix, an SMTP smarthost) that carries the mail
//! on with TLS (`tls = "none"`, the default). An operator without such a
//! relay points `[mail]` at a remote provider instead, whose submission
//! port wants TLS and a login that must not cross the network in clear:
//! `tls = "starttls"` (port 587) or `"tls"` (SMTPS, port 465). TLS is
//! rustls (lettre's `tokio1-rustls` with `ring`): no OpenSSL to link, and
//! the certificates checked against the system's roots
//! (`rustls-native-certs`), where an operator adds a private relay's CA.
//! A message is sent on its own task and the user is told when the
//! server took it.

use std::time::Duration;

use lettre::message::{Mailbox, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use serde::{Deserialize, Serialize};

/// The `[mail]` table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    /// The SMTP server (`localhost` for a relay on this machine).
    pub host: String,
    /// Its port: 25 by default (587 for a submission port).
    #[serde(default = "default_port")]
    pub port: u16,
    /// The login at the SMTP server, if it asks for one.
    #[serde(default)]
    pub user: Option<String>,
    /// Its password (with `user`).
    #[serde(default)]
    pub password: Option<String>,
    /// The sender of every message (`atomicd <chess@example.org>`).
    pub from: String,
    /// How the connection to `host` is protected (plain by default).
    #[serde(default)]
    pub tls: MailTls,
}

/// `tls` in `[mail]`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MailTls {
    /// Plain SMTP, to a relay on this machine or network.
    #[default]
    None,
    /// STARTTLS, required: a server that does not offer it gets no mail
    /// (never a fall back to plain text, which would send the login in
    /// clear).
    Starttls,
    /// TLS from the first byte (SMTPS).
    Tls,
}

fn default_port() -> u16 {
    25
}

/// How long one message may take, the whole SMTP dialogue.
const TIMEOUT: Duration = Duration::from_secs(30);

impl MailConfig {
    /// Why the table cannot work, for the operator (checked at start).
    pub fn check(&self) -> Result<(), String> {
        if self.host.trim().is_empty() {
            return Err("[mail] host is empty".to_string());
        }
        self.from
            .parse::<Mailbox>()
            .map(drop)
            .map_err(|e| format!("[mail] from \"{}\" is not an address: {e}", self.from))
    }
}

/// Sends one plain-text message; the error is for the log, not the user.
pub async fn send(
    config: &MailConfig,
    to: &str,
    subject: &str,
    body: String,
) -> Result<(), String> {
    let from: Mailbox = config.from.parse().map_err(|e| format!("from: {e}"))?;
    let to: Mailbox = to.parse().map_err(|e| format!("to: {e}"))?;
    let message = Message::builder()
        .from(from)
        .to(to)
        .subject(subject)
        .header(ContentType::TEXT_PLAIN)
        .body(body)
        .map_err(|e| e.to_string())?;
    let host = config.host.trim();
    let mut transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
        .port(config.port)
        .timeout(Some(TIMEOUT));
    if config.tls != MailTls::None {
        // The certificate must name `host`, checked against the system's roots.
        let params = TlsParameters::new(host.to_string()).map_err(|e| format!("tls: {e}"))?;
        transport = transport.tls(match config.tls {
            MailTls::Starttls => Tls::Required(params),
            _ => Tls::Wrapper(params),
        });
    }
    if let (Some(user), Some(password)) = (&config.user, &config.password) {
        transport = transport.credentials(Credentials::new(user.clone(), password.clone()));
    }
    transport
        .build()
        .send(message)
        .await
        .map(drop)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_with_its_defaults_and_is_checked() {
        let c: MailConfig =
            toml::from_str("host = \"localhost\"\nfrom = \"chess@example.org\"").unwrap();
        assert_eq!(c.port, 25);
        assert!(c.check().is_ok());
        let bad: MailConfig = toml::from_str("host = \"\"\nfrom = \"x\"").unwrap();
        assert!(bad.check().is_err());
        assert!(toml::from_str::<MailConfig>("host = \"h\"\nfrom = \"a@b.c\"\nsmtp = 1").is_err());
    }

    #[test]
    fn tls_is_none_unless_it_is_asked_for_and_only_its_three_words_are_taken() {
        let read = |extra: &str| {
            toml::from_str::<MailConfig>(&format!("host = \"h\"\nfrom = \"a@b.c\"\n{extra}"))
        };
        assert_eq!(read("").unwrap().tls, MailTls::None);
        assert_eq!(read("tls = \"none\"").unwrap().tls, MailTls::None);
        assert_eq!(read("tls = \"starttls\"").unwrap().tls, MailTls::Starttls);
        let smtps = read("tls = \"tls\"\nport = 465").unwrap();
        assert_eq!((smtps.tls, smtps.port), (MailTls::Tls, 465));
        for bad in ["tls = \"ssl\"", "tls = true", "tls = \"STARTTLS\""] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
