//! Heroes (R1.4.2): the server-wide roster, taking a hero into a platoon in place of a man of
//! equal rank, and his fate (hits, wounds, capture, escape) rolled with the dice.

use super::platoon::{ElementKind, Platoon};
use super::tables::heroes::{HeroHit, hero_hit};
use crate::dice::source::{Dice, RollSpec, Visibility};
use crate::domain::{Role, Side};
use serde::{Deserialize, Serialize};

/// motti's default roster, loaded into the database at start-up.
pub const DEFAULT_ROSTER: &str = include_str!("../../../../scenarios/wons-heroes.toml");

/// The kind of man a hero is, and so the kind of man he replaces in a platoon.
///
/// **interpretation**: the seed says "a soldier of equal rank"; platoon TOEs list men by role,
/// so motti groups roles into three grades: leaders of platoons (and politruks), leaders of
/// sections and teams, and every other man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Grade {
    /// A man who leads no one: rifleman, gunner, loader, runner …
    Ranker,
    /// A section or team leader.
    JuniorLeader,
    /// A platoon leader or commander, or a politruk.
    SeniorLeader,
}

impl Grade {
    /// The grade of a TOE role such as `rifleman`, `section_leader` or `platoon_commander`.
    pub fn of_role(role: &str) -> Grade {
        if role.starts_with("platoon_") || role == "politruk" || role.starts_with("senior_") {
            Grade::SeniorLeader
        } else if role.ends_with("_leader") || role == "leader" {
            Grade::JuniorLeader
        } else {
            Grade::Ranker
        }
    }

    /// "a man who is not a leader", for sentences.
    pub fn describe(self) -> &'static str {
        match self {
            Grade::Ranker => "a man who is not a leader",
            Grade::JuniorLeader => "a section or team leader",
            Grade::SeniorLeader => "a platoon leader",
        }
    }
}

/// One hero of the roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Hero {
    /// His identifier, e.g. `simo-hayha`.
    pub id: String,
    /// His side.
    pub side: Side,
    /// His name.
    pub name: String,
    /// His rank, as shown.
    pub rank: String,
    /// The kind of man he replaces.
    pub grade: Grade,
    /// Whether he is treated as a leader at the table.
    pub leader: bool,
    /// What he can do, in a sentence.
    pub abilities: String,
    /// Abilities for programs: `any_weapon`, `sniper`, `long_throw`, `ski_expert`.
    #[serde(default)]
    pub flags: Vec<String>,
    /// His cost in support points.
    pub cost: u32,
    /// Whether he is a historical person (otherwise invented for play).
    pub historical: bool,
}

impl Hero {
    /// Whether he may take any captured weapon into use at once (R1.5).
    pub fn any_weapon(&self) -> bool {
        self.flags.iter().any(|f| f == "any_weapon")
    }
}

#[derive(Deserialize)]
struct RosterFile {
    heroes: Vec<Hero>,
}

/// Reads a roster file; the error names what is wrong.
pub fn parse_roster(source: &str) -> Result<Vec<Hero>, String> {
    let file: RosterFile = toml::from_str(source).map_err(|e| e.message().to_string())?;
    let mut seen = std::collections::BTreeSet::new();
    for h in &file.heroes {
        let good_id = !h.id.is_empty()
            && h.id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !good_id {
            return Err(format!(
                "hero id '{}' is not lowercase a-z, 0-9 and -",
                h.id
            ));
        }
        if !seen.insert(h.id.clone()) {
            return Err(format!("hero '{}' is listed twice", h.id));
        }
    }
    Ok(file.heroes)
}

/// Where a hero stands in one campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HeroStatus {
    /// With his platoon.
    Serving,
    /// A prisoner of the enemy.
    Captured,
    /// Dead.
    Killed,
}

impl HeroStatus {
    /// The code stored in the database.
    pub fn code(self) -> &'static str {
        match self {
            HeroStatus::Serving => "serving",
            HeroStatus::Captured => "captured",
            HeroStatus::Killed => "killed",
        }
    }

    /// The status for a stored code.
    pub fn from_code(code: &str) -> Option<HeroStatus> {
        match code {
            "serving" => Some(HeroStatus::Serving),
            "captured" => Some(HeroStatus::Captured),
            "killed" => Some(HeroStatus::Killed),
            _ => None,
        }
    }
}

/// Why a hero command was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeroError {
    /// The hero fights for the other side.
    #[error(
        "{hero} fights for the {hero_side} side; {platoon} is a {platoon_side} platoon (R1.4.2)"
    )]
    WrongSide {
        /// The hero's name.
        hero: String,
        /// His side.
        hero_side: &'static str,
        /// The platoon's name.
        platoon: String,
        /// Its side.
        platoon_side: &'static str,
    },
    /// No man of the hero's grade to replace.
    #[error(
        "{platoon}{place} has no {grade} left for {hero} to replace (R1.4.2: a hero replaces a soldier of equal rank)"
    )]
    NoEqualRank {
        /// The hero's name.
        hero: String,
        /// The platoon's name.
        platoon: String,
        /// " (in its 1st Section)" when an element was named.
        place: String,
        /// The grade wanted.
        grade: &'static str,
    },
    /// The named element is not in the platoon.
    #[error("{platoon} has no element called '{element}'")]
    NoSuchElement {
        /// The platoon's name.
        platoon: String,
        /// The element asked for.
        element: String,
    },
    /// The hero cannot do this in his present state.
    #[error("{0}")]
    NotNow(String),
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Soviet => "Soviet",
        Side::Finnish => "Finnish",
    }
}

