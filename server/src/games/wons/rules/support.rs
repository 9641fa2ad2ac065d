//! Support (R1.4): each side's support lists from the scenario pack, the points the umpire assigns
//! a side for a battle, what it buys with them, and the items its platoons retain afterwards.

use super::battle::{Battle, BattleStatus};
use super::events::{Event, EventKind, EventVisibility};
use super::platoon::PlatoonId;
use super::state::WonsState;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// One entry of a side's support lists, from the scenario pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SupportItem {
    /// Its identifier in the pack.
    pub id: String,
    /// Whose list it is on.
    pub side: Side,
    /// The list it is on; an item of List N costs N support points.
    pub list: u32,
    /// What it is.
    pub name: String,
    /// Kept by the buying platoon until used or destroyed (R1.4): smoke and illumination,
    /// extra small arms, grenades and satchel charges, skis, fascines.
    pub retained: bool,
    /// A reconnaissance team or section that may fight a Turn Zero (R1.4.3).
    pub recon: bool,
    /// The R23.1 barrage it buys, by code (e.g. `soviet-two-82mm-mortars`).
    #[serde(default)]
    pub barrage: Option<String>,
}

/// One purchase for a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Purchase {
    /// The support item's id.
    pub item: String,
    /// Its name, as bought.
    pub name: String,
    /// What it cost.
    pub cost: u32,
    /// The platoon it goes with (it keeps a retained item).
    pub platoon: PlatoonId,
    /// Kept after the battle if unused.
    pub retained: bool,
    /// A recon unit sent ahead for a Turn Zero rather than kept as on-table support (R1.4.3).
    #[serde(default)]
    pub turn_zero: bool,
    /// The R23.1 barrage it buys, if it is one.
    #[serde(default)]
    pub barrage: Option<String>,
}

/// One side's support for one battle: its points and what it bought.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SideSupport {
    /// Whose.
    pub side: Side,
    /// The points the umpire assigned.
    pub points: u32,
    /// What the side bought with them.
    pub purchases: Vec<Purchase>,
    /// Points spent outside the lists (heroes obtained for this battle), with what for: pairs
    /// of what (text) and points (a whole number).
    #[serde(default)]
    #[schema(schema_with = spending_pairs)]
    pub other_spending: Vec<(String, u32)>,
}

/// The schema of `other_spending`'s pairs, `["hero Simo", 2]`: two items, text then points.
/// Derived, a tuple says `items: false` beside its `prefixItems`, which API client generators
/// (openapi-python-client) refuse; here each item is described as either kind instead.
fn spending_pairs() -> utoipa::openapi::Array {
    use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Type};
    let what = || ObjectBuilder::new().schema_type(Type::String).build();
    let points = || {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(0))
            .build()
    };
    let pair = ArrayBuilder::new()
        .items(OneOfBuilder::new().item(what()).item(points()))
        .prefix_items([what(), points()])
        .min_items(Some(2))
        .max_items(Some(2));
    ArrayBuilder::new().items(pair).build()
}

impl SideSupport {
    /// Points spent so far.
    pub fn spent(&self) -> u32 {
        self.purchases.iter().map(|p| p.cost).sum::<u32>()
            + self.other_spending.iter().map(|(_, c)| c).sum::<u32>()
    }

    /// Points not yet spent.
    pub fn left(&self) -> u32 {
        self.points.saturating_sub(self.spent())
    }
}

/// A wish to buy `item` for `platoon`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PurchaseRequest {
    /// The support item's id (from the side's lists).
    pub item: String,
    /// The platoon of the side in the battle that gets it.
    pub platoon: PlatoonId,
    /// For a recon item: send it ahead to fight a Turn Zero (R1.4.3).
    #[serde(default)]
    pub turn_zero: bool,
}

