//! Deliveries: e-mail over SMTP (lettre) and webhooks over HTTP (reqwest), with bodies for
//! Discord, Slack or plain JSON. Each message carries its outbox id (Message-ID, Idempotency-Key)
//! so that a receiver can drop a repeat, and an unsubscribe link that needs no sign-in.

use crate::config::Config;
use crate::db::notify::Claimed;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
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
            http: webhook_client(config.notify.webhooks_to_private)?,
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
        // Times were queued as marks: each reads in the reader's own zone.
        let zone = first.time_zone.as_deref();
        let (subject, text) = (
            super::notices::localise(&subject, zone),
            super::notices::localise(&text, zone),
        );
        let id = first.id;
        match first.kind.as_str() {
            "email" => self.mail(&first.address, &subject, &text, id).await,
            _ => self.hook(first, &subject, &text, id).await,
        }
    }

    /// One message of `rows`: what is to go now leads (its subject, or the first one's with how
    /// many more), followed by the news held for it; without any, a digest of them all.
    fn compose(&self, rows: &[Claimed], unsubscribe: &str) -> (String, String) {
        let stop = format!(
            "Stop these messages: {}/unsubscribe/{unsubscribe}",
            self.public_url
        );
        let (leads, news): (Vec<&Claimed>, Vec<&Claimed>) = rows
            .iter()
            .partition(|r| matches!(r.batch.as_str(), "now" | "confirm"));
        let item = |row: &Claimed| {
            format!(
                "\n* {}\n  {}\n  {}{}\n",
                row.subject, row.body, self.public_url, row.link
            )
        };
        let Some(first) = leads.first() else {
            let mut text = format!("{} messages since the last digest:\n", rows.len());
            rows.iter().for_each(|row| text.push_str(&item(row)));
            text.push_str(&format!("\n{stop}"));
            return (format!("motti: {} notifications", rows.len()), text);
        };
        let mut text = String::new();
        for lead in &leads {
            text.push_str(&format!(
                "{}\n\nOpen: {}{}\n\n",
                lead.body, self.public_url, lead.link
            ));
        }
        if !news.is_empty() {
            text.push_str("While you were away:\n");
            news.iter().for_each(|row| text.push_str(&item(row)));
            text.push('\n');
        }
        text.push_str(&stop);
        let subject = match leads.len() {
            1 => first.subject.clone(),
            n => format!("{} (and {} more)", first.subject, n - 1),
        };
        (subject, text)
    }

    async fn mail(
        &self,
        to: &str,
        subject: &str,
        text: &str,
        id: uuid::Uuid,
    ) -> Result<(), String> {
        let mailer = self.mailer.as_ref().ok_or_else(|| {
            "failed: e-mail is not set up on this server (MOTTI_SMTP_URL); ask its operator, or use a webhook"
                .to_owned()
        })?;
        let message = Message::builder()
            .from(self.from.parse().map_err(|e| {
                format!("failed: the sender address MOTTI_MAIL_FROM does not read: {e}")
            })?)
            .to(to
                .parse()
                .map_err(|e| format!("failed: the address {to} does not read: {e}"))?)
            .subject(subject)
            .message_id(Some(format!("<{id}@motti>")))
            .header(ContentType::TEXT_PLAIN)
            .body(text.to_owned())
            .map_err(|e| format!("failed: the message cannot be built: {e}"))?;
        mailer.send(message).await.map(drop).map_err(|e| {
            tracing::info!(error = %e, "the mail server did not take a notification");
            "failed: the mail server refused the message or could not be reached".to_owned()
        })
    }

    async fn hook(
        &self,
        target: &Claimed,
        subject: &str,
        text: &str,
        id: uuid::Uuid,
    ) -> Result<(), String> {
        let url = reqwest::Url::parse(&target.address)
            .map_err(|_| "failed: the webhook address does not read".to_owned())?;
        if !self.to_private {
            refuse_special_literal(&url)?;
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
            .map_err(|e| {
                tracing::info!(error = %e, "a webhook was not reached");
                unreachable_reason(&e)
            })?;
        // Only whether it was taken: what the receiver answered is not shown, so that a webhook
        // cannot be used to read what some server says.
        if answer.status().is_success() {
            Ok(())
        } else {
            tracing::info!(status = %answer.status(), "a webhook refused a notification");
            Err("failed: the webhook did not accept the message".to_owned())
        }
    }
}

