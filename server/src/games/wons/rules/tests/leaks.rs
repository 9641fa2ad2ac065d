//! Redaction property: over many generated campaigns, a side's view and events never hold an
//! unseen enemy platoon, enemy fatigue or orders, Soviet stacks (for the Finns), enemy features
//! and fires the side has not run into, nor the enemy's battle secrets: support points and
//! purchases, starting Force Morale, casualties, final Force Morale and what its prisoners told.

use super::leaks_assertions::{assert_ids_do_not_count, assert_no_leak};
use crate::core::domain::{Role, Side};
use crate::dice::source::{Dice, RollSpec};
use crate::games::wons::rules::aftermath::{
    BattleReport, Casualty, FinalForceMorale, PrisonerTaken, Reporter, submit_report,
};
use crate::games::wons::rules::battle_sheet::roll_starting_force_morale;
use crate::games::wons::rules::ladder::TableColour;
use crate::games::wons::rules::orders::CounterattackScenario;
use crate::games::wons::rules::prisoners::{InterrogationRequest, interrogate_prisoner};
use crate::games::wons::rules::support::{PurchaseRequest, assign_support_points, set_purchases};
use crate::games::wons::rules::tables::force_morale::ForceMoraleTable;
use crate::games::wons::rules::{
    Action, Event, Order, PlatoonOrder, Reveal, WonsState, give_orders, legal_actions, load_pack,
    record_battle_result, resolve_hour, take_extra_action, umpire_correct, umpire_reveal,
    visible_events,
};
use serde_json::json;

/// A small deterministic generator (splitmix64) for test data only.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn token(&mut self) -> String {
        (0..10)
            .map(|_| char::from(b'a' + u8::try_from(self.below(26)).unwrap()))
            .collect()
    }
}

impl Dice for Gen {
    fn roll(&mut self, spec: RollSpec) -> Vec<u32> {
        spec.sides
            .iter()
            .map(|s| u32::try_from(self.below(u64::from(*s))).unwrap() + 1)
            .collect()
    }
}

fn random_pack(g: &mut Gen) -> String {
    let steps = 5 + g.below(10) as usize;
    let letter = |i: usize| char::from(b'A' + u8::try_from(i).unwrap());
    let mut t = format!(
        "[campaign]\nname = \"Generated\"\ndemonstration = true\nstart_date = \"1940-01-15\"\nstart_hour = {}\nlength_hours = 60\ninitiative = \"{}\"\n[daylight]\nfrom = 8\nuntil = 16\n",
        g.below(24),
        if g.chance(50) { "soviet" } else { "finnish" }
    );
    for i in 0..steps {
        let buildings: Vec<String> = (0..g.below(3))
            .map(|_| format!("\"{}\"", g.token()))
            .collect();
        t += &format!(
            "[[ladder]]\nletter = \"{}\"\nname = \"Step {}\"\ntables = [\"red\", \"yellow\", \"green\"]\nmajor_defence_line = {}\nbuildings = [{}]\n",
            letter(i),
            g.token(),
            g.chance(30),
            buildings.join(", ")
        );
    }
    let mut soviets: Vec<(usize, String)> = (0..1 + g.below(7))
        .map(|_| (g.below(steps as u64) as usize, g.token()))
        .collect();
    soviets.sort_by_key(|s| std::cmp::Reverse(s.0));
    t += "[stacks]\nmin_size = 1\nmax_size = 3\n";
    let mut i = 0;
    while i < soviets.len() {
        let mut j = i + 1;
        while j < soviets.len() && j - i < 3 && soviets[j].0 == soviets[i].0 && g.chance(70) {
            j += 1;
        }
        let ids: Vec<String> = soviets[i..j]
            .iter()
            .map(|(_, id)| format!("\"{id}\""))
            .collect();
        t += &format!(
            "[[stacks.order]]\nid = \"stk-{}\"\nplatoons = [{}]\n",
            g.token(),
            ids.join(", ")
        );
        i = j;
    }
    let finns: Vec<(usize, String)> = (0..1 + g.below(4))
        .map(|_| (g.below(steps as u64) as usize, g.token()))
        .collect();
    for (side, list) in [("soviet", &soviets), ("finnish", &finns)] {
        for (step, id) in list {
            t += &format!(
                "[[platoons]]\nid = \"{id}\"\nname = \"Platoon {}\"\nside = \"{side}\"\nstep = \"{}\"\nfatigue = {}\n[[platoons.toe]]\nname = \"HQ\"\nkind = \"headquarters\"\nmen = {{ leader = 1 }}\n[[platoons.toe]]\nname = \"Section\"\nkind = \"section\"\nmen = {{ rifleman = 8 }}\n",
                g.token(),
                letter(*step),
                g.below(18)
            );
        }
    }
    for _ in 0..g.below(4) {
        let kind = ["minefield", "roadblock", "entrenchment"][g.below(3) as usize];
        let owner = if g.chance(50) { "soviet" } else { "finnish" };
        t += &format!(
            "[[features]]\nid = \"mf-{}\"\nkind = \"{kind}\"\nowner = \"{owner}\"\nstep = \"{}\"\n",
            g.token(),
            letter(g.below(steps as u64) as usize)
        );
    }
    for side in ["soviet", "finnish"] {
        for _ in 0..1 + g.below(4) {
            t += &format!(
                "[[support]]\nid = \"sup-{}\"\nside = \"{side}\"\nlist = {}\nname = \"Item {}\"\nretained = {}\n",
                g.token(),
                1 + g.below(3),
                g.token(),
                g.chance(50)
            );
        }
    }
    t += &format!(
        "[victory]\notherwise_name = \"Held\"\notherwise_winner = \"finnish\"\n[[victory.levels]]\nname = \"Through\"\nwinner = \"soviet\"\nstep = \"{}\"\nby_hour = 60\n",
        letter(steps - 1)
    );
    t
}

