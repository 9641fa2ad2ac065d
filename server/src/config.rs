//! Settings read from environment variables; a wrong value names its variable.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

/// Everything the server can be configured with.
#[derive(Clone, Debug)]
pub struct Config {
    /// `DATABASE_URL`: the PostgreSQL to use; without it an embedded cluster is started.
    pub database_url: Option<String>,
    /// `MOTTI_BIND`: the address and port to listen on.
    pub bind: SocketAddr,
    /// `MOTTI_DATA_DIR`: where the embedded PostgreSQL keeps its files.
    pub data_dir: PathBuf,
    /// `MOTTI_AUTH_RATE`: sign-in, sign-up and token attempts per minute per client address, and
    /// sign-in attempts per minute per account; 0 is unlimited.
    pub auth_rate: u32,
    /// `MOTTI_TRUSTED_PROXIES`: the proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<Cidr>,
    /// `MOTTI_SECURE_COOKIES`: mark cookies `Secure` (set when served behind TLS).
    pub secure_cookies: bool,
    /// `MOTTI_PUBLIC_URL`: the address people reach the server at, used in invite links.
    pub public_url: String,
    /// `MOTTI_REQUEST_TIMEOUT`: seconds a request may take before it is answered 408.
    pub request_timeout_secs: u64,
    /// `MOTTI_DB_POOL`: how many database connections requests may use at once.
    pub db_pool: u32,
    /// `MOTTI_READS`: how many pages and views are built at once (0: no limit).
    pub reads: usize,
    /// Notifications: where mail goes, whether this process sends, how often it looks.
    pub notify: NotifyConfig,
}

/// How this process sends notifications.
#[derive(Clone, Debug)]
pub struct NotifyConfig {
    /// `MOTTI_SMTP_URL`: the mail server (`smtp://host:25`, `smtp://user:pass@host:587?tls=required`,
    /// `smtps://host:465`); unset: e-mail cannot be sent and says so.
    pub smtp_url: Option<String>,
    /// `MOTTI_MAIL_FROM`: the sender of notification mail.
    pub mail_from: String,
    /// `MOTTI_NOTIFY`: `false` keeps this process from sending (others still do); default true.
    pub send: bool,
    /// `MOTTI_NOTIFY_INTERVAL_MS`: how often the outbox is looked at, in milliseconds.
    pub interval_ms: u64,
    /// `MOTTI_DIGEST_SECONDS`: how long a daily digest gathers messages (default a day).
    pub digest_secs: u64,
    /// `MOTTI_WEBHOOKS_TO_PRIVATE`: allow webhooks to loopback and private addresses.
    pub webhooks_to_private: bool,
}

/// The database pool size when `MOTTI_DB_POOL` is not set.
pub const DEFAULT_DB_POOL: u32 = 16;

/// A configuration value that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{variable}: {message}")]
pub struct ConfigError {
    /// The environment variable at fault.
    pub variable: &'static str,
    /// What is wrong with it and what is expected.
    pub message: String,
}

