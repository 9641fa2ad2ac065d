//! The battles as the after-action report tells them (`Game::battles`): for each, its Hour and
//! place, the platoons on each side by name, the result, each side's casualties and Force Morale
//! at the end, and the heroes who fought in it with what befell them there. Read from the state's
//! battles, the campaign's archive of older ones and the heroes' service records.

use super::heroes::db::{RecordEntry, Service};
use super::rules::aftermath::BattleReport;
use super::rules::battle::{Battle, BattleStatus};
use super::rules::heroes::fights_in;
use super::rules::state::WonsState;
use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::games::{BattleSide, BattleStory};
use std::collections::BTreeMap;

/// A hero of the campaign: his service and his record, oldest line first.
type HeroLife = (Service, Vec<RecordEntry>);

/// The newest `limit` battles of the campaign, oldest first: those the state holds and, before
/// them, those its archive keeps (at most `limit` read).
pub async fn battles(
    db: &sqlx::PgPool,
    campaign: uuid::Uuid,
    state: &WonsState,
    limit: usize,
) -> Result<Vec<BattleStory>, AppError> {
    let mut by_number: BTreeMap<u32, Battle> = BTreeMap::new();
    let wanted = u32::try_from(limit).unwrap_or(u32::MAX);
    for (_, text) in crate::db::game::archived(db, campaign, None, wanted).await? {
        let battle: Battle = serde_json::from_str(&text).map_err(AppError::internal)?;
        by_number.insert(battle.id, battle);
    }
    for b in &state.battles {
        by_number.insert(b.id, b.clone());
    }
    let mut records: BTreeMap<String, Vec<RecordEntry>> = BTreeMap::new();
    for r in super::heroes::db::records(db, campaign).await? {
        records.entry(r.hero_id.clone()).or_default().push(r);
    }
    let heroes: Vec<HeroLife> = super::heroes::db::services(db, campaign)
        .await?
        .into_iter()
        .map(|s| {
            let record = records.remove(&s.hero.id).unwrap_or_default();
            (s, record)
        })
        .collect();
    let skip = by_number.len().saturating_sub(limit);
    Ok(by_number
        .values()
        .skip(skip)
        .map(|b| story(state, b, &heroes))
        .collect())
}

/// Battle `b` told with the names of `state` and the heroes of the campaign.
pub fn story(state: &WonsState, b: &Battle, heroes: &[HeroLife]) -> BattleStory {
    let side = |side: Side, ids: &[String]| BattleSide {
        side,
        attacking: side == b.attacker,
        units: ids.iter().map(|id| state.platoon_name(id)).collect(),
        losses: b.report.as_ref().map(|r| losses(state, r, side).1),
        men_lost: b.report.as_ref().map_or(0, |r| losses(state, r, side).0),
        morale: b.report.as_ref().and_then(|r| {
            r.force_morale_end
                .iter()
                .find(|m| m.side == side)
                .map(|m| m.value)
        }),
        heroes: heroes
            .iter()
            .filter(|(s, _)| s.hero.side == side)
            .filter_map(|(s, record)| hero_in(b, s, record))
            .collect(),
    };
    BattleStory {
        title: format!("Battle {}", b.id),
        when: state.clock.label(b.hour),
        place: format!("{}, on the {} table", state.step_label(b.step), b.table),
        sides: vec![
            side(b.attacker, &b.attackers),
            side(b.attacker.enemy(), &b.defenders),
        ],
        result: result(b),
        winner: match b.status {
            BattleStatus::Pending => None,
            BattleStatus::Decided { winner, .. } => Some(winner),
        },
    }
}

/// The result of `b` in words, as the rules carried it out (R2).
fn result(b: &Battle) -> String {
    match b.status {
        BattleStatus::Pending => "Waiting to be fought.".to_owned(),
        BattleStatus::Decided { winner, turns } if winner == b.attacker => format!(
            "The {} attack won after {turns} Turn(s); the {} platoons there retreated, and the {} side kept the initiative.",
            winner.adjective(),
            winner.enemy().adjective(),
            winner.adjective()
        ),
        BattleStatus::Decided { winner, turns } => format!(
            "The {} attack failed after {turns} Turn(s); both sides held their ground, and the initiative passed to the {} side.",
            b.attacker.adjective(),
            winner.adjective()
        ),
    }
}

