//! What each role sees of an assisted table: one typed view built per viewer, leaving out what
//! the game's declarations hide (enemy units the fog of war hides, the enemy's own records).

use super::desk::Desk;
use crate::core::domain::{Role, Side};
use crate::games::assisted::declarations::{Declarations, Owed};
use crate::games::assisted::roster::{Change, RosterSpec, SeenUnit, Sight, Unit};
use crate::games::assisted::victory::{Outcome, Tally};
use serde::Serialize;
use utoipa::ToSchema;

/// How many roster changes a view lists (the newest).
pub const HISTORY: usize = 60;

/// One chart as a view lists it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ChartStatus {
    /// The chart's code.
    pub code: String,
    /// Its name.
    pub name: String,
    /// The current version; none before it is entered.
    pub version: Option<u32>,
    /// When the current version was entered, in game time.
    pub entered: Option<String>,
}

/// A table as one role sees it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DeskView {
    /// The game's title.
    pub game: String,
    /// Whose view this is.
    pub role: Role,
    /// The game turn, from 1.
    pub turn: u32,
    /// The moment: turn and phase ("Dec I 39, Soviet movement phase").
    pub moment: String,
    /// The current phase's name.
    pub phase: String,
    /// What the viewer does now, in a sentence.
    pub now: String,
    /// Who the game waits for.
    pub waiting_for: Vec<Role>,
    /// Whether it waits for the viewer.
    pub your_move: bool,
    /// Whether the viewer's side has finished the phase while the other side has not (it may
    /// take that back).
    pub finished_phase: bool,
    /// Whether the game is over.
    pub finished: bool,
    /// The options chosen at creation.
    #[schema(value_type = Object)]
    pub options: serde_json::Value,
    /// The viewer's own units (the umpire's: every unit), by name.
    #[schema(value_type = Vec<Object>)]
    pub units: Vec<Unit>,
    /// The enemy's units as the viewer sees them (none for the umpire, who sees all in `units`).
    #[schema(value_type = Vec<Object>)]
    pub enemy_units: Vec<SeenUnit>,
    /// The newest changes to units the viewer may follow, newest last.
    #[schema(value_type = Vec<Object>)]
    pub history: Vec<Change>,
    /// The charts, entered or not.
    pub charts: Vec<ChartStatus>,
    /// The game's own records the viewer may read.
    #[schema(value_type = Object)]
    pub records: serde_json::Value,
    /// What units carry: types, attributes (with their ranges) and markers.
    #[schema(value_type = Object)]
    pub roster: RosterSpec,
    /// How the game ended and who won, once it has: `winner` (`soviet`, `finnish` or none),
    /// `title`, `how`, and `score` when points decided it.
    #[schema(value_type = Option<Object>)]
    pub outcome: Option<Outcome>,
    /// The victory points as they stand (the campaign's scenario pack's objectives and
    /// adjustments); none without a pack, or while the viewer cannot see where every enemy
    /// unit stands.
    #[schema(value_type = Option<Object>)]
    pub victory: Option<Tally>,
    /// The pack's sudden deaths the server cannot judge until the group enters their hexes.
    pub unjudged: Vec<String>,
    /// The losses each side owes from a combat's result and has not yet taken, in the order they
    /// are to be taken ("The Finnish side owes 1 step from the Combat against M16"): the phase
    /// does not end while any are owed.
    pub owed: Vec<String>,
    /// The viewer's own units that may pay losses owed, by id (the umpire's: every side's), so
    /// the board marks them; never the other side's.
    pub owing: Vec<String>,
    /// The actions the viewer may give now, by name: those whose rules give them in this phase
    /// to this side (the umpire: every action; out of its phases it is a correction).
    pub actions_now: Vec<String>,
    /// Markers that lie on map hexes rather than on units ("Interdicted").
    pub hex_marks: Vec<HexMark>,
    /// The dead pool as the viewer may see it: its own units in full, the enemy's as the
    /// game's sight shows them, oldest first.
    #[schema(value_type = Vec<Object>)]
    pub fallen: Vec<FallenSeen>,
    /// What the sides give sealed (Red Winter's Victory Point bid): each side's commitment once
    /// given, the viewer's own value, and both values once both are in.
    pub sealed: Vec<crate::games::assisted::sealed::SealedSeen>,
}

/// A marker that lies on a map hex rather than on a unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct HexMark {
    /// The hex.
    pub hex: String,
    /// The marker's name.
    pub name: String,
}

/// A unit in the dead pool as a viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct FallenSeen {
    /// The unit, as far as the viewer may see it.
    pub unit: SeenUnit,
    /// When it left play, in game time.
    pub moment: String,
    /// Why.
    pub reason: String,
}

