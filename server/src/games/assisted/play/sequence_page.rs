//! The sequence of play on a page: every turn kind's phases in order with who plays them, what
//! they are for and what the acting player is told; the umpire edits it there (names, order,
//! actors, instructions, what each phase is for, phases removed or added, the last turn), as
//! A Winter War needs since its text lacks the base rules' phase list. A refused change comes
//! back as typed, with the reason beside the form.

use super::api::run;
use super::{DeskCommand, KeptDesk, TableAccess, kept_desk};
use crate::core::domain::{Role, Side};
use crate::core::error::AppError;
use crate::games::assisted::sequence::{Activity, Actor, PhaseSpec, Sequence};
use crate::state::AppState;
use crate::web::form::Fields;
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, State};
use axum::response::{IntoResponse, Redirect, Response};

/// What a phase may be for, with its words on the page.
const ACTIVITIES: [(Activity, &str); 7] = [
    (Activity::Setup, "setting up"),
    (Activity::Supply, "supply"),
    (Activity::Reinforcement, "reinforcements"),
    (Activity::Movement, "movement"),
    (Activity::Combat, "combat"),
    (Activity::Attrition, "attrition"),
    (Activity::Events, "random events"),
];

/// Who may play a phase, with its words on the page.
const ACTORS: [(Actor, &str); 6] = [
    (Actor::Soviet, "the Soviet player"),
    (Actor::Finnish, "the Finnish player"),
    (Actor::Both, "both players"),
    (Actor::FirstPlayer, "whoever plays first"),
    (Actor::SecondPlayer, "whoever plays second"),
    (Actor::Umpire, "the umpire"),
];

