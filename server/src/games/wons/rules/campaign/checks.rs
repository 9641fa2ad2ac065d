//! Checking each section of a scenario pack against the rules: ladder, clock, platoons and stacks.

use crate::core::domain::Side;
use crate::games::wons::rules::battle_sheet::check_force_morale_table;
use crate::games::wons::rules::clock::{CampaignClock, CampaignDate};
use crate::games::wons::rules::ladder::{Building, Step, StepIndex, TableColour, step_letter};
use crate::games::wons::rules::pack::{PackError, RawPack};
use crate::games::wons::rules::platoon::{Element, Platoon, Stack, StackLimits, Toe};
use crate::games::wons::rules::state::Feature;
use crate::games::wons::rules::support::SupportItem;
use crate::games::wons::rules::tables::force_morale::ForceMoraleTable;
use crate::games::wons::rules::victory::VictoryLevel;
use std::collections::{BTreeMap, BTreeSet};
use toml::Spanned;

/// The most platoons a pack may have (a campaign has a score or two).
const MAX_PLATOONS: usize = 200;
/// The most sections, teams and headquarters in one platoon.
const MAX_ELEMENTS: usize = 20;
/// The most men or weapons of one kind in an element, a platoon's fatigue, a feature's count.
const MAX_NUMBER: u32 = 99;
/// The most support entries, features, stacks or victory levels a pack may have.
pub(super) const MAX_ENTRIES: usize = 200;
/// The longest campaign, in Hours.
const MAX_HOURS: u32 = 10_000;

/// Reads a pack's source to name the place of each fault.
pub(super) struct Checker<'a> {
    /// The pack's TOML text.
    pub(super) source: &'a str,
}

impl Checker<'_> {
    /// Refuses the pack at `at`, naming `field`.
    pub(super) fn fail<T, U>(
        &self,
        at: &Spanned<U>,
        field: String,
        message: impl Into<String>,
    ) -> Result<T, PackError> {
        Err(PackError::at(self.source, at.span(), field, message))
    }

    /// Refuses the pack at `at` when `list` has more than `max` entries.
    pub(super) fn at_most<T, U>(
        &self,
        at: &Spanned<U>,
        field: &str,
        list: &[T],
        max: usize,
    ) -> Result<(), PackError> {
        if list.len() > max {
            return self.fail(
                at,
                field.into(),
                format!("{} entries; a pack has at most {max}", list.len()),
            );
        }
        Ok(())
    }

    /// Refuses the pack at `at` when a number is over [`MAX_NUMBER`].
    pub(super) fn small<U>(&self, at: &Spanned<U>, field: String, n: u32) -> Result<(), PackError> {
        if n > MAX_NUMBER {
            return self.fail(at, field, format!("{n} is more than {MAX_NUMBER}"));
        }
        Ok(())
    }

    /// The ladder step a letter names, or a fault at `at`.
    pub(super) fn step(
        &self,
        letters: &BTreeMap<String, StepIndex>,
        at: &Spanned<String>,
        field: String,
    ) -> Result<StepIndex, PackError> {
        match letters.get(at.get_ref()) {
            Some(i) => Ok(*i),
            None => self.fail(
                at,
                field,
                format!("there is no step '{}' on the ladder", at.get_ref()),
            ),
        }
    }
}

/// The ladder's steps in order, and the index of each step's letter.
pub(super) fn ladder(
    c: &Checker,
    raw: &RawPack,
) -> Result<(Vec<Step>, BTreeMap<String, StepIndex>), PackError> {
    let steps = raw.ladder.get_ref();
    if steps.is_empty() || steps.len() > 26 {
        return c.fail(&raw.ladder, "ladder".into(), "a ladder has 1 to 26 steps");
    }
    let mut ladder = Vec::new();
    let mut letters = BTreeMap::new();
    for (i, s) in steps.iter().enumerate() {
        let want = step_letter(i);
        if *s.letter.get_ref() != want {
            return c.fail(
                &s.letter,
                format!("ladder[{i}].letter"),
                format!("expected '{want}': steps are lettered A, B, C… in order"),
            );
        }
        if !s.tables.get_ref().contains(&TableColour::Red) {
            return c.fail(
                &s.tables,
                format!("ladder[{i}].tables"),
                "every step offers the Red table, where initial attacks are fought (R2)",
            );
        }
        c.at_most(
            &s.letter,
            &format!("ladder[{i}].buildings"),
            &s.buildings,
            MAX_ENTRIES,
        )?;
        let names: BTreeSet<&String> = s.buildings.iter().collect();
        if names.len() != s.buildings.len() {
            return c.fail(
                &s.letter,
                format!("ladder[{i}].buildings"),
                "two buildings on one step share a name",
            );
        }
        letters.insert(want.clone(), i);
        ladder.push(Step {
            letter: want,
            name: s.name.clone(),
            tables: s.tables.get_ref().clone(),
            major_defence_line: s.major_defence_line,
            buildings: s
                .buildings
                .iter()
                .map(|n| Building {
                    name: n.clone(),
                    fire: None,
                })
                .collect(),
        });
    }
    Ok((ladder, letters))
}

