//! The whole Talvisota game as one serde document, and the initial placement of rules 2.1–2.3.

use super::counters::{CounterSet, UnitKind};
use super::environment::EnvironmentKind;
use super::events::{Audience, EventKind, TalvisotaEvent};
use super::map::{Front, GameMap, SpaceId};
use super::sheet::{FinnishSheet, SovietSheet};
use super::support::SupportKind;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// A piece's identifier, e.g. `su-fus-3`, `fi-sup-emb-1`, `fi-env-snow-1`, `fi-ret-2`.
pub type PieceId = String;

/// Soviet morale at the start and its ceiling (rule 7.1).
pub const SOVIET_MORALE_START: i32 = 23;
/// Finnish morale at the start (rule 7.2).
pub const FINNISH_MORALE_START: i32 = 19;
/// Finnish morale ceiling (rule 7.2).
pub const FINNISH_MORALE_CAP: i32 = 23;
/// Number of turns (rule 2.4).
pub const LAST_TURN: u32 = 8;

/// Where a combat unit is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "box", content = "at", rename_all = "snake_case")]
pub enum UnitLocation {
    /// Not yet arrived (reinforcements of rule 2.2).
    NotArrived,
    /// In the forces on the owner's command sheet.
    Sheet,
    /// On the map in a space.
    Space(SpaceId),
    /// In the Losses box since the given turn.
    Losses(u32),
    /// In the Reinforcements box since the given turn.
    Reinforcements(u32),
}

/// One combat unit counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Unit {
    /// Identifier.
    pub id: PieceId,
    /// Owner.
    pub side: Side,
    /// Type.
    pub kind: UnitKind,
    /// Where it is.
    pub location: UnitLocation,
    /// The turn a combat strategy or infiltration last activated it (0 = never).
    pub activated_turn: u32,
    /// First turn it can be used.
    pub arrives_turn: u32,
}

/// A tactical support, environment marker or entrenchment counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Marker<K> {
    /// Identifier.
    pub id: PieceId,
    /// Owner.
    pub side: Side,
    /// What it is.
    pub kind: K,
    /// First turn it can be used.
    pub arrives_turn: u32,
    /// The turn it was last used (0 = never); each is used once per turn (rule 3.3.1).
    pub used_turn: u32,
}

/// The Finnish entrenchment counter's kind (there is only one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EntrenchmentKind {
    /// RET.
    Entrenchment,
}

/// A combat strategy counter placed on the map: public, but face down until its combat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Placement {
    /// A neutral identifier that does not name the strategy.
    pub id: PieceId,
    /// Whose counter.
    pub side: Side,
    /// The space it sits on.
    pub space: SpaceId,
    /// Face up (its combat has been revealed).
    pub revealed: bool,
}

/// Scout units left in a space after a successful infiltration (rule 6.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Infiltration {
    /// The space the infiltration marker is on.
    pub space: SpaceId,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameOutcome {
    /// One side won.
    Victory {
        /// The winner.
        winner: Side,
        /// Why, naming the rule.
        reason: String,
    },
    /// Equal morale at the end of turn 8.
    Draw,
}

/// Variants the umpire sets when creating the game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameOptions {
    /// The server plays the Finns (rule 9).
    pub solo: bool,
    /// Rule 4.5.4 note 2: one morale point recovers three FUS or two other units.
    pub easy_recovery: bool,
    /// Rule 4.5.2 note: ignore space and defence-line values in morale (the harder game).
    pub ignore_space_morale: bool,
}

/// The phase of the turn (rule 2.4) the game waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Set up, before the first turn marker advance.
    Setup,
    /// Organisation: waiting for the Soviet special movement, possession markers and recovery.
    Organisation,
    /// Actions: waiting for the Soviet command sheet and strategy placement.
    SovietPlacement,
    /// Actions: waiting for the Finnish command sheet and strategy placement.
    FinnishPlacement,
    /// Actions: combats resolved one by one in the Soviet player's order.
    Combat,
    /// Actions: waiting for the Finnish harassment.
    Harassment,
    /// End of turn: morale and victory check to run.
    EndOfTurn,
    /// The game is over.
    Finished,
}

impl Phase {
    /// The phase as people say it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "set-up",
            Phase::Organisation => "organisation",
            Phase::SovietPlacement => "Soviet command sheet",
            Phase::FinnishPlacement => "Finnish command sheet",
            Phase::Combat => "combats",
            Phase::Harassment => "Finnish harassment",
            Phase::EndOfTurn => "end of turn",
            Phase::Finished => "game over",
        }
    }
}