/// The view of `role`.
pub fn view_for<D: Declarations>(desk: &Desk<D>, role: Role) -> DeskView {
    let viewer = role.side();
    let (units, enemy_units, history) = units_seen(desk, viewer);
    let sees_every_position = sees_every_position(desk, viewer, &enemy_units);
    let (victory, unjudged) = desk.victory(sees_every_position || desk.outcome.is_some());
    let fallen = fallen_seen(desk, viewer);
    let owed = D::owed(&desk.extra);
    let owing = owing(desk, &owed, viewer);
    let waiting_for = desk.tracker.waiting_for(&desk.sequence);
    DeskView {
        game: D::GAME.title().into(),
        role,
        turn: desk.tracker.turn,
        moment: desk.moment(),
        phase: desk.phase().1,
        now: desk.now_for(role),
        your_move: waiting_for.contains(&role),
        finished_phase: role
            .side()
            .is_some_and(|side| desk.tracker.done.contains(&side)),
        waiting_for,
        finished: desk.tracker.finished,
        options: serde_json::to_value(&desk.options).unwrap_or_default(),
        units,
        enemy_units,
        history,
        charts: chart_statuses(desk),
        records: D::extra_for(viewer, &desk.extra),
        roster: D::roster(),
        outcome: desk.outcome.clone(),
        victory,
        unjudged,
        owed: owed.iter().map(|o| o.sentence()).collect(),
        owing,
        actions_now: actions_now(desk, viewer),
        hex_marks: D::hex_marks(&desk.extra)
            .into_iter()
            .map(|(hex, name)| HexMark { hex, name })
            .collect(),
        fallen,
        sealed: desk.sealed_for(role),
    }
}

/// The viewer's own units (the umpire's: every unit, by side and name), the enemy's as the
/// viewer sees them, and the newest changes the viewer may follow.
fn units_seen<D: Declarations>(
    desk: &Desk<D>,
    viewer: Option<Side>,
) -> (Vec<Unit>, Vec<SeenUnit>, Vec<Change>) {
    match viewer {
        None => {
            let mut all: Vec<Unit> = desk.roster.units.values().cloned().collect();
            all.sort_by(|a, b| (a.side.code(), &a.name).cmp(&(b.side.code(), &b.name)));
            (all, Vec::new(), newest(desk.roster.history.iter()))
        }
        Some(side) => {
            let own = desk.roster.own(side).into_iter().cloned().collect();
            let sight =
                |viewer: Side, unit: &Unit| D::sight(viewer, unit, &desk.extra, &desk.options);
            let enemy = desk.roster.seen_by(side, &sight);
            (
                own,
                enemy,
                newest(desk.roster.history_for(side).into_iter()),
            )
        }
    }
}

/// Who holds a hex follows from where units stand: a side sees the points only when it sees
/// where every enemy unit on the map stands (or once the game is over); units in boxes and on
/// the turn track hold no hex, and the enemy may not see them at all.
fn sees_every_position<D: Declarations>(
    desk: &Desk<D>,
    viewer: Option<Side>,
    enemy_units: &[SeenUnit],
) -> bool {
    let Some(side) = viewer else {
        return true;
    };
    let loaded = desk.loaded();
    let on_map = |place: &str| {
        loaded.as_deref().is_none_or(|l| {
            l.grid
                .parse(place.trim())
                .is_ok_and(|hex| l.grid.contains(hex))
        })
    };
    let enemies = desk
        .roster
        .units
        .values()
        .filter(|u| u.side != side && on_map(&u.location))
        .count();
    let seen = enemy_units
        .iter()
        .filter(|u| u.location.as_deref().is_some_and(on_map))
        .count();
    seen == enemies
}

/// The dead pool as the viewer may see it: its own units in full, the enemy's as the game's
/// sight shows them.
fn fallen_seen<D: Declarations>(desk: &Desk<D>, viewer: Option<Side>) -> Vec<FallenSeen> {
    desk.roster
        .fallen
        .iter()
        .filter_map(|f| {
            let sight = match viewer {
                Some(side) if side != f.unit.side => {
                    D::sight(side, &f.unit, &desk.extra, &desk.options)
                }
                _ => Sight::Full,
            };
            SeenUnit::of(&f.unit, &sight).map(|unit| FallenSeen {
                unit,
                moment: f.moment.clone(),
                reason: f.reason.clone(),
            })
        })
        .collect()
}

/// The viewer's units still in play that may pay losses owed (the umpire's: every side's), by
/// id, each once.
fn owing<D: Declarations>(desk: &Desk<D>, owed: &[Owed], viewer: Option<Side>) -> Vec<String> {
    let mut owing: Vec<String> = owed
        .iter()
        .filter(|o| viewer.is_none_or(|side| side == o.side))
        .flat_map(|o| o.units.iter())
        .filter(|id| desk.roster.units.contains_key(*id))
        .map(|id| id.as_str().to_owned())
        .collect();
    owing.sort();
    owing.dedup();
    owing
}

/// The actions the viewer may give now, by name; none once the game is over.
fn actions_now<D: Declarations>(desk: &Desk<D>, viewer: Option<Side>) -> Vec<String> {
    D::actions()
        .into_iter()
        .filter(|a| match (a.given, viewer) {
            (Some(given), Some(side)) => desk.may_give(side, "", given).is_ok(),
            _ => true,
        })
        .filter(|_| !desk.tracker.finished)
        .map(|a| a.about.name.to_owned())
        .collect()
}

/// Every chart of the game, with its current version once entered.
fn chart_statuses<D: Declarations>(desk: &Desk<D>) -> Vec<ChartStatus> {
    D::charts()
        .into_iter()
        .map(|spec| {
            let current = desk.charts.current(&spec.code).ok();
            ChartStatus {
                version: current.map(|c| c.version),
                entered: current.map(|c| c.moment.clone()),
                code: spec.code,
                name: spec.name,
            }
        })
        .collect()
}

fn newest<'a>(changes: impl DoubleEndedIterator<Item = &'a Change>) -> Vec<Change> {
    let mut last: Vec<Change> = changes.rev().take(HISTORY).cloned().collect();
    last.reverse();
    last
}
