//! Battle records: opened by Attack orders, decided by the report recorded in `aftermath`, and
//! the result's consequences on the ladder (R2).

use super::events::{Event, EventKind, EventVisibility};
use super::fatigue::{Action, FatigueCircumstances, fatigue_change};
use super::knowledge::{discover_features, refresh_sightings};
use super::ladder::{StepIndex, TableColour};
use super::legality::soviet_initial_attack;
use super::movement::{Execution, retreat_one};
use super::orders::{CounterattackScenario, Order};
use super::platoon::PlatoonId;
use super::state::WonsState;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// Whether a battle has been fought to its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum BattleStatus {
    /// Waiting to be fought (or for its result).
    Pending,
    /// Fought: who won and in how many Chain of Command Turns.
    Decided {
        /// The winning side.
        winner: Side,
        /// Full CoC Turns played.
        turns: u32,
    },
}

impl BattleStatus {
    /// The status in words: waiting, or who won and after how many Turns.
    pub fn words(&self) -> String {
        match self {
            BattleStatus::Pending => "waiting to be fought".to_owned(),
            BattleStatus::Decided { winner, turns } => {
                format!("the {} side won after {turns} Turn(s)", winner.adjective())
            }
        }
    }
}

/// One battle on the ladder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Battle {
    /// Its number in the campaign, from 1.
    pub id: u32,
    /// The Hour it was fought in.
    pub hour: u32,
    /// Where.
    pub step: StepIndex,
    /// The attacking side.
    pub attacker: Side,
    /// The attacking platoons.
    pub attackers: Vec<PlatoonId>,
    /// The platoons on the step that defend.
    pub defenders: Vec<PlatoonId>,
    /// The table it is fought on.
    pub table: TableColour,
    /// A Finnish counterattack's scenario.
    pub scenario: Option<CounterattackScenario>,
    /// Whether it is the Soviets' initial attack on the step.
    pub initial_attack: bool,
    /// Pending or decided.
    pub status: BattleStatus,
    /// Each side's pre-battle sheet, once drawn up.
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub sheets: Vec<super::battle_sheet::BattleSheet>,
    /// Barrages fired (or late) before it.
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub barrages: Vec<super::barrage::BarrageRecord>,
    /// Each side's support points and purchases (R1.4).
    #[serde(default)]
    pub support: Vec<super::support::SideSupport>,
    /// The surprise one side suffers at the start (R4), if any.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub surprise: Option<super::battle_sheet::Surprise>,
    /// The Soviet reconnaissance's Turn Zero, once fought (R1.4.3).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub turn_zero: Option<super::battle_sheet::TurnZero>,
    /// The report recorded after the battle.
    #[serde(default)]
    pub report: Option<super::aftermath::BattleReport>,
    /// Reports a side has sent, waiting for the other side to send the same.
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub proposals: Vec<(Side, super::aftermath::BattleReport)>,
    /// Equipment left on the field, with its capture roll once made (R1.5).
    #[serde(default)]
    pub abandoned: Vec<super::aftermath::AbandonedDevice>,
    /// The sides whose prisoners revealed the enemy's support for it (R25), noted when it is
    /// archived (before that, the interrogations tell).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub support_revealed_to: Vec<Side>,
    /// It has been archived (`super::archive`): settled, every prisoner of it interrogated. A
    /// command naming it brings it back into the state for the command alone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub archived: bool,
}

impl Battle {
    /// Whether `side` has a platoon in it.
    pub fn fought_by(&self, state: &WonsState, side: Side) -> bool {
        self.attackers
            .iter()
            .chain(&self.defenders)
            .filter_map(|id| state.platoons.get(id))
            .any(|p| p.side == side)
    }

    /// Whether platoon `id` fights in it.
    pub fn involves(&self, id: &str) -> bool {
        self.attackers
            .iter()
            .chain(&self.defenders)
            .any(|p| p == id)
    }
}

/// Why a battle result was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BattleError {
    /// No such battle.
    #[error("There is no battle {0}")]
    Unknown(u32),
    /// Its result was already recorded.
    #[error("Battle {0} already has a result; correct it as the umpire with a reason instead")]
    AlreadyDecided(u32),
    /// A battle of no Turns.
    #[error("A battle lasts at least one Chain of Command Turn")]
    NoTurns,
}

