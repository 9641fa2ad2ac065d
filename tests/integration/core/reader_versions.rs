//! Each reader's version is the one truth about whether what they see changed: every kind of
//! change a reader can see moves their version, and nothing else does. Each reader's pages
//! answer with an `ETag` that moves when the page changed and stays (`304 Not Modified`) when
//! it did not.
//!
//! After every step the test reads, as each of the three readers (Soviet, Finnish, umpire),
//! their pages afresh and asked again with the tag they last got, and checks:
//! - the reader's version moves exactly when something on their pages changed, and for just
//!   the readers the step names;
//! - so their pages' tags move exactly when their pages changed: a page's tag holds the reader's
//!   version and a digest of the page, so it moves when the page changed and when another of
//!   the reader's pages did (one version counts all they see), and never else; an unmoved tag is
//!   answered 304 with no body.

use crate::common::{Sides, TestApp};
use crate::games::assisted::client::DeskTable;
use crate::games::talvisota::client::TalvisotaTable;
use crate::games::wons::client::WonsTable;
use reqwest::StatusCode;
use serde_json::json;
use std::collections::BTreeMap;

/// The readers, by the role their tokens hold.
const ROLES: [&str; 3] = ["soviet", "finnish", "umpire"];

/// A page as a reader last got it.
#[derive(Clone)]
struct Seen {
    tag: String,
    body: String,
}

/// The pages of a campaign its three readers watch, as each last got them, and each reader's
/// version.
struct Watch<'a> {
    sides: &'a Sides,
    /// The paths of the pages (and JSON views) watched.
    pages: Vec<String>,
    seen: BTreeMap<(&'static str, String), Seen>,
    versions: BTreeMap<&'static str, i64>,
}

/// Whether a line of a page is the dice chain's head or roll count: those are everyone's by
/// design (anyone may check the chain at any time) and move with every roll, whoever may read
/// the roll, so they move no reader's version; the page's tag follows them through its digest.
fn public_chain(line: &str) -> bool {
    line.contains("Rolls so far") || line.contains("chain")
}

/// The page with the parts made for this one request masked: none yet (no page carries a form
/// token or the time of the request), and the test fails if two readings of an unchanged
/// campaign differ.
fn masked(body: &str) -> String {
    body.to_owned()
}