fn random_order(g: &mut Gen, s: &WonsState, side: Side, id: &str) -> Option<Order> {
    let actions: Vec<Action> = legal_actions(s, side, id)
        .into_iter()
        .filter(|a| *a != Action::Reorganize)
        .collect();
    let action = *actions.get(g.below(actions.len().max(1) as u64) as usize)?;
    Some(match action {
        Action::Advance => Order::Advance,
        Action::Attack => Order::Attack {
            table: TableColour::Red,
            scenario: (side == Side::Finnish).then_some(CounterattackScenario::AttackAndDefend),
        },
        Action::Defend => Order::Defend,
        Action::ConsolidateDefenses => Order::ConsolidateDefenses,
        Action::AdjustRoadblock => Order::AdjustRoadblock {
            build: g.chance(70),
        },
        Action::BurnBuildings => Order::BurnBuildings {
            buildings: Vec::new(),
        },
        Action::BuildBonfire => Order::BuildBonfire,
        Action::Retreat => Order::Retreat,
        Action::Rest | Action::Reorganize => Order::Rest {
            in_building: g.chance(50),
        },
    })
}

/// Prepares, reports and interrogates battle `b` with random support, casualties and prisoners.
fn fight(g: &mut Gen, s: &mut WonsState, b: u32, dice: &mut Gen) -> Vec<Event> {
    let mut events = Vec::new();
    let battle = s.battles.iter().find(|x| x.id == b).unwrap().clone();
    let in_battle = |side: Side, s: &WonsState| -> Vec<String> {
        battle
            .attackers
            .iter()
            .chain(&battle.defenders)
            .filter(|id| s.platoons[*id].side == side)
            .cloned()
            .collect()
    };
    for side in [Side::Soviet, Side::Finnish] {
        let platoons = in_battle(side, s);
        if g.chance(80) {
            events.extend(
                assign_support_points(s, b, side, 1 + g.below(6) as u32).unwrap_or_default(),
            );
            let items: Vec<String> = s
                .support
                .iter()
                .filter(|i| i.side == side)
                .map(|i| i.id.clone())
                .collect();
            let requests: Vec<PurchaseRequest> = (0..g.below(3))
                .map(|_| PurchaseRequest {
                    item: items[g.below(items.len() as u64) as usize].clone(),
                    platoon: platoons[g.below(platoons.len() as u64) as usize].clone(),
                    turn_zero: false,
                })
                .collect();
            events.extend(set_purchases(s, b, side, &requests).unwrap_or_default());
        }
        if g.chance(70) {
            let table = ForceMoraleTable::DEFAULT;
            events.extend(roll_starting_force_morale(s, b, side, &table, dice).unwrap_or_default());
        }
    }
    let winner = if g.chance(50) {
        Side::Soviet
    } else {
        Side::Finnish
    };
    let mut report = BattleReport::bare(winner, 1 + g.below(5) as u32);
    for side in [Side::Soviet, Side::Finnish] {
        for id in in_battle(side, s) {
            let has_section = s.platoons[&id]
                .toe
                .elements
                .iter()
                .any(|e| e.name == "Section");
            if has_section && g.chance(70) {
                let left = s.platoons[&id]
                    .toe
                    .elements
                    .iter()
                    .find(|e| e.name == "Section")
                    .and_then(|e| e.men.get("rifleman"))
                    .copied()
                    .unwrap_or(0);
                report.casualties.push(Casualty {
                    platoon: id,
                    element: "Section".into(),
                    role: "rifleman".into(),
                    killed: g.below(u64::from(left) + 1) as u32,
                    wounded: 0,
                    missing: 0,
                });
            }
        }
        report.force_morale_end.push(FinalForceMorale {
            side,
            value: g.below(12) as u32,
        });
        for _ in 0..g.below(3) {
            report.prisoners.push(PrisonerTaken {
                taken_by: side,
                name: format!("Prisoner {}", g.token()),
                deserter: g.chance(30),
                hero: g.chance(10),
            });
        }
    }
    report.support_used = battle_purchases(s, b)
        .into_iter()
        .filter(|_| g.chance(50))
        .collect();
    events.extend(submit_report(s, b, Reporter::Umpire, &report).unwrap());
    for p in &report.prisoners {
        let ask = InterrogationRequest {
            prisoner: p.name.clone(),
            deserter: false,
            hero: false,
        };
        events.extend(interrogate_prisoner(s, b, p.taken_by, &ask, dice).unwrap());
    }
    events
}

