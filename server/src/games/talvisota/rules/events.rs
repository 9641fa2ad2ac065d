//! What happened, step by step, with who may see it: the Talvisota event log.

use super::harassment::HarassmentReport;
use super::map::SpaceId;
use super::potential::RoundReport;
use super::sheet::{CommandSheet, FinnishAllocation, SovietAllocation};
use super::state::{GameOutcome, Phase, PieceId};
use super::strategy::SovietStrategy;
use crate::core::domain::{Role, Side};
use serde::{Deserialize, Serialize};

/// Who may read an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "audience", content = "side", rename_all = "snake_case")]
pub enum Audience {
    /// Both players and the umpire.
    Everyone,
    /// That side and the umpire.
    Side(Side),
    /// The umpire only.
    Umpire,
}

impl Audience {
    /// Whether a participant in `role` may read it.
    pub fn admits(self, role: Role) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Side(side) => role == Role::Umpire || role.side() == Some(side),
            Audience::Umpire => role == Role::Umpire,
        }
    }
}

/// One entry of the event log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TalvisotaEvent {
    /// Who may read it.
    pub audience: Audience,
    /// The turn it happened in.
    pub turn: u32,
    /// What happened.
    pub kind: EventKind,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    /// The umpire corrected a value both sides see.
    Corrected {
        /// Why, as the umpire wrote it.
        reason: String,
        /// The value as corrected.
        change: super::correction::Correction,
        /// The same value before.
        before: super::correction::Correction,
    },
    /// Rules 2.1–2.3 done.
    GameSetUp {
        /// Soviet morale.
        soviet_morale: i32,
        /// Finnish morale.
        finnish_morale: i32,
        /// The server plays the Finns.
        solo: bool,
    },
    /// The turn marker advanced (rule 2.4).
    TurnBegan {
        /// The new turn.
        turn: u32,
        /// Its calendar name.
        label: String,
    },
    /// Counters reached a command sheet: new arrivals or units back from the Reinforcements box.
    CountersArrived {
        /// Whose.
        side: Side,
        /// Which.
        pieces: Vec<PieceId>,
        /// Why, naming the rule.
        reason: String,
    },
    /// Units moved from Losses to Reinforcements (rule 4.5.4).
    LossesToReinforcements {
        /// Whose.
        side: Side,
        /// Which.
        units: Vec<PieceId>,
    },
    /// The international situation roll (rule 3.1).
    InternationalSituation {
        /// The die.
        die: u32,
        /// Where the event marker now is.
        marker: i32,
    },
    /// A morale track moved (rule 7).
    MoraleChanged {
        /// Whose morale.
        side: Side,
        /// By how much (after caps).
        change: i32,
        /// Before.
        before: i32,
        /// After.
        after: i32,
        /// Why, naming the rule.
        reason: String,
    },
    /// Soviet units bought back from the Reinforcements box (rule 4.5.4).
    UnitsRecovered {
        /// Which.
        units: Vec<PieceId>,
        /// Morale spent.
        cost: i32,
    },
    /// Soviet special movement (rule 2.4).
    SovietMoved {
        /// Unit and destination.
        moves: Vec<(PieceId, SpaceId)>,
    },
    /// Where the possession markers now are (rule 6.1).
    PossessionMarkersSet {
        /// One entry per marker.
        spaces: Vec<Option<SpaceId>>,
    },
    /// A side's hidden command sheet for the turn.
    SheetAllocated {
        /// The sheet.
        sheet: CommandSheet,
    },
    /// A strategy counter placed face down on the map.
    StrategyPlaced {
        /// The counter's neutral id.
        placement: PieceId,
        /// Whose.
        side: Side,
        /// Where.
        space: SpaceId,
    },
    /// A combat revealed (rule 4.1): both sides' allocations for it.
    CombatRevealed {
        /// The Soviet allocation.
        soviet: SovietAllocation,
        /// The Finnish allocation, if the Finn answered.
        finnish: Option<FinnishAllocation>,
    },
    /// One round of combat with every modifier.
    CombatRound(RoundReport),
    /// A space taken by the Soviets (rule 4.5.2).
    SpaceConquered {
        /// The space.
        space: SpaceId,
        /// With which strategy.
        strategy: SovietStrategy,
        /// Without a fight.
        unopposed: bool,
    },
    /// A Soviet attack beaten (rule 4.5.3).
    AttackRepulsed {
        /// The space attacked.
        space: SpaceId,
        /// Where the Soviet force ended up.
        retreat_to: SpaceId,
    },
    /// Units put in the Losses box.
    UnitsLost {
        /// Whose.
        side: Side,
        /// Which.
        units: Vec<PieceId>,
    },
    /// The Finnish harassment (rule 6.2).
    Harassment(HarassmentReport),
    /// An isolated Soviet unit eliminated at the end of the turn (rule 6.2).
    IsolatedUnitEliminated {
        /// The unit.
        unit: PieceId,
        /// Where it was.
        space: SpaceId,
    },
    /// The server drew a counter for the Finns from a solo container (rule 9.1).
    SoloDraw {
        /// Which container.
        container: String,
        /// What was drawn.
        drawn: String,
    },
    /// The game moved to another phase.
    PhaseChanged {
        /// The new phase.
        phase: Phase,
    },
    /// The game ended (rule 1.2).
    GameEnded {
        /// How.
        outcome: GameOutcome,
    },
}

/// The events a participant in `role` may read, in order.
pub fn events_for(role: Role, events: &[TalvisotaEvent]) -> Vec<TalvisotaEvent> {
    events
        .iter()
        .filter(|e| e.audience.admits(role))
        .cloned()
        .collect()
}

/// An event everyone sees.
pub fn public(turn: u32, kind: EventKind) -> TalvisotaEvent {
    TalvisotaEvent {
        audience: Audience::Everyone,
        turn,
        kind,
    }
}
