//! Starting a campaign: checking a scenario pack's meaning and building the first state.

use super::clock::{CampaignClock, CampaignDate};
use super::events::{Event, EventKind, EventVisibility};
use super::knowledge::{Knowledge, refresh_sightings};
use super::ladder::{Building, Step, StepIndex, TableColour, step_letter};
use super::pack::{PackError, RawPack, parse};
use super::platoon::{Element, Platoon, Stack, StackLimits, Toe};
use super::state::{CampaignStatus, Feature, WonsState};
use super::victory::{VictoryConditions, VictoryLevel};
use crate::domain::Side;
use std::collections::{BTreeMap, BTreeSet};
use toml::Spanned;

struct Checker<'a> {
    source: &'a str,
}

impl Checker<'_> {
    fn fail<T, U>(
        &self,
        at: &Spanned<U>,
        field: String,
        message: impl Into<String>,
    ) -> Result<T, PackError> {
        Err(PackError::at(self.source, at.span(), field, message))
    }

    fn step(
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

fn ladder(
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

fn clock(c: &Checker, raw: &RawPack) -> Result<CampaignClock, PackError> {
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
    if *k.length_hours.get_ref() == 0 {
        return c.fail(
            &k.length_hours,
            "campaign.length_hours".into(),
            "a campaign lasts at least one Hour",
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

fn platoons(
    c: &Checker,
    raw: &RawPack,
    letters: &BTreeMap<String, StepIndex>,
) -> Result<BTreeMap<String, Platoon>, PackError> {
    let mut platoons = BTreeMap::new();
    for (i, p) in raw.platoons.iter().enumerate() {
        let id = p.id.get_ref();
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
        let mut elements = Vec::new();
        for (j, e) in p.toe.get_ref().iter().enumerate() {
            if e.men.get_ref().values().sum::<u32>() == 0 {
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
            },
        );
    }
    Ok(platoons)
}

fn stacks(
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

/// Checks a scenario pack and builds the campaign's first state from it.
pub fn load_pack(source: &str) -> Result<WonsState, PackError> {
    let raw = parse(source)?;
    let c = Checker { source };
    let (ladder, letters) = ladder(&c, &raw)?;
    let clock = clock(&c, &raw)?;
    let platoons = platoons(&c, &raw, &letters)?;
    let (stacks, stack_limits) = stacks(&c, &raw, &platoons)?;
    let mut features = BTreeMap::new();
    for (i, f) in raw.features.iter().enumerate() {
        let step = c.step(&letters, &f.step, format!("features[{i}].step"))?;
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
    let mut levels = Vec::new();
    for (i, l) in raw.victory.levels.iter().enumerate() {
        let step = c.step(&letters, &l.step, format!("victory.levels[{i}].step"))?;
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
    let soviet_reached = platoons
        .values()
        .filter(|p| p.side == Side::Soviet)
        .map(|p| (p.step, 1))
        .collect();
    Ok(WonsState {
        name: raw.campaign.name.clone(),
        demonstration: raw.campaign.demonstration,
        note: raw.campaign.note.clone(),
        ladder,
        clock,
        hour: 1,
        initiative: raw.campaign.initiative,
        platoons,
        stacks,
        stack_limits,
        features,
        orders: Default::default(),
        battles: Vec::new(),
        knowledge: Knowledge::default(),
        victory: VictoryConditions {
            levels,
            otherwise_name: raw.victory.otherwise_name.clone(),
            otherwise_winner: raw.victory.otherwise_winner,
        },
        soviet_reached,
        optional_rules: raw.optional_rules.clone(),
        status: CampaignStatus::Running,
        next_feature: 0,
    })
}

/// Starts a campaign from a pack: the first state and its opening events (initial sightings).
pub fn start_campaign(source: &str) -> Result<(WonsState, Vec<Event>), PackError> {
    let mut state = load_pack(source)?;
    let mut note = format!(
        "The campaign {} begins: {}.",
        state.name,
        state.clock.label(1)
    );
    if state.demonstration {
        note.push_str(" This is a demonstration scenario, not a published campaign.");
    }
    let mut events = vec![Event::new(
        1,
        EventVisibility::Public,
        EventKind::Campaign,
        note,
    )];
    events.extend(refresh_sightings(&mut state, 1));
    Ok((state, events))
}
