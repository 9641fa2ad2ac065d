//! API clients generated from the served OpenAPI document with the generators bots use:
//! `openapi-python-client` (imported by Python) and `openapi-typescript` (compiled by `tsc` and
//! run by Node). Each signs up, makes a token, creates a campaign and rolls through the
//! generated code. The generators are installed by `scripts/test`; without them these tests
//! fail, naming the command that installs them.

use crate::common::TestApp;
use std::path::{Path, PathBuf};
use tokio::process::Command;

const INSTALL: &str = "install the test tools with `scripts/test --install-only`";

/// The served document, written into a fresh directory; the server and the directory.
async fn served_document() -> (TestApp, PathBuf) {
    let app = TestApp::spawn().await;
    let text = app
        .api()
        .get(format!("{}/api/v1/openapi.json", app.url))
        .send()
        .await
        .expect("request")
        .text()
        .await
        .expect("body");
    let dir = std::env::temp_dir().join(format!("motti-clients-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    std::fs::write(dir.join("openapi.json"), text).expect("writes the document");
    (app, dir)
}

/// Runs `cmd` in `dir` (without blocking the test's server); panics with what it printed
/// unless it succeeds.
async fn run(cmd: &mut Command, dir: &Path, what: &str) -> String {
    let out = cmd
        .current_dir(dir)
        .output()
        .await
        .unwrap_or_else(|e| panic!("{what} cannot run ({e}): {INSTALL}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{what} failed:\n{text}");
    text
}

const PYTHON_BOT: &str = r#"
import sys
from motti_client import Client, AuthenticatedClient
from motti_client.api.accounts import accounts_create_user, accounts_create
from motti_client.api.campaigns import campaigns_create
from motti_client.api.dice import dice_roll
from motti_client.models import CredentialsIn, TokenRequest, NewCampaign, RollIn, UserOut, TokenOut, CampaignView, RollView

base = sys.argv[1]
anyone = Client(base_url=base, raise_on_unexpected_status=True)
user = accounts_create_user.sync(client=anyone, body=CredentialsIn(username="pybot", password="correct horse battery"))
assert isinstance(user, UserOut), user
token = accounts_create.sync(client=anyone, body=TokenRequest(username="pybot", password="correct horse battery", name="bot"))
assert isinstance(token, TokenOut), token
bot = AuthenticatedClient(base_url=base, token=token.token, raise_on_unexpected_status=True)
campaign = campaigns_create.sync(client=bot, body=NewCampaign(name="Summa by bot", game="talvisota"))
assert isinstance(campaign, CampaignView), campaign
assert campaign.my_role.value == "umpire", campaign.my_role
roll = dice_roll.sync(campaign.id, client=bot, body=RollIn(dice="2d6+1", purpose="a bot's first roll", visibility="public"))
assert isinstance(roll, RollView), roll
assert 3 <= roll.total <= 13, roll.total
from motti_client.api.talvisota import talvisota_view
from motti_client.models import TalvisotaViewUmpire
view = talvisota_view.sync(campaign.id, client=bot)
assert isinstance(view, TalvisotaViewUmpire), view
print(f"rolled {roll.total} in {campaign.name}")
"#;

#[tokio::test]
async fn a_generated_python_client_signs_up_creates_and_rolls() {
    let (app, dir) = served_document().await;
    std::fs::write(
        dir.join("config.yaml"),
        "package_name_override: motti_client\nproject_name_override: motti-client\n",
    )
    .expect("writes the generator's settings");
    let generated = run(
        Command::new("openapi-python-client").args([
            "generate",
            "--path",
            "openapi.json",
            "--config",
            "config.yaml",
            "--meta",
            "none",
            "--output-path",
            "motti_client",
        ]),
        &dir,
        "openapi-python-client generate",
    )
    .await;
    // A schema the generator cannot read is dropped with a warning, and the client's answers of
    // that shape are then untyped: every schema must come through.
    assert!(
        !generated.contains("Unable to"),
        "openapi-python-client dropped part of the document:\n{generated}"
    );
    std::fs::write(dir.join("bot.py"), PYTHON_BOT).expect("writes the bot");
    let said = run(
        Command::new("python3").args(["bot.py", &app.url]),
        &dir,
        "the Python bot",
    )
    .await;
    assert!(
        said.contains("rolled ") && said.contains("in Summa by bot"),
        "{said}"
    );
    let count: i64 = sqlx::query_scalar(
        "select count(*) from rolls r join campaigns c on c.id = r.campaign_id where c.name = 'Summa by bot'",
    )
    .fetch_one(&app.db)
    .await
    .expect("counts the rolls");
    assert_eq!(count, 1, "the bot's roll is stored");
    std::fs::remove_dir_all(&dir).ok();
}

const TS_BOT: &str = r#"
import type { components } from "./api";
type Schemas = components["schemas"];

declare const BASE: string;

async function call<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(BASE + path, { method, headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function main(): Promise<void> {
  const credentials: Schemas["CredentialsIn"] = { username: "tsbot", password: "correct horse battery" };
  const user = await call<Schemas["UserOut"]>("POST", "/api/v1/users", credentials);
  const request: Schemas["TokenRequest"] = { ...credentials, name: "bot" };
  const token = await call<Schemas["TokenOut"]>("POST", "/api/v1/tokens", request);
  const wanted: Schemas["NewCampaign"] = { name: "Taipale by bot", game: "wons" };
  const campaign = await call<Schemas["CampaignView"]>("POST", "/api/v1/campaigns", wanted, token.token);
  const role: Schemas["Role"] = campaign.my_role;
  const rollIn: Schemas["RollIn"] = { dice: "2d6+1", purpose: "a bot's first roll", visibility: "public" };
  const roll = await call<Schemas["RollView"]>("POST", `/api/v1/campaigns/${campaign.id}/rolls`, rollIn, token.token);
  const total: number | null | undefined = roll.total;
  if (role !== "umpire" || total == null || total < 3 || total > 13) {
    throw new Error(`unexpected answer: ${role} ${total}`);
  }
  console.log(`rolled ${total} in ${campaign.name} as ${user.username}`);
}

main().catch((e) => {
  console.error(e);
  throw e;
});
"#;

#[tokio::test]
async fn generated_typescript_types_compile_and_a_node_bot_rolls() {
    let (app, dir) = served_document().await;
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/tools/node_modules/.bin");
    run(
        Command::new(bin.join("openapi-typescript")).args(["openapi.json", "-o", "api.d.ts"]),
        &dir,
        "openapi-typescript",
    )
    .await;
    std::fs::write(
        dir.join("bot.ts"),
        format!("const BASE = {:?};\n{TS_BOT}", app.url)
            .replace("declare const BASE: string;\n", ""),
    )
    .expect("writes the bot");
    run(
        Command::new(bin.join("tsc")).args([
            "--strict",
            "--target",
            "es2022",
            "--module",
            "es2022",
            "--moduleResolution",
            "bundler",
            "--lib",
            "es2022,dom",
            "--outDir",
            "out",
            "bot.ts",
        ]),
        &dir,
        "tsc",
    )
    .await;
    std::fs::write(dir.join("out/package.json"), r#"{"type": "module"}"#)
        .expect("marks ES modules");
    let said = run(Command::new("node").arg("out/bot.js"), &dir, "the Node bot").await;
    assert!(said.contains("in Taipale by bot as tsbot"), "{said}");
    std::fs::remove_dir_all(&dir).ok();
}
