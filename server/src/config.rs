//! Settings, each declared once: its flag, its environment variable, its default and its
//! meaning (`motti --help` lists them all); a wrong value names its variable.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgAction, Args, Command, FromArgMatches};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

/// Everything the server can be configured with. Each setting is read from its flag, else from
/// its environment variable (a variable set to blanks counts as unset), else its default; the
/// text on each field is what `motti --help` says of it.
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Settings (a flag, else its environment variable, else the default)")]
pub struct Config {
    /// PostgreSQL URL; unset: start an embedded cluster under MOTTI_DATA_DIR/pg (as root,
    /// /var/lib/motti/<hash> if user postgres cannot reach it)
    #[arg(long, env = "DATABASE_URL", value_name = "URL", hide_env_values = true, value_parser = postgres_url)]
    pub database_url: Option<String>,
    /// PostgreSQL URL for the connections that keep session state (LISTEN, the dice-tray roll
    /// writer, migrations' lock), when DATABASE_URL goes through a transaction pooler (default:
    /// DATABASE_URL)
    #[arg(long, env = "MOTTI_DIRECT_DATABASE_URL", value_name = "URL", hide_env_values = true, value_parser = postgres_url)]
    pub direct_database_url: Option<String>,
    /// Address:port to listen on
    #[arg(long, env = "MOTTI_BIND", value_name = "ADDR:PORT", default_value = "127.0.0.1:8080", value_parser = socket_addr)]
    pub bind: SocketAddr,
    /// Directory for local data
    #[arg(
        long,
        env = "MOTTI_DATA_DIR",
        value_name = "DIR",
        default_value = "./data"
    )]
    pub data_dir: PathBuf,
    /// The URL people use to reach this server, as in invite links (default http://MOTTI_BIND)
    #[arg(long, env = "MOTTI_PUBLIC_URL", value_name = "URL", default_value = "", hide_default_value = true, value_parser = public_url)]
    pub public_url: String,
    /// Sign-in/sign-up/token attempts per minute per address, and sign-ins per minute per
    /// account (0 = off)
    #[arg(long, env = "MOTTI_AUTH_RATE", value_name = "N", default_value_t = 30, value_parser = whole_number::<u32>)]
    pub auth_rate: u32,
    /// Comma-separated CIDRs of reverse proxies whose X-Forwarded-For names the client (default
    /// none: the peer's address is the client's)
    #[arg(long, env = "MOTTI_TRUSTED_PROXIES", value_name = "CIDRS", default_value = "", hide_default_value = true, value_parser = cidrs)]
    pub trusted_proxies: ::std::vec::Vec<Cidr>,
    /// True behind TLS: cookies get the Secure flag
    #[arg(long, env = "MOTTI_SECURE_COOKIES", value_name = "BOOL", default_value = "false", num_args = 0..=1, require_equals = true, default_missing_value = "true", action = ArgAction::Set, value_parser = yes_or_no)]
    pub secure_cookies: bool,
    /// Seconds before a request is answered 408
    #[arg(long = "request-timeout", env = "MOTTI_REQUEST_TIMEOUT", value_name = "SECONDS", default_value_t = 30, value_parser = timeout_secs)]
    pub request_timeout_secs: u64,
    /// Database connections for requests (one more serves live updates); all busy for 5
    /// seconds: 503 with Retry-After
    #[arg(long, env = "MOTTI_DB_POOL", value_name = "N", default_value_t = DEFAULT_DB_POOL, value_parser = pool_size)]
    pub db_pool: u32,
    /// Pages and views built at once, and for one credential; more wait, and a read waits for
    /// the commands under way, which never wait (default: as many as the cores; 0 = no limit)
    #[arg(long, env = "MOTTI_READS", value_name = "N", default_value_t = default_reads(), hide_default_value = true, value_parser = whole_number::<usize>)]
    pub reads: usize,
    /// Notifications: where mail goes, whether this process sends, how often it looks.
    #[command(flatten)]
    pub notify: NotifyConfig,
}

/// How this process sends notifications.
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Notifications")]
pub struct NotifyConfig {
    /// Mail server for notifications: smtp://host:25, smtps://host:465 or
    /// smtp://user:password@host:587?tls=required (unset: no e-mail)
    #[arg(long, env = "MOTTI_SMTP_URL", value_name = "URL", hide_env_values = true, value_parser = smtp_url)]
    pub smtp_url: Option<String>,
    /// Sender of notification mail
    #[arg(
        long,
        env = "MOTTI_MAIL_FROM",
        value_name = "ADDRESS",
        default_value = "motti@localhost"
    )]
    pub mail_from: String,
    /// False: this process sends no notifications (others do)
    #[arg(long = "notify", env = "MOTTI_NOTIFY", value_name = "BOOL", default_value = "true", num_args = 0..=1, require_equals = true, default_missing_value = "true", action = ArgAction::Set, value_parser = yes_or_no)]
    pub send: bool,
    /// How often the outbox is read, in milliseconds
    #[arg(long = "notify-interval-ms", env = "MOTTI_NOTIFY_INTERVAL_MS", value_name = "MS", default_value_t = 1000, value_parser = interval_ms)]
    pub interval_ms: u64,
    /// How long a digest gathers messages, in seconds (86400: a day)
    #[arg(long = "digest-seconds", env = "MOTTI_DIGEST_SECONDS", value_name = "SECONDS", default_value_t = 86_400, value_parser = whole_number::<u64>)]
    pub digest_secs: u64,
    /// True: webhooks may reach loopback and private addresses
    #[arg(long, env = "MOTTI_WEBHOOKS_TO_PRIVATE", value_name = "BOOL", default_value = "false", num_args = 0..=1, require_equals = true, default_missing_value = "true", action = ArgAction::Set, value_parser = yes_or_no)]
    pub webhooks_to_private: bool,
}