/// The variables, their defaults and meaning, as shown by `--help` and the README.
pub const VARIABLES: &str = "\
Environment variables:
  DATABASE_URL           PostgreSQL URL; unset: start an embedded cluster under MOTTI_DATA_DIR/pg
                         (as root, /var/lib/motti/<hash> if user postgres cannot reach it)
  MOTTI_BIND             address:port to listen on (default 127.0.0.1:8080)
  MOTTI_DATA_DIR         directory for local data (default ./data)
  MOTTI_PUBLIC_URL       the URL people use to reach this server (default http://MOTTI_BIND)
  MOTTI_AUTH_RATE        sign-in/sign-up/token attempts per minute per address, and sign-ins
                         per minute per account (default 30, 0 = off)
  MOTTI_TRUSTED_PROXIES  comma-separated CIDRs of reverse proxies whose X-Forwarded-For names
                         the client (default none: the peer's address is the client's)
  MOTTI_SECURE_COOKIES   true behind TLS: cookies get the Secure flag (default false)
  MOTTI_REQUEST_TIMEOUT  seconds before a request is answered 408 (default 30)
  MOTTI_DB_POOL          database connections for requests (default 16, one more serves live
                         updates); all busy for 5 seconds: 503 with Retry-After
  MOTTI_READS            pages and views built at once; more wait, commands never do
                         (default: as many as the cores; 0 = no limit)
  MOTTI_SMTP_URL         mail server for notifications: smtp://host:25, smtps://host:465 or
                         smtp://user:password@host:587?tls=required (unset: no e-mail)
  MOTTI_MAIL_FROM        sender of notification mail (default motti@localhost)
  MOTTI_NOTIFY           false: this process sends no notifications (others do; default true)
  MOTTI_NOTIFY_INTERVAL_MS  how often the outbox is read, in milliseconds (default 1000)
  MOTTI_DIGEST_SECONDS   how long a digest gathers messages (default 86400, a day)
  MOTTI_WEBHOOKS_TO_PRIVATE  true: webhooks may reach loopback and private addresses (default false)
  RUST_LOG               log filter (default info)";

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the configuration through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let get = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
        let database_url = get("DATABASE_URL");
        if let Some(url) = &database_url
            && !(url.starts_with("postgres://") || url.starts_with("postgresql://"))
        {
            return Err(ConfigError {
                variable: "DATABASE_URL",
                message: "must start with postgres:// or postgresql://".into(),
            });
        }
        let bind_text = get("MOTTI_BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let bind: SocketAddr = bind_text.parse().map_err(|_| ConfigError {
            variable: "MOTTI_BIND",
            message: format!("'{bind_text}' is not an address:port such as 127.0.0.1:8080"),
        })?;
        let data_dir = PathBuf::from(get("MOTTI_DATA_DIR").unwrap_or_else(|| "./data".into()));
        let auth_rate = parse_number(get("MOTTI_AUTH_RATE"), "MOTTI_AUTH_RATE", 30)?;
        let trusted_proxies = get("MOTTI_TRUSTED_PROXIES")
            .map(|text| {
                text.split(',')
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(|c| {
                        c.parse().map_err(|()| ConfigError {
                            variable: "MOTTI_TRUSTED_PROXIES",
                            message: format!(
                                "'{c}' is not an address or CIDR such as 10.0.0.0/8 or fd00::/8"
                            ),
                        })
                    })
                    .collect::<Result<Vec<Cidr>, _>>()
            })
            .transpose()?
            .unwrap_or_default();
        let request_timeout_secs =
            parse_number(get("MOTTI_REQUEST_TIMEOUT"), "MOTTI_REQUEST_TIMEOUT", 30)?;
        if request_timeout_secs == 0 {
            return Err(ConfigError {
                variable: "MOTTI_REQUEST_TIMEOUT",
                message: "must be at least 1 second".into(),
            });
        }
        let db_pool = parse_number(get("MOTTI_DB_POOL"), "MOTTI_DB_POOL", DEFAULT_DB_POOL)?;
        if !(1..=1000).contains(&db_pool) {
            return Err(ConfigError {
                variable: "MOTTI_DB_POOL",
                message: format!("{db_pool} connections: give 1 to 1000"),
            });
        }
        let reads = parse_number(get("MOTTI_READS"), "MOTTI_READS", default_reads())?;
        let secure_cookies = match get("MOTTI_SECURE_COOKIES").as_deref() {
            None | Some("false") | Some("0") | Some("no") => false,
            Some("true") | Some("1") | Some("yes") => true,
            Some(other) => {
                return Err(ConfigError {
                    variable: "MOTTI_SECURE_COOKIES",
                    message: format!("'{other}' is neither true nor false"),
                });
            }
        };
        let public_url = get("MOTTI_PUBLIC_URL")
            .unwrap_or_else(|| format!("http://{bind}"))
            .trim_end_matches('/')
            .to_string();
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            return Err(ConfigError {
                variable: "MOTTI_PUBLIC_URL",
                message: format!("'{public_url}' must start with http:// or https://"),
            });
        }
        let flag = |variable: &'static str, default: bool| match get(variable).as_deref() {
            None => Ok(default),
            Some("false") | Some("0") | Some("no") => Ok(false),
            Some("true") | Some("1") | Some("yes") => Ok(true),
            Some(other) => Err(ConfigError {
                variable,
                message: format!("'{other}' is neither true nor false"),
            }),
        };
        let smtp_url = get("MOTTI_SMTP_URL");
        if let Some(url) = &smtp_url
            && !(url.starts_with("smtp://") || url.starts_with("smtps://"))
        {
            return Err(ConfigError {
                variable: "MOTTI_SMTP_URL",
                message: "must start with smtp:// or smtps://".into(),
            });
        }
        let notify = NotifyConfig {
            smtp_url,
            mail_from: get("MOTTI_MAIL_FROM").unwrap_or_else(|| "motti@localhost".into()),
            send: flag("MOTTI_NOTIFY", true)?,
            interval_ms: parse_number(
                get("MOTTI_NOTIFY_INTERVAL_MS"),
                "MOTTI_NOTIFY_INTERVAL_MS",
                1000,
            )?
            .max(50),
            digest_secs: parse_number(get("MOTTI_DIGEST_SECONDS"), "MOTTI_DIGEST_SECONDS", 86_400)?,
            webhooks_to_private: flag("MOTTI_WEBHOOKS_TO_PRIVATE", false)?,
        };
        Ok(Config {
            notify,
            database_url,
            bind,
            data_dir,
            auth_rate,
            trusted_proxies,
            secure_cookies,
            public_url,
            request_timeout_secs,
            db_pool,
            reads,
        })
    }
}

