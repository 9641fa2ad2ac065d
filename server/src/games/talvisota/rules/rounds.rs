//! One combat round by round (rules 4.2–4.4): potentials, the roll, losses, doublings and retreats.

use super::counters::UnitKind;
use super::crt;
use super::events::{EventKind, TalvisotaEvent, public};
use super::potential::{FinnishForce, Ground, RoundReport, SovietForce, potentials};
use super::sheet::{FinnishAllocation, SovietAllocation};
use super::state::{PieceId, TalvisotaState, UnitLocation};
use super::support::{SupportChoice, SupportKind};
use crate::core::domain::Side;
use crate::dice::source::{Dice, RollSpec, Visibility};

/// How the fight for one space ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SpaceOutcome {
    /// The Finns were eliminated, retreated or absent.
    SovietWon {
        /// No Finnish unit fought.
        unopposed: bool,
    },
    /// The Soviet attack failed.
    FinnishWon,
}

/// The two forces of one combat as it goes on.
pub(super) struct Fight<'a> {
    /// The Soviet strategy being played.
    pub(super) soviet: &'a SovietAllocation,
    /// The Finnish strategy answering it.
    pub(super) finnish: Option<&'a FinnishAllocation>,
    /// Soviet units still fighting, in loss order.
    pub(super) soviet_units: Vec<PieceId>,
    /// Finnish units still with the strategy, in loss order.
    pub(super) finnish_units: Vec<PieceId>,
    /// Soviet units lost so far in this combat.
    pub(super) soviet_lost: usize,
}

fn supports_of(
    state: &TalvisotaState,
    uses: &[super::sheet::SupportUse],
) -> Vec<(SupportKind, SupportChoice)> {
    uses.iter()
        .filter_map(|u| {
            state
                .supports
                .iter()
                .find(|s| s.id == u.id)
                .map(|s| (s.kind, u.choice))
        })
        .collect()
}

fn kinds(state: &TalvisotaState, ids: &[PieceId]) -> Vec<(PieceId, UnitKind)> {
    ids.iter()
        .filter_map(|id| state.unit(id).map(|u| (id.clone(), u.kind)))
        .collect()
}

fn finnish_force(
    state: &TalvisotaState,
    allocation: Option<&FinnishAllocation>,
    units: &[PieceId],
) -> FinnishForce {
    let Some(a) = allocation else {
        return FinnishForce {
            units: kinds(state, units),
            ..FinnishForce::default()
        };
    };
    FinnishForce {
        units: kinds(state, units),
        supports: supports_of(state, &a.supports),
        environment: a
            .environment
            .iter()
            .filter_map(|id| {
                state
                    .environment
                    .iter()
                    .find(|m| &m.id == id)
                    .map(|m| m.kind)
            })
            .collect(),
        entrenchments: a.entrenchments.len() as u32,
    }
}

/// Puts the Finnish units in the order they are lost: as listed, or weakest first in solo play.
pub(super) fn finnish_loss_order(state: &TalvisotaState, units: &mut [PieceId]) {
    if state.options.solo {
        units.sort_by_key(|id| state.unit(id).map(|u| u.kind.weakness_rank()).unwrap_or(0));
    }
}

fn send_to_losses(
    state: &mut TalvisotaState,
    units: &mut Vec<PieceId>,
    n: usize,
    side: Side,
    events: &mut Vec<TalvisotaEvent>,
) -> usize {
    let n = n.min(units.len());
    let lost: Vec<PieceId> = units.drain(..n).collect();
    let turn = state.turn;
    for id in &lost {
        if let Some(u) = state.unit_mut(id) {
            u.location = UnitLocation::Losses(turn);
        }
    }
    if !lost.is_empty() {
        events.push(public(turn, EventKind::UnitsLost { side, units: lost }));
    }
    n
}

/// What a combat round does to each side, once the leaders have had their say.
struct RoundResult {
    su_loss: u32,
    fi_loss: u32,
    su_retreat: bool,
    fi_retreat: bool,
    /// What the leaders changed, in words.
    notes: Vec<String>,
}

/// The combat table's result `r` for `roller`, turned into each side's losses and retreat,
/// then changed by NKVD, Mannerheim and Timoshenko (rules 3.3.2, 3.3.3).
fn round_result(
    r: crt::CrtResult,
    roller: Side,
    soviet_supports: &[(SupportKind, SupportChoice)],
    fi_force: &FinnishForce,
) -> RoundResult {
    let (mut su_loss, mut fi_loss, mut su_retreat, mut fi_retreat) = match roller {
        Side::Soviet => (
            r.roller_losses,
            r.opponent_losses,
            false,
            r.opponent_retreats,
        ),
        Side::Finnish => (
            r.opponent_losses,
            r.roller_losses,
            r.opponent_retreats,
            false,
        ),
    };
    let mut notes = Vec::new();
    if su_retreat && soviet_supports.iter().any(|(k, _)| *k == SupportKind::Nkvd) {
        su_retreat = false;
        su_loss *= 2;
        notes.push(
            "NKVD cancels the Soviet retreat and doubles the Soviet losses (rule 3.3.2)"
                .to_string(),
        );
    }
    let mannerheim = fi_force
        .supports
        .iter()
        .any(|&(k, c)| k == SupportKind::Mannerheim && c == SupportChoice::First);
    if fi_retreat && mannerheim {
        fi_retreat = false;
        fi_loss *= 2;
        notes.push(
            "Mannerheim cancels the Finnish retreat and doubles the Finnish losses (rule 3.3.3)"
                .to_string(),
        );
    }
    let timoshenko = soviet_supports
        .iter()
        .any(|&(k, c)| k == SupportKind::Timoshenko && c == SupportChoice::First);
    if timoshenko
        && soviet_supports
            .iter()
            .any(|(k, _)| *k == SupportKind::SovietArtillery)
        && fi_loss > 0
    {
        fi_loss *= 2;
        notes.push("Timoshenko with artillery doubles the Finnish losses (rule 3.3.2)".to_string());
    }
    RoundResult {
        su_loss,
        fi_loss,
        su_retreat,
        fi_retreat,
        notes,
    }
}