/// The campaign clock: start date, length, and the Hours of daylight.
pub(super) fn clock(c: &Checker, raw: &RawPack) -> Result<CampaignClock, PackError> {
    let k = &raw.campaign;
    let Some(start_date) = CampaignDate::parse(k.start_date.get_ref()) else {
        return c.fail(
            &k.start_date,
            "campaign.start_date".into(),
            "write the date as YYYY-MM-DD, e.g. 1940-02-11",
        );
    };
    if *k.start_hour.get_ref() > 23 {
        return c.fail(
            &k.start_hour,
            "campaign.start_hour".into(),
            "an hour of the day is 0 to 23",
        );
    }
    if !(1..=MAX_HOURS).contains(k.length_hours.get_ref()) {
        return c.fail(
            &k.length_hours,
            "campaign.length_hours".into(),
            format!("a campaign lasts 1 to {MAX_HOURS} Hours"),
        );
    }
    let (from, until) = (&raw.daylight.from, &raw.daylight.until);
    if *from.get_ref() > 23 {
        return c.fail(
            from,
            "daylight.from".into(),
            "an hour of the day is 0 to 23",
        );
    }
    if until.get_ref() <= from.get_ref() || *until.get_ref() > 24 {
        return c.fail(
            until,
            "daylight.until".into(),
            "daylight ends after it begins, at 24 at the latest",
        );
    }
    Ok(CampaignClock {
        start_date,
        start_hour_of_day: *k.start_hour.get_ref(),
        daylight_from: *from.get_ref(),
        daylight_until: *until.get_ref(),
        length_hours: *k.length_hours.get_ref(),
    })
}

/// The platoons by id, each on a step of the ladder.
pub(super) fn platoons(
    c: &Checker,
    raw: &RawPack,
    letters: &BTreeMap<String, StepIndex>,
) -> Result<BTreeMap<String, Platoon>, PackError> {
    let mut platoons = BTreeMap::new();
    if let Some(p) = raw.platoons.get(MAX_PLATOONS) {
        return c.fail(
            &p.id,
            format!("platoons[{MAX_PLATOONS}]"),
            format!("a pack has at most {MAX_PLATOONS} platoons"),
        );
    }
    for (i, p) in raw.platoons.iter().enumerate() {
        let id = p.id.get_ref();
        c.small(&p.id, format!("platoons[{i}].fatigue"), p.fatigue)?;
        if id.trim().is_empty() || platoons.contains_key(id) {
            return c.fail(
                &p.id,
                format!("platoons[{i}].id"),
                format!("platoon id '{id}' is empty or used twice"),
            );
        }
        let step = c.step(letters, &p.step, format!("platoons[{i}].step"))?;
        if p.toe.get_ref().is_empty() {
            return c.fail(
                &p.toe,
                format!("platoons[{i}].toe"),
                "a platoon needs at least one section, team or headquarters",
            );
        }
        c.at_most(
            &p.toe,
            &format!("platoons[{i}].toe"),
            p.toe.get_ref(),
            MAX_ELEMENTS,
        )?;
        let mut elements = Vec::new();
        for (j, e) in p.toe.get_ref().iter().enumerate() {
            let numbers = e.men.get_ref().iter().chain(&e.weapons);
            for (what, n) in numbers {
                c.small(&e.men, format!("platoons[{i}].toe[{j}] {what}"), *n)?;
            }
            if e.men.get_ref().values().all(|n| *n == 0) {
                return c.fail(
                    &e.men,
                    format!("platoons[{i}].toe[{j}].men"),
                    "an element needs at least one man",
                );
            }
            elements.push(Element {
                name: e.name.clone(),
                kind: e.kind,
                men: e.men.get_ref().clone(),
                weapons: e.weapons.clone(),
            });
        }
        platoons.insert(
            id.clone(),
            Platoon {
                id: id.clone(),
                name: p.name.clone(),
                side: p.side,
                step,
                fatigue: p.fatigue,
                toe: Toe { elements },
                retained: Vec::new(),
                heroes: Vec::new(),
                warm_through_hour: None,
                extra_action_from: None,
                captured: Vec::new(),
            },
        );
    }
    Ok(platoons)
}

