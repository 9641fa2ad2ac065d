//! What each Talvisota participant may see: typed projections of the game for Soviet, Finn and umpire.
//!
//! A side's struct holds only what that side may know: its own command sheet and pool, the map
//! with the units standing on it, strategy counters face down until their combat is revealed,
//! and the revealed combats. The Finnish force pool never reaches the Soviet view (rule 2.3).

use crate::core::domain::{Role, Side};
use crate::games::talvisota::rules::counters::UnitKind;
use crate::games::talvisota::rules::environment::EnvironmentKind;
use crate::games::talvisota::rules::map::{GameMap, SpaceId};
use crate::games::talvisota::rules::sheet::{
    FinnishAllocation, FinnishSheet, SovietAllocation, SovietSheet,
};
use crate::games::talvisota::rules::state::{
    EntrenchmentKind, GameOutcome, Marker, Phase, PieceId, TalvisotaState, UnitLocation,
};
use crate::games::talvisota::rules::support::SupportKind;
use serde::{Deserialize, Serialize};

/// The kind of a strategy counter on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CounterKind {
    /// A combat strategy counter.
    CombatStrategy,
}

/// A combat unit as its viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct UnitView {
    /// Identifier.
    pub id: PieceId,
    /// Owner.
    pub side: Side,
    /// Type.
    pub kind: UnitKind,
    /// Where it is.
    pub location: UnitLocation,
}

/// A tactical support, environment marker or entrenchment as its owner sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MarkerView<K> {
    /// Identifier.
    pub id: PieceId,
    /// Owner.
    pub side: Side,
    /// What it is.
    pub kind: K,
    /// Arrived and not yet used this turn.
    pub available: bool,
}

/// A strategy counter on the map: face down to the other side until revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlacementView {
    /// Neutral identifier.
    pub id: PieceId,
    /// Owner.
    pub side: Side,
    /// Always a combat strategy counter.
    pub kind: CounterKind,
    /// The space.
    pub space: SpaceId,
    /// The strategy's code, for its owner or once revealed.
    pub strategy: Option<String>,
}

/// One revealed combat of this turn: both sheets for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RevealedCombat {
    /// The Soviet allocation.
    pub soviet: SovietAllocation,
    /// The Finnish allocation answering it.
    pub finnish: Option<FinnishAllocation>,
}

/// The printed values of one unit type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct UnitTypeView {
    /// The type.
    pub kind: UnitKind,
    /// Whose.
    pub side: Side,
    /// Its name.
    pub name: String,
    /// Combat strength.
    pub strength: u32,
    /// Tactical bonus.
    pub bonus: u32,
    /// Tactical penalty on the enemy.
    pub enemy_penalty: u32,
}

/// What everyone sees on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardView {
    /// Turn marker.
    pub turn: u32,
    /// Its calendar name.
    pub turn_label: String,
    /// Phase.
    pub phase: Phase,
    /// Who the game waits for (`umpire` for automatic steps and the server's solo moves).
    pub awaiting: Option<Role>,
    /// Soviet morale track.
    pub soviet_morale: i32,
    /// Finnish morale track.
    pub finnish_morale: i32,
    /// International events track (−2, 0, +2).
    pub international: i32,
    /// The map (its `approximation` flag must be shown).
    pub map: GameMap,
    /// Units standing on the map: Soviet forces and Finnish infiltrating scouts.
    pub map_units: Vec<UnitView>,
    /// Possession markers on the map.
    pub possession_markers: Vec<SpaceId>,
    /// The infiltration marker's space.
    pub infiltration: Option<SpaceId>,
    /// Strategy counters on the map.
    pub placements: Vec<PlacementView>,
    /// Combats revealed this turn.
    pub revealed_combats: Vec<RevealedCombat>,
    /// Printed values of every unit type (public: they are on the counters).
    pub unit_types: Vec<UnitTypeView>,
    /// True when the map or counters are the server's approximation, not the published ones:
    /// pages must say so.
    pub approximate_components: bool,
    /// Solo game.
    pub solo: bool,
    /// How the game ended.
    pub outcome: Option<GameOutcome>,
}

