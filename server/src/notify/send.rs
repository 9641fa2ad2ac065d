//! Deliveries: e-mail over SMTP (lettre) and webhooks over HTTP (reqwest), with bodies for
//! Discord, Slack or plain JSON. Each message carries its outbox id (Message-ID, Idempotency-Key)
//! so that a receiver can drop a repeat, and an unsubscribe link that needs no sign-in.

use crate::config::Config;
use crate::db::notify::Claimed;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::net::IpAddr;
use std::time::Duration;

/// What sends notifications from this process.
#[derive(Clone)]
pub struct Senders {
    mailer: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: String,
    http: reqwest::Client,
    to_private: bool,
    public_url: String,
}

impl Senders {
    /// The senders `config` asks for; an SMTP URL that cannot be used is an error naming it.
    pub fn new(config: &Config) -> anyhow::Result<Senders> {
        let mailer = match &config.notify.smtp_url {
            Some(url) => Some(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| anyhow::anyhow!("MOTTI_SMTP_URL: {e}"))?
                    .timeout(Some(Duration::from_secs(20)))
                    .build(),
            ),
            None => None,
        };
        Ok(Senders {
            mailer,
            from: config.notify.mail_from.clone(),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .connect_timeout(Duration::from_secs(5))
                .redirect(reqwest::redirect::Policy::none())
                .build()?,
            to_private: config.notify.webhooks_to_private,
            public_url: config.public_url.clone(),
        })
    }

    /// Delivers `rows` (all for one target) as one message: a single notice, or a digest.
    pub async fn deliver(&self, rows: &[Claimed], unsubscribe: &str) -> Result<(), String> {
        let Some(first) = rows.first() else {
            return Ok(());
        };
        let (subject, text) = self.compose(rows, unsubscribe);
        let id = first.id;
        match first.kind.as_str() {
            "email" => self.mail(&first.address, &subject, &text, id).await,
            _ => self.hook(first, &subject, &text, id).await,
        }
    }

    fn compose(&self, rows: &[Claimed], unsubscribe: &str) -> (String, String) {
        let stop = format!(
            "Stop these messages: {}/unsubscribe/{unsubscribe}",
            self.public_url
        );
        if let [one] = rows {
            let text = format!(
                "{}\n\nOpen: {}{}\n\n{stop}",
                one.body, self.public_url, one.link
            );
            return (one.subject.clone(), text);
        }
        let mut text = format!("{} messages since the last digest:\n", rows.len());
        for row in rows {
            text.push_str(&format!(
                "\n* {}\n  {}\n  {}{}\n",
                row.subject, row.body, self.public_url, row.link
            ));
        }
        text.push_str(&format!("\n{stop}"));
        (format!("motti: {} notifications", rows.len()), text)
    }

    async fn mail(
        &self,
        to: &str,
        subject: &str,
        text: &str,
        id: uuid::Uuid,
    ) -> Result<(), String> {
        let mailer = self.mailer.as_ref().ok_or_else(|| {
            "e-mail is not set up on this server (MOTTI_SMTP_URL); ask its operator, or use a webhook"
                .to_owned()
        })?;
        let message =
            Message::builder()
                .from(self.from.parse().map_err(|e| {
                    format!("the sender address MOTTI_MAIL_FROM does not read: {e}")
                })?)
                .to(to
                    .parse()
                    .map_err(|e| format!("the address {to} does not read: {e}"))?)
                .subject(subject)
                .message_id(Some(format!("<{id}@motti>")))
                .header(ContentType::TEXT_PLAIN)
                .body(text.to_owned())
                .map_err(|e| format!("the message cannot be built: {e}"))?;
        mailer
            .send(message)
            .await
            .map(drop)
            .map_err(|e| format!("the mail server refused or could not be reached: {e}"))
    }

    async fn hook(
        &self,
        target: &Claimed,
        subject: &str,
        text: &str,
        id: uuid::Uuid,
    ) -> Result<(), String> {
        let url = reqwest::Url::parse(&target.address)
            .map_err(|e| format!("the webhook address does not read: {e}"))?;
        if !self.to_private {
            refuse_private(&url).await?;
        }
        let body = match target.format.as_str() {
            "discord" => serde_json::json!({
                "content": format!("**{subject}**\n{text}").chars().take(2000).collect::<String>()
            }),
            "slack" => serde_json::json!({ "text": format!("*{subject}*\n{text}") }),
            _ => serde_json::json!({ "id": id, "subject": subject, "text": text }),
        };
        let answer = self
            .http
            .post(url)
            .header("Idempotency-Key", id.to_string())
            .json(&body)
            .send()
            .await
            .map_err(|e| format!("the webhook could not be reached: {e}"))?;
        if answer.status().is_success() {
            Ok(())
        } else {
            Err(format!("the webhook answered {}", answer.status()))
        }
    }
}

/// Refuses a webhook whose host is this machine or a private network (a player must not make the
/// server call services behind its firewall).
async fn refuse_private(url: &reqwest::Url) -> Result<(), String> {
    let host = url.host_str().ok_or("the webhook address has no host")?;
    let port = url.port_or_known_default().unwrap_or(443);
    let addrs = tokio::net::lookup_host((host, port))
        .await
        .map_err(|e| format!("the webhook's host {host} cannot be found: {e}"))?;
    for addr in addrs {
        if is_private(addr.ip()) {
            return Err(format!(
                "the webhook's host {host} is a local or private address, which this server does not call"
            ));
        }
    }
    Ok(())
}

/// Whether `ip` is loopback, private, link-local, unspecified or otherwise not on the internet.
pub fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.octets()[0] == 100 && (64..128).contains(&v4.octets()[1])
        }
        IpAddr::V6(v6) => {
            v6.is_loopback()
                || v6.is_unspecified()
                || (v6.segments()[0] & 0xfe00) == 0xfc00
                || (v6.segments()[0] & 0xffc0) == 0xfe80
                || v6
                    .to_ipv4_mapped()
                    .is_some_and(|v4| is_private(IpAddr::V4(v4)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::is_private;

    #[test]
    fn local_and_private_addresses_are_refused() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.1",
            "172.16.5.4",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
        ] {
            assert!(is_private(ip.parse().expect("ip")), "{ip}");
        }
        for ip in ["93.184.216.34", "2606:4700::1111", "8.8.8.8"] {
            assert!(!is_private(ip.parse().expect("ip")), "{ip}");
        }
    }
}
