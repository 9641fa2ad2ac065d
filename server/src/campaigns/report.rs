//! The after-action report: a campaign's story on one page, for the umpire at any time and for
//! everyone once the campaign has ended (when every die is revealed and every view opens). The
//! board at the start, after battles, where the initiative changed hands and at the end (from
//! the replay's steps, at most `BOARDS` of them), each battle on a card with its sides, result,
//! casualties and heroes when the game tells its battles (`Game::battles`; else the log's battle
//! entries), the decisive numbers, the tracks over the campaign, and the dice against what fair
//! dice give (a histogram per audience with its chi-square). It prints, and downloads as one
//! HTML file with its style inside and no scripts.

use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::db;
use crate::games::{BattleStory, registry};
use crate::state::AppState;
use crate::tray::view::{CHI_SQUARE_5_PERCENT, chi_square, d6_histogram_of};
use crate::web::CampaignAccess;
use crate::web::pages::{Due, Nav, render};
use askama::Template;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;

/// At most this many battles get a board of their own.
const BATTLE_BOARDS: usize = 8;
/// At most this many boards in all: the start, the end, after battles, and where the
/// initiative changed hands while there is room.
const BOARDS: usize = 12;
/// At most this many battles are told in full (the newest), each on a card.
const STORIES: usize = 100;
/// At most this many battles are told.
const BATTLES: i64 = 200;
/// At most about this many steps are read for the tracks' charts (every k-th step).
const TRACK_POINTS: i32 = 100;
/// At most this many tracks are charted.
const TRACKS: usize = 60;

/// The board at a moment of the story.
pub struct Moment {
    /// What happened then ("The start", "After battle …", "The initiative passed …", "The
    /// end"): the first is its heading, the others are told under it.
    pub titles: Vec<String>,
    /// The step's turn or Hour.
    pub turn: String,
    /// The board, drawn.
    pub svg: String,
}

/// One audience's dice against a fair die.
pub struct Dice {
    /// Whose rolls.
    pub title: &'static str,
    /// The histogram.
    pub svg: String,
    /// The chi-square in words.
    pub verdict: String,
}

/// What the report says.
pub struct Report {
    pub campaign_id: uuid::Uuid,
    pub name: String,
    pub game: &'static str,
    pub started: Due,
    pub finished: bool,
    pub now: String,
    pub numbers: Vec<(String, String)>,
    pub moments: Vec<Moment>,
    /// The battles told in full, oldest first, when the game tells them (`Game::battles`).
    pub stories: Vec<BattleStory>,
    /// The log's battle entries, told when the game tells no battle in full.
    pub battles: Vec<String>,
    pub last_words: Vec<String>,
    pub dice: Vec<Dice>,
    /// What the tracks' charts follow ("fatigue"), if the game has tracks.
    pub tracked: Option<&'static str>,
    /// One small chart per track, over the campaign.
    pub tracks: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::standing_alone;

    #[test]
    fn a_board_stands_alone_with_its_own_ids_and_no_links_to_absent_cards() {
        let board = r##"<svg id="ladder-wide" aria-labelledby="ladder-wide-title ladder-wide-desc"><title id="ladder-wide-title">Hour 1</title><a href="#platoon-sov-1"><rect fill="#9b1c1c"/><text>1st Rifle Platoon</text></a><a href="https://example.org">kept</a></svg>"##;
        assert_eq!(
            standing_alone(board, "moment-3-"),
            r##"<svg id="moment-3-ladder-wide" aria-labelledby="moment-3-ladder-wide-title moment-3-ladder-wide-desc"><title id="moment-3-ladder-wide-title">Hour 1</title><g><rect fill="#9b1c1c"/><text>1st Rifle Platoon</text></g><a href="https://example.org">kept</a></svg>"##
        );
    }
}

#[derive(Template)]
#[template(path = "core/campaigns/report.html")]
struct ReportPage {
    nav: Nav,
    r: Report,
}