/// `side`'s casualties in `report`: how many men, and in words.
fn losses(state: &WonsState, report: &BattleReport, side: Side) -> (u32, String) {
    let (mut killed, mut wounded, mut missing) = (0, 0, 0);
    for c in &report.casualties {
        if state
            .platoons
            .get(&c.platoon)
            .is_some_and(|p| p.side == side)
        {
            killed += c.killed;
            wounded += c.wounded;
            missing += c.missing;
        }
    }
    let men = killed + wounded + missing;
    if men == 0 {
        return (0, "none".to_owned());
    }
    let words = [
        (killed, "killed"),
        (wounded, "wounded"),
        (missing, "missing"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect::<Vec<_>>()
    .join(", ");
    (men, words)
}

/// The hero of `service` as he fought in `b`, with what befell him there, if he fought in it:
/// his platoon fought, he had joined (or was paid for with its points), and he was neither dead
/// nor a prisoner when it began.
fn hero_in(b: &Battle, service: &Service, record: &[RecordEntry]) -> Option<String> {
    if !fights_in(b, &service.platoon_id, service.obtained_hour, &service.hero) {
        return None;
    }
    let this = i32::try_from(b.id).ok();
    let before = i32::try_from(b.hour).unwrap_or(i32::MAX);
    let mut out = false;
    for r in record
        .iter()
        .filter(|r| r.hour < before && r.battle != this)
    {
        match r.kind.as_str() {
            "killed" | "captured" | "escape_failed" => out = true,
            "escaped" => out = false,
            _ => {}
        }
    }
    if out {
        return None;
    }
    let fate: Vec<&str> = record
        .iter()
        .filter(|r| r.battle.is_some() && r.battle == this)
        .filter_map(|r| fate_words(&r.kind))
        .collect();
    let name = service.hero.label();
    Some(if fate.is_empty() {
        name
    } else {
        format!("{name}, {}", fate.join(", then "))
    })
}

/// What a line of a hero's record says befell him, in words.
fn fate_words(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "wounded" => "wounded",
        "killed" => "killed",
        "captured" => "taken prisoner",
        "evaded_capture" => "got away from capture",
        "escaped" => "escaped",
        "escape_failed" => "failed to escape",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::aftermath::{Casualty, FinalForceMorale};
    use crate::games::wons::rules::battle::demo_with_battle;
    use crate::games::wons::rules::heroes::{DEFAULT_ROSTER, HeroStatus, parse_roster};

    fn life(id: &str, platoon: &str, joined: u32, lines: &[(i32, Option<i32>, &str)]) -> HeroLife {
        let hero = parse_roster(DEFAULT_ROSTER)
            .expect("the roster reads")
            .into_iter()
            .find(|h| h.id == id)
            .expect("the hero");
        let record = lines
            .iter()
            .enumerate()
            .map(|(i, (hour, battle, kind))| RecordEntry {
                hero_id: hero.id.clone(),
                seq: i32::try_from(i).expect("small") + 1,
                hour: *hour,
                battle: *battle,
                kind: (*kind).into(),
                die: None,
                roll_k: None,
                sentence: String::new(),
            })
            .collect();
        let service = Service {
            hero,
            campaign_id: uuid::Uuid::nil(),
            platoon_id: platoon.into(),
            element: "HQ".into(),
            replaced_role: "rifleman".into(),
            obtained_hour: joined,
            status: HeroStatus::Serving,
        };
        (service, record)
    }

    #[test]
    fn a_battle_is_told_with_names_losses_morale_and_the_heroes_who_fought() {
        let mut state = demo_with_battle(
            5,
            BattleStatus::Decided {
                winner: Side::Finnish,
                turns: 4,
            },
        );
        let mut report = BattleReport::bare(Side::Finnish, 4);
        let lost = |platoon: &str, killed, wounded, missing| Casualty {
            platoon: platoon.into(),
            element: "1st Section".into(),
            role: "rifleman".into(),
            killed,
            wounded,
            missing,
        };
        report.casualties = vec![lost("sov-1", 2, 3, 0), lost("sov-1", 1, 0, 1)];
        report.force_morale_end = vec![
            FinalForceMorale {
                side: Side::Soviet,
                value: 0,
            },
            FinalForceMorale {
                side: Side::Finnish,
                value: 6,
            },
        ];
        state.battles[0].report = Some(report);
        let heroes = [
            life(
                "simo-hayha",
                "fin-1",
                2,
                &[(2, None, "obtained"), (5, Some(1), "wounded")],
            ),
            // Killed before the battle began: he did not fight in it.
            life(
                "haapala-brothers",
                "fin-1",
                2,
                &[(2, None, "obtained"), (3, None, "killed")],
            ),
        ];
        let told = story(&state, &state.battles[0], &heroes);
        assert_eq!(told.title, "Battle 1");
        assert!(told.place.starts_with("C ") && told.place.ends_with("on the Red table"));
        assert!(told.when.starts_with("Hour 5, "), "{}", told.when);
        assert_eq!(told.winner, Some(Side::Finnish));
        assert!(
            told.result
                .contains("initiative passed to the Finnish side")
        );
        let (attacker, defender) = (&told.sides[0], &told.sides[1]);
        assert!(attacker.attacking && attacker.side == Side::Soviet);
        assert_eq!(attacker.units, vec![state.platoon_name("sov-1")]);
        assert_eq!(defender.units, vec!["1st Platoon, 3rd Company".to_owned()]);
        assert_eq!(attacker.men_lost, 7);
        assert_eq!(
            attacker.losses.as_deref(),
            Some("3 killed, 3 wounded, 1 missing")
        );
        assert_eq!(defender.losses.as_deref(), Some("none"));
        assert_eq!((attacker.morale, defender.morale), (Some(0), Some(6)));
        assert!(attacker.heroes.is_empty());
        let simo = heroes[0].0.hero.label();
        assert_eq!(defender.heroes, vec![format!("{simo}, wounded")]);
        // Names only: no platoon or hero id anywhere in what is told.
        let text = format!("{told:?}");
        for id in ["sov-1", "fin-1", "simo-hayha", "haapala-brothers"] {
            assert!(!text.contains(id), "{id} in {text}");
        }
    }

    #[test]
    fn a_battle_waiting_to_be_fought_has_no_losses_yet() {
        let state = demo_with_battle(3, BattleStatus::Pending);
        let told = story(&state, &state.battles[0], &[]);
        assert_eq!(told.winner, None);
        assert_eq!(told.result, "Waiting to be fought.");
        assert!(told.sides.iter().all(|s| s.losses.is_none()));
    }
}
