//! Hits on heroes (R1.4.2) and on leaders and forward observers (R100.9.1.1).

use super::tray::{d6_outcome, d6s, faces_text, flag, flag_spec, outcome, whole, whole_spec};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What a hit does to a hero who is not a leader (R1.4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeroHit {
    /// Killed outright (1–3), or wounded a second time this game.
    Killed,
    /// Wounded (4–6): no actions for the rest of the Turn unless a medic heals him; he recovers
    /// when the Turn or the game ends.
    Wounded,
}

/// A hit on a non-leader hero: 1–3 killed, 4–6 wounded; a hero already wounded once this game
/// dies of a second wound. Neither causes a Force Morale roll.
pub fn hero_hit(die: u32, already_wounded_this_game: bool) -> HeroHit {
    if die <= 3 || already_wounded_this_game {
        HeroHit::Killed
    } else {
        HeroHit::Wounded
    }
}

/// Whether any of the dice rolled for men killed (one each) hits a leader or observer: any 1.
pub fn leader_hit(faces: &[u32]) -> bool {
    faces.contains(&1)
}

/// Which of `present` leaders or observers (ranked from 0, the lowest) a further d6 picks: the
/// die's range is split evenly, high faces picking higher ranks.
///
/// **interpretation**: the seed only says "a high result indicates the higher-ranking
/// individual"; with two present, 1–3 is the lower and 4–6 the higher; with more, the six faces
/// are shared out as evenly as they go.
pub fn leader_hit_rank(die: u32, present: u32) -> u32 {
    let present = present.max(1);
    ((die.clamp(1, 6) - 1) * present) / 6
}

/// The roll for a non-leader hero whose section or team is hit (R1.4.2).
#[derive(Clone, Copy, Debug)]
pub struct HeroHitRoll;

/// The hero hit roll.
pub static HERO_HIT: HeroHitRoll = HeroHitRoll;

/// The dice for a leader or observer within 4" of a unit losing men killed (R100.9.1.1).
#[derive(Clone, Copy, Debug)]
pub struct LeaderHitRoll;

/// The leader hit roll.
pub static LEADER_HIT: LeaderHitRoll = LeaderHitRoll;

#[derive(Serialize)]
struct HeroHitResult {
    die: u32,
    already_wounded: bool,
    hit: HeroHit,
}

#[derive(Serialize)]
struct LeaderHitResult {
    faces: Vec<u32>,
    hit: bool,
    rank_die: Option<u32>,
    /// 0 is the lowest-ranking of those present.
    rank_hit: Option<u32>,
}

impl Procedure for HeroHitRoll {
    fn name(&self) -> &'static str {
        "hero-hit"
    }
    fn title(&self) -> &'static str {
        "Hero hit"
    }
    fn rule(&self) -> &'static str {
        "WoNS R1.4.2"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![flag_spec(
            "already_wounded",
            "The hero has already been wounded in this game",
            false,
        )]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let already_wounded = flag(params, "already_wounded")?;
        let die = draw.d6();
        let hit = hero_hit(die, already_wounded);
        let verdict = match (hit, already_wounded && die >= 4) {
            (HeroHit::Killed, true) => "wounded a second time this game: dead",
            (HeroHit::Killed, false) => "killed (1-3)",
            (HeroHit::Wounded, _) => "wounded (4-6)",
        };
        let summary = format!("R1.4.2 hero hit: rolled {die}: {verdict}");
        let result = HeroHitResult {
            die,
            already_wounded,
            hit,
        };
        d6_outcome(die, &result, summary)
    }
}

impl Procedure for LeaderHitRoll {
    fn name(&self) -> &'static str {
        "leader-hit"
    }
    fn title(&self) -> &'static str {
        "Hits on leaders and observers"
    }
    fn rule(&self) -> &'static str {
        "WoNS R100.9.1.1"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            whole_spec("killed", "Men killed in this round of fire", 1, 20, 1),
            whole_spec("present", "Leaders and observers within 4\"", 1, 6, 1),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let killed = usize::try_from(whole(params, "killed", 1, 20)?).unwrap_or(1);
        let present = u32::try_from(whole(params, "present", 1, 6)?).unwrap_or(1);
        let faces = d6s(draw, killed);
        let hit = leader_hit(&faces);
        let rank_die = (hit && present > 1).then(|| draw.d6());
        let rank_hit = if hit {
            Some(rank_die.map_or(0, |d| leader_hit_rank(d, present)))
        } else {
            None
        };
        let verdict = match (rank_die, rank_hit) {
            (Some(d), Some(r)) => format!(
                "a leader or observer is hit; rank die {d}: number {} of {present} counting from the lowest rank",
                r + 1
            ),
            (None, Some(_)) => "the leader or observer is hit".to_string(),
            _ => "no leader or observer hit".to_string(),
        };
        let summary = format!(
            "R100.9.1.1 leader hit: rolled {}, any 1 hits: {verdict}",
            faces_text(&faces)
        );
        let result = LeaderHitResult {
            faces,
            hit,
            rank_die,
            rank_hit,
        };
        outcome(format!("{killed}d6"), None, &result, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::run_scripted;
    use serde_json::json;

    #[test]
    fn hero_hit_edges() {
        assert_eq!(hero_hit(1, false), HeroHit::Killed);
        assert_eq!(hero_hit(3, false), HeroHit::Killed);
        assert_eq!(hero_hit(4, false), HeroHit::Wounded);
        assert_eq!(hero_hit(6, false), HeroHit::Wounded);
        assert_eq!(hero_hit(6, true), HeroHit::Killed);
    }

    #[test]
    fn leader_hit_on_any_one() {
        assert!(!leader_hit(&[2, 6, 3]));
        assert!(leader_hit(&[2, 1, 3]));
        assert!(!leader_hit(&[]));
    }

    #[test]
    fn rank_die_edges() {
        assert_eq!(leader_hit_rank(3, 2), 0);
        assert_eq!(leader_hit_rank(4, 2), 1);
        assert_eq!(leader_hit_rank(2, 3), 0);
        assert_eq!(leader_hit_rank(3, 3), 1);
        assert_eq!(leader_hit_rank(5, 3), 2);
        assert_eq!(leader_hit_rank(6, 6), 5);
        assert_eq!(leader_hit_rank(6, 1), 0);
    }

    #[test]
    fn procedures_with_scripted_dice() {
        let out = run_scripted(&HERO_HIT, json!({}), &[4]);
        assert_eq!(out.result["hit"], "wounded");
        let out = run_scripted(&HERO_HIT, json!({"already_wounded": true}), &[5]);
        assert_eq!(out.result["hit"], "killed");
        let out = run_scripted(&LEADER_HIT, json!({"killed": 3}), &[2, 5, 6]);
        assert_eq!(out.result["hit"], false);
        let out = run_scripted(&LEADER_HIT, json!({"killed": 2}), &[1, 5]);
        assert_eq!(out.result["hit"], true);
        assert_eq!(out.result["rank_die"], Value::Null);
        let out = run_scripted(&LEADER_HIT, json!({"killed": 2, "present": 2}), &[1, 1, 4]);
        assert_eq!(out.result["rank_hit"], 1);
        let out = run_scripted(&LEADER_HIT, json!({"killed": 1, "present": 2}), &[2]);
        assert_eq!(out.result["rank_hit"], Value::Null);
    }
}