/// Who the hero replaced: the element and the role of the man.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Replaced {
    /// The element he joined.
    pub element: String,
    /// The role of the man he replaced.
    pub role: String,
}

/// Takes `hero` into `platoon` (R1.4.2): one man of equal grade in `element` (or, when none is
/// named, in the first element that has one, headquarters last for rankers) makes way for him.
pub fn enlist(
    platoon: &mut Platoon,
    hero: &Hero,
    element: Option<&str>,
) -> Result<Replaced, HeroError> {
    if platoon.side != hero.side {
        return Err(HeroError::WrongSide {
            hero: hero.name.clone(),
            hero_side: side_word(hero.side),
            platoon: platoon.name.clone(),
            platoon_side: side_word(platoon.side),
        });
    }
    if platoon.heroes.contains(&hero.id) {
        return Err(HeroError::NotNow(format!(
            "{} already serves in {}",
            hero.name, platoon.name
        )));
    }
    if let Some(name) = element
        && !platoon.toe.elements.iter().any(|e| e.name == name)
    {
        return Err(HeroError::NoSuchElement {
            platoon: platoon.name.clone(),
            element: name.to_string(),
        });
    }
    let mut order: Vec<usize> = (0..platoon.toe.elements.len()).collect();
    // A ranker joins a fighting element before the headquarters' runners.
    order.sort_by_key(|&i| platoon.toe.elements[i].kind == ElementKind::Headquarters);
    for i in order {
        let e = &mut platoon.toe.elements[i];
        if element.is_some_and(|name| name != e.name) {
            continue;
        }
        let role = e
            .men
            .iter()
            .find(|(role, count)| **count > 0 && Grade::of_role(role) == hero.grade)
            .map(|(role, _)| role.clone());
        if let Some(role) = role {
            if let Some(count) = e.men.get_mut(&role) {
                *count -= 1;
            }
            let replaced = Replaced {
                element: e.name.clone(),
                role,
            };
            platoon.heroes.push(hero.id.clone());
            return Ok(replaced);
        }
    }
    Err(HeroError::NoEqualRank {
        hero: hero.name.clone(),
        platoon: platoon.name.clone(),
        place: element.map_or_else(String::new, |e| format!(" (in its {e})")),
        grade: hero.grade.describe(),
    })
}

/// What a roll did to a hero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FateOutcome {
    /// Wounded: out of action for the rest of the Turn.
    Wounded,
    /// Killed.
    Killed,
    /// Taken prisoner.
    Captured,
    /// Got away when the enemy closed in.
    EvadedCapture,
    /// Escaped from captivity and rejoined his platoon.
    Escaped,
    /// Tried to escape and failed; still a prisoner.
    EscapeFailed,
}

impl FateOutcome {
    /// The status he has afterwards.
    pub fn status(self) -> HeroStatus {
        match self {
            FateOutcome::Killed => HeroStatus::Killed,
            FateOutcome::Captured | FateOutcome::EscapeFailed => HeroStatus::Captured,
            FateOutcome::Wounded | FateOutcome::EvadedCapture | FateOutcome::Escaped => {
                HeroStatus::Serving
            }
        }
    }

    /// The code stored in the service record.
    pub fn code(self) -> &'static str {
        match self {
            FateOutcome::Wounded => "wounded",
            FateOutcome::Killed => "killed",
            FateOutcome::Captured => "captured",
            FateOutcome::EvadedCapture => "evaded_capture",
            FateOutcome::Escaped => "escaped",
            FateOutcome::EscapeFailed => "escape_failed",
        }
    }
}

/// One roll of a hero's fate: the die, what it did, and a sentence for the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FateRoll {
    /// The die rolled, or none when the table's own result was recorded (leader heroes).
    pub die: Option<u32>,
    /// What it did.
    pub outcome: FateOutcome,
    /// What happened, for people.
    pub sentence: String,
}

fn d6(dice: &mut dyn Dice, purpose: String) -> u32 {
    dice.roll(RollSpec::d6s(purpose, Role::Umpire, Visibility::Public, 1))
        .first()
        .copied()
        .unwrap_or(1)
}

fn must_serve(hero: &Hero, status: HeroStatus, what: &str) -> Result<(), HeroError> {
    match status {
        HeroStatus::Serving => Ok(()),
        HeroStatus::Killed => Err(HeroError::NotNow(format!(
            "{} is dead and cannot {what}",
            hero.name
        ))),
        HeroStatus::Captured => Err(HeroError::NotNow(format!(
            "{} is a prisoner and cannot {what}; record an escape attempt instead",
            hero.name
        ))),
    }
}

