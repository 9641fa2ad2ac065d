//! Generated games: until a combat is revealed, nothing of one side's allocation reaches the other
//! side's serialized view or event feed.

use super::fixtures::{deploy, turn_one};
use crate::core::domain::{Role, Side};
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::events::{TalvisotaEvent, events_for};
use crate::games::talvisota::rules::sheet::{
    CommandSheet, FinnishAllocation, FinnishSheet, SovietAllocation, SovietSheet, SupportUse,
};
use crate::games::talvisota::rules::state::{GameOptions, TalvisotaState, UnitLocation};
use crate::games::talvisota::rules::strategy::{FinnishStrategy, SovietStrategy};
use crate::games::talvisota::rules::{allocate, reveal_and_resolve_combat};
use crate::games::talvisota::views::{finnish_view, soviet_view};

/// A small deterministic generator for test cases (xorshift).
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<T: Clone>(&mut self, items: &[T], count: usize) -> Vec<T> {
        let mut pool = items.to_vec();
        let mut out = Vec::new();
        while out.len() < count && !pool.is_empty() {
            let i = self.below(pool.len());
            out.push(pool.remove(i));
        }
        out
    }
}

const CENTRES: [&str; 5] = [
    "leningrad",
    "petrozavodsk",
    "belomorsk",
    "kandalaksha",
    "murmansk",
];

fn random_game(g: &mut Gen) -> (TalvisotaState, Vec<TalvisotaEvent>) {
    let mut s = turn_one(GameOptions::default());
    deploy_soviets_at_random(g, &mut s);
    let mut events = allocate_soviets_at_random(g, &mut s);
    events.extend(allocate_finns_at_random(g, &mut s));
    (s, events)
}

/// Every Soviet unit on the sheet goes to a random centre.
fn deploy_soviets_at_random(g: &mut Gen, s: &mut TalvisotaState) {
    let soviet_ids: Vec<String> = s
        .units
        .iter()
        .filter(|u| u.side == Side::Soviet && u.location == UnitLocation::Sheet)
        .map(|u| u.id.clone())
        .collect();
    let moves: Vec<(String, String)> = soviet_ids
        .iter()
        .map(|id| (id.clone(), CENTRES[g.below(CENTRES.len())].to_string()))
        .collect();
    let moves_ref: Vec<(&str, &str)> = moves
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    deploy(s, &moves_ref);
}

/// A Soviet sheet of random strategies, from random centres into Finland, tried until one is
/// accepted (at most 40 times); the events of the accepted one.
fn allocate_soviets_at_random(g: &mut Gen, s: &mut TalvisotaState) -> Vec<TalvisotaEvent> {
    let mut events = Vec::new();
    for _attempt in 0..40 {
        let n = 1 + g.below(4);
        let strategies = g.pick(&SovietStrategy::ALL, n);
        let mut allocations = Vec::new();
        for strategy in strategies {
            allocations.extend(random_soviet_allocation(g, s, strategy));
        }
        if let Ok(e) = allocate(
            s,
            Side::Soviet,
            CommandSheet::Soviet(SovietSheet { allocations }),
        ) {
            events.extend(e);
            break;
        }
    }
    events
}

/// One Soviet strategy's allocation from a random centre against a random Finnish neighbour,
/// with random units and supports; none when the centre borders no Finnish space.
fn random_soviet_allocation(
    g: &mut Gen,
    s: &TalvisotaState,
    strategy: SovietStrategy,
) -> Option<SovietAllocation> {
    let from = CENTRES[g.below(CENTRES.len())];
    let targets: Vec<String> = s
        .map
        .neighbours(from, 1)
        .into_iter()
        .filter(|t| {
            s.map
                .space(t)
                .is_some_and(|x| x.nation == crate::games::talvisota::rules::map::Nation::Finnish)
        })
        .map(str::to_string)
        .collect();
    let target = g.pick(&targets, 1).pop()?;
    let here: Vec<String> = s
        .units_in(Side::Soviet, from)
        .iter()
        .map(|u| u.id.clone())
        .collect();
    let count = 1 + g.below(strategy.max_units());
    let units = g.pick(&here, count);
    let supports: Vec<String> = s
        .supports
        .iter()
        .filter(|m| m.side == Side::Soviet && m.arrives_turn == 1)
        .map(|m| m.id.clone())
        .collect();
    let count = g.below(2);
    let supports = g
        .pick(&supports, count)
        .into_iter()
        .map(|id| SupportUse {
            id,
            choice: Default::default(),
        })
        .collect();
    Some(SovietAllocation {
        strategy,
        from: from.into(),
        targets: vec![target],
        units,
        supports,
        placement: None,
        resolved: false,
    })
}

