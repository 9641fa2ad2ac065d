//! Heroes (R1.4.2): the server-wide roster and taking a hero into a platoon in place of a man
//! of equal rank; his fate is in `hero_fate`.

use super::battle::Battle;
use super::platoon::{ElementKind, Platoon};
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// motti's default roster, loaded into the database at start-up.
pub const DEFAULT_ROSTER: &str = include_str!("../../../../../scenarios/wons-heroes.toml");

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

    /// His rank and name, as sheets and a battle's spending show him.
    pub fn label(&self) -> String {
        format!("{} {}", self.rank, self.name)
    }
}

/// Whether `hero`, who joined `platoon` in Hour `joined`, fights in `battle`: his platoon is in
/// it, and it was opened after he joined or its support points paid for him. A battle opens as
/// its Hour resolves and its support is bought in the Hour after, so a hero bought with a
/// battle's points joins one Hour after the battle's own.
pub fn fights_in(battle: &Battle, platoon: &str, joined: u32, hero: &Hero) -> bool {
    let paid_for = battle
        .support
        .iter()
        .filter(|s| s.side == hero.side)
        .any(|s| {
            s.other_spending
                .iter()
                .any(|(what, _)| *what == hero.label())
        });
    battle.involves(platoon) && (battle.hour >= joined || paid_for)
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
            hero_side: hero.side.adjective(),
            platoon: platoon.name.clone(),
            platoon_side: platoon.side.adjective(),
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

#[cfg(test)]
#[path = "heroes_tests.rs"]
mod tests;