/// Why support could not be assigned or bought.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SupportError {
    /// No such battle.
    #[error("There is no battle {0}")]
    UnknownBattle(u32),
    /// The battle has been fought.
    #[error("Battle {0} has been fought; its support can no longer change")]
    Decided(u32),
    /// The side has no platoon in the battle.
    #[error("The {0} side has no platoon in battle {1}")]
    NotInBattle(&'static str, u32),
    /// No points assigned yet.
    #[error(
        "The umpire has not assigned the {0} side its support points for battle {1} yet (R1.4)"
    )]
    NoPoints(&'static str, u32),
    /// Not on the side's lists.
    #[error("'{0}' is not on the {1} support lists of this campaign")]
    UnknownItem(String, &'static str),
    /// The platoon is not the side's in this battle.
    #[error("Platoon '{0}' is not one of your platoons in battle {1}")]
    WrongPlatoon(String, u32),
    /// Too expensive.
    #[error("These purchases cost {0} support points; the side has {1} for this battle (R1.4)")]
    TooDear(u32, u32),
    /// Turn Zero with something that is not a recon unit.
    #[error(
        "Only a Soviet reconnaissance team or section may fight a Turn Zero; '{0}' is not one (R1.4.3)"
    )]
    NotRecon(String),
    /// The pack turns aggressive reconnaissance off.
    #[error(
        "This campaign plays without the optional rule 'reconnaissance' (R1.4.3): recon units stay on the table as support"
    )]
    NoTurnZero,
    /// A Soviet barrage the Soviets may not obtain for this battle (R23.1.1).
    #[error("{0}")]
    SovietBarrage(super::barrage::BarrageError),
    /// Two Turn Zero units.
    #[error("One reconnaissance unit fights the Turn Zero (R1.4.3); send only one ahead")]
    TwoRecons,
}

/// The pending battle `id`, for `side`'s support.
fn pending(state: &WonsState, id: u32, side: Side) -> Result<&Battle, SupportError> {
    let battle = state.battle(id).ok_or(SupportError::UnknownBattle(id))?;
    if battle.status != BattleStatus::Pending {
        return Err(SupportError::Decided(id));
    }
    if !battle.fought_by(state, side) {
        return Err(SupportError::NotInBattle(side.adjective(), id));
    }
    Ok(battle)
}

/// The umpire assigns `side` its support points for battle `id` (R1.4). Purchases already made
/// stay only if they still fit.
pub fn assign_support_points(
    state: &mut WonsState,
    id: u32,
    side: Side,
    points: u32,
) -> Result<Vec<Event>, SupportError> {
    pending(state, id, side)?;
    let hour = state.hour;
    let battle = state
        .battle_mut(id)
        .ok_or(SupportError::UnknownBattle(id))?;
    match battle.support.iter_mut().find(|s| s.side == side) {
        Some(s) => {
            if s.spent() > points {
                return Err(SupportError::TooDear(s.spent(), points));
            }
            s.points = points;
        }
        None => battle.support.push(SideSupport {
            side,
            points,
            purchases: Vec::new(),
            other_spending: Vec::new(),
        }),
    }
    Ok(vec![Event::new(
        hour,
        EventVisibility::side(side),
        EventKind::Battle,
        format!(
            "The umpire assigns the {} side {points} support points for battle {id} (R1.4).",
            side.adjective()
        ),
    )])
}

/// One requested item checked against `side`'s lists, its platoons in `battle` and the rules on
/// Turn Zero and Soviet barrages, as the purchase it would make.
fn checked_purchase(
    state: &WonsState,
    battle: &Battle,
    side: Side,
    r: &PurchaseRequest,
) -> Result<Purchase, SupportError> {
    let id = battle.id;
    let item = state
        .support
        .iter()
        .find(|i| i.id == r.item && i.side == side)
        .ok_or_else(|| SupportError::UnknownItem(r.item.clone(), side.adjective()))?;
    let theirs = state
        .platoons
        .get(&r.platoon)
        .is_some_and(|p| p.side == side && battle.involves(&p.id));
    if !theirs {
        return Err(SupportError::WrongPlatoon(r.platoon.clone(), id));
    }
    if r.turn_zero && !(item.recon && side == Side::Soviet) {
        return Err(SupportError::NotRecon(item.name.clone()));
    }
    if r.turn_zero && !state.rule_on("reconnaissance") {
        return Err(SupportError::NoTurnZero);
    }
    if item.barrage.is_some() && side == Side::Soviet {
        super::barrage::soviet_barrage_allowed(state, battle)
            .map_err(SupportError::SovietBarrage)?;
    }
    Ok(Purchase {
        item: item.id.clone(),
        name: item.name.clone(),
        cost: item.list,
        platoon: r.platoon.clone(),
        retained: item.retained,
        turn_zero: r.turn_zero,
        barrage: item.barrage.clone(),
    })
}