fn battle_purchases(s: &WonsState, b: u32) -> Vec<String> {
    s.battles
        .iter()
        .filter(|x| x.id == b)
        .flat_map(|x| &x.support)
        .flat_map(|x| &x.purchases)
        .map(|p| p.item.clone())
        .collect()
}

fn check(s: &WonsState, events: &[Event], seed: u64) {
    for side in [Side::Soviet, Side::Finnish] {
        assert_no_leak(s, side, &visible_events(events, side.role()), seed);
    }
    assert_ids_do_not_count(s, seed);
    // Play keeps the state consistent, so an umpire's correction is judged only by its own change.
    if let Err(why) = crate::games::wons::rules::consistency::check_state(s) {
        panic!("seed {seed}: play left an inconsistent state: {why}");
    }
}

/// The umpire corrects a side's support points and who defended in battle `b`; the enemy of
/// the points' owner, and both sides for the defenders, read that a correction was made and
/// never where or what.
fn correct_battle_secrets(g: &mut Gen, s: &mut WonsState, b: u32, seed: u64) -> Vec<Event> {
    let Some(i) = s.battles.iter().position(|x| x.id == b) else {
        return Vec::new();
    };
    let mut events = Vec::new();
    let owners: Vec<Side> = s.battles[i].support.iter().map(|x| x.side).collect();
    for (j, owner) in owners.into_iter().enumerate() {
        if !g.chance(50) {
            continue;
        }
        let path = format!("/battles/{i}/support/{j}/points");
        let told = umpire_correct(s, &path, json!(g.below(9)), "recount").unwrap();
        for e in visible_events(&told, owner.enemy().role()) {
            assert!(
                !e.sentence.contains(&path) && !e.sentence.contains('→'),
                "seed {seed}: the {:?} side reads {}",
                owner.enemy(),
                e.sentence
            );
        }
        events.extend(told);
    }
    if g.chance(30) {
        let path = format!("/battles/{i}/defenders");
        let defenders = json!(s.battles[i].defenders);
        let told = umpire_correct(s, &path, defenders, "recount").unwrap();
        for side in [Side::Soviet, Side::Finnish] {
            for e in visible_events(&told, side.role()) {
                assert!(
                    !e.sentence.contains(&path),
                    "seed {seed}: {side:?} reads {}",
                    e.sentence
                );
            }
        }
        events.extend(told);
    }
    events
}

