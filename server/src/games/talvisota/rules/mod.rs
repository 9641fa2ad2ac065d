//! Talvisota 1939-1940: the pure rules of the whole operational game, state in, events out.
//!
//! A campaign stores one [`TalvisotaState`] document and appends the [`TalvisotaEvent`]s every
//! command returns. Commands, in the order of a turn (rule 2.4):
//! [`advance_phase`] (turn marker, losses, arrivals, international roll), [`organise`] (Soviet
//! recovery, possession markers, special movement), [`allocate`] (Soviet sheet, then Finnish
//! sheet, or [`solo_finnish_allocate`]), [`reveal_and_resolve_combat`] per Soviet strategy in the
//! Soviet player's order, [`harass`] (or [`solo_harass`]), then [`advance_phase`] for the end of
//! the turn. Views for each role are built in `views::talvisota`.

pub mod absent;
pub mod combat;
pub mod correction;
pub mod counters;
pub mod crt;
pub mod datafile;
pub mod environment;
pub mod error;
pub mod events;
mod finnish_sheet;
pub mod harassment;
pub mod international;
pub mod logistics;
pub mod map;
pub mod morale;
pub mod potential;
pub mod procedures;
mod rounds;
pub mod sheet;
pub mod solo;
mod soviet_sheet;
pub mod state;
pub mod strategy;
pub mod support;
pub mod turn;
pub mod victory;

#[cfg(test)]
mod tests;

pub use combat::{reveal_and_resolve_combat, reveal_and_resolve_placement};
pub use counters::CounterSet;
pub use error::{DataError, TalvisotaError};
pub use events::{Audience, EventKind, TalvisotaEvent, events_for};
pub use harassment::{InfiltrationOrder, harass};
pub use map::GameMap;
pub use sheet::{
    CommandSheet, FinnishAllocation, FinnishSheet, SovietAllocation, SovietSheet, SupportUse,
    allocate,
};
pub use solo::{solo_finnish_allocate, solo_harass};
pub use state::{GameOptions, Phase, TalvisotaState, new_game};
pub use turn::{SovietOrganisation, UnitMove, advance_phase, awaited_for, awaiting, organise};

/// The readings this module makes where the rules text is silent, for the rules help page.
pub const INTERPRETATIONS: &[&str] = &[
    "The side with the higher combat potential rolls and reads the table from its side; on equal potentials the Soviet attacker rolls (spec).",
    "A modified combat die below 1 reads row 1 (Supply can lower the Finnish die).",
    "Entrenchments add the counter set's entrenchment value (2 by default) to the Finnish potential.",
    "Finnish strategies' printed numbers are maxima; strategies may be played incomplete.",
    "Per-unit penalties may take a unit below zero; only the force total is raised to 1.",
    "Timoshenko's +1 in a manoeuvre is added after doubling or reduction.",
    "Strategy counters are placed face down: the opponent sees a counter in a space, not which strategy, until the combat is revealed.",
    "Losses are taken in the order the owner listed the units on the command sheet; in solo play the Finns lose weakest first (rule 9.1).",
    "The follow-up space of ATT, BLIN and MAN is named on the command sheet and attacked at once if the first falls.",
    "In a follow-up attack the same Finnish strategy defends with its surviving units, including those that retreated (rule 3.2.4).",
    "A Finnish retreat result ends the combat in a Soviet victory; a Soviet retreat result ends it in a Finnish victory.",
    "NKVD and Mannerheim double losses only when they cancel a retreat.",
    "A space attacked without a Finnish strategy is taken without combat.",
    "A winning force moves into the conquered space; a Finnish space it leaves empty gets a free possession marker, or else keeps the first unit in loss order.",
    "A beaten force that lost more than half its units falls back one space towards a logistics centre from its starting space.",
    "The Soviet gains 2 morale for a conquered defence-line space (rule 8) and nothing else for a victory; a Finnish victory on a defence line gives the Finns +2 and the Soviets -2.",
    "Any logistics centre supplies any front; special movement may go any distance to any space of a line of progression.",
    "Isolation eliminates one Soviet unit in all per turn (TAN, MECA, FUS, then ELI).",
    "Scouts stay in an infiltrated space only after a success; they fight alongside any Finnish strategy defending it; the one infiltration marker moves when placed again.",
    "Soviet recovery may not spend the last morale point; a single FUS costs a full point.",
    "Reinforcements arriving in January and recovered units go to the command sheet and enter the map by special movement.",
    "Corps counters are a bookkeeping convenience: the server tracks every fusilier division.",
    "Morale stops at 0 and at 23; reaching 0 is judged at the end of the turn. Both at 0, or equal morale after March II 1940, is a draw.",
    "In January 1940 a strategy takes at most one ordinary support and one commander; otherwise commanders are added freely.",
    "One Soviet strategy per target space per turn.",
    "An attack across the Oranienbaum–Koivisto ice connection (open from March I 1940) needs the Meretskov support in the strategy (rule 3.3.2); supply and special movement may use it without him.",
    "Solo: entrenchments go automatically to DEFENSE and RESIST; Mannerheim cancels the retreat; harassment picks the first weakest space in map order.",
];