/// The purchases as the log names them: each item with the platoon it goes to, or "nothing".
fn purchases_listed(state: &WonsState, purchases: &[Purchase]) -> String {
    if purchases.is_empty() {
        return "nothing".to_owned();
    }
    purchases
        .iter()
        .map(|p| {
            format!(
                "{} for {}{}",
                p.name,
                state.platoon_name(&p.platoon),
                if p.turn_zero { " (Turn Zero)" } else { "" }
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `side` replaces its purchases for battle `id` with `requests`, all of them or none: each item
/// must be on the side's lists, go to one of its platoons in the battle, and the whole must fit
/// in its points (less what heroes took).
pub fn set_purchases(
    state: &mut WonsState,
    id: u32,
    side: Side,
    requests: &[PurchaseRequest],
) -> Result<Vec<Event>, SupportError> {
    let battle = pending(state, id, side)?;
    let support = battle
        .support
        .iter()
        .find(|s| s.side == side)
        .ok_or_else(|| SupportError::NoPoints(side.adjective(), id))?;
    let purchases = requests
        .iter()
        .map(|r| checked_purchase(state, battle, side, r))
        .collect::<Result<Vec<_>, _>>()?;
    if purchases.iter().filter(|p| p.turn_zero).count() > 1 {
        return Err(SupportError::TwoRecons);
    }
    let others: u32 = support.other_spending.iter().map(|(_, c)| c).sum();
    let cost = purchases.iter().map(|p| p.cost).sum::<u32>() + others;
    if cost > support.points {
        return Err(SupportError::TooDear(cost, support.points));
    }
    let listed = purchases_listed(state, &purchases);
    let sentence = format!(
        "The {} side's support for battle {id}: {listed}; {cost} of {} points spent.",
        side.adjective(),
        support.points
    );
    let hour = state.hour;
    // An enemy that knows this battle's purchases from a prisoner hears of the change too, so
    // that its page and its live stream move with what it is shown.
    let told = enemy_support_known(state, id, side.enemy()).then(|| {
        let names: Vec<&str> = purchases.iter().map(|p| p.name.as_str()).collect();
        Event::new(
            hour,
            EventVisibility::side(side.enemy()),
            EventKind::Battle,
            format!(
                "Prisoners' word on battle {id}: the {} support is now {}.",
                side.adjective(),
                if names.is_empty() {
                    "nothing".to_owned()
                } else {
                    names.join(", ")
                }
            ),
        )
    });
    if let Some(s) = state
        .battle_mut(id)
        .and_then(|b| b.support.iter_mut().find(|s| s.side == side))
    {
        s.purchases = purchases;
    }
    let mut events = vec![Event::new(
        hour,
        EventVisibility::side(side),
        EventKind::Battle,
        sentence,
    )];
    events.extend(told);
    Ok(events)
}

/// Whether `side` knows the enemy's purchases for battle `id`: a prisoner it interrogated gave
/// good information (R25), and `id` is the side's next battle after the one he was taken in.
pub fn enemy_support_known(state: &WonsState, id: u32, side: Side) -> bool {
    enemy_support_known_in(state, side).contains(&id)
}

/// Every battle whose enemy purchases `side` knows (see [`enemy_support_known`]), found in one
/// pass over the interrogations. A battle opens only against defenders, so both sides fight in
/// every battle and the side's next battle after battle `n` is battle `n + 1`, archived or not.
pub fn enemy_support_known_in(state: &WonsState, side: Side) -> std::collections::BTreeSet<u32> {
    use super::tables::interrogation::InterrogationResult;
    state
        .interrogations
        .iter()
        .filter(|r| r.side == side && r.interrogation.result != InterrogationResult::NameAndRank)
        .map(|r| r.battle.saturating_add(1))
        .filter(|&next| next <= state.battle_count())
        .collect()
}

/// Spends `cost` of `side`'s points for battle `id` on something outside the lists (a hero).
pub fn spend_points(
    state: &mut WonsState,
    id: u32,
    side: Side,
    what: &str,
    cost: u32,
) -> Result<(), SupportError> {
    pending(state, id, side)?;
    let support = state
        .battle_mut(id)
        .and_then(|b| b.support.iter_mut().find(|s| s.side == side))
        .ok_or_else(|| SupportError::NoPoints(side.adjective(), id))?;
    if support.spent() + cost > support.points {
        return Err(SupportError::TooDear(
            support.spent() + cost,
            support.points,
        ));
    }
    support.other_spending.push((what.to_owned(), cost));
    Ok(())
}

#[cfg(test)]
#[path = "support_tests.rs"]
mod tests;