/// The database pool size when `MOTTI_DB_POOL` is not set.
pub const DEFAULT_DB_POOL: u32 = 16;

/// The name of the cookie that carries a browser's session.
pub const SESSION_COOKIE: &str = "motti_session";

/// What `motti --help` says after the settings.
pub const AFTER_HELP: &str = "\
RUST_LOG sets the log filter (default info).";

/// A configuration value that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{variable}: {message}")]
pub struct ConfigError {
    /// The environment variable at fault.
    pub variable: String,
    /// What is wrong with it and what is expected.
    pub message: String,
}

impl Config {
    /// Reads the configuration through `lookup` (a variable's value by its name) instead of the
    /// process environment and the command line, so tests need not touch either.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let named = Config::augment_args(Command::new("motti").no_binary_name(true));
        let given: Vec<String> = named
            .get_arguments()
            .filter_map(|arg| {
                let value = lookup(arg.get_env()?.to_str()?).filter(|v| !v.trim().is_empty())?;
                Some(format!("--{}={value}", arg.get_long()?))
            })
            .collect();
        // Only what `lookup` gives counts: the process's own variables are left out.
        let mut command = named.clone().mut_args(|arg| arg.env(None::<&'static str>));
        let matches = command
            .try_get_matches_from_mut(given)
            .map_err(|e| ConfigError::from_clap(&named, &e))?;
        Config::from_matches(&matches).map_err(|e| ConfigError::from_clap(&named, &e))
    }

    /// The configuration from matches of a command its settings were added to (`Args`): what
    /// a setting's default leans on another setting for is filled in.
    pub fn from_matches(matches: &clap::ArgMatches) -> Result<Config, clap::Error> {
        Config::from_arg_matches(matches).map(Config::completed)
    }

    /// Fills in what a setting's default leans on another setting for; a `Config` parsed by
    /// clap as part of a larger command goes through here before use.
    pub fn completed(mut self) -> Config {
        if self.public_url.is_empty() {
            self.public_url = format!("http://{}", self.bind);
        }
        self
    }
}

/// `command` as it should read the process environment: a setting's variable set to blanks
/// counts as unset, as if it were not there.
pub fn blanks_unset(command: Command) -> Command {
    command.mut_args(|arg| {
        let blank = arg
            .get_env()
            .and_then(std::env::var_os)
            .is_some_and(|value| value.to_str().is_some_and(|v| v.trim().is_empty()));
        if blank {
            arg.env(None::<&'static str>)
        } else {
            arg
        }
    })
}

impl ConfigError {
    /// The variable and the sentence behind clap's refusal of a setting's value; `command` is
    /// the command the settings were added to. `None` when the refusal is not about a setting
    /// (an unknown flag, a request for help).
    pub fn about_setting(command: &Command, error: &clap::Error) -> Option<ConfigError> {
        let Some(ContextValue::String(shown)) = error.get(ContextKind::InvalidArg) else {
            return None;
        };
        // clap shows the argument as `--bind <ADDR:PORT>`.
        let long = shown.strip_prefix("--")?.split([' ', '=', '[']).next()?;
        let arg = command
            .get_arguments()
            .find(|a| a.get_long() == Some(long))?;
        let variable = arg.get_env()?.to_string_lossy().into_owned();
        let message = match (error.kind(), std::error::Error::source(error)) {
            (ErrorKind::ValueValidation, Some(reason)) => reason.to_string(),
            (ErrorKind::InvalidUtf8, _) => "is not valid UTF-8".into(),
            _ => error
                .render()
                .to_string()
                .lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("error: ")
                .to_string(),
        };
        Some(ConfigError { variable, message })
    }

    fn from_clap(command: &Command, error: &clap::Error) -> ConfigError {
        ConfigError::about_setting(command, error).unwrap_or_else(|| ConfigError {
            variable: "the settings".into(),
            message: error.to_string(),
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

fn whole_number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number"))
}

fn postgres_url(text: &str) -> Result<String, String> {
    if text.starts_with("postgres://") || text.starts_with("postgresql://") {
        Ok(text.to_string())
    } else {
        Err("must start with postgres:// or postgresql://".into())
    }
}

fn smtp_url(text: &str) -> Result<String, String> {
    if text.starts_with("smtp://") || text.starts_with("smtps://") {
        Ok(text.to_string())
    } else {
        Err("must start with smtp:// or smtps://".into())
    }
}

fn socket_addr(text: &str) -> Result<SocketAddr, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not an address:port such as 127.0.0.1:8080"))
}

/// Empty stands for unset: `Config::completed` puts `http://` and the bind address there.
fn public_url(text: &str) -> Result<String, String> {
    let url = text.trim_end_matches('/');
    if url.is_empty() || url.starts_with("http://") || url.starts_with("https://") {
        Ok(url.to_string())
    } else {
        Err(format!("'{url}' must start with http:// or https://"))
    }
}

fn cidrs(text: &str) -> Result<Vec<Cidr>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(|c| {
            c.parse().map_err(|()| {
                format!("'{c}' is not an address or CIDR such as 10.0.0.0/8 or fd00::/8")
            })
        })
        .collect()
}

fn yes_or_no(text: &str) -> Result<bool, String> {
    match text {
        "false" | "0" | "no" => Ok(false),
        "true" | "1" | "yes" => Ok(true),
        other => Err(format!("'{other}' is neither true nor false")),
    }
}

fn timeout_secs(text: &str) -> Result<u64, String> {
    match whole_number(text)? {
        0 => Err("must be at least 1 second".into()),
        secs => Ok(secs),
    }
}

fn pool_size(text: &str) -> Result<u32, String> {
    let size = whole_number(text)?;
    if (1..=1000).contains(&size) {
        Ok(size)
    } else {
        Err(format!("{size} connections: give 1 to 1000"))
    }
}

/// Less than 50 milliseconds counts as 50: the outbox is not read more often than that.
fn interval_ms(text: &str) -> Result<u64, String> {
    whole_number(text).map(|ms: u64| ms.max(50))
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
    fn blanks_are_unset_and_flags_read_words() {
        let c = config(&[
            ("MOTTI_BIND", "  "),
            ("DATABASE_URL", ""),
            ("MOTTI_DB_POOL", " "),
        ])
        .expect("blanks are unset");
        assert_eq!(c.bind.to_string(), "127.0.0.1:8080");
        assert!(c.database_url.is_none());
        assert_eq!(c.db_pool, DEFAULT_DB_POOL);
        let c = config(&[
            ("MOTTI_SECURE_COOKIES", "yes"),
            ("MOTTI_NOTIFY", "0"),
            ("MOTTI_NOTIFY_INTERVAL_MS", "10"),
            ("MOTTI_PUBLIC_URL", "https://motti.example.org/"),
            ("MOTTI_READS", " 3 "),
        ])
        .expect("reads");
        assert!(c.secure_cookies && !c.notify.send);
        assert_eq!(
            c.notify.interval_ms, 50,
            "the outbox is not read more often"
        );
        assert_eq!(c.public_url, "https://motti.example.org");
        assert_eq!(c.reads, 3);
        let bind = config(&[("MOTTI_BIND", "0.0.0.0:9000")]).expect("binds");
        assert_eq!(bind.public_url, "http://0.0.0.0:9000");
        let err = config(&[("MOTTI_DB_POOL", "0")]).expect_err("0 connections");
        assert_eq!(
            err.to_string(),
            "MOTTI_DB_POOL: 0 connections: give 1 to 1000"
        );
    }

    /// The README's configuration table is the one a person reads before `--help`: both list
    /// the same variables, with the same defaults where `--help` shows one.
    #[test]
    fn help_and_readme_list_the_same_settings() {
        let command = Config::augment_args(Command::new("motti"));
        let readme = include_str!("../../README.md");
        let section = readme
            .split("\n## Configuration\n")
            .nth(1)
            .and_then(|rest| rest.split("\n## ").next())
            .expect("README has a Configuration section");
        let rows: Vec<(&str, &str)> = section
            .lines()
            .filter_map(|line| {
                let mut cells = line.strip_prefix("| `")?.split(" | ");
                let name = cells.next()?.trim_end_matches('`');
                Some((name, cells.next()?))
            })
            .collect();
        let mut named = vec!["RUST_LOG"];
        for arg in command.get_arguments() {
            let variable = arg.get_env().and_then(|v| v.to_str()).expect("a variable");
            assert!(arg.get_help().is_some(), "{variable} says what it is for");
            let (_, default) = rows
                .iter()
                .find(|(name, _)| *name == variable)
                .unwrap_or_else(|| panic!("README lists {variable}"));
            if let [shown] = arg.get_default_values()
                && !arg.is_hide_default_value_set()
            {
                assert_eq!(
                    *default,
                    format!("`{}`", shown.to_string_lossy()),
                    "{variable}"
                );
            }
            named.push(variable);
        }
        for (name, _) in &rows {
            assert!(named.contains(name), "--help lists {name}");
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