fn code_of<T: serde::Serialize>(value: T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// One phase's row.
struct PhaseRow {
    /// The field prefix: `k{kind}p{phase}`.
    key: String,
    name: String,
    instructions: String,
    /// 1-based position, or what was typed for it.
    order_typed: String,
    /// (code, words, chosen)
    actors: Vec<(String, &'static str, bool)>,
    /// (code, words, ticked)
    activities: Vec<(String, &'static str, bool)>,
    /// What the game does as it begins and ends, in its own codes' words.
    hooks: String,
    /// Played only when a condition holds.
    conditional: bool,
    /// The game stands in it: it may not be removed.
    current: bool,
}

/// One turn kind's rows.
struct KindRows {
    index: usize,
    name: String,
    phases: Vec<PhaseRow>,
    /// The new phase's name, place and instructions as typed.
    new: (String, String, String),
}

#[derive(Template)]
#[template(path = "games/assisted/sequence.html")]
struct SequencePage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    game: String,
    may_edit: bool,
    kinds: Vec<KindRows>,
    last_turn: String,
    first_soviet: bool,
    actors: Vec<(String, &'static str)>,
    activities: Vec<(String, &'static str)>,
    error: Option<String>,
    /// The field the error is about, if one.
    error_field: String,
}

fn words(code: &str) -> String {
    code.replace('_', " ")
}

fn rows(sequence: &Sequence, current: Option<(usize, usize)>) -> Vec<KindRows> {
    sequence
        .kinds
        .iter()
        .enumerate()
        .map(|(k, kind)| KindRows {
            index: k,
            name: kind.name.clone(),
            phases: kind
                .phases
                .iter()
                .enumerate()
                .map(|(i, p)| PhaseRow {
                    key: format!("k{k}p{i}"),
                    name: p.name.clone(),
                    instructions: p.instructions.clone(),
                    order_typed: (i + 1).to_string(),
                    actors: ACTORS
                        .iter()
                        .map(|(a, w)| (code_of(a), *w, *a == p.actor))
                        .collect(),
                    activities: ACTIVITIES
                        .iter()
                        .map(|(a, w)| (code_of(a), *w, p.activities.contains(a)))
                        .collect(),
                    hooks: p
                        .on_enter
                        .iter()
                        .chain(&p.on_leave)
                        .map(|h| words(h))
                        .collect::<Vec<_>>()
                        .join(", "),
                    conditional: p.only_if.is_some(),
                    current: current == Some((k, i)),
                })
                .collect(),
            new: Default::default(),
        })
        .collect()
}

fn page(
    access: &TableAccess,
    sequence: &Sequence,
    current: Option<(usize, usize)>,
    error: Option<(String, String)>,
) -> SequencePage {
    let (error, error_field) = match error {
        Some((message, field)) => (Some(message), field),
        None => (None, String::new()),
    };
    let c = &access.membership.campaign;
    SequencePage {
        nav: Nav::for_user(&access.user),
        campaign_id: c.id,
        campaign_name: c.name.clone(),
        game: access.game().title().into(),
        may_edit: access.role() == Role::Umpire && !c.is_finished(),
        kinds: rows(sequence, current),
        last_turn: sequence
            .last_turn
            .map(|t| t.to_string())
            .unwrap_or_default(),
        first_soviet: sequence.first_player == Side::Soviet,
        actors: ACTORS.iter().map(|(a, w)| (code_of(a), *w)).collect(),
        activities: ACTIVITIES.iter().map(|(a, w)| (code_of(a), *w)).collect(),
        error,
        error_field,
    }
}

/// Where the game stands: the turn kind's index and the phase's.
fn standing(desk: &dyn KeptDesk) -> Option<(usize, usize)> {
    let (turn, phase) = desk.at();
    let sequence = desk.sequence();
    let kind = sequence.kind_of(turn)?;
    let k = sequence.kinds.iter().position(|x| x.code == kind.code)?;
    Some((k, phase))
}

/// `GET /campaigns/{id}/table/sequence`: the sequence of play; the umpire's to edit.
pub async fn show(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Response, AppError> {
    let desk = kept_desk(&state, &access).await?;
    let current = standing(&*desk);
    Ok(render(&page(&access, desk.sequence(), current, None)))
}

fn field_error(field: String, message: String) -> (String, String) {
    (message, field)
}

/// The sequence the form describes, built on the stored one (whose hooks and conditions it
/// keeps); the refusal names the field.
fn edited(before: &Sequence, fields: &Fields) -> Result<Sequence, (String, String)> {
    let mut after = before.clone();
    let last = fields.get("last_turn").trim();
    after.last_turn = if last.is_empty() {
        None
    } else {
        match last.parse::<u32>() {
            Ok(n) if (1..=500).contains(&n) => Some(n),
            _ => {
                return Err(field_error(
                    "last_turn".into(),
                    "The last turn is a whole number from 1 to 500, or empty for no fixed end."
                        .into(),
                ));
            }
        }
    };
    after.first_player = match fields.get("first_player") {
        "finnish" => Side::Finnish,
        _ => Side::Soviet,
    };
    for (k, kind) in after.kinds.iter_mut().enumerate() {
        let mut placed: Vec<(usize, usize, PhaseSpec)> = Vec::new();
        for (i, phase) in kind.phases.iter().enumerate() {
            let key = format!("k{k}p{i}");
            if fields.has(&format!("{key}-remove")) {
                continue;
            }
            let mut phase = phase.clone();
            phase.name = fields.get(&format!("{key}-name")).trim().to_owned();
            phase.instructions = fields.get(&format!("{key}-instructions")).trim().to_owned();
            phase.actor = ACTORS
                .iter()
                .find(|(a, _)| code_of(a) == fields.get(&format!("{key}-actor")))
                .map_or(phase.actor, |(a, _)| *a);
            phase.activities = activities(fields, &key);
            let order = fields.get(&format!("{key}-order")).trim();
            let order = order.parse::<usize>().map_err(|_| {
                field_error(
                    format!("{key}-order"),
                    format!(
                        "The place of “{}” is a whole number (1 for the first phase).",
                        phase.name
                    ),
                )
            })?;
            placed.push((order, i + 1, phase));
        }
        let key = format!("k{k}new");
        let name = fields.get(&format!("{key}-name")).trim();
        if !name.is_empty() {
            let code = slug(name);
            if code.is_empty() || kind.phases.iter().any(|p| p.code == code) {
                return Err(field_error(
                    format!("{key}-name"),
                    format!(
                        "Give the new phase a name of its own; “{name}” is taken or has no letters."
                    ),
                ));
            }
            let actor = ACTORS
                .iter()
                .find(|(a, _)| code_of(a) == fields.get(&format!("{key}-actor")))
                .map_or(Actor::Umpire, |(a, _)| *a);
            let phase = PhaseSpec::new(
                &code,
                name,
                actor,
                fields.get(&format!("{key}-instructions")).trim(),
            )
            .doing(&activities(fields, &key));
            let order = fields
                .get(&format!("{key}-order"))
                .trim()
                .parse::<usize>()
                .unwrap_or(usize::MAX);
            // A new phase at a taken place goes before the phase there.
            placed.push((order, 0, phase));
        }
        placed.sort_by_key(|(order, i, _)| (*order, *i));
        kind.phases = placed.into_iter().map(|(_, _, p)| p).collect();
    }
    Ok(after)
}

fn activities(fields: &Fields, key: &str) -> Vec<Activity> {
    let ticked = fields.all(&format!("{key}-activity"));
    ACTIVITIES
        .iter()
        .filter(|(a, _)| ticked.contains(&code_of(a)))
        .map(|(a, _)| *a)
        .collect()
}

/// A phase code from its name: lower-case letters and digits joined by underscores.
fn slug(name: &str) -> String {
    name.to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("_")
        .chars()
        .take(40)
        .collect()
}

/// The page's fields as the umpire typed them, for a refused form.
fn as_typed(shown: &mut SequencePage, fields: &Fields) {
    for kind in &mut shown.kinds {
        let key = format!("k{}new", kind.index);
        kind.new = (
            fields.get(&format!("{key}-name")).to_owned(),
            fields.get(&format!("{key}-order")).to_owned(),
            fields.get(&format!("{key}-instructions")).to_owned(),
        );
        for p in &mut kind.phases {
            let key = p.key.clone();
            let get = |what: &str| fields.get(&format!("{key}-{what}")).to_owned();
            p.name = get("name");
            p.instructions = get("instructions");
            p.order_typed = get("order");
            let actor = get("actor");
            for a in &mut p.actors {
                a.2 = a.0 == actor;
            }
            let ticked = fields.all(&format!("{key}-activity"));
            for a in &mut p.activities {
                a.2 = ticked.contains(&a.0);
            }
        }
    }
    shown.last_turn = fields.get("last_turn").to_owned();
    shown.first_soviet = fields.get("first_player") != "finnish";
}

/// `POST /campaigns/{id}/table/sequence`: the umpire's changed sequence of play.
pub async fn save(
    State(state): State<AppState>,
    access: TableAccess,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    access.require_umpire("change the sequence of play")?;
    let desk = kept_desk(&state, &access).await?;
    let before = desk.sequence();
    let current = standing(&*desk);
    let after = match edited(before, &fields) {
        Ok(after) => after,
        Err(error) => {
            let status = axum::http::StatusCode::UNPROCESSABLE_ENTITY;
            let mut shown = page(&access, before, current, Some(error));
            as_typed(&mut shown, &fields);
            return Ok(render_with(status, &shown));
        }
    };
    // Let go of the desk before the command, which then changes the kept one in place.
    drop(desk);
    match run(
        &state,
        &access,
        DeskCommand::SetSequence(Box::new(after.clone())),
    )
    .await
    {
        Ok(_) => {
            Ok(Redirect::to(&format!("/campaigns/{}/table/sequence", access.id())).into_response())
        }
        Err(e) if e.status.is_client_error() && e.status != axum::http::StatusCode::NOT_FOUND => {
            // What was typed comes back with the reason beside the form.
            let shown = page(
                &access,
                &after,
                None,
                Some((e.message.clone(), String::new())),
            );
            Ok(render_with(e.status, &shown))
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_phases_code_is_made_of_its_name() {
        assert_eq!(
            slug("Soviet Rail Movement Phase"),
            "soviet_rail_movement_phase"
        );
        assert_eq!(slug("  Air—drops (Opt D) "), "air_drops_opt_d");
        assert_eq!(slug("!!!"), "");
    }
}