/// The Soviet player's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = talvisota::SovietView)]
pub struct SovietView {
    /// The table.
    pub board: BoardView,
    /// Every Soviet unit, wherever it is.
    pub units: Vec<UnitView>,
    /// Soviet tactical supports.
    pub supports: Vec<MarkerView<SupportKind>>,
    /// This turn's Soviet command sheet.
    pub sheet: Option<SovietSheet>,
}

/// The Finnish player's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = talvisota::FinnishView)]
pub struct FinnishView {
    /// The table.
    pub board: BoardView,
    /// Every Finnish unit, wherever it is.
    pub units: Vec<UnitView>,
    /// Finnish tactical supports.
    pub supports: Vec<MarkerView<SupportKind>>,
    /// Environment markers.
    pub environment: Vec<MarkerView<EnvironmentKind>>,
    /// Entrenchments.
    pub entrenchments: Vec<MarkerView<EntrenchmentKind>>,
    /// This turn's Finnish command sheet.
    pub sheet: Option<FinnishSheet>,
}

/// The umpire's view: everything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = talvisota::UmpireView)]
pub struct UmpireView {
    /// The table.
    pub board: BoardView,
    /// Every unit.
    pub units: Vec<UnitView>,
    /// Every tactical support.
    pub supports: Vec<MarkerView<SupportKind>>,
    /// Environment markers.
    pub environment: Vec<MarkerView<EnvironmentKind>>,
    /// Entrenchments.
    pub entrenchments: Vec<MarkerView<EntrenchmentKind>>,
    /// The Soviet command sheet.
    pub soviet_sheet: Option<SovietSheet>,
    /// The Finnish command sheet.
    pub finnish_sheet: Option<FinnishSheet>,
}

/// Any role's view, for handlers that serve the caller's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum TalvisotaView {
    /// For the Soviet player.
    Soviet(SovietView),
    /// For the Finnish player.
    Finnish(FinnishView),
    /// For the umpire.
    Umpire(UmpireView),
}

fn unit_view(u: &crate::games::talvisota::rules::state::Unit) -> UnitView {
    UnitView {
        id: u.id.clone(),
        side: u.side,
        kind: u.kind,
        location: u.location.clone(),
    }
}

fn marker_views<K: Copy>(
    markers: &[Marker<K>],
    side: Option<Side>,
    turn: u32,
) -> Vec<MarkerView<K>> {
    markers
        .iter()
        .filter(|m| side.is_none_or(|s| m.side == s))
        .map(|m| MarkerView {
            id: m.id.clone(),
            side: m.side,
            kind: m.kind,
            available: m.arrives_turn <= turn.max(1) && m.used_turn != turn,
        })
        .collect()
}

fn revealed(state: &TalvisotaState) -> Vec<RevealedCombat> {
    let Some(sheet) = &state.soviet_sheet else {
        return Vec::new();
    };
    sheet
        .allocations
        .iter()
        .filter(|a| a.resolved)
        .map(|a| RevealedCombat {
            soviet: a.clone(),
            finnish: state
                .finnish_sheet
                .as_ref()
                .and_then(|f| {
                    f.allocations
                        .iter()
                        .find(|x| Some(&x.space) == a.targets.first())
                })
                .cloned(),
        })
        .collect()
}

/// The strategy code behind a placement, if `viewer` may know it.
fn strategy_of(
    state: &TalvisotaState,
    placement: &crate::games::talvisota::rules::state::Placement,
    viewer: Option<Side>,
) -> Option<String> {
    if !placement.revealed && viewer.is_some_and(|v| v != placement.side) {
        return None;
    }
    let id = Some(&placement.id);
    match placement.side {
        Side::Soviet => state
            .soviet_sheet
            .as_ref()?
            .allocations
            .iter()
            .find(|a| a.placement.as_ref() == id)
            .map(|a| a.strategy.code().to_string()),
        Side::Finnish => state
            .finnish_sheet
            .as_ref()?
            .allocations
            .iter()
            .find(|a| a.placement.as_ref() == id)
            .map(|a| a.strategy.code().to_string()),
    }
}