#[derive(Template)]
#[template(path = "core/campaigns/report_file.html")]
struct ReportFile {
    css: &'static str,
    r: Report,
}

/// `?download=1` answers the report as a file.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReportQuery {
    download: Option<String>,
}

/// The chi-square of `faces` in words.
fn verdict(faces: [i64; 6]) -> String {
    match chi_square(faces) {
        None => "No d6 rolled.".into(),
        Some(chi) => format!(
            "Chi-square {chi:.2} over {} rolls (five degrees of freedom): {}.",
            faces.iter().sum::<i64>(),
            if chi > CHI_SQUARE_5_PERCENT {
                format!("above {CHI_SQUARE_5_PERCENT}, which a fair die exceeds one time in twenty")
            } else {
                format!(
                    "within what a fair die gives nineteen times in twenty ({CHI_SQUARE_5_PERCENT})"
                )
            }
        ),
    }
}

async fn report(state: &AppState, access: &CampaignAccess) -> Result<Report, AppError> {
    let campaign = &access.membership.campaign;
    let finished = campaign.is_finished();
    if !(finished || access.umpire_powers()) {
        return Err(AppError::forbidden(
            "The after-action report opens to the players when the campaign ends; the umpire may read it at any time.",
        ));
    }
    let id = access.id();
    let module = registry::module(state, access.game()).ok_or_else(AppError::not_found)?;
    let steps = db::steps::count(&state.db, id).await?;
    let battles = db::game::public_of_kind(&state.db, id, "battle", BATTLES).await?;
    let stories = module
        .battles(&state.db, &state.caches.states, id, STORIES)
        .await?;
    let read = read_steps(module, state, id, steps).await?;
    let moments = moments(state, module, id, steps, finished, &battles, &read).await?;
    let mut by_scope = std::collections::BTreeMap::<String, [i64; 6]>::new();
    for (_, scope, face, count) in db::dice::face_counts(&state.db, id).await? {
        if (1..=6).contains(&face) {
            by_scope.entry(scope).or_default()[face as usize - 1] += count;
        }
    }
    let mut dice = Vec::new();
    let mut all = [0i64; 6];
    for (scope, title) in [
        ("public", "Rolls everyone saw"),
        ("soviet", "The Soviet side's own rolls"),
        ("finnish", "The Finnish side's own rolls"),
        ("umpire", "The umpire's own rolls"),
    ] {
        let Some(faces) = by_scope.get(scope).copied() else {
            continue;
        };
        for (a, f) in all.iter_mut().zip(faces) {
            *a += f;
        }
        dice.push(Dice {
            title,
            svg: d6_histogram_of(faces, &format!("dice-{scope}"), title),
            verdict: verdict(faces),
        });
    }
    if dice.len() > 1 {
        dice.insert(
            0,
            Dice {
                title: "Every d6 of the campaign",
                svg: d6_histogram_of(all, "dice-all", "Every d6 of the campaign"),
                verdict: verdict(all),
            },
        );
    }
    let rolls: i64 = db::dice_epochs::roll_counts(&state.db, id)
        .await?
        .iter()
        .map(|(_, _, count)| *count)
        .sum();
    let last_words = db::game::events_for(&state.db, id, Role::Umpire, i64::MAX, 5)
        .await?
        .into_iter()
        .map(|e| format!("{}: {}", e.moment, e.sentence))
        .collect();
    let now = campaign
        .standing()
        .map(|s| s.turn.clone())
        .unwrap_or_default();
    Ok(Report {
        campaign_id: id,
        name: campaign.name.clone(),
        game: access.game().title(),
        started: Due::of(campaign.created_at, &access.user.zone()),
        finished,
        now,
        numbers: numbers(steps, battles.len(), &stories, &read, rolls, all),
        moments,
        stories,
        battles: battles
            .into_iter()
            .map(|b| format!("{}: {}", b.moment, b.sentence))
            .collect(),
        last_words,
        dice,
        tracked: read.tracked,
        tracks: read.tracks,
    })
}

