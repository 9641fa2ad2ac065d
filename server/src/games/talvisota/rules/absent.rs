//! What the game does for a side whose player is absent (a passed deadline, or the umpire asks):
//! the server's own move where the solo rules give one (rule 9), else a pass: no special
//! movement, an empty command sheet, the combats in the order the Soviet sheet lists them, no
//! harassment.

use super::combat::reveal_and_resolve_combat;
use super::error::TalvisotaError;
use super::events::TalvisotaEvent;
use super::harassment::harass;
use super::sheet::{CommandSheet, FinnishSheet, SovietSheet, allocate};
use super::solo::{solo_finnish_allocate, solo_harass};
use super::state::{Phase, TalvisotaState};
use super::turn::{SovietOrganisation, organise};
use crate::core::domain::Side;
use crate::dice::source::Dice;

/// Plays `side`'s default in the current phase; refused when the game does not wait for `side`.
pub fn play_default(
    state: &mut TalvisotaState,
    side: Side,
    dice: &mut dyn Dice,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    match (state.phase, side) {
        (Phase::Organisation, Side::Soviet) => organise(state, SovietOrganisation::default()),
        (Phase::SovietPlacement, Side::Soviet) => allocate(
            state,
            Side::Soviet,
            CommandSheet::Soviet(SovietSheet::default()),
        ),
        (Phase::Combat, Side::Soviet) => {
            let next = state
                .soviet_sheet
                .as_ref()
                .and_then(|s| s.allocations.iter().find(|a| !a.resolved))
                .map(|a| a.strategy);
            match next {
                Some(strategy) => reveal_and_resolve_combat(state, strategy, dice),
                None => super::turn::advance_phase(state, dice),
            }
        }
        (Phase::FinnishPlacement, Side::Finnish) if state.options.solo => {
            solo_finnish_allocate(state, dice)
        }
        (Phase::FinnishPlacement, Side::Finnish) => allocate(
            state,
            Side::Finnish,
            CommandSheet::Finnish(FinnishSheet::default()),
        ),
        (Phase::Harassment, Side::Finnish) if state.options.solo => solo_harass(state, dice),
        (Phase::Harassment, Side::Finnish) => harass(state, None, dice),
        (Phase::Finished, _) => Err(TalvisotaError::GameOver),
        _ => Err(TalvisotaError::NotYourTurn(side)),
    }
}

/// Whether the game waits for the server's own Finnish move (solo play, rule 9).
pub fn servers_move(state: &TalvisotaState) -> bool {
    state.options.solo && matches!(state.phase, Phase::FinnishPlacement | Phase::Harassment)
}

/// What a passed deadline plays by default now, in words both sides may read (before it acts).
pub fn deadline_words(state: &TalvisotaState) -> &'static str {
    if servers_move(state) {
        return "the server made the Finnish move of the solo rules";
    }
    match super::turn::awaiting(state).map(|role| role.side()) {
        Some(Some(side)) => match (state.phase, side) {
            (Phase::Organisation, Side::Soviet) => {
                "the Soviet organisation was skipped (no special movement, no possession \
                 markers, no recovery) and the game moved on to the Soviet command sheet"
            }
            (Phase::SovietPlacement, Side::Soviet) => "the Soviet side sent an empty command sheet",
            (Phase::Combat, Side::Soviet) => {
                "the next combat on the Soviet sheet was resolved (or, with none left, the combats ended)"
            }
            (Phase::FinnishPlacement, Side::Finnish) => {
                "the Finnish side sent an empty command sheet"
            }
            (Phase::Harassment, Side::Finnish) => "the Finnish side harassed nobody",
            _ => "the awaited side passed",
        },
        Some(None) => "the umpire's step was taken and the game moved on",
        None => "nothing, for the game is over",
    }
}

/// What a passed deadline does: the default of the side the game waits for, the server's own
/// Finnish move in solo play, or the umpire's step.
pub fn on_deadline(
    state: &mut TalvisotaState,
    dice: &mut dyn Dice,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    if servers_move(state) {
        return play_default(state, Side::Finnish, dice);
    }
    match super::turn::awaiting(state) {
        Some(role) => match role.side() {
            Some(side) => play_default(state, side, dice),
            None => super::turn::advance_phase(state, dice),
        },
        None => Err(TalvisotaError::GameOver),
    }
}
