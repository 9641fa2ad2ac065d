//! Campaign events: every change the rules make, each with who may read it.

use crate::core::domain::{Role, Side};
use serde::{Deserialize, Serialize};

/// Who may read an event before the campaign is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventVisibility {
    /// Both sides and the umpire.
    Public,
    /// The Soviet player and the umpire.
    Soviet,
    /// The Finnish player and the umpire.
    Finnish,
    /// The umpire only.
    Umpire,
}

impl EventVisibility {
    /// The visibility of something only `side` (and the umpire) may know.
    pub fn side(side: Side) -> Self {
        match side {
            Side::Soviet => EventVisibility::Soviet,
            Side::Finnish => EventVisibility::Finnish,
        }
    }

    /// Whether a participant in `role` may read an event with this visibility.
    pub fn visible_to(self, role: Role) -> bool {
        matches!(
            (self, role),
            (_, Role::Umpire)
                | (EventVisibility::Public, _)
                | (EventVisibility::Soviet, Role::Soviet)
                | (EventVisibility::Finnish, Role::Finnish)
        )
    }
}

/// What part of the campaign an event is about, for filtering and icons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// The campaign started or ended.
    Campaign,
    /// Orders were given, defaulted or marked ready.
    Orders,
    /// Soviet stacks were reorganized.
    Reorganization,
    /// A platoon or stack moved, retreated or was blocked.
    Movement,
    /// A Soviet stack rolled to advance against its exhaustion.
    AdvanceRoll,
    /// Consolidation rolls and the entrenchments they dug.
    Consolidation,
    /// A roadblock was built or taken down.
    Roadblock,
    /// Buildings set on fire, burning out or cooling.
    Fire,
    /// A bonfire was built or went out.
    Bonfire,
    /// A platoon's fatigue changed.
    Fatigue,
    /// A battle was opened or decided.
    Battle,
    /// The initiative changed hands.
    Initiative,
    /// A side spotted an enemy platoon.
    Spotting,
    /// A side ran into an enemy feature (minefield, roadblock, entrenchment, fire).
    Discovery,
    /// The clock moved on.
    Clock,
    /// The umpire corrected a value.
    Correction,
    /// The umpire revealed a fact to a side.
    Reveal,
}

/// One change to the campaign, as a sentence a participant reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Event {
    /// The campaign Hour the event belongs to.
    pub hour: u32,
    /// Who may read it.
    pub visibility: EventVisibility,
    /// What it is about.
    pub kind: EventKind,
    /// The sentence shown in the history and the Hour's report.
    pub sentence: String,
}

impl Event {
    /// An event at `hour`.
    pub fn new(
        hour: u32,
        visibility: EventVisibility,
        kind: EventKind,
        sentence: impl Into<String>,
    ) -> Self {
        Event {
            hour,
            visibility,
            kind,
            sentence: sentence.into(),
        }
    }
}

/// The events of `events` that `role` may read, in order.
pub fn visible_events(events: &[Event], role: Role) -> Vec<Event> {
    events
        .iter()
        .filter(|e| e.visibility.visible_to(role))
        .cloned()
        .collect()
}