/// A board drawn for a page of its own, made to stand beside others on the report: its ids (and
/// the labels naming them) take `prefix`, so that no two boards share one, and its links to
/// the game page's platoon cards, which the report has not, become plain groups.
fn standing_alone(svg: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(svg.len() + 256);
    let mut rest = svg;
    // For each link open: whether it became a group.
    let mut links = Vec::new();
    while let Some(at) = rest.find(['i', 'a', '<']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if let Some(tail) = rest.strip_prefix("id=\"") {
            out.push_str("id=\"");
            out.push_str(prefix);
            rest = tail;
        } else if let Some(tail) = rest.strip_prefix("aria-labelledby=\"") {
            let end = tail.find('"').unwrap_or(tail.len());
            let ids: Vec<String> = tail[..end]
                .split_whitespace()
                .map(|id| format!("{prefix}{id}"))
                .collect();
            out.push_str("aria-labelledby=\"");
            out.push_str(&ids.join(" "));
            rest = &tail[end..];
        } else if let Some(tail) = rest.strip_prefix("<a href=\"#") {
            links.push(true);
            out.push_str("<g>");
            rest = tail.find('>').map_or("", |end| &tail[end + 1..]);
        } else if rest.starts_with("<a ") {
            links.push(false);
            out.push_str("<a ");
            rest = &rest[3..];
        } else if let Some(tail) = rest.strip_prefix("</a>") {
            out.push_str(if links.pop() == Some(true) {
                "</g>"
            } else {
                "</a>"
            });
            rest = tail;
        } else {
            let step = rest.chars().next().map_or(1, char::len_utf8);
            out.push_str(&rest[..step]);
            rest = &rest[step..];
        }
    }
    out.push_str(rest);
    out
}

/// The campaign's decisive numbers: how long it ran, its battles (who won them and the men each
/// side lost in them, when the game tells its battles), the changes of initiative (when the game
/// has one), and its dice.
fn numbers(
    steps: i32,
    entries: usize,
    stories: &[BattleStory],
    read: &StepsRead,
    rolls: i64,
    faces: [i64; 6],
) -> Vec<(String, String)> {
    use crate::core::domain::Side;
    let mut numbers = vec![(
        "Steps of play (Hours, turns or phases)".to_owned(),
        steps.to_string(),
    )];
    if stories.is_empty() {
        numbers.push(("Battle entries in the log".into(), entries.to_string()));
    } else {
        numbers.push(("Battles told".into(), stories.len().to_string()));
        for side in [Side::Soviet, Side::Finnish] {
            let won = stories.iter().filter(|s| s.winner == Some(side)).count();
            let lost: u32 = stories
                .iter()
                .flat_map(|s| &s.sides)
                .filter(|s| s.side == side)
                .map(|s| s.men_lost)
                .sum();
            let adjective = side.adjective();
            numbers.push((format!("Battles the {adjective} side won"), won.to_string()));
            numbers.push((
                format!("Men the {adjective} side lost in them"),
                lost.to_string(),
            ));
        }
    }
    if read.initiative_held {
        numbers.push((
            "Changes of initiative".into(),
            read.initiative_changes.len().to_string(),
        ));
    }
    numbers.push(("Dice rolls".into(), rolls.to_string()));
    numbers.push((
        "d6 faces rolled".into(),
        faces.iter().sum::<i64>().to_string(),
    ));
    numbers
}

