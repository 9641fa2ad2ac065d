//! Prisoners and deserters (R25): the interrogating side rolls 1d6 (deserters +1; captured heroes
//! give name and rank only) and good information reveals the enemy's works in its view.

use super::events::{Event, EventKind, EventVisibility};
use super::knowledge::feature_word;
use super::state::WonsState;
use super::tables::interrogation::{Interrogation, InterrogationResult, interrogate};
use crate::core::domain::Side;
use crate::dice::source::{Dice, RollSpec, Visibility};
use serde::{Deserialize, Serialize};

/// A prisoner to interrogate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct InterrogationRequest {
    /// Who the prisoner is, as the players describe him.
    pub prisoner: String,
    /// Ignored: whether he came over of his own will (+1) is what the recorded report says.
    #[serde(default)]
    pub deserter: bool,
    /// Ignored: whether he is a hero (name and rank only) is what the recorded report says.
    #[serde(default)]
    pub hero: bool,
}

/// An interrogation and what it yielded, kept for the interrogating side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InterrogationRecord {
    /// The interrogating side.
    pub side: Side,
    /// The battle the prisoner was taken in.
    pub battle: u32,
    /// Who was interrogated.
    pub prisoner: String,
    /// The roll, its modifiers and the result.
    pub interrogation: Interrogation,
    /// The enemy works it revealed, as sentences.
    pub revealed: Vec<String>,
    /// Whether the side gains surprise ("Normal −2") in its next battle.
    pub surprise: bool,
    /// The battle that surprise was spent on, once the side has fought it.
    #[serde(default)]
    pub surprise_used_in: Option<u32>,
}

impl InterrogationRecord {
    /// Whether the surprise it won is still to be sprung in the side's next battle (R25): never
    /// when the campaign plays without the surprise rule.
    pub fn surprise_to_come(&self, state: &WonsState) -> bool {
        self.surprise && self.surprise_used_in.is_none() && state.rule_on("surprise")
    }
}

/// How a prisoner's name is compared: players may write it with other capitals or spaces.
pub fn prisoner_key(name: &str) -> String {
    name.trim().to_ascii_lowercase()
}

/// The prisoners interrogated so far, gathered once: by battle, captor and [`prisoner_key`].
pub struct Interrogated(std::collections::BTreeSet<(u32, &'static str, String)>);

impl Interrogated {
    /// Those of `state`.
    pub fn of(state: &WonsState) -> Self {
        Interrogated(
            state
                .interrogations
                .iter()
                .map(|r| (r.battle, r.side.code(), prisoner_key(&r.prisoner)))
                .collect(),
        )
    }

    /// Whether a prisoner taken in battle `b` by `captor` (by either side when `None`) still
    /// waits to be interrogated. An archived battle's were all interrogated, though their
    /// records may be forgotten.
    pub fn waiting(&self, b: &super::battle::Battle, captor: Option<Side>) -> bool {
        !b.archived
            && b.report
                .iter()
                .flat_map(|r| &r.prisoners)
                .filter(|p| captor.is_none_or(|c| p.taken_by == c))
                .any(|p| {
                    !self
                        .0
                        .contains(&(b.id, p.taken_by.code(), prisoner_key(&p.name)))
                })
    }
}

/// Why an interrogation was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrisonerError {
    /// No such battle.
    #[error("There is no battle {0}")]
    UnknownBattle(u32),
    /// The side did not fight there.
    #[error("Your side did not fight in battle {0}, so it took no prisoners there (R25)")]
    NotInBattle(u32),
    /// Nobody named.
    #[error("Say who the prisoner is (R25)")]
    NoPrisoner,
    /// Not among the prisoners the report lists.
    #[error(
        "The recorded report of battle {1} lists no prisoner called '{0}' taken by your side; only the prisoners it lists may be interrogated (R25)"
    )]
    NotTaken(String, u32),
    /// Asked already.
    #[error("{0} has been interrogated already")]
    AlreadyInterrogated(String),
}