/// Plays one generated campaign; returns how many purchases and interrogations it checked.
fn play(seed: u64) -> (usize, usize) {
    let mut g = Gen(seed);
    let mut s = load_pack(&random_pack(&mut g)).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    check(&s, &[], seed);
    for _ in 0..1 + g.below(10) {
        let mut events = Vec::new();
        for side in [Side::Soviet, Side::Finnish] {
            let ids: Vec<String> = s.platoons_of(side).map(|p| p.id.clone()).collect();
            for id in ids {
                if let Some(o) = random_order(&mut g, &s, side, &id) {
                    events.extend(
                        give_orders(
                            &mut s,
                            side,
                            vec![PlatoonOrder {
                                platoon: id,
                                order: o,
                            }],
                        )
                        .unwrap_or_default(),
                    );
                }
            }
        }
        if g.chance(10) {
            let id = s
                .platoons
                .keys()
                .nth(g.below(s.platoons.len() as u64) as usize)
                .unwrap()
                .clone();
            let side = s.platoons[&id].side.enemy();
            events.extend(umpire_reveal(&mut s, side, &Reveal::Platoon { id }).unwrap());
        }
        if g.chance(10) {
            let id = s
                .platoons
                .keys()
                .nth(g.below(s.platoons.len() as u64) as usize)
                .unwrap()
                .clone();
            let path = format!("/platoons/{id}/fatigue");
            events.extend(umpire_correct(&mut s, &path, json!(g.below(20)), "recount").unwrap());
        }
        let mut dice = Gen(g.next());
        events.extend(resolve_hour(&mut s, &mut dice, true).unwrap());
        check(&s, &events, seed);
        while let Some(b) = s.pending_battle().map(|b| b.id) {
            let winner = if g.chance(50) {
                Side::Soviet
            } else {
                Side::Finnish
            };
            let mut events = if g.chance(50) {
                record_battle_result(&mut s, b, winner, 1 + g.below(5) as u32).unwrap()
            } else {
                fight(&mut g, &mut s, b, &mut dice)
            };
            events.extend(correct_battle_secrets(&mut g, &mut s, b, seed));
            let entitled: Vec<(String, Side)> = s
                .platoons
                .values()
                .filter(|p| p.extra_action_from.is_some())
                .map(|p| (p.id.clone(), p.side))
                .collect();
            for (id, side) in entitled {
                if let Some(o) = random_order(&mut g, &s, side, &id).filter(|_| g.chance(50)) {
                    events.extend(
                        take_extra_action(
                            &mut s,
                            &mut dice,
                            side,
                            PlatoonOrder {
                                platoon: id,
                                order: o,
                            },
                        )
                        .unwrap_or_default(),
                    );
                }
            }
            check(&s, &events, seed);
        }
    }
    let _ = Role::Umpire;
    let purchases = s
        .battles
        .iter()
        .flat_map(|b| &b.support)
        .map(|x| x.purchases.len())
        .sum();
    (purchases, s.interrogations.len())
}

#[test]
fn no_side_view_or_event_leaks_what_the_side_may_not_know() {
    let (mut purchases, mut interrogations) = (0, 0);
    for seed in 0..300 {
        let (p, i) = play(seed);
        purchases += p;
        interrogations += i;
    }
    assert!(
        purchases > 50 && interrogations > 50,
        "the battle secrets were exercised: {purchases} purchases, {interrogations} interrogations"
    );
}
