//! The after-action report: a campaign's story on one page, for the umpire at any time and for
//! everyone once the campaign has ended (when every die is revealed and every view opens). The
//! board at the start, after each battle and at the end (from the replay's steps), the battles
//! as the log tells them, the decisive numbers, and the dice against what fair dice give (a
//! histogram per audience with its chi-square). It prints, and downloads as one HTML file with
//! its style inside and no scripts.

use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::db;
use crate::games::registry;
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
/// At most this many battles are told.
const BATTLES: i64 = 200;
/// At most about this many steps are read for the tracks' charts (every k-th step).
const TRACK_POINTS: i32 = 100;
/// At most this many tracks are charted.
const TRACKS: usize = 60;

/// The board at a moment of the story.
pub struct Moment {
    /// What happened then ("The start", "After battle …", "The end").
    pub title: String,
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
    pub numbers: Vec<(&'static str, String)>,
    pub moments: Vec<Moment>,
    pub battles: Vec<String>,
    pub last_words: Vec<String>,
    pub dice: Vec<Dice>,
    /// What the tracks' charts follow ("fatigue"), if the game has tracks.
    pub tracked: Option<&'static str>,
    /// One small chart per track, over the campaign.
    pub tracks: Vec<String>,
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
    let module = registry::module(campaign.game()).ok_or_else(AppError::not_found)?;
    let board_at = async |n: i32| -> Result<Option<(String, String)>, AppError> {
        let Some((step, stored)) = db::steps::one(&state.db, id, n).await? else {
            return Ok(None);
        };
        let (_, svg) = module.replay(stored, Role::Umpire)?;
        Ok(svg.map(|svg| (step.turn, svg)))
    };
    let steps = db::steps::count(&state.db, id).await?;
    let battles = db::game::public_of_kind(&state.db, id, "battle", BATTLES).await?;
    let mut moments = Vec::new();
    if let Some((turn, svg)) = board_at(0).await? {
        moments.push(Moment {
            title: "The start".into(),
            turn,
            svg,
        });
    }
    let mut shown = vec![0];
    for b in battles.iter().take(BATTLE_BOARDS) {
        let Some(n) = db::steps::first_after(&state.db, id, b.seq).await? else {
            continue;
        };
        if shown.contains(&n) || n == steps - 1 {
            continue;
        }
        shown.push(n);
        if let Some((turn, svg)) = board_at(n).await? {
            moments.push(Moment {
                title: format!("After {}: {}", b.moment, b.sentence),
                turn,
                svg,
            });
        }
    }
    if steps > 1
        && let Some((turn, svg)) = board_at(steps - 1).await?
    {
        moments.push(Moment {
            title: if finished { "The end" } else { "Now" }.into(),
            turn,
            svg,
        });
    }
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
    let (tracked, tracks) = track_charts(state, module, id, steps).await?;
    let now = campaign
        .standing()
        .map(|s| s.turn.clone())
        .unwrap_or_default();
    Ok(Report {
        campaign_id: id,
        name: campaign.name.clone(),
        game: campaign.game().title(),
        started: Due::of(campaign.created_at, &access.user.zone()),
        finished,
        now,
        numbers: vec![
            ("Steps of play (Hours, turns or phases)", steps.to_string()),
            ("Battle entries in the log", battles.len().to_string()),
            ("Dice rolls", rolls.to_string()),
            ("d6 faces rolled", all.iter().sum::<i64>().to_string()),
        ],
        moments,
        battles: battles
            .into_iter()
            .map(|b| format!("{}: {}", b.moment, b.sentence))
            .collect(),
        last_words,
        dice,
        tracked,
        tracks,
    })
}

/// Each track's value over the story, read from every k-th step (at most about `TRACK_POINTS`
/// steps, and the last), drawn as one small chart per track.
async fn track_charts(
    state: &AppState,
    module: &dyn registry::Module,
    id: uuid::Uuid,
    steps: i32,
) -> Result<(Option<&'static str>, Vec<String>), AppError> {
    if steps == 0 {
        return Ok((None, Vec::new()));
    }
    let every = (steps + TRACK_POINTS - 1) / TRACK_POINTS;
    let mut what = None;
    // Soviet tracks first, each side's by name.
    type Series = (crate::core::domain::Side, Vec<(i32, i64)>);
    let mut series = std::collections::BTreeMap::<(bool, String), Series>::new();
    for (n, doc) in db::steps::states_every(&state.db, id, every, steps - 1).await? {
        for t in module.tracks(doc)? {
            what = Some(t.what);
            let finnish = t.side == crate::core::domain::Side::Finnish;
            let (_, points) = series
                .entry((finnish, t.name))
                .or_insert_with(|| (t.side, Vec::new()));
            points.push((n, t.value));
        }
    }
    let Some(what) = what else {
        return Ok((None, Vec::new()));
    };
    let charts = series
        .into_iter()
        .take(TRACKS)
        .enumerate()
        .map(|(i, ((_, name), (side, points)))| {
            track_chart(i, &name, what, side, &points, steps - 1)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((Some(what), charts))
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
            nav: Nav::with_waiting(&state.db, &access.user).await?,
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