/// The boards at the moments that mattered, in the order of the story: the start and the end,
/// after battles (at most `BATTLE_BOARDS` steps of their own), and where the initiative changed
/// hands while there is room (`BOARDS` in all); each with what happened then.
async fn moments(
    state: &AppState,
    module: &dyn registry::Module,
    id: uuid::Uuid,
    steps: i32,
    finished: bool,
    battles: &[db::game::EventRow],
    read: &StepsRead,
) -> Result<Vec<Moment>, AppError> {
    // The moments, by step: the start and the end, after battles, at changes of initiative.
    let last = steps - 1;
    let mut planned = std::collections::BTreeMap::<i32, Vec<String>>::new();
    planned.insert(0, vec!["The start".into()]);
    if steps > 1 {
        planned.insert(last, vec![if finished { "The end" } else { "Now" }.into()]);
    }
    // A game that keeps a step just after each battle's result (WoNS) shows those; another, the
    // first step after each battle entry of its log.
    let battle_steps = db::steps::list(
        &state.db,
        id,
        0,
        Some(crate::core::domain::StepKind::Battle),
        BATTLE_BOARDS as i64,
    )
    .await?;
    for step in &battle_steps {
        let told = format!(
            "{}, {}",
            step.label.as_deref().unwrap_or("After a battle"),
            step.turn
        );
        planned.entry(step.n).or_default().push(told);
    }
    let mut battle_boards = 0;
    let seqs: Vec<i64> = battles.iter().map(|b| b.seq).collect();
    let after = if battle_steps.is_empty() {
        db::steps::first_after_each(&state.db, id, &seqs).await?
    } else {
        Vec::new()
    };
    for (b, n) in battles.iter().zip(after) {
        let Some(n) = n else {
            continue;
        };
        let told = format!("After {}: {}", b.moment, b.sentence);
        if let Some(titles) = planned.get_mut(&n) {
            titles.push(told);
        } else if battle_boards < BATTLE_BOARDS {
            battle_boards += 1;
            planned.insert(n, vec![told]);
        }
    }
    for (n, side) in &read.initiative_changes {
        let told = if read.every == 1 {
            format!("The initiative passed to the {} side", side.adjective())
        } else {
            format!(
                "By then the initiative had passed to the {} side",
                side.adjective()
            )
        };
        if let Some(titles) = planned.get_mut(n) {
            // The change of hands heads the moment, after "The start" or "The end".
            let at = usize::from(*n == 0 || (steps > 1 && *n == last));
            titles.insert(at, told);
        } else if planned.len() < BOARDS {
            planned.insert(*n, vec![told]);
        }
    }
    let mut moments = Vec::new();
    for (n, titles) in planned {
        let Some((step, stored)) = db::steps::one(&state.db, id, n).await? else {
            continue;
        };
        if let (_, Some(svg)) = module.replay(stored, Role::Umpire)? {
            let svg = standing_alone(&svg, &format!("board-{n}-"));
            moments.push(Moment {
                titles,
                turn: step.turn,
                svg,
            });
        }
    }
    Ok(moments)
}

/// What the report reads of the story's steps: every k-th step (at most about `TRACK_POINTS`
/// steps, and the last).
struct StepsRead {
    /// Every how many steps one was read.
    every: i32,
    /// The steps where the initiative was found in other hands than at the step read before,
    /// with the side that then held it.
    initiative_changes: Vec<(i32, crate::core::domain::Side)>,
    /// Whether the game has an initiative at all.
    initiative_held: bool,
    /// What the tracks' charts follow, if the game has tracks.
    tracked: Option<&'static str>,
    /// One small chart per track.
    tracks: Vec<String>,
}

