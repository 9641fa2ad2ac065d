//! Solo play (rule 9): the server plays the Finns by drawing from four containers through the dice.

use super::error::TalvisotaError;
use super::events::{Audience, EventKind, TalvisotaEvent};
use super::harassment::{InfiltrationOrder, harass};
use super::logistics::soviet_controls;
use super::map::Nation;
use super::sheet::{CommandSheet, FinnishAllocation, FinnishSheet, SupportUse, allocate};
use super::state::{Phase, PieceId, TalvisotaState, UnitLocation};
use super::strategy::FinnishStrategy;
use super::support::{SupportChoice, SupportKind};
use crate::core::domain::{Role, Side};
use crate::dice::source::{Dice, RollSpec, Visibility};

/// Draws one item from a container through the dice: a d`n` picks the n-th item (sorted by id).
/// A container of one needs no roll; an empty one gives nothing.
fn draw<T: Clone>(
    container: &mut Vec<T>,
    label: &str,
    purpose: &str,
    dice: &mut dyn Dice,
    events: &mut Vec<TalvisotaEvent>,
    turn: u32,
    name: impl Fn(&T) -> String,
) -> Option<T> {
    let index = match container.len() {
        0 => return None,
        1 => 0,
        n => {
            let spec = RollSpec {
                purpose: format!("solo: draw {purpose} from the {label} container (rule 9.1)"),
                visibility: Visibility::Side,
                roller: Role::Finnish,
                sides: vec![n as u32],
            };
            let face = dice.roll(spec).first().copied().unwrap_or(1) as usize;
            face.clamp(1, n) - 1
        }
    };
    let item = container.remove(index);
    events.push(TalvisotaEvent {
        audience: Audience::Side(Side::Finnish),
        turn,
        kind: EventKind::SoloDraw {
            container: label.to_string(),
            drawn: name(&item),
        },
    });
    Some(item)
}

/// The four containers the server draws the Finns' play from (rule 9.1), and the free
/// entrenchments a DEFENSE or RESIST takes.
struct Containers {
    strategies: Vec<FinnishStrategy>,
    supports: Vec<(PieceId, SupportKind)>,
    units: Vec<PieceId>,
    environment: Vec<PieceId>,
    entrenchments: Vec<PieceId>,
}

impl Containers {
    /// Every Finnish strategy, and the supports, units and markers not used this turn.
    fn filled(state: &TalvisotaState, turn: u32) -> Self {
        let strategies: Vec<FinnishStrategy> = FinnishStrategy::ALL.to_vec();
        let mut supports: Vec<(PieceId, SupportKind)> = state
            .supports
            .iter()
            .filter(|s| s.side == Side::Finnish && s.used_turn != turn)
            .map(|s| (s.id.clone(), s.kind))
            .collect();
        let mut units: Vec<PieceId> = state
            .units
            .iter()
            .filter(|u| {
                u.side == Side::Finnish
                    && u.location == UnitLocation::Sheet
                    && u.activated_turn != turn
            })
            .map(|u| u.id.clone())
            .collect();
        let mut environment: Vec<PieceId> = state
            .environment
            .iter()
            .filter(|m| m.used_turn != turn)
            .map(|m| m.id.clone())
            .collect();
        let entrenchments: Vec<PieceId> = state
            .entrenchments
            .iter()
            .filter(|m| m.used_turn != turn)
            .map(|m| m.id.clone())
            .collect();
        supports.sort();
        units.sort();
        environment.sort();
        Containers {
            strategies,
            supports,
            units,
            environment,
            entrenchments,
        }
    }

    /// The allocation for `strategy` in `space`: its tactical supports, units (two more with
    /// Finnish reinforcements) and environment markers drawn, up to what it allows.
    fn allocation(
        &mut self,
        strategy: FinnishStrategy,
        space: String,
        dice: &mut dyn Dice,
        events: &mut Vec<TalvisotaEvent>,
        turn: u32,
    ) -> FinnishAllocation {
        let mut a = FinnishAllocation {
            strategy,
            space,
            units: Vec::new(),
            supports: Vec::new(),
            environment: Vec::new(),
            entrenchments: Vec::new(),
            placement: None,
        };
        let mut extra = 0;
        for _ in 0..strategy.max_supports() {
            if let Some((id, kind)) = draw(
                &mut self.supports,
                "supports",
                "a tactical support",
                dice,
                events,
                turn,
                |s| s.0.clone(),
            ) {
                if kind == SupportKind::FinnishReinforcements {
                    extra = 2;
                }
                a.supports.push(SupportUse {
                    id,
                    choice: SupportChoice::First,
                });
            }
        }
        for _ in 0..strategy.max_units() + extra {
            if let Some(id) = draw(
                &mut self.units,
                "units",
                "a combat unit",
                dice,
                events,
                turn,
                |u| u.clone(),
            ) {
                a.units.push(id);
            }
        }
        for _ in 0..strategy.max_environment() {
            if let Some(id) = draw(
                &mut self.environment,
                "environment",
                "an environment marker",
                dice,
                events,
                turn,
                |e| e.clone(),
            ) {
                a.environment.push(id);
            }
        }
        if strategy.max_entrenchments() > 0 && !self.entrenchments.is_empty() {
            a.entrenchments.push(self.entrenchments.remove(0));
        }
        a
    }
}

