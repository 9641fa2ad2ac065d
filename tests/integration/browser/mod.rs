//! The browser suite: real headless Chromium (through chromedriver) against a running server.

mod assisted;
mod board_play;
mod live;
mod pack_library;
mod replay;
mod sealed_bid;
mod talvisota;
mod tour;
mod umpire_pages;
mod verify;
mod wons;
mod wons_battle;
mod zones;

use crate::common::TestApp;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A chromedriver process, killed when dropped.
pub struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts chromedriver, or says loudly why the browser suite cannot run (and fails in CI).
pub async fn driver() -> Option<Driver> {
    driver_in_zone(None).await
}

/// As `driver`, with the browser's clock in time zone `zone` (such as `Asia/Tokyo`).
pub async fn driver_in_zone(zone: Option<&str>) -> Option<Driver> {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        let message = "BROWSER SUITE DID NOT RUN: Chromium or chromedriver is missing. \
            Install them with: apt-get install chromium chromium-driver";
        assert!(std::env::var_os("CI").is_none(), "{message}");
        eprintln!("\n*** {message} ***\n");
        return None;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut command = Command::new(CHROMEDRIVER);
    if let Some(zone) = zone {
        command.env("TZ", zone);
    }
    let child = command
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return Some(driver);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not start listening");
}

/// A fresh desktop-sized browser window with its own profile (its own cookies).
pub async fn browser(driver: &Driver) -> Client {
    sized_browser(driver, 1100, 1300).await
}

/// A fresh browser window of the given size (phones: 390 × 844, emulated below 500 px), with its
/// own profile.
pub async fn sized_browser(driver: &Driver, width: u32, height: u32) -> Client {
    browser_with(driver, width, height, &[]).await
}

/// A fresh desktop-sized browser window with no network at all: every address, the loopback's
/// included, goes to a proxy that is not there. For pages that must open on their own.
pub async fn offline_browser(driver: &Driver) -> Client {
    let offline = [
        "--proxy-server=127.0.0.1:9",
        "--proxy-bypass-list=<-loopback>",
    ];
    browser_with(driver, 1100, 1300, &offline).await
}

/// A fresh browser window of the given size with Chromium's `extra` arguments.
async fn browser_with(driver: &Driver, width: u32, height: u32, extra: &[&str]) -> Client {
    let profile =
        std::env::temp_dir().join(format!("motti-chromium-{}", uuid::Uuid::new_v4().simple()));
    let mut caps = serde_json::json!({
        "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-quic", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", format!("--window-size={width},{height}"),
                     format!("--user-data-dir={}", profile.display())]
        }
    });
    if let Some(args) = caps["goog:chromeOptions"]["args"].as_array_mut() {
        args.extend(extra.iter().map(|a| serde_json::json!(a)));
    }
    // Chromium keeps a window at least 500 px wide; a phone's width is emulated.
    if width < 500 {
        caps["goog:chromeOptions"]["mobileEmulation"] = serde_json::json!({
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0, "touch": true}
        });
    }
    let caps = caps.as_object().expect("an object").clone();
    // On a loaded machine Chromium may not come up in the time chromedriver gives it
    // ("session not created"): that is the machine, not the page, so it is tried again.
    let mut tries = 0;
    loop {
        match ClientBuilder::new(HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&driver.url)
            .await
        {
            Ok(client) => return client,
            Err(e) if tries < 2 => {
                tries += 1;
                eprintln!("a Chromium session did not start ({e}); trying again");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(e) => panic!("a Chromium session: {e}"),
        }
    }
}

pub async fn fill(b: &Client, id: &str, value: &str) {
    let field = b
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|_| panic!("field #{id}"));
    field.clear().await.ok();
    field.send_keys(value).await.expect("types");
}

pub async fn click(b: &Client, id: &str) {
    b.find(Locator::Id(id))
        .await
        .unwrap_or_else(|_| panic!("#{id}"))
        .click()
        .await
        .expect("clicks");
}

async fn sign_up(b: &Client, app: &TestApp, name: &str) {
    b.goto(&format!("{}/signup", app.url))
        .await
        .expect("opens sign-up");
    fill(b, "username", name).await;
    fill(b, "password", "correct horse battery").await;
    click(b, "submit").await;
    b.wait()
        .for_element(Locator::Css(".who"))
        .await
        .expect("signed in");
}

