//! The settings through the real binary: `--help` lists every variable with its default and
//! keeps secrets out, a flag wins over its variable, and a wrong value stops start-up with a
//! sentence naming its variable.

use std::process::{Command, Output};

/// Runs `motti` with `args` and `env` (the test's own settings taken away first).
fn motti(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_motti"));
    for (name, _) in std::env::vars() {
        if name == "DATABASE_URL" || name.starts_with("MOTTI_") {
            command.env_remove(name);
        }
    }
    command
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("motti runs")
}

#[test]
fn help_lists_every_variable_with_its_default_and_hides_secrets() {
    let out = motti(
        &["--help"],
        &[
            ("DATABASE_URL", "postgres://motti:sesame@db/motti"),
            ("MOTTI_SMTP_URL", "smtp://mail:hunter2@mail.example.org:587"),
            ("MOTTI_BIND", "0.0.0.0:9000"),
        ],
    );
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for variable in [
        "DATABASE_URL",
        "MOTTI_BIND",
        "MOTTI_DATA_DIR",
        "MOTTI_PUBLIC_URL",
        "MOTTI_AUTH_RATE",
        "MOTTI_TRUSTED_PROXIES",
        "MOTTI_SECURE_COOKIES",
        "MOTTI_REQUEST_TIMEOUT",
        "MOTTI_DB_POOL",
        "MOTTI_READS",
        "MOTTI_SMTP_URL",
        "MOTTI_MAIL_FROM",
        "MOTTI_NOTIFY",
        "MOTTI_NOTIFY_INTERVAL_MS",
        "MOTTI_DIGEST_SECONDS",
        "MOTTI_WEBHOOKS_TO_PRIVATE",
        "RUST_LOG",
    ] {
        assert!(help.contains(variable), "--help names {variable}:\n{help}");
    }
    for default in [
        "[default: 127.0.0.1:8080]",
        "[default: 16]",
        "[default: 86400]",
    ] {
        assert!(help.contains(default), "--help shows {default}:\n{help}");
    }
    assert!(
        help.contains("MOTTI_BIND=0.0.0.0:9000"),
        "a plain value is shown"
    );
    assert!(
        !help.contains("sesame") && !help.contains("hunter2"),
        "{help}"
    );
}

#[test]
fn a_wrong_value_names_its_variable_and_exits_2() {
    let out = motti(&["migrate"], &[("MOTTI_DB_POOL", "0")]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "motti: MOTTI_DB_POOL: 0 connections: give 1 to 1000\n"
    );
    let out = motti(&["--auth-rate=many", "migrate"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "motti: MOTTI_AUTH_RATE: 'many' is not a whole number\n"
    );
    let out = motti(
        &["migrate"],
        &[("DATABASE_URL", "mysql://root:sesame@db/motti")],
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        said,
        "motti: DATABASE_URL: must start with postgres:// or postgresql://\n"
    );
}

#[test]
fn a_flag_wins_over_its_variable() {
    // Were the variable read, its 0 would be refused; the flag's 4 lets `verify` run and say
    // that the file is missing.
    let out = motti(
        &[
            "--db-pool=4",
            "--secure-cookies",
            "verify",
            "/nonexistent/export.json",
        ],
        &[("MOTTI_DB_POOL", "0"), ("MOTTI_BIND", "   ")],
    );
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.starts_with("motti verify: cannot read"), "{said}");
}