/// The whole game, stored as one document per campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TalvisotaState {
    /// The map in use.
    pub map: GameMap,
    /// The counter set in use.
    pub counters: CounterSet,
    /// Variants.
    pub options: GameOptions,
    /// The turn marker (0 before the first turn).
    pub turn: u32,
    /// The current phase.
    pub phase: Phase,
    /// Soviet morale (0 to 23).
    pub soviet_morale: i32,
    /// Finnish morale (0 to 23).
    pub finnish_morale: i32,
    /// The international events marker: −2, 0 or +2.
    pub international: i32,
    /// Every combat unit.
    pub units: Vec<Unit>,
    /// Every tactical support.
    pub supports: Vec<Marker<SupportKind>>,
    /// Every environment marker (Finnish).
    pub environment: Vec<Marker<EnvironmentKind>>,
    /// Every entrenchment counter (Finnish).
    pub entrenchments: Vec<Marker<EntrenchmentKind>>,
    /// Where each Soviet possession marker is (`None` = waiting beside the map).
    pub possession_markers: Vec<Option<SpaceId>>,
    /// The Finnish infiltration force on the map, if any.
    pub infiltration: Option<Infiltration>,
    /// This turn's Soviet command sheet.
    pub soviet_sheet: Option<SovietSheet>,
    /// This turn's Finnish command sheet.
    pub finnish_sheet: Option<FinnishSheet>,
    /// Strategy counters on the map this turn.
    pub placements: Vec<Placement>,
    /// How the game ended.
    pub outcome: Option<GameOutcome>,
}

impl TalvisotaState {
    /// The unit with this id.
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// The unit with this id, to change it.
    pub fn unit_mut(&mut self, id: &str) -> Option<&mut Unit> {
        self.units.iter_mut().find(|u| u.id == id)
    }

    /// The units of `side` in `space`.
    pub fn units_in(&self, side: Side, space: &str) -> Vec<&Unit> {
        self.units
            .iter()
            .filter(|u| {
                u.side == side && matches!(&u.location, UnitLocation::Space(s) if s == space)
            })
            .collect()
    }

    /// The calendar name of a turn, e.g. "January I 1940".
    pub fn turn_label(turn: u32) -> &'static str {
        match turn {
            1 => "December I 1939",
            2 => "December II 1939",
            3 => "January I 1940",
            4 => "January II 1940",
            5 => "February I 1940",
            6 => "February II 1940",
            7 => "March I 1940",
            8 => "March II 1940",
            _ => "before the war",
        }
    }

    /// The front of a space, if it is on the map.
    pub fn front_of(&self, space: &str) -> Option<Front> {
        self.map.space(space).map(|s| s.front)
    }
}

/// Sets up a game (rules 2.1–2.3): morale markers, event marker on 0, every Soviet unit of the
/// first wave and every Finnish unit on its owner's command sheet, possession markers waiting.
pub fn new_game(
    map: GameMap,
    counters: CounterSet,
    options: GameOptions,
) -> (TalvisotaState, Vec<TalvisotaEvent>) {
    let mut units = Vec::new();
    for batch in &counters.units {
        let prefix = match batch.kind.side() {
            Side::Soviet => "su",
            Side::Finnish => "fi",
        };
        for _ in 0..batch.count {
            let n = units
                .iter()
                .filter(|u: &&Unit| u.kind == batch.kind)
                .count()
                + 1;
            units.push(Unit {
                id: format!("{prefix}-{}-{n}", batch.kind.code()),
                side: batch.kind.side(),
                kind: batch.kind,
                location: if batch.arrives_turn <= 1 {
                    UnitLocation::Sheet
                } else {
                    UnitLocation::NotArrived
                },
                activated_turn: 0,
                arrives_turn: batch.arrives_turn,
            });
        }
    }
    let mut supports = Vec::new();
    for batch in &counters.supports {
        let prefix = match batch.kind.side() {
            Side::Soviet => "su",
            Side::Finnish => "fi",
        };
        for _ in 0..batch.count {
            let n = supports
                .iter()
                .filter(|s: &&Marker<SupportKind>| s.kind == batch.kind)
                .count()
                + 1;
            supports.push(Marker {
                id: format!("{prefix}-sup-{}-{n}", batch.kind.code()),
                side: batch.kind.side(),
                kind: batch.kind,
                arrives_turn: batch.arrives_turn,
                used_turn: 0,
            });
        }
    }
    let mut environment = Vec::new();
    for (kind, count) in &counters.environment {
        for n in 1..=*count {
            environment.push(Marker {
                id: format!("fi-env-{}-{n}", kind.code()),
                side: Side::Finnish,
                kind: *kind,
                arrives_turn: 1,
                used_turn: 0,
            });
        }
    }
    let entrenchments = (1..=counters.entrenchments)
        .map(|n| Marker {
            id: format!("fi-ret-{n}"),
            side: Side::Finnish,
            kind: EntrenchmentKind::Entrenchment,
            arrives_turn: 1,
            used_turn: 0,
        })
        .collect();
    let possession_markers = vec![None; counters.possession_markers as usize];
    let state = TalvisotaState {
        map,
        counters,
        options,
        turn: 0,
        phase: Phase::Setup,
        soviet_morale: SOVIET_MORALE_START,
        finnish_morale: FINNISH_MORALE_START,
        international: 0,
        units,
        supports,
        environment,
        entrenchments,
        possession_markers,
        infiltration: None,
        soviet_sheet: None,
        finnish_sheet: None,
        placements: Vec::new(),
        outcome: None,
    };
    let events = vec![TalvisotaEvent {
        audience: Audience::Everyone,
        turn: 0,
        kind: EventKind::GameSetUp {
            soviet_morale: SOVIET_MORALE_START,
            finnish_morale: FINNISH_MORALE_START,
            solo: state.options.solo,
        },
    }];
    (state, events)
}