#[tokio::test]
async fn sign_up_create_campaign_invite_and_join() {
    let Some(driver) = driver().await else { return };
    let app = TestApp::spawn().await;
    let umpire = browser(&driver).await;
    sign_up(&umpire, &app, "umpire").await;
    fill(&umpire, "name", "Battle of Taipale").await;
    click(&umpire, "create-campaign").await;
    let role = umpire
        .wait()
        .for_element(Locator::Id("my-role"))
        .await
        .expect("campaign page");
    assert_eq!(role.text().await.expect("text"), "umpire");

    // The umpire makes a Finnish invite link.
    umpire
        .find(Locator::Css("#invite-role option[value=finnish]"))
        .await
        .expect("finnish option")
        .click()
        .await
        .expect("selects");
    click(&umpire, "make-invite").await;
    let link = umpire
        .wait()
        .for_element(Locator::Id("invite-link"))
        .await
        .expect("an invite link");
    let invite_url = link.attr("href").await.expect("href").expect("a link");

    // A second person, in a browser of their own, opens it before having an account: the page
    // says which campaign and role, and signing up comes straight back to it.
    let finn = browser(&driver).await;
    finn.goto(&invite_url).await.expect("opens the invite");
    let offer = finn
        .wait()
        .for_element(Locator::Id("invite-role"))
        .await
        .expect("the invite says what it is for")
        .text()
        .await
        .expect("text");
    assert!(offer.contains("the Finnish player"), "{offer}");
    assert!(
        finn.source()
            .await
            .expect("html")
            .contains("Battle of Taipale")
    );
    click(&finn, "signup-to-join").await;
    finn.wait()
        .for_element(Locator::Id("username"))
        .await
        .expect("sign-up form");
    fill(&finn, "username", "siilasvuo").await;
    fill(&finn, "password", "correct horse battery").await;
    click(&finn, "submit").await;
    finn.wait()
        .for_element(Locator::Id("accept-invite"))
        .await
        .expect("back on the invite, signed in");
    click(&finn, "accept-invite").await;
    let role = finn
        .wait()
        .for_element(Locator::Id("my-role"))
        .await
        .expect("campaign page");
    assert_eq!(role.text().await.expect("text"), "finnish");
    let source = finn.source().await.expect("html");
    assert!(source.contains("siilasvuo") && source.contains("umpire"));

    // The umpire's page now lists the Finn; keep a screenshot for the README.
    umpire.refresh().await.expect("reloads");
    umpire
        .wait()
        .for_element(Locator::Id("my-role"))
        .await
        .expect("campaign page");
    let png = umpire.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join("campaign.png"), png).expect("writes the screenshot");

    umpire.close().await.ok();
    finn.close().await.ok();
}

#[tokio::test]
async fn sign_up_errors_are_read_next_to_the_field() {
    let Some(driver) = driver().await else { return };
    let app = TestApp::spawn().await;
    let b = browser(&driver).await;
    b.goto(&format!("{}/signup", app.url)).await.expect("opens");
    fill(&b, "username", "OK").await;
    fill(&b, "password", "short").await;
    click(&b, "submit").await;
    let error = b
        .wait()
        .for_element(Locator::Id("username-error"))
        .await
        .expect("an error by the field");
    assert!(error.text().await.expect("text").contains("3 to 32"));
    let described = b
        .find(Locator::Id("username"))
        .await
        .expect("field")
        .attr("aria-describedby")
        .await
        .expect("attr");
    assert_eq!(described.as_deref(), Some("username-error"));
    b.close().await.ok();
}

/// Signs in a user the API created with the harness's password.
pub async fn sign_in(b: &Client, app: &TestApp, name: &str) {
    b.goto(&format!("{}/signin", app.url))
        .await
        .expect("opens sign-in");
    fill(b, "username", name).await;
    fill(b, "password", "correct horse battery").await;
    click(b, "submit").await;
    b.wait()
        .for_element(Locator::Css(".who"))
        .await
        .expect("signed in");
}