/// The HTTP client of webhooks: short timeouts, no redirects, no proxy, and (unless `to_private`)
/// a resolver that looks a host up once, refuses it if any of its addresses is special, and hands
/// the connection exactly the addresses it checked.
fn webhook_client(to_private: bool) -> anyhow::Result<reqwest::Client> {
    let builder = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .connect_timeout(Duration::from_secs(5))
        .redirect(reqwest::redirect::Policy::none());
    Ok(if to_private {
        builder.build()?
    } else {
        builder.no_proxy().dns_resolver(PublicOnly).build()?
    })
}

/// A refusal of the filter, told to the webhook's owner as it is.
#[derive(Debug)]
struct Refused(&'static str);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for Refused {}

const SPECIAL: &str = "failed: the webhook's host is a local, private or reserved address, which this server does not call";

/// The reason shown for a request that went nowhere: the filter's refusal, or one sentence that
/// says nothing of what the other end did.
fn unreachable_reason(error: &reqwest::Error) -> String {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = cause {
        if let Some(refused) = e.downcast_ref::<Refused>() {
            return refused.0.to_owned();
        }
        cause = e.source();
    }
    if error.is_timeout() {
        "failed: the webhook did not answer in time".to_owned()
    } else {
        "failed: the webhook could not be reached".to_owned()
    }
}

/// Refuses a webhook whose host is written as a special address (literals are never looked up,
/// so the resolver does not see them).
fn refuse_special_literal(url: &reqwest::Url) -> Result<(), String> {
    let ip = match url.host() {
        Some(url::Host::Ipv4(v4)) => IpAddr::V4(v4),
        Some(url::Host::Ipv6(v6)) => IpAddr::V6(v6),
        Some(url::Host::Domain(_)) => return Ok(()),
        None => return Err("failed: the webhook address has no host".to_owned()),
    };
    if is_special(ip) || is_own(ip) {
        return Err(SPECIAL.to_owned());
    }
    Ok(())
}

/// Whether `url`'s host is written as an address (not a name) that no webhook may call.
pub fn special_literal(url: &url::Url) -> bool {
    refuse_special_literal(url).is_err() && url.host_str().is_some()
}

/// The resolver of webhook hosts: one lookup, every address checked, only those connected to.
struct PublicOnly;

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map_err(|_| Refused("failed: the webhook's host name cannot be found"))?
                .collect();
            if found.is_empty() {
                return Err(
                    Box::new(Refused("failed: the webhook's host name cannot be found"))
                        as Box<dyn std::error::Error + Send + Sync>,
                );
            }
            if found.iter().any(|a| is_special(a.ip()) || is_own(a.ip())) {
                return Err(Box::new(Refused(SPECIAL)) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(found.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Whether `ip` is one of this machine's own addresses: only those can be bound to (binding a
/// socket to any other fails), so a bind that succeeds says it is ours.
pub fn is_own(ip: IpAddr) -> bool {
    std::net::UdpSocket::bind(SocketAddr::new(ip, 0)).is_ok()
}

/// Whether `ip` is in a block of IANA's special-purpose address registries (IPv4 and IPv6),
/// multicast or reserved: no webhook is called there. IPv4-mapped and IPv4-compatible IPv6, NAT64
/// and 6to4 are refused whole, since each can reach an IPv4 address by another name.
pub fn is_special(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_special_v4(v4),
        IpAddr::V6(v6) => is_special_v6(v6),
    }
}

fn in_v4(ip: Ipv4Addr, net: [u8; 4], bits: u32) -> bool {
    let mask = u32::MAX.checked_shl(32 - bits).unwrap_or(0);
    u32::from(ip) & mask == u32::from(Ipv4Addr::from(net)) & mask
}

fn in_v6(ip: Ipv6Addr, net: [u16; 8], bits: u32) -> bool {
    let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
    u128::from(ip) & mask == u128::from(Ipv6Addr::from(net)) & mask
}

/// IANA IPv4 Special-Purpose Address Registry, with multicast, reserved and broadcast.
const SPECIAL_V4: [([u8; 4], u32); 19] = [
    ([0, 0, 0, 0], 8),          // "this network"
    ([10, 0, 0, 0], 8),         // private
    ([100, 64, 0, 0], 10),      // shared address space (carrier-grade NAT)
    ([127, 0, 0, 0], 8),        // loopback
    ([169, 254, 0, 0], 16),     // link-local
    ([172, 16, 0, 0], 12),      // private
    ([192, 0, 0, 0], 24),       // IETF protocol assignments
    ([192, 0, 2, 0], 24),       // documentation (TEST-NET-1)
    ([192, 31, 196, 0], 24),    // AS112-v4
    ([192, 52, 193, 0], 24),    // AMT
    ([192, 88, 99, 0], 24),     // deprecated 6to4 relay anycast
    ([192, 168, 0, 0], 16),     // private
    ([192, 175, 48, 0], 24),    // direct delegation AS112
    ([198, 18, 0, 0], 15),      // benchmarking
    ([198, 51, 100, 0], 24),    // documentation (TEST-NET-2)
    ([203, 0, 113, 0], 24),     // documentation (TEST-NET-3)
    ([224, 0, 0, 0], 4),        // multicast
    ([240, 0, 0, 0], 4),        // reserved
    ([255, 255, 255, 255], 32), // limited broadcast
];

/// IANA IPv6 Special-Purpose Address Registry, with multicast and deprecated site-local.
const SPECIAL_V6: [([u16; 8], u32); 17] = [
    ([0, 0, 0, 0, 0, 0, 0, 0], 96), // unspecified, loopback, IPv4-compatible
    ([0, 0, 0, 0, 0, 0xffff, 0, 0], 96), // IPv4-mapped
    ([0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96), // NAT64
    ([0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48), // local-use NAT64
    ([0x100, 0, 0, 0, 0, 0, 0, 0], 64), // discard-only
    ([0x100, 0, 0, 1, 0, 0, 0, 0], 64), // dummy prefix
    ([0x2001, 0, 0, 0, 0, 0, 0, 0], 23), // IETF protocol assignments (Teredo, ORCHID, ...)
    ([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32), // documentation
    ([0x2002, 0, 0, 0, 0, 0, 0, 0], 16), // 6to4
    ([0x2620, 0x4f, 0x8000, 0, 0, 0, 0, 0], 48), // direct delegation AS112
    ([0x3fff, 0, 0, 0, 0, 0, 0, 0], 20), // documentation
    ([0x5f00, 0, 0, 0, 0, 0, 0, 0], 16), // segment routing SIDs
    ([0xfc00, 0, 0, 0, 0, 0, 0, 0], 7), // unique local
    ([0xfe80, 0, 0, 0, 0, 0, 0, 0], 10), // link-local
    ([0xfec0, 0, 0, 0, 0, 0, 0, 0], 10), // site-local (deprecated)
    ([0xff00, 0, 0, 0, 0, 0, 0, 0], 8), // multicast
    ([0, 0, 0, 0, 0, 0, 0, 1], 128), // loopback (inside the first block too)
];

fn is_special_v4(ip: Ipv4Addr) -> bool {
    SPECIAL_V4.iter().any(|&(net, bits)| in_v4(ip, net, bits))
}

fn is_special_v6(ip: Ipv6Addr) -> bool {
    SPECIAL_V6.iter().any(|&(net, bits)| in_v6(ip, net, bits))
}

#[cfg(test)]
mod tests {
    use super::{is_own, is_special};
    use std::net::IpAddr;

    fn special(ip: &str) -> bool {
        is_special(ip.parse::<IpAddr>().expect("ip"))
    }

    #[test]
    fn every_special_purpose_block_is_refused_at_both_ends() {
        for ip in [
            "0.0.0.0",
            "0.255.255.255",
            "10.1.2.3",
            "100.64.0.1",
            "100.127.255.255",
            "127.0.0.1",
            "127.255.255.254",
            "169.254.169.254",
            "172.16.5.4",
            "172.31.255.255",
            "192.0.0.1",
            "192.0.0.255",
            "192.0.2.7",
            "192.31.196.1",
            "192.52.193.1",
            "192.88.99.1",
            "192.168.0.1",
            "192.175.48.1",
            "198.18.0.1",
            "198.19.255.255",
            "198.51.100.1",
            "203.0.113.9",
            "224.0.0.1",
            "239.255.255.255",
            "240.0.0.1",
            "255.255.255.254",
            "255.255.255.255",
            "::",
            "::1",
            "::127.0.0.1",
            "::8.8.8.8",
            "::ffff:127.0.0.1",
            "::ffff:8.8.8.8",
            "64:ff9b::7f00:1",
            "64:ff9b::808:808",
            "64:ff9b:1::1",
            "100::1",
            "100:0:0:1::1",
            "2001::1",
            "2001:1ff:ffff::1",
            "2001:db8::1",
            "2002:7f00:1::1",
            "2620:4f:8000::1",
            "3fff::1",
            "5f00::1",
            "fc00::1",
            "fd00::1",
            "fe80::1",
            "febf::1",
            "fec0::1",
            "ff02::1",
        ] {
            assert!(special(ip), "{ip} is special");
        }
    }

    #[test]
    fn public_addresses_of_both_families_pass() {
        for ip in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "100.63.255.255",
            "100.128.0.0",
            "172.15.255.255",
            "172.32.0.0",
            "192.0.1.1",
            "198.17.255.255",
            "198.20.0.0",
            "223.255.255.255",
            "2606:4700::1111",
            "2a00:1450:4001::1",
            "2001:200::1",
            "64:ff9c::1",
            "2003::1",
        ] {
            assert!(!special(ip), "{ip} is public");
        }
    }

    #[test]
    fn literals_are_checked_and_public_ipv6_literals_pass() {
        let url = |u: &str| url::Url::parse(u).expect("url");
        for refused in [
            "http://127.0.0.1/h",
            "http://[::1]:8080/h",
            "http://[::ffff:10.0.0.1]/h",
            "http://0.0.0.0/h",
            "https://[fe80::1]/h",
        ] {
            assert!(super::special_literal(&url(refused)), "{refused}");
        }
        for passed in [
            "https://[2606:4700::1111]/h",
            "http://1.1.1.1/h",
            "https://discord.com/api/webhooks/1",
        ] {
            assert!(!super::special_literal(&url(passed)), "{passed}");
        }
    }

    #[tokio::test]
    async fn a_name_is_refused_when_it_resolves_to_a_special_address() {
        use reqwest::dns::Resolve;
        let name: reqwest::dns::Name = "localhost".parse().expect("name");
        let Err(refused) = super::PublicOnly.resolve(name).await else {
            panic!("localhost resolves to loopback");
        };
        assert!(refused.to_string().contains("local, private or reserved"));
    }

    #[test]
    fn the_machines_own_addresses_are_its_own() {
        assert!(is_own("127.0.0.1".parse().expect("ip")));
        assert!(!is_own("8.8.8.8".parse().expect("ip")));
        assert!(!is_own("2606:4700::1111".parse().expect("ip")));
    }
}