/// Pages and views built at once when `MOTTI_READS` is not set: as many as the machine has
/// cores, so a crowd of readers leaves room for the players' commands (see BENCHMARKS.md).
pub fn default_reads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// A block of addresses: an address and how many of its leading bits the block shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    net: IpAddr,
    bits: u8,
}

impl Cidr {
    /// Whether `ip` is in the block (an IPv4-mapped IPv6 address counts as its IPv4 address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        match (self.net, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.bits)).unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.bits))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl std::str::FromStr for Cidr {
    type Err = ();
    /// `10.0.0.0/8`, `fd00::/8`, or one address (`192.0.2.1`: the block of that address).
    fn from_str(text: &str) -> Result<Cidr, ()> {
        let (addr, bits) = text
            .split_once('/')
            .map_or((text, None), |(a, b)| (a, Some(b)));
        let net: IpAddr = addr.trim().parse().map_err(drop)?;
        let most = if net.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            Some(b) => b.trim().parse::<u8>().map_err(drop)?,
            None => most,
        };
        if bits > most {
            return Err(());
        }
        Ok(Cidr { net, bits })
    }
}

fn parse_number<T: std::str::FromStr>(
    value: Option<String>,
    variable: &'static str,
    default: T,
) -> Result<T, ConfigError> {
    match value {
        None => Ok(default),
        Some(text) => text.trim().parse().map_err(|_| ConfigError {
            variable,
            message: format!("'{text}' is not a whole number"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_serve_on_localhost_8080() {
        let c = config(&[]).expect("defaults are valid");
        assert_eq!(c.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(c.auth_rate, 30);
        assert!(c.database_url.is_none());
        assert_eq!(c.public_url, "http://127.0.0.1:8080");
        assert_eq!(c.db_pool, DEFAULT_DB_POOL);
        assert_eq!(config(&[("MOTTI_DB_POOL", "4")]).expect("4").db_pool, 4);
        assert_eq!(c.reads, default_reads());
        assert!(c.reads >= 1);
        assert_eq!(config(&[("MOTTI_READS", "0")]).expect("0").reads, 0);
    }

    #[test]
    fn wrong_values_name_their_variable() {
        for (name, value) in [
            ("MOTTI_BIND", "localhost"),
            ("MOTTI_AUTH_RATE", "many"),
            ("DATABASE_URL", "mysql://x"),
            ("MOTTI_SECURE_COOKIES", "perhaps"),
            ("MOTTI_PUBLIC_URL", "example.org"),
            ("MOTTI_REQUEST_TIMEOUT", "0"),
            ("MOTTI_DB_POOL", "0"),
            ("MOTTI_DB_POOL", "lots"),
            ("MOTTI_READS", "-1"),
            ("MOTTI_TRUSTED_PROXIES", "10.0.0.0/33"),
            ("MOTTI_TRUSTED_PROXIES", "proxy.example.org"),
        ] {
            let err = config(&[(name, value)]).expect_err(name);
            assert_eq!(err.variable, name);
            assert!(err.to_string().starts_with(name));
        }
    }

    #[test]
    fn trusted_proxies_read_as_blocks() {
        let c =
            config(&[("MOTTI_TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.7,fd00::/8")]).expect("reads");
        let inside = |ip: &str| {
            let ip: IpAddr = ip.parse().expect("ip");
            c.trusted_proxies.iter().any(|p| p.contains(ip))
        };
        assert!(inside("10.200.3.4") && inside("192.0.2.7") && inside("fd12::1"));
        assert!(inside("::ffff:10.0.0.1"));
        assert!(!inside("11.0.0.1") && !inside("192.0.2.8") && !inside("fe80::1"));
        assert!(config(&[]).expect("defaults").trusted_proxies.is_empty());
    }
}