/// The stacks the platoons begin in, and the limits on stacking.
pub(super) fn stacks(
    c: &Checker,
    raw: &RawPack,
    platoons: &BTreeMap<String, Platoon>,
) -> Result<(Vec<Stack>, StackLimits), PackError> {
    let s = &raw.stacks;
    let limits = StackLimits {
        min: *s.min_size.get_ref(),
        max: *s.max_size.get_ref(),
    };
    if limits.min == 0 {
        return c.fail(
            &s.min_size,
            "stacks.min_size".into(),
            "a stack holds at least one platoon",
        );
    }
    if limits.max < limits.min {
        return c.fail(
            &s.max_size,
            "stacks.max_size".into(),
            "the largest stack cannot be smaller than the smallest",
        );
    }
    let mut placed = BTreeSet::new();
    let mut ids = BTreeSet::new();
    let mut stacks = Vec::new();
    let mut previous: Option<StepIndex> = None;
    for (i, raw_stack) in s.order.iter().enumerate() {
        let field = format!("stacks.order[{i}].platoons");
        if !ids.insert(raw_stack.id.get_ref().clone()) {
            return c.fail(
                &raw_stack.id,
                format!("stacks.order[{i}].id"),
                "stack id used twice",
            );
        }
        let members = raw_stack.platoons.get_ref();
        if members.len() < limits.min || members.len() > limits.max {
            return c.fail(
                &raw_stack.platoons,
                field,
                format!("a stack holds {} to {} platoons", limits.min, limits.max),
            );
        }
        let mut steps = BTreeSet::new();
        for m in members {
            match platoons.get(m) {
                Some(p) if p.side == Side::Soviet => steps.insert(p.step),
                _ => {
                    return c.fail(
                        &raw_stack.platoons,
                        field,
                        format!("'{m}' is not a Soviet platoon of this pack"),
                    );
                }
            };
            if !placed.insert(m.clone()) {
                return c.fail(
                    &raw_stack.platoons,
                    field,
                    format!("'{m}' is in two stacks"),
                );
            }
        }
        if steps.len() != 1 {
            return c.fail(
                &raw_stack.platoons,
                field,
                "the platoons of a stack stand on one step",
            );
        }
        let step = steps.first().copied();
        if previous.zip(step).is_some_and(|(prev, now)| now > prev) {
            return c.fail(
                &raw_stack.id,
                format!("stacks.order[{i}].id"),
                "stacks are listed leading stack first; this one stands ahead of the one before it",
            );
        }
        previous = step;
        stacks.push(Stack {
            id: raw_stack.id.get_ref().clone(),
            platoons: members.clone(),
        });
    }
    if let Some((i, p)) = raw
        .platoons
        .iter()
        .enumerate()
        .find(|(_, p)| p.side == Side::Soviet && !placed.contains(p.id.get_ref()))
    {
        return c.fail(
            &p.id,
            format!("platoons[{i}].id"),
            "every Soviet platoon must be in one of the stacks",
        );
    }
    Ok((stacks, limits))
}