/// Each track's value over the story, drawn as one small chart per track, and the changes of
/// initiative, read from every k-th step.
async fn read_steps(
    module: &dyn registry::Module,
    state: &AppState,
    id: uuid::Uuid,
    steps: i32,
) -> Result<StepsRead, AppError> {
    let every = ((steps + TRACK_POINTS - 1) / TRACK_POINTS).max(1);
    let mut read = StepsRead {
        every,
        initiative_changes: Vec::new(),
        initiative_held: false,
        tracked: None,
        tracks: Vec::new(),
    };
    if steps == 0 {
        return Ok(read);
    }
    let mut what = None;
    let mut held = None;
    // Soviet tracks first, each side's by name.
    type Series = (crate::core::domain::Side, Vec<(i32, i64)>);
    let mut series = std::collections::BTreeMap::<(bool, String), Series>::new();
    for (n, doc) in db::steps::states_every(&state.db, id, every, steps - 1).await? {
        let reading = module.reading(doc)?;
        if let Some(side) = reading.initiative {
            if held.is_some_and(|before| before != side) {
                read.initiative_changes.push((n, side));
            }
            held = Some(side);
            read.initiative_held = true;
        }
        for t in reading.tracks {
            what = Some(t.what);
            let finnish = t.side == crate::core::domain::Side::Finnish;
            let (_, points) = series
                .entry((finnish, t.name))
                .or_insert_with(|| (t.side, Vec::new()));
            points.push((n, t.value));
        }
    }
    let Some(what) = what else {
        return Ok(read);
    };
    read.tracked = Some(what);
    read.tracks = series
        .into_iter()
        .take(TRACKS)
        .enumerate()
        .map(|(i, ((_, name), (side, points)))| {
            track_chart(i, &name, what, side, &points, steps - 1)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(read)
}

/// One track's small chart: its value at each step read, from the start to `last`.
fn track_chart(
    i: usize,
    name: &str,
    what: &str,
    side: crate::core::domain::Side,
    points: &[(i32, i64)],
    last: i32,
) -> Result<String, AppError> {
    use crate::web::drawing::{Drawing, Mark, side_colour};
    let (w, h, top, left, bottom) = (260, 90, 22, 24, 78);
    let high = points.iter().map(|p| p.1).max().unwrap_or(0).max(1);
    let now = points.last().map_or(0, |p| p.1);
    let x = |n: i32| left + (n * (w - left - 8)) / last.max(1);
    let y = |v: i64| bottom - ((v * i64::from(bottom - top)) / high) as i32;
    let mut d = Drawing::new(
        &format!("track-{i}"),
        "track",
        "img",
        format!("{name}: {what} over the campaign"),
        format!("{what} of {name} from the start to the end: highest {high}, {now} at the end"),
    );
    d.width = w;
    d.height = h;
    d.text(0, 14, name, "track-name");
    d.marks.push(Mark::Line {
        x1: left,
        y1: bottom,
        x2: w - 8,
        y2: bottom,
        stroke: "#5b6672",
        width: 1,
        dashed: false,
        faint: false,
    });
    d.text(0, top + 8, high.to_string(), "track-axis");
    d.text(0, bottom, "0", "track-axis");
    for pair in points.windows(2) {
        let ((n1, v1), (n2, v2)) = (pair[0], pair[1]);
        d.marks.push(Mark::Line {
            x1: x(n1),
            y1: y(v1),
            x2: x(n2),
            y2: y(v2),
            stroke: side_colour(side),
            width: 2,
            dashed: false,
            faint: false,
        });
    }
    d.render().map_err(AppError::internal)
}

/// `GET /campaigns/{id}/report`: the after-action report; `?download=1` answers it as one HTML
/// file to keep or post, its style inside and no scripts.
pub async fn show(
    State(state): State<AppState>,
    access: CampaignAccess,
    Query(q): Query<ReportQuery>,
) -> Result<Response, AppError> {
    let r = report(&state, &access).await?;
    if q.download.is_none() {
        return Ok(render(&ReportPage {
            nav: Nav::with_waiting(&state.db, &access).await?,
            r,
        }));
    }
    let file: String = r
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let html = ReportFile {
        css: include_str!("../../../static/motti.css"),
        r,
    }
    .render()
    .map_err(AppError::internal)?;
    Ok((
        [(
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{file}-after-action-report.html\""),
        )],
        Html(html),
    )
        .into_response())
}