/// Interrogates a prisoner `side` took in battle `battle`.
///
/// **Interpretation**: good information reveals every enemy entrenchment, roadblock and minefield
/// on the ladder that the side did not know of; the enemy's support choices are told by the umpire
/// at the table, since support purchases are not kept here yet.
pub fn interrogate_prisoner(
    state: &mut WonsState,
    battle: u32,
    side: Side,
    request: &InterrogationRequest,
    dice: &mut dyn Dice,
) -> Result<Vec<Event>, PrisonerError> {
    let found = state
        .battle(battle)
        .ok_or(PrisonerError::UnknownBattle(battle))?;
    if !found.fought_by(state, side) {
        return Err(PrisonerError::NotInBattle(battle));
    }
    let prisoner = request.prisoner.trim();
    if prisoner.is_empty() {
        return Err(PrisonerError::NoPrisoner);
    }
    // Only a prisoner the recorded report lists may be interrogated, and the report, not the
    // request, says whether he deserted or is a hero: made-up prisoners would let a side roll
    // until a 6 showed the enemy's works.
    let taken = found
        .report
        .iter()
        .flat_map(|r| &r.prisoners)
        .filter(|p| p.taken_by == side)
        .find(|p| p.name.trim().eq_ignore_ascii_case(prisoner))
        .ok_or_else(|| PrisonerError::NotTaken(prisoner.to_owned(), battle))?;
    let (deserter, hero, named) = (taken.deserter, taken.hero, taken.name.clone());
    // An archived battle's prisoners were all interrogated, though their records may be gone.
    let asked = found.archived
        || state.interrogations.iter().any(|r| {
            r.side == side
                && r.battle == battle
                && prisoner_key(&r.prisoner) == prisoner_key(prisoner)
        });
    if asked {
        return Err(PrisonerError::AlreadyInterrogated(prisoner.to_owned()));
    }
    let die = if hero {
        // A captured hero gives name and rank only: nothing to roll.
        0
    } else {
        let purpose = format!("Interrogation of {prisoner}, taken in battle {battle} (R25)");
        dice.roll(RollSpec::d6s(purpose, side.role(), Visibility::Side, 1))
            .first()
            .copied()
            .unwrap_or(1)
    };
    let interrogation = interrogate(die.max(1), deserter, hero);
    let hour = state.hour;
    let good = interrogation.result != InterrogationResult::NameAndRank;
    let mut revealed = Vec::new();
    if good {
        // Ids are random: tell the works up the ladder, oldest first.
        let mut works: Vec<_> = state
            .features
            .values()
            .filter(|f| f.owner == side.enemy() && f.known_to_enemy_since.is_none())
            .collect();
        works.sort_by_key(|f| (f.step, f.created_hour));
        let labels: Vec<(String, String)> = works
            .into_iter()
            .map(|f| {
                (
                    f.id.clone(),
                    format!("{} at {}", feature_word(f.kind), state.step_label(f.step)),
                )
            })
            .collect();
        for (id, label) in labels {
            if let Some(f) = state.features.get_mut(&id) {
                f.known_to_enemy_since = Some(hour);
            }
            if !revealed.contains(&label) {
                revealed.push(label);
            }
        }
    }
    let surprise = interrogation.result == InterrogationResult::GoodInformationAndSurprise;
    let outcome = match interrogation.result {
        InterrogationResult::NameAndRank => "name and rank only".to_owned(),
        _ if revealed.is_empty() => {
            "good information, though the enemy has no works we did not know".to_owned()
        }
        _ => format!("good information: {}", revealed.join("; ")),
    };
    let roll_text = match interrogation.total {
        Some(total) => format!("rolled {die}, {total} in all"),
        None => "a hero".to_owned(),
    };
    let sentence = format!(
        "Interrogation of {prisoner} ({roll_text}): {outcome}{}.",
        if surprise {
            "; we gain surprise (Normal −2) in the next battle"
        } else {
            ""
        }
    );
    state.interrogations.push(InterrogationRecord {
        side,
        battle,
        prisoner: named,
        interrogation,
        revealed,
        surprise,
        surprise_used_in: None,
    });
    Ok(vec![Event::new(
        hour,
        EventVisibility::side(side),
        EventKind::Discovery,
        sentence,
    )])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::source::ScriptedDice;
    use crate::games::wons::rules::aftermath::{BattleReport, PrisonerTaken};
    use crate::games::wons::rules::battle::{BattleStatus, demo_with_battle};

    /// A decided battle whose report lists one prisoner the Soviets took, "a rifleman".
    fn state_with(deserter: bool, hero: bool) -> WonsState {
        let mut s = demo_with_battle(
            1,
            BattleStatus::Decided {
                winner: Side::Finnish,
                turns: 4,
            },
        );
        let mut report = BattleReport::bare(Side::Finnish, 4);
        report.prisoners.push(PrisonerTaken {
            taken_by: Side::Soviet,
            name: "A Rifleman".into(),
            deserter,
            hero,
        });
        s.battles[0].report = Some(report);
        s
    }

    fn state() -> WonsState {
        state_with(false, false)
    }

    fn ask(deserter: bool, hero: bool) -> InterrogationRequest {
        InterrogationRequest {
            prisoner: "a rifleman".into(),
            deserter,
            hero,
        }
    }

    fn hidden_finnish_works(state: &WonsState) -> usize {
        state
            .features
            .values()
            .filter(|f| f.owner == Side::Finnish && f.known_to_enemy_since.is_none())
            .count()
    }

    #[test]
    fn each_band_with_and_without_the_deserter_bonus() {
        for (die, deserter, good, surprise) in [
            (3, false, false, false),
            (4, false, true, false),
            (3, true, true, false),
            (5, false, true, false),
            (5, true, true, true),
            (6, false, true, true),
        ] {
            let mut s = state_with(deserter, false);
            let before = hidden_finnish_works(&s);
            let mut dice = ScriptedDice::new([die]);
            let events =
                interrogate_prisoner(&mut s, 1, Side::Soviet, &ask(false, false), &mut dice)
                    .expect("interrogates");
            let record = &s.interrogations[0];
            assert_eq!(
                record.interrogation.result != InterrogationResult::NameAndRank,
                good,
                "die {die}, deserter {deserter}"
            );
            assert_eq!(record.surprise, surprise, "die {die}, deserter {deserter}");
            assert_eq!(
                hidden_finnish_works(&s) == 0,
                good || before == 0,
                "good information reveals the works"
            );
            assert_eq!(
                events[0].visibility,
                EventVisibility::Soviet,
                "only the interrogators learn it"
            );
            assert!(dice.rolls[0].purpose.contains("R25"));
        }
    }

    #[test]
    fn heroes_give_name_and_rank_without_a_roll() {
        let mut s = state_with(false, true);
        let mut dice = ScriptedDice::new([]);
        interrogate_prisoner(&mut s, 1, Side::Soviet, &ask(false, false), &mut dice)
            .expect("interrogates");
        assert_eq!(
            s.interrogations[0].interrogation.result,
            InterrogationResult::NameAndRank
        );
        assert!(dice.rolls.is_empty());
    }

    #[test]
    fn refusals() {
        let mut s = state();
        let mut dice = ScriptedDice::new([]);
        assert_eq!(
            interrogate_prisoner(&mut s, 7, Side::Soviet, &ask(false, false), &mut dice),
            Err(PrisonerError::UnknownBattle(7))
        );
        let nobody = InterrogationRequest {
            prisoner: " ".into(),
            deserter: false,
            hero: false,
        };
        assert_eq!(
            interrogate_prisoner(&mut s, 1, Side::Soviet, &nobody, &mut dice),
            Err(PrisonerError::NoPrisoner)
        );
        // Nobody the report lists, however the request describes him, and nobody at all before
        // a report is recorded.
        assert_eq!(
            interrogate_prisoner(
                &mut s,
                1,
                Side::Soviet,
                &ask_for("Made Up", true),
                &mut dice
            ),
            Err(PrisonerError::NotTaken("Made Up".into(), 1))
        );
        let mut unreported = state();
        unreported.battles[0].report = None;
        assert_eq!(
            interrogate_prisoner(
                &mut unreported,
                1,
                Side::Soviet,
                &ask(true, false),
                &mut dice
            ),
            Err(PrisonerError::NotTaken("a rifleman".into(), 1))
        );
        // A request that calls him a deserter gets no +1 the report does not give: a 3 stays silent.
        let mut dice = ScriptedDice::new([3]);
        interrogate_prisoner(&mut s, 1, Side::Soviet, &ask(true, false), &mut dice)
            .expect("interrogates");
        assert_eq!(
            s.interrogations[0].interrogation.result,
            InterrogationResult::NameAndRank
        );
        s.battles[0].defenders.clear();
        assert_eq!(
            interrogate_prisoner(&mut s, 1, Side::Finnish, &ask(false, false), &mut dice),
            Err(PrisonerError::NotInBattle(1))
        );
    }

    fn ask_for(name: &str, deserter: bool) -> InterrogationRequest {
        InterrogationRequest {
            prisoner: name.into(),
            deserter,
            hero: false,
        }
    }
}