/// A Finnish sheet with a random strategy, units, supports, environment and entrenchments at
/// every placement, tried until one is accepted (at most 40 times); the events of the accepted
/// one.
fn allocate_finns_at_random(g: &mut Gen, s: &mut TalvisotaState) -> Vec<TalvisotaEvent> {
    let mut events = Vec::new();
    for _attempt in 0..40 {
        let spaces: Vec<String> = s.placements.iter().map(|p| p.space.clone()).collect();
        let strategies = g.pick(&FinnishStrategy::ALL, spaces.len());
        let free: Vec<String> = s
            .units
            .iter()
            .filter(|u| u.side == Side::Finnish)
            .map(|u| u.id.clone())
            .collect();
        let mut free = g.pick(&free, free.len());
        let mut supports: Vec<String> = s
            .supports
            .iter()
            .filter(|m| m.side == Side::Finnish)
            .map(|m| m.id.clone())
            .collect();
        let mut env: Vec<String> = s.environment.iter().map(|m| m.id.clone()).collect();
        let mut allocations = Vec::new();
        for (strategy, space) in strategies.into_iter().zip(spaces) {
            let take = |pool: &mut Vec<String>, n: usize| -> Vec<String> {
                pool.drain(..n.min(pool.len())).collect()
            };
            allocations.push(FinnishAllocation {
                strategy,
                space,
                units: take(&mut free, 1 + g.below(strategy.max_units())),
                supports: take(&mut supports, g.below(2))
                    .into_iter()
                    .map(|id| SupportUse {
                        id,
                        choice: Default::default(),
                    })
                    .collect(),
                environment: take(&mut env, strategy.max_environment()),
                entrenchments: if strategy.max_entrenchments() > 0 && g.below(2) == 0 {
                    vec![format!("fi-ret-{}", 1 + g.below(2))]
                } else {
                    vec![]
                },
                placement: None,
            });
        }
        if let Ok(e) = allocate(
            s,
            Side::Finnish,
            CommandSheet::Finnish(FinnishSheet { allocations }),
        ) {
            events.extend(e);
            break;
        }
    }
    events
}

const FINNISH_SECRETS: [&str; 16] = [
    "\"fi-",
    "defensive_position",
    "counter_attack",
    "motti",
    "fierce_resistance",
    "DEFENSE",
    "CON-ATT",
    "RESIST",
    "snow",
    "woods",
    "forest",
    "swamp",
    "fog",
    "mannerheim",
    "ambush",
    "entrenchment",
];
const SOVIET_SECRETS: [&str; 8] = [
    "su-sup-",
    "prudent_advance",
    "massive_attack",
    "armoured_attack",
    "coordinated_manoeuvre",
    "PRUD",
    "BLIN",
    "\"targets\"",
];

fn assert_hidden(json: &str, secrets: &[&str], who: &str, case: u64) {
    for secret in secrets {
        assert!(
            !json.contains(secret),
            "case {case}: the {who} view shows `{secret}`"
        );
    }
}