/// Each side's losses of a round leave the fight for the Losses box, as `sink` tells; gives
/// the Soviet and the Finnish units lost.
fn take_round_losses(
    state: &mut TalvisotaState,
    fight: &mut Fight<'_>,
    su_loss: u32,
    fi_loss: u32,
    sink: &mut Vec<TalvisotaEvent>,
) -> (Vec<PieceId>, Vec<PieceId>) {
    let before_su = fight.soviet_units.clone();
    let before_fi = fight.finnish_units.clone();
    fight.soviet_lost += send_to_losses(
        state,
        &mut fight.soviet_units,
        su_loss as usize,
        Side::Soviet,
        sink,
    );
    send_to_losses(
        state,
        &mut fight.finnish_units,
        fi_loss as usize,
        Side::Finnish,
        sink,
    );
    let soviet_losses: Vec<PieceId> = before_su
        .into_iter()
        .filter(|id| !fight.soviet_units.contains(id))
        .collect();
    let finnish_losses: Vec<PieceId> = before_fi
        .into_iter()
        .filter(|id| !fight.finnish_units.contains(id))
        .collect();
    (soviet_losses, finnish_losses)
}

/// Fights up to two rounds for one space (rule 4.4) and says who won it.
pub(super) fn fight_space(
    state: &mut TalvisotaState,
    fight: &mut Fight<'_>,
    space: &str,
    dice: &mut dyn Dice,
    events: &mut Vec<TalvisotaEvent>,
) -> SpaceOutcome {
    let Some(map_space) = state.map.space(space) else {
        return SpaceOutcome::FinnishWon;
    };
    let ground = Ground {
        value: map_space.value,
        defence_line: map_space.defence_line > 0,
    };
    let soviet_supports = supports_of(state, &fight.soviet.supports);
    for round in 1..=2 {
        if fight.finnish_units.is_empty() {
            return SpaceOutcome::SovietWon {
                unopposed: round == 1,
            };
        }
        if fight.soviet_units.is_empty() {
            return SpaceOutcome::FinnishWon;
        }
        let su_force = SovietForce {
            strategy: fight.soviet.strategy,
            units: kinds(state, &fight.soviet_units),
            supports: soviet_supports.clone(),
        };
        let fi_force = finnish_force(state, fight.finnish, &fight.finnish_units);
        let (su, fi) = potentials(&state.counters, &su_force, &fi_force, &ground);
        let roller = if su.effective >= fi.effective {
            Side::Soviet
        } else {
            Side::Finnish
        };
        let difference = su.effective.abs_diff(fi.effective);
        let supply = soviet_supports
            .iter()
            .any(|(k, _)| *k == SupportKind::Supply);
        let die_modifier = match (supply, roller) {
            (false, _) => 0,
            (true, Side::Soviet) => 1,
            (true, Side::Finnish) => -1,
        };
        let purpose = format!(
            "{} round {round} at {space}: {} combat roll, difference {difference} (rules 4.2, 4.3)",
            fight.soviet.strategy.code(),
            roller.adjective()
        );
        let die = dice
            .roll(RollSpec::d6s(purpose, roller.role(), Visibility::Public, 1))
            .first()
            .copied()
            .unwrap_or(1);
        let reading = crt::read(difference, die, die_modifier);
        let RoundResult {
            su_loss,
            fi_loss,
            su_retreat,
            fi_retreat,
            notes,
        } = round_result(reading.result, roller, &soviet_supports, &fi_force);
        let mut sink = Vec::new();
        let (soviet_losses, finnish_losses) =
            take_round_losses(state, fight, su_loss, fi_loss, &mut sink);
        let retreat = if fi_retreat && !fight.finnish_units.is_empty() {
            Some(Side::Finnish)
        } else if su_retreat && !fight.soviet_units.is_empty() {
            Some(Side::Soviet)
        } else {
            None
        };
        events.push(public(
            state.turn,
            EventKind::CombatRound(RoundReport {
                space: space.to_string(),
                round,
                soviet: su,
                finnish: fi,
                roller,
                difference,
                reading,
                soviet_losses,
                finnish_losses,
                retreat,
                notes,
            }),
        ));
        events.extend(sink);
        if fi_retreat || fight.finnish_units.is_empty() {
            // Retreating Finns stay with their strategy: under rule 3.2.4 they meet a follow-up
            // attack on the next space.
            return SpaceOutcome::SovietWon { unopposed: false };
        }
        if su_retreat || fight.soviet_units.is_empty() {
            return SpaceOutcome::FinnishWon;
        }
    }
    SpaceOutcome::FinnishWon
}