/// The server fills the Finnish command sheet: for each Soviet strategy counter on the map, in
/// the order placed, it draws a Finnish strategy, then its tactical supports, units and
/// environment markers, up to what the strategy allows. Strategies are played incomplete when a
/// container runs dry (rule 9.2's reminder).
///
/// **interpretation**: entrenchments are not in a container; a DEFENSE or RESIST takes a free one.
pub fn solo_finnish_allocate(
    state: &mut TalvisotaState,
    dice: &mut dyn Dice,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    if !state.options.solo {
        return Err(TalvisotaError::Mode(
            "this game is not a solo game (rule 9)".into(),
        ));
    }
    super::sheet::needs_phase(state, Phase::FinnishPlacement)?;
    let turn = state.turn;
    let mut events = Vec::new();
    let spaces: Vec<String> = state
        .placements
        .iter()
        .filter(|p| p.side == Side::Soviet)
        .map(|p| p.space.clone())
        .collect();
    let mut containers = Containers::filled(state, turn);
    let mut sheet = FinnishSheet::default();
    let mut boxes = std::collections::BTreeMap::new();
    for space in spaces {
        let Some(front) = state.front_of(&space) else {
            continue;
        };
        let used = boxes.entry(front).or_insert(0usize);
        if *used >= front.strategy_boxes() {
            continue;
        }
        *used += 1;
        let Some(strategy) = draw(
            &mut containers.strategies,
            "strategies",
            "a Finnish combat strategy",
            dice,
            &mut events,
            turn,
            |s| s.code().to_string(),
        ) else {
            break;
        };
        let a = containers.allocation(strategy, space, dice, &mut events, turn);
        sheet.allocations.push(a);
    }
    events.extend(allocate(
        state,
        Side::Finnish,
        CommandSheet::Finnish(sheet),
    )?);
    Ok(events)
}

/// The server's harassment (rule 9.2): the Soviet-held Finnish space with the weakest Soviet force
/// (a possession marker alone counts as none), a die for how many scouts (1–2: one, 3–4: two,
/// 5–6: three, as many as are free), then rule 6.2; the scouts stay if they win.
///
/// **interpretation**: among equally weak spaces the first in map order is chosen; with no free
/// scout or no target the Finns pass.
pub fn solo_harass(
    state: &mut TalvisotaState,
    dice: &mut dyn Dice,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    if !state.options.solo {
        return Err(TalvisotaError::Mode(
            "this game is not a solo game (rule 9)".into(),
        ));
    }
    let turn = state.turn;
    let target = state
        .map
        .spaces
        .iter()
        .filter(|s| s.nation == Nation::Finnish && soviet_controls(state, &s.id))
        .min_by_key(|s| state.units_in(Side::Soviet, &s.id).len())
        .map(|s| s.id.clone());
    let mut scouts: Vec<PieceId> = state
        .units
        .iter()
        .filter(|u| {
            u.side == Side::Finnish
                && u.kind == super::counters::UnitKind::Sct
                && u.location == UnitLocation::Sheet
                && u.activated_turn != turn
        })
        .map(|u| u.id.clone())
        .collect();
    let (Some(space), false) = (target, scouts.is_empty()) else {
        return harass(state, None, dice);
    };
    let purpose = format!("solo: how many SCT infiltrate {space} (rule 9.2)");
    let die = dice
        .roll(RollSpec::d6s(purpose, Role::Finnish, Visibility::Public, 1))
        .first()
        .copied()
        .unwrap_or(1);
    let wanted = die.div_ceil(2) as usize;
    scouts.truncate(wanted);
    harass(
        state,
        Some(InfiltrationOrder {
            space,
            units: scouts,
            stay: true,
        }),
        dice,
    )
}