/// A hit on `hero` in battle `battle` (R1.4.2): 1–3 killed, 4–6 wounded, and a second wound in
/// one game kills him. A leader hero is hit as any leader, on the Chain of Command leader table
/// at the tabletop, so his result is given (`leader_result`) and recorded without a roll; the
/// second-wound rule still applies to him.
pub fn hit(
    dice: &mut dyn Dice,
    hero: &Hero,
    status: HeroStatus,
    battle: u32,
    wounded_this_battle: bool,
    leader_result: Option<HeroHit>,
) -> Result<FateRoll, HeroError> {
    must_serve(hero, status, "be hit")?;
    let (die, result) = match (hero.leader, leader_result) {
        (false, None) => {
            let purpose = format!("{} hit in battle {battle}: hero hit (R1.4.2)", hero.name);
            let die = d6(dice, purpose);
            (Some(die), hero_hit(die, wounded_this_battle))
        }
        (true, Some(HeroHit::Wounded)) if wounded_this_battle => (None, HeroHit::Killed),
        (true, Some(r)) => (None, r),
        (true, None) => {
            return Err(HeroError::NotNow(format!(
                "{} is a leader and is hit as a leader (R1.4.2): send the result of the leader table as leader_result (killed or wounded)",
                hero.name
            )));
        }
        (false, Some(_)) => {
            return Err(HeroError::NotNow(format!(
                "{} is not a leader: the server rolls his hit (R1.4.2), so send no leader_result",
                hero.name
            )));
        }
    };
    let second = wounded_this_battle && result == HeroHit::Killed && die.is_none_or(|d| d >= 4);
    let how = match die {
        Some(d) => format!("rolled {d}: "),
        None => "leader table: ".to_string(),
    };
    let (outcome, what) = match (result, second) {
        (HeroHit::Killed, true) => (
            FateOutcome::Killed,
            "wounded a second time in this battle and dies",
        ),
        (HeroHit::Killed, false) => (FateOutcome::Killed, "killed"),
        (HeroHit::Wounded, _) => (
            FateOutcome::Wounded,
            "wounded: no actions for the rest of the Turn unless a medic heals him",
        ),
    };
    Ok(FateRoll {
        die,
        outcome,
        sentence: format!(
            "{} hit in battle {battle} ({how}{what}) (R1.4.2).",
            hero.name
        ),
    })
}

/// The enemy closes in on `hero` in battle `battle` (his team wiped out or overrun around him).
///
/// **interpretation**: the seed says a captured hero escapes "like a Leader" but gives no
/// capture roll; motti rolls 1d6 as for a hit: 1–3 taken prisoner, 4–6 he gets back to his
/// own lines.
pub fn capture_attempt(
    dice: &mut dyn Dice,
    hero: &Hero,
    status: HeroStatus,
    battle: u32,
) -> Result<FateRoll, HeroError> {
    must_serve(hero, status, "be captured")?;
    let purpose = format!(
        "{} in danger of capture in battle {battle}: capture roll (R1.4.2, motti's reading)",
        hero.name
    );
    let die = d6(dice, purpose);
    let (outcome, what) = if die <= 3 {
        (FateOutcome::Captured, "taken prisoner")
    } else {
        (FateOutcome::EvadedCapture, "gets back to his own lines")
    };
    Ok(FateRoll {
        die: Some(die),
        outcome,
        sentence: format!(
            "{} in danger of capture in battle {battle}: rolled {die}, {what} (1-3 captured, R1.4.2, motti's reading).",
            hero.name
        ),
    })
}

/// A captured hero tries to escape (R1.4.2: "like a Leader").
///
/// **interpretation**: the seed gives no escape table; motti rolls 1d6 once per attempt, at
/// most one attempt each Hour, and he escapes on a 6 and rejoins his platoon.
pub fn escape_attempt(
    dice: &mut dyn Dice,
    hero: &Hero,
    status: HeroStatus,
) -> Result<FateRoll, HeroError> {
    if status != HeroStatus::Captured {
        return Err(HeroError::NotNow(format!(
            "{} is not a prisoner, so he has nothing to escape from",
            hero.name
        )));
    }
    let purpose = format!(
        "{} escape attempt (R1.4.2, motti's reading: escapes on a 6)",
        hero.name
    );
    let die = d6(dice, purpose);
    let (outcome, what) = if die == 6 {
        (FateOutcome::Escaped, "escapes and rejoins his platoon")
    } else {
        (FateOutcome::EscapeFailed, "stays a prisoner")
    };
    Ok(FateRoll {
        die: Some(die),
        outcome,
        sentence: format!(
            "{} tries to escape: rolled {die}, {what} (6 escapes, R1.4.2, motti's reading).",
            hero.name
        ),
    })
}

#[cfg(test)]
#[path = "heroes_tests.rs"]
mod tests;