/// The support lists: ids unique, lists 1 to 6 (an item of List N costs N points), recon units
/// Soviet only (R1.4, R1.4.3).
pub(super) fn support(c: &Checker, raw: &RawPack) -> Result<Vec<SupportItem>, PackError> {
    let mut items: Vec<SupportItem> = Vec::new();
    let mut ids = BTreeSet::new();
    for (i, r) in raw.support.iter().enumerate() {
        if i == MAX_ENTRIES {
            return c.fail(
                &r.id,
                format!("support[{i}]"),
                format!("a pack has at most {MAX_ENTRIES} support entries"),
            );
        }
        if !ids.insert(r.id.get_ref()) {
            return c.fail(&r.id, format!("support[{i}].id"), "support id used twice");
        }
        if !(1..=6).contains(r.list.get_ref()) {
            return c.fail(
                &r.list,
                format!("support[{i}].list"),
                "a support list from 1 to 6 (an item of List N costs N points)",
            );
        }
        let recon = r.recon.as_ref().is_some_and(|f| *f.get_ref());
        if let Some(flag) = r.recon.as_ref().filter(|_| recon && r.side != Side::Soviet) {
            return c.fail(
                flag,
                format!("support[{i}].recon"),
                "only Soviet reconnaissance units fight a Turn Zero (R1.4.3)",
            );
        }
        if let Some(code) = &r.barrage {
            let known = crate::games::wons::rules::tables::artillery::barrage(code.get_ref())
                .is_some_and(|p| p.side == r.side);
            if !known {
                return c.fail(
                    code,
                    format!("support[{i}].barrage"),
                    "one of the side's barrages in the R23.1 tables, e.g. soviet-two-82mm-mortars",
                );
            }
        }
        items.push(SupportItem {
            id: r.id.get_ref().clone(),
            side: r.side,
            list: *r.list.get_ref(),
            name: r.name.clone(),
            retained: r.retained,
            recon,
            barrage: r.barrage.as_ref().map(|b| b.get_ref().clone()),
        });
    }
    Ok(items)
}

/// The pack's Force Morale table, or the rules' own when it gives none.
pub(super) fn force_morale(c: &Checker, raw: &RawPack) -> Result<ForceMoraleTable, PackError> {
    match &raw.force_morale {
        None => Ok(ForceMoraleTable::DEFAULT),
        Some(f) => {
            let table = ForceMoraleTable {
                by_face: *f.by_face.get_ref(),
            };
            if let Err(why) = check_force_morale_table(&table) {
                return c.fail(&f.by_face, "force_morale.by_face".into(), why);
            }
            Ok(table)
        }
    }
}

/// The pack's field works, each on a step of the ladder under an id no platoon has.
pub(super) fn features(
    c: &Checker,
    raw: &RawPack,
    letters: &BTreeMap<String, StepIndex>,
    platoons: &BTreeMap<String, Platoon>,
) -> Result<BTreeMap<String, Feature>, PackError> {
    let mut features = BTreeMap::new();
    for (i, f) in raw.features.iter().enumerate() {
        if i == MAX_ENTRIES {
            return c.fail(
                &f.id,
                format!("features[{i}]"),
                format!("a pack has at most {MAX_ENTRIES} features"),
            );
        }
        c.small(&f.id, format!("features[{i}].count"), f.count)?;
        let step = c.step(letters, &f.step, format!("features[{i}].step"))?;
        let id = f.id.get_ref().clone();
        if features.contains_key(&id) || platoons.contains_key(&id) {
            return c.fail(&f.id, format!("features[{i}].id"), "feature id used twice");
        }
        features.insert(
            id.clone(),
            Feature {
                id,
                kind: f.kind,
                owner: f.owner,
                step,
                count: f.count,
                created_hour: 0,
                known_to_enemy_since: None,
            },
        );
    }
    Ok(features)
}

/// The pack's victory levels, each on a step of the ladder by an Hour of the campaign.
pub(super) fn victory_levels(
    c: &Checker,
    raw: &RawPack,
    letters: &BTreeMap<String, StepIndex>,
    clock: &CampaignClock,
) -> Result<Vec<VictoryLevel>, PackError> {
    let mut levels = Vec::new();
    for (i, l) in raw.victory.levels.iter().enumerate() {
        if i == MAX_ENTRIES {
            return c.fail(
                &l.step,
                format!("victory.levels[{i}]"),
                format!("a pack has at most {MAX_ENTRIES} victory levels"),
            );
        }
        let step = c.step(letters, &l.step, format!("victory.levels[{i}].step"))?;
        if *l.by_hour.get_ref() == 0 || *l.by_hour.get_ref() > clock.length_hours {
            return c.fail(
                &l.by_hour,
                format!("victory.levels[{i}].by_hour"),
                format!("an Hour of the campaign, 1 to {}", clock.length_hours),
            );
        }
        levels.push(VictoryLevel {
            name: l.name.clone(),
            winner: l.winner,
            step,
            by_hour: *l.by_hour.get_ref(),
        });
    }
    Ok(levels)
}