impl<'a> Watch<'a> {
    async fn new(sides: &'a Sides, pages: &[String]) -> Watch<'a> {
        let mut watch = Watch {
            sides,
            pages: pages.to_vec(),
            seen: BTreeMap::new(),
            versions: BTreeMap::new(),
        };
        for role in ROLES {
            watch.versions.insert(role, watch.version(role).await);
            for page in pages {
                let (seen, _) = watch.read(role, page, None).await;
                watch.seen.insert((role, page.clone()), seen);
            }
        }
        // Read twice, an unchanged campaign gives the same pages.
        watch.step("nothing", &[]).await;
        watch
    }

    fn token(&self, role: &str) -> &str {
        match role {
            "soviet" => &self.sides.soviet,
            "finnish" => &self.sides.finn,
            _ => &self.sides.umpire,
        }
    }

    /// The version `role` reads, as the campaign's JSON says it.
    async fn version(&self, role: &str) -> i64 {
        let path = format!("/api/v1/campaigns/{}", self.sides.id);
        let (status, body) = self.sides.app.get(&path, Some(self.token(role))).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["version"].as_i64().expect("a version")
    }

    /// `page` as `role` reads it, asked with `If-None-Match: tag` when given: what they see,
    /// and whether it was answered 304.
    async fn read(&self, role: &str, page: &str, tag: Option<&str>) -> (Seen, bool) {
        let mut request = self
            .sides
            .app
            .api()
            .get(format!("{}{page}", self.sides.app.url))
            .bearer_auth(self.token(role));
        if let Some(tag) = tag {
            request = request.header("if-none-match", tag);
        }
        let res = request.send().await.expect("answers");
        let status = res.status();
        assert!(
            status == StatusCode::OK || status == StatusCode::NOT_MODIFIED,
            "{role} {page}: {status}"
        );
        assert_eq!(
            res.headers()["cache-control"],
            "private, no-cache",
            "{role} {page}"
        );
        let tag = res.headers()["etag"]
            .to_str()
            .expect("an ASCII tag")
            .to_owned();
        let body = res.text().await.expect("a body");
        if status == StatusCode::NOT_MODIFIED {
            assert!(body.is_empty(), "a 304 has no body: {body}");
        }
        (
            Seen {
                tag,
                body: masked(&body),
            },
            status == StatusCode::NOT_MODIFIED,
        )
    }

    /// After the step `what`, checks every reader's pages and version: `seeing` names the
    /// readers who see a change.
    async fn step(&mut self, what: &str, seeing: &[&str]) {
        for role in ROLES {
            let mut changed = false;
            let version = self.version(role).await;
            let was = self.versions.insert(role, version).expect("a version");
            for page in self.pages.clone() {
                let key = (role, page.clone());
                let before = self.seen[&key].clone();
                let (again, not_modified) = self.read(role, &page, Some(&before.tag)).await;
                let (now, _) = self.read(role, &page, None).await;
                let moved = now.tag != before.tag;
                let differs = now.body != before.body;
                assert_eq!(
                    moved,
                    differs || version != was,
                    "after {what}, {role}'s {page}: the tag {} although the page {} (version {was} → {version})",
                    if moved { "moved" } else { "stayed" },
                    if differs { "changed" } else { "did not change" },
                );
                assert_eq!(
                    not_modified, !moved,
                    "after {what}, {role}'s {page} asked with its last tag"
                );
                if !not_modified {
                    assert_eq!(again.tag, now.tag, "after {what}, {role}'s {page}");
                }
                let seen_lines = |body: &str| -> Vec<String> {
                    body.lines()
                        .filter(|l| !public_chain(l))
                        .map(str::to_owned)
                        .collect()
                };
                changed |= seen_lines(&now.body) != seen_lines(&before.body);
                self.seen.insert(key, now);
            }
            assert_eq!(
                version != was,
                changed,
                "after {what}, {role}'s version {was} → {version}, although their pages {}",
                if changed { "changed" } else { "did not change" },
            );
            assert_eq!(
                changed,
                seeing.contains(&role),
                "after {what}, {role} {} a change",
                if changed { "sees" } else { "does not see" },
            );
        }
    }
}

/// The pages of campaign `id` a reader of game page `game` watches: the campaign's page and its
/// game's.
fn pages(id: &str, game: &[&str]) -> Vec<String> {
    let mut pages = vec![format!("/campaigns/{id}")];
    pages.extend(game.iter().map(|tail| format!("/campaigns/{id}/{tail}")));
    pages
}

/// A call that must succeed.
fn ok(what: &str, (status, body): (StatusCode, serde_json::Value)) {
    assert!(status.is_success(), "{what}: {status} {body}");
}

#[tokio::test]
async fn every_change_a_reader_sees_moves_their_version_and_their_pages_tags_and_nothing_else_does()
{
    let c = WonsTable::contact().await;
    let app = &c.app;
    let id = c.id.clone();
    let mut w = Watch::new(&c, &pages(&id, &["wons"])).await;
    let everyone = ROLES.as_slice();

    // Orders are the side's secret: the umpire reads them.
    ok(
        "order",
        c.order(
            &c.soviet,
            "sov-1",
            json!({"action": "attack", "table": "red"}),
        )
        .await,
    );
    w.step("a Soviet order", &["soviet", "umpire"]).await;
    ok(
        "order",
        c.order(&c.soviet, "sov-2", json!({"action": "defend"}))
            .await,
    );
    w.step("another Soviet order", &["soviet", "umpire"]).await;
    // A ready mark is everyone's (the campaign page says whom the game waits for); the second
    // resolves the Hour, and the Soviet attack opens a battle.
    ok("ready", c.ready(&c.soviet).await);
    w.step("the Soviet ready mark", everyone).await;
    ok("ready", c.ready(&c.finn).await);
    w.step("the ready mark that resolves the Hour", everyone)
        .await;

    // A deadline set by the umpire, passed and dropped by the server (a battle waits for its
    // result, so nothing can be played by default).
    let at = (time::OffsetDateTime::now_utc() + time::Duration::hours(5))
        .format(&time::format_description::well_known::Rfc3339)
        .expect("a time");
    ok(
        "deadline",
        app.put(
            &format!("/api/v1/campaigns/{id}/deadline"),
            Some(&c.umpire),
            json!({ "at": at }),
        )
        .await,
    );
    w.step("a deadline set", everyone).await;
    passed(app, &id).await;
    w.step("a passed deadline dropped", everyone).await;

    // The battle's result.
    ok(
        "result",
        c.result(1, json!({"winner": "finnish", "turns": 5})).await,
    );
    w.step("a battle's result", everyone).await;

    // The umpire's correction of a Finnish platoon: both sides read that there was one.
    ok(
        "correction",
        c.post(
            &c.umpire,
            "corrections",
            json!({"path": "/platoons/fin-1/fatigue", "value": 3, "reason": "frostbite"}),
        )
        .await,
    );
    w.step("an umpire's correction", everyone).await;

    // The clock stopped and started again.
    for what in ["pause", "resume"] {
        ok(
            what,
            app.post(
                &format!("/api/v1/campaigns/{id}/{what}"),
                Some(&c.umpire),
                json!({}),
            )
            .await,
        );
        w.step(what, everyone).await;
    }

    // Table talk is read on the talk page, not on these: nobody's version moves.
    for (channel, token) in [("soviet", &c.soviet), ("public", &c.finn)] {
        ok(
            "talk",
            app.post(
                &format!("/api/v1/campaigns/{id}/talk/{channel}"),
                Some(token),
                json!({"body": "Tea at the dugout."}),
            )
            .await,
        );
        w.step(&format!("a message in {channel}"), &[]).await;
    }
    someone_joins_by_an_invite_and_is_removed(&c, app, &mut w, everyone, &id).await;
}

/// Someone joins by an invite and is removed: every campaign page lists who takes part. The
/// invite itself is on the umpire's page only.
async fn someone_joins_by_an_invite_and_is_removed(
    c: &WonsTable,
    app: &TestApp,
    w: &mut Watch<'_>,
    everyone: &[&str],
    id: &str,
) {
    let (helper, helper_token) = app.user("second").await;
    let (status, invite) = app
        .post(
            &format!("/api/v1/campaigns/{id}/invites"),
            Some(&c.umpire),
            json!({"role": "umpire"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{invite}");
    w.step("an invite made", &["umpire"]).await;
    let code = invite["code"].as_str().expect("code");
    ok(
        "accept",
        app.post(
            &format!("/api/v1/invites/{code}/accept"),
            Some(&helper_token),
            json!({}),
        )
        .await,
    );
    w.step("an invite accepted", everyone).await;
    let (status, body) = app
        .delete(
            &format!("/api/v1/campaigns/{id}/participants/{helper}"),
            Some(&c.umpire),
        )
        .await;
    assert!(status.is_success(), "{status} {body}");
    w.step("a participant removed", everyone).await;
}

/// The campaign's deadline passes (a minute ago) and the server acts on it.
async fn passed(app: &TestApp, id: &str) {
    sqlx::query(
        "update campaigns set orders_deadline = date_trunc('second', now()) - interval '1 minute' \
         where id = $1::uuid",
    )
    .bind(id)
    .execute(&app.db)
    .await
    .expect("sets the deadline");
    motti::games::registry::act_on_deadlines(&app.another_process().await)
        .await
        .expect("acts");
}

#[tokio::test]
async fn a_talvisota_command_moves_the_versions_of_those_who_see_it() {
    let t = TalvisotaTable::new(None).await;
    let mut w = Watch::new(&t, &pages(&t.id, &["talvisota"])).await;
    t.ok(&t.umpire, "advance", json!({})).await;
    w.step("the umpire's advance", &ROLES).await;
}

#[tokio::test]
async fn an_assisted_game_command_moves_the_versions_of_those_who_see_it() {
    let t = DeskTable::new("a_winter_war", None).await;
    let mut pages = pages(&t.id, &["table"]);
    pages.push(format!("/api/v1/campaigns/{}/table", t.id));
    let mut w = Watch::new(&t, &pages).await;
    t.advance(&t.umpire).await;
    w.step("the umpire's advance", &ROLES).await;
}