/// Opens a battle for each step where the side with the initiative ordered attacks (R2).
pub(super) fn open_battles(state: &mut WonsState, run: &mut Execution) {
    let attacker = state.initiative;
    let mut by_step: Vec<(
        StepIndex,
        Vec<PlatoonId>,
        TableColour,
        Option<CounterattackScenario>,
    )> = Vec::new();
    for p in state.platoons.values() {
        let Some(Order::Attack { table, scenario }) = run.orders.get(&p.id) else {
            continue;
        };
        if p.side != attacker {
            run.events.push(Event::new(
                run.hour,
                EventVisibility::side(p.side),
                EventKind::Battle,
                format!(
                    "{} could not attack: the initiative has passed to the enemy (R2).",
                    p.name
                ),
            ));
            continue;
        }
        match by_step.iter_mut().find(|(s, ..)| *s == p.step) {
            Some((_, ids, ..)) => ids.push(p.id.clone()),
            None => by_step.push((p.step, vec![p.id.clone()], *table, *scenario)),
        }
    }
    for (step, attackers, table, scenario) in by_step {
        let defenders: Vec<PlatoonId> = state
            .platoons_of(attacker.enemy())
            .filter(|p| p.step == step)
            .map(|p| p.id.clone())
            .collect();
        let names = |ids: &[PlatoonId]| {
            ids.iter()
                .map(|i| state.platoon_name(i))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if defenders.is_empty() {
            let sentence = format!(
                "{} found no enemy left to attack at {}.",
                names(&attackers),
                state.step_label(step)
            );
            run.note(EventVisibility::side(attacker), EventKind::Battle, sentence);
            continue;
        }
        let id = state.battle_count().saturating_add(1);
        let sentence = format!(
            "Battle {id} at {}: {} {} attack(s) {} on the {table} table; it waits to be fought.",
            state.step_label(step),
            attacker.adjective(),
            names(&attackers),
            names(&defenders),
        );
        let initial_attack = attacker == Side::Soviet && soviet_initial_attack(state, step);
        state.battles.push(Battle {
            id,
            hour: run.hour,
            step,
            attacker,
            attackers,
            defenders,
            table,
            scenario,
            initial_attack,
            status: BattleStatus::Pending,
            sheets: Vec::new(),
            barrages: Vec::new(),
            support: Vec::new(),
            surprise: None,
            turn_zero: None,
            report: None,
            proposals: Vec::new(),
            abandoned: Vec::new(),
            support_revealed_to: Vec::new(),
            archived: false,
        });
        run.note(EventVisibility::Public, EventKind::Battle, sentence);
        surprise_from_interrogation(state, id, run);
    }
}

/// A side whose interrogation won surprise (R25) springs it in its next battle: the enemy starts
/// at the level the seed calls "Normal −2" (R4).
fn surprise_from_interrogation(state: &mut WonsState, battle: u32, run: &mut Execution) {
    if !state.rule_on("surprise") {
        return;
    }
    let Some(record) = state
        .interrogations
        .iter_mut()
        .find(|r| r.surprise && r.surprise_used_in.is_none())
    else {
        return;
    };
    record.surprise_used_in = Some(battle);
    let (side, prisoner) = (record.side, record.prisoner.clone());
    let reason = format!(
        "the {} side learned from {prisoner} where to strike (R25)",
        side.adjective()
    );
    let level = super::tables::surprise::INTERROGATION_SURPRISE;
    if let Ok(events) =
        super::battle_sheet::set_surprise(state, battle, Some((side.enemy(), level)), &reason)
    {
        run.events.extend(events);
    }
}

/// Decides a battle and applies the result's consequences: the loser of an attack keeps its
/// ground or retreats, the initiative stays or passes, and a battle of fewer than three Turns
/// lets every platoon in it act again (R2).
pub(super) fn decide(
    state: &mut WonsState,
    battle_id: u32,
    winner: Side,
    turns: u32,
) -> Result<Vec<Event>, BattleError> {
    let battle = state
        .battle_mut(battle_id)
        .ok_or(BattleError::Unknown(battle_id))?;
    battle.status = BattleStatus::Decided { winner, turns };
    let battle = battle.clone();
    let mut events = Vec::new();
    let mut run = Execution {
        hour: battle.hour,
        orders: &Default::default(),
        events: Vec::new(),
    };
    let place = state.step_label(battle.step);
    if winner == battle.attacker {
        run.note(
            EventVisibility::Public,
            EventKind::Battle,
            format!(
                "Battle {battle_id} at {place}: the {} attack won after {turns} Turn(s); every {} platoon there must retreat, and the {} side keeps the initiative.",
                winner.adjective(),
                winner.enemy().adjective(),
                winner.adjective()
            ),
        );
        forced_retreat(state, &battle, &mut run);
    } else {
        state.initiative = winner;
        run.note(
            EventVisibility::Public,
            EventKind::Battle,
            format!(
                "Battle {battle_id} at {place}: the {} attack failed after {turns} Turn(s); both sides hold their ground and the initiative passes to the {} side.",
                battle.attacker.adjective(),
                winner.adjective()
            ),
        );
    }
    if turns < 3 {
        for id in battle.attackers.iter().chain(&battle.defenders) {
            if let Some(p) = state.platoons.get_mut(id) {
                p.extra_action_from = Some(battle_id);
            }
        }
        run.note(
            EventVisibility::Public,
            EventKind::Battle,
            format!("Battle {battle_id} lasted fewer than three Turns: every platoon in it may take another action now (R2)."),
        );
    }
    events.append(&mut run.events);
    events.extend(refresh_sightings(state, battle.hour));
    events.extend(discover_features(state, battle.hour));
    Ok(events)
}

/// The losers of an attack retreat one step, paying a Retreat's fatigue in the battle's light
/// (our reading: a forced retreat is the R2 Retreat action).
fn forced_retreat(state: &mut WonsState, battle: &Battle, run: &mut Execution) {
    let steps = state.ladder.len();
    let light = state.clock.light(battle.hour);
    let losers: Vec<PlatoonId> = state
        .platoons_of(battle.attacker.enemy())
        .filter(|p| p.step == battle.step)
        .map(|p| p.id.clone())
        .collect();
    for id in losers {
        retreat_one(state, &id, steps, run);
        let Some(p) = state.platoons.get_mut(&id) else {
            continue;
        };
        let how = FatigueCircumstances {
            light,
            in_building: false,
            battle_ensued: true,
        };
        let change = fatigue_change(Action::Retreat, p.side, how).unwrap_or(0);
        let before = p.fatigue;
        p.fatigue = super::fatigue::apply_fatigue(p.fatigue, change);
        let sentence = format!(
            "{} fatigue {before} → {} (forced Retreat).",
            p.name, p.fatigue
        );
        let side = p.side;
        run.note(EventVisibility::side(side), EventKind::Fatigue, sentence);
    }
}

/// A campaign from the demo pack with one battle (1) at step C: Soviet 1st Rifle Platoon
/// attacking the Finnish 1st Platoon, in `hour`, with `status`. For tests of battle rules.
#[cfg(test)]
pub(crate) fn demo_with_battle(hour: u32, status: BattleStatus) -> WonsState {
    let mut state = super::load_pack(super::DEMO_PACK).expect("the demo pack loads");
    state.battles.push(Battle {
        id: 1,
        hour,
        step: 2,
        attacker: Side::Soviet,
        attackers: vec!["sov-1".into()],
        defenders: vec!["fin-1".into()],
        table: TableColour::Red,
        scenario: None,
        initial_attack: true,
        status,
        sheets: Vec::new(),
        barrages: Vec::new(),
        support: Vec::new(),
        surprise: None,
        turn_zero: None,
        report: None,
        proposals: Vec::new(),
        abandoned: Vec::new(),
        support_revealed_to: Vec::new(),
        archived: false,
    });
    state
}

/// A campaign from the demo pack whose battle 1 is pending and battles 2 to 31 decided, each a
/// Soviet attack at step C won by the Finns in 4 Turns. For tests of the battle lists.
#[cfg(test)]
pub(crate) fn thirty_decided() -> WonsState {
    let mut state = demo_with_battle(1, BattleStatus::Pending);
    let mut decided = state.battles[0].clone();
    decided.status = BattleStatus::Decided {
        winner: Side::Finnish,
        turns: 4,
    };
    decided.report = Some(super::aftermath::BattleReport::bare(Side::Finnish, 4));
    for id in 2..=31 {
        state.battles.push(Battle {
            id,
            ..decided.clone()
        });
    }
    state
}
