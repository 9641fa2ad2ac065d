//! Captured Equipment (24.4) brought onto the roster: after AW, DP or DW, the Soviet attack
//! factors eliminated by a retreat into a Finnish zone of control give the Finns one 1-1-3 ski
//! battalion (6 to 11) or one 2-2-3 regiment (12 or more) in their Reinforcement Phase; any other
//! unit offered is refused by its name.

use super::Records;
use crate::core::domain::{Role, Side};
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Secrecy, Table, refused};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Unit, UnitId};
use crate::games::winter_war::rules::calc_losses::captured_equipment;
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// The Finnish unit received as Captured Equipment, and the combat that earned it.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct CapturedIn {
    /// The combat result: only AW, DP or DW capture equipment.
    pub result: String,
    /// The Soviet attack factors eliminated by retreating into a Finnish zone of control, after
    /// any breakdowns.
    pub soviet_af: u32,
    /// Its name.
    pub name: String,
    /// Its type.
    pub unit_type: String,
    /// Its printed attack factor; leave it out for the unit 24.4 grants.
    #[serde(default)]
    pub af: Option<u32>,
    /// Its printed defence factor; leave it out for the unit 24.4 grants.
    #[serde(default)]
    pub df: Option<u32>,
    /// Its printed movement factor; leave it out for the unit 24.4 grants.
    #[serde(default)]
    pub mf: Option<u32>,
    /// Where it arrives.
    pub location: String,
}

/// Adds the Captured Equipment unit of `p` when 24.4 grants one and it is that unit.
pub fn capture(
    p: CapturedIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    if table.by == Role::Soviet {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "not_allowed",
            "Captured Equipment reinforces the Finns only (24.4).",
        ));
    }
    let against = |message: String| refused(RefusalKind::AgainstTheRules, "not_allowed", message);
    let mut work = Working::new();
    let granted = work.take(captured_equipment(&p.result, p.soviet_af));
    let Some(counter) = granted else {
        return Err(against(format!(
            "{} cannot come as Captured Equipment: a result of {} with {} Soviet attack factors eliminated brings none (24.4 needs AW, DP or DW and at least 6).",
            p.name.trim(),
            p.result.trim(),
            p.soviet_af
        )));
    };
    let factors = (counter.attack(), counter.defence(), counter.movement());
    let given = (
        p.af.unwrap_or(factors.0),
        p.df.unwrap_or(factors.1),
        p.mf.unwrap_or(factors.2),
    );
    if given != factors {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "wrong_captured_unit",
            format!(
                "{} is a {}-{}-{}, but {} Soviet attack factors eliminated bring one {}-{}-{} {} as Captured Equipment (24.4); bring that unit instead.",
                p.name.trim(),
                given.0,
                given.1,
                given.2,
                p.soviet_af,
                factors.0,
                factors.1,
                factors.2,
                counter.name()
            ),
        ));
    }
    // An opaque id of the server's: a SHA-256 of the moment, the name and the roster's change.
    let digest = {
        use sha2::{Digest, Sha256};
        Sha256::digest(format!(
            "motti captured equipment\0{}\0{}\0{}",
            table.moment,
            p.name.trim(),
            table.roster.history.len()
        ))
    };
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    let id = UnitId::parse(&hex).map_err(|e| Refused::of(&e))?;
    let number = |n: u32| AttrValue::Number(i64::from(n));
    let unit = Unit {
        id,
        side: Side::Finnish,
        name: p.name.trim().to_owned(),
        unit_type: p.unit_type.trim().to_owned(),
        attributes: BTreeMap::from([
            ("af".to_owned(), number(factors.0)),
            ("df".to_owned(), number(factors.1)),
            ("mf".to_owned(), number(factors.2)),
        ]),
        location: p.location.trim().to_owned(),
        markers: BTreeSet::new(),
    };
    let added = table
        .roster
        .add(table.spec, table.by, table.moment, unit)
        .map_err(|e| Refused::of(&e))?
        .unit
        .clone();
    work.step(format!(
        "{} arrives at {} as Captured Equipment (24.4)",
        p.name.trim(),
        p.location.trim()
    ));
    // The entry names the unit and its values: the Finns' and the umpire's to read. The Soviets
    // see the new unit on the board as the roster lets them (a blank counter under fog of war).
    Ok(Acted {
        explained: work.done(serde_json::json!({"unit": added})),
        secrecy: Secrecy::SideOnly(Side::Finnish),
    })
}

#[cfg(test)]
#[path = "captured_tests.rs"]
mod tests;