fn unit_types(state: &TalvisotaState) -> Vec<UnitTypeView> {
    let mut out: Vec<UnitTypeView> = Vec::new();
    for b in &state.counters.units {
        if !out.iter().any(|t| t.kind == b.kind) {
            out.push(UnitTypeView {
                kind: b.kind,
                side: b.kind.side(),
                name: b.name.clone(),
                strength: b.strength,
                bonus: b.bonus,
                enemy_penalty: b.enemy_penalty,
            });
        }
    }
    out
}

/// The table as `viewer` sees it (`None` for the umpire).
pub fn board_view(state: &TalvisotaState, viewer: Option<Side>) -> BoardView {
    BoardView {
        turn: state.turn,
        turn_label: TalvisotaState::turn_label(state.turn).to_string(),
        phase: state.phase,
        awaiting: crate::games::talvisota::rules::awaiting(state),
        soviet_morale: state.soviet_morale,
        finnish_morale: state.finnish_morale,
        international: state.international,
        map: state.map.clone(),
        map_units: state
            .units
            .iter()
            .filter(|u| matches!(u.location, UnitLocation::Space(_)))
            .map(unit_view)
            .collect(),
        possession_markers: state.possession_markers.iter().flatten().cloned().collect(),
        infiltration: state.infiltration.as_ref().map(|i| i.space.clone()),
        placements: state
            .placements
            .iter()
            .map(|p| PlacementView {
                id: p.id.clone(),
                side: p.side,
                kind: CounterKind::CombatStrategy,
                space: p.space.clone(),
                strategy: strategy_of(state, p, viewer),
            })
            .collect(),
        revealed_combats: revealed(state),
        unit_types: unit_types(state),
        approximate_components: state.map.approximation || state.counters.approximation,
        solo: state.options.solo,
        outcome: state.outcome.clone(),
    }
}

/// The Soviet player's view.
pub fn soviet_view(state: &TalvisotaState) -> SovietView {
    SovietView {
        board: board_view(state, Some(Side::Soviet)),
        units: state
            .units
            .iter()
            .filter(|u| u.side == Side::Soviet)
            .map(unit_view)
            .collect(),
        supports: marker_views(&state.supports, Some(Side::Soviet), state.turn),
        sheet: state.soviet_sheet.clone(),
    }
}

/// The Finnish player's view.
pub fn finnish_view(state: &TalvisotaState) -> FinnishView {
    FinnishView {
        board: board_view(state, Some(Side::Finnish)),
        units: state
            .units
            .iter()
            .filter(|u| u.side == Side::Finnish)
            .map(unit_view)
            .collect(),
        supports: marker_views(&state.supports, Some(Side::Finnish), state.turn),
        environment: marker_views(&state.environment, None, state.turn),
        entrenchments: marker_views(&state.entrenchments, None, state.turn),
        sheet: state.finnish_sheet.clone(),
    }
}

/// The umpire's view.
pub fn umpire_view(state: &TalvisotaState) -> UmpireView {
    UmpireView {
        board: board_view(state, None),
        units: state.units.iter().map(unit_view).collect(),
        supports: marker_views(&state.supports, None, state.turn),
        environment: marker_views(&state.environment, None, state.turn),
        entrenchments: marker_views(&state.entrenchments, None, state.turn),
        soviet_sheet: state.soviet_sheet.clone(),
        finnish_sheet: state.finnish_sheet.clone(),
    }
}

/// The view for a participant's role.
pub fn view_for(state: &TalvisotaState, role: Role) -> TalvisotaView {
    match role {
        Role::Soviet => TalvisotaView::Soviet(soviet_view(state)),
        Role::Finnish => TalvisotaView::Finnish(finnish_view(state)),
        Role::Umpire => TalvisotaView::Umpire(umpire_view(state)),
    }
}

pub mod log;
pub mod map;
pub mod page;
pub mod report;
#[cfg(test)]
mod view_tests;