#[test]
fn nothing_of_the_other_sheet_shows_before_reveal() {
    let mut placed_games = 0;
    for case in 1..=150u64 {
        let mut g = Gen(0x9E37_79B9_7F4A_7C15 ^ case.wrapping_mul(0x1000_0000_01B3));
        let (s, events) = random_game(&mut g);
        if s.soviet_sheet
            .as_ref()
            .is_some_and(|x| !x.allocations.is_empty())
        {
            placed_games += 1;
        }
        let soviet = serde_json::to_string(&soviet_view(&s)).expect("json");
        let soviet_events =
            serde_json::to_string(&events_for(Role::Soviet, &events)).expect("json");
        assert_hidden(&soviet, &FINNISH_SECRETS, "Soviet", case);
        assert_hidden(&soviet_events, &FINNISH_SECRETS, "Soviet event", case);
        let finnish = serde_json::to_string(&finnish_view(&s)).expect("json");
        let finnish_events =
            serde_json::to_string(&events_for(Role::Finnish, &events)).expect("json");
        assert_hidden(&finnish, &SOVIET_SECRETS, "Finnish", case);
        assert_hidden(&finnish_events, &SOVIET_SECRETS, "Finnish event", case);
        // Soviet units still on the command sheet are hidden too; those on the map are not.
        for u in s
            .units
            .iter()
            .filter(|u| u.side == Side::Soviet && !matches!(u.location, UnitLocation::Space(_)))
        {
            assert!(
                !finnish.contains(&format!("\"{}\"", u.id)),
                "case {case}: {} leaks",
                u.id
            );
        }
    }
    assert!(
        placed_games > 50,
        "the generator must produce real placements ({placed_games})"
    );
}

#[test]
fn a_revealed_combat_shows_both_allocations() {
    let mut found = false;
    for case in 1..=60u64 {
        let mut g = Gen(0xD1B5_4A32_D192_ED03 ^ case.wrapping_mul(0x0100_0000_01B3));
        let (mut s, _) = random_game(&mut g);
        let Some(strategy) = s
            .finnish_sheet
            .as_ref()
            .and_then(|f| f.allocations.first())
            .and_then(|f| {
                s.soviet_sheet
                    .as_ref()
                    .and_then(|x| x.allocations.iter().find(|a| a.targets[0] == f.space))
                    .map(|a| a.strategy)
            })
        else {
            continue;
        };
        let finnish_units = s
            .finnish_sheet
            .as_ref()
            .map(|f| f.allocations[0].units.clone())
            .unwrap_or_default();
        let mut dice = ScriptedDice::new([6, 6, 6, 6]);
        reveal_and_resolve_combat(&mut s, strategy, &mut dice).expect("combat");
        let soviet = serde_json::to_string(&soviet_view(&s)).expect("json");
        for id in &finnish_units {
            assert!(
                soviet.contains(&format!("\"{id}\"")),
                "case {case}: revealed {id} missing from the Soviet view"
            );
        }
        found = true;
    }
    assert!(found, "at least one generated game had an answered combat");
}

#[test]
fn every_piece_in_every_view_has_id_side_and_kind() {
    let mut g = Gen(0x5DEE_CE66_D1CE_4E5B);
    let (s, _) = random_game(&mut g);
    let views = [
        serde_json::to_value(soviet_view(&s)).expect("json"),
        serde_json::to_value(finnish_view(&s)).expect("json"),
        serde_json::to_value(crate::games::talvisota::views::umpire_view(&s)).expect("json"),
    ];
    let mut pieces = 0;
    for view in &views {
        let board = &view["board"];
        let lists = [
            &view["units"],
            &view["supports"],
            &view["environment"],
            &view["entrenchments"],
            &board["map_units"],
            &board["placements"],
        ];
        for list in lists.iter().filter_map(|l| l.as_array()) {
            for piece in list {
                pieces += 1;
                for key in ["id", "side", "kind"] {
                    assert!(
                        piece.get(key).is_some_and(|v| !v.is_null()),
                        "{key} missing in {piece}"
                    );
                }
            }
        }
    }
    assert!(pieces > 100, "views list their pieces ({pieces})");
    assert!(
        views[0].get("environment").is_none() && views[0].get("finnish_sheet").is_none(),
        "the Soviet view has no Finnish pool fields"
    );
}
