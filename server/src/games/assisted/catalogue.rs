//! What an assisted game offers by name: calculations (pure, nothing stored), dice procedures
//! (rolled and logged, reading entered charts where the rules say) and actions (changes to the
//! table: the roster, the game's own records), each with a JSON Schema of its parameters and an
//! answer that explains every step and names the chart versions it read.

use super::calc::Explained;
use super::chart_set::ChartSet;
use super::refusal::RefusalKind;
use super::roster::{Roster, RosterSpec};
use crate::core::domain::{Role, Side};
use crate::core::refusal::Refusal;
use crate::dice::source::Dice;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A chart version an answer read.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChartUse {
    /// The chart's code.
    pub chart: String,
    /// The version read.
    pub version: u32,
}

/// What a calculation, procedure or action answers: the result, every step as a sentence, and the
/// chart versions read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The result as data.
    pub result: Value,
    /// One sentence per step, in order.
    pub steps: Vec<String>,
    /// The chart versions read, found in the result's readings.
    pub charts: Vec<ChartUse>,
}

impl Answer {
    /// The answer of an explained value; the chart versions are those of every reading
    /// (`{chart, version, row, column, …}`) inside the value.
    pub fn of<T: Serialize>(explained: Explained<T>) -> Answer {
        let result = serde_json::to_value(&explained.value).unwrap_or(Value::Null);
        let mut charts = Vec::new();
        readings_in(&result, &mut charts);
        charts.sort();
        charts.dedup();
        Answer {
            result,
            steps: explained.steps,
            charts,
        }
    }
}

impl Answer {
    /// Adds the chart versions of `charts` its steps name ("… of crt version 2", as the kit's
    /// readings say), for answers whose value keeps no reading.
    fn naming(mut self, charts: &ChartSet) -> Answer {
        for (code, versions) in &charts.charts {
            for v in versions {
                let named = format!("{code} version {}", v.version);
                if self.steps.iter().any(|s| s.contains(&named)) {
                    self.charts.push(ChartUse {
                        chart: code.clone(),
                        version: v.version,
                    });
                }
            }
        }
        self.charts.sort();
        self.charts.dedup();
        self
    }
}

fn readings_in(value: &Value, found: &mut Vec<ChartUse>) {
    match value {
        Value::Object(map) => {
            if let (Some(Value::String(chart)), Some(version), true, true) = (
                map.get("chart"),
                map.get("version").and_then(Value::as_u64),
                map.contains_key("row"),
                map.contains_key("column"),
            ) {
                found.push(ChartUse {
                    chart: chart.clone(),
                    version: u32::try_from(version).unwrap_or(u32::MAX),
                });
            }
            map.values().for_each(|v| readings_in(v, found));
        }
        Value::Array(items) => items.iter().for_each(|v| readings_in(v, found)),
        _ => {}
    }
}

/// Why a calculation, procedure or action refused: the refusal's kind, code and sentence, and
/// the parameter it concerns where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// 404, 409 or 422.
    pub kind: RefusalKind,
    /// A stable snake_case code.
    pub code: &'static str,
    /// The sentence people read.
    pub message: String,
}

/// A refusal of `kind` with its code and sentence: the kit's own and the games' actions'.
pub fn refused(kind: RefusalKind, code: &'static str, message: impl Into<String>) -> Refused {
    Refused {
        kind,
        code,
        message: message.into(),
    }
}

impl Refused {
    /// Parameters that do not fit the schema.
    pub fn params(message: impl Into<String>) -> Refused {
        Refused {
            kind: RefusalKind::AgainstTheRules,
            code: "invalid_params",
            message: message.into(),
        }
    }

    /// Any rules refusal.
    pub fn of(refusal: &impl Refusal) -> Refused {
        Refused {
            kind: refusal.kind(),
            code: refusal.code(),
            message: refusal.to_string(),
        }
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl Refusal for Refused {
    fn kind(&self) -> RefusalKind {
        self.kind
    }
    fn code(&self) -> &'static str {
        self.code
    }
}

/// Reads `params` as `P`, or refuses naming what does not fit.
pub fn read_params<P: DeserializeOwned>(params: &Value) -> Result<P, Refused> {
    serde_path_to_error::deserialize(params).map_err(|e| {
        let at = e.path().to_string();
        let inner = e.into_inner();
        let place = if at == "." {
            String::new()
        } else {
            format!(" at '{at}'")
        };
        Refused::params(format!(
            "The parameters do not fit{place}: {inner}. GET …/calculations lists each one's schema."
        ))
    })
}

/// The JSON Schema of `P`.
pub fn schema_of<P: JsonSchema>() -> Value {
    serde_json::to_value(schemars::schema_for!(P)).unwrap_or(Value::Null)
}

/// How an entry is described in a listing.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The name to call it by: lowercase words with dashes.
    pub name: &'static str,
    /// A title for people.
    pub title: &'static str,
    /// The rule it comes from ("8.2", "Opt B.3").
    pub rule: &'static str,
    /// Makes the JSON Schema of its parameters, only where a listing or a form needs it (not on
    /// every run).
    schema: fn() -> Value,
    /// For an action that pays losses owed: which of its fields take a unit that pays and where
    /// a retreating unit ends, so the board can fill them in from a tapped counter and hex.
    pub pays: Option<Pays>,
}

/// The fields of an action that pays losses owed, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pays {
    /// A list of unit ids: each unit named pays (a step, or the whole unit, as the rules say).
    pub unit: &'static str,
    /// A map from a unit's id to the hex its retreat ends in, if the action takes retreats.
    pub retreat: Option<&'static str>,
}

impl About {
    /// The JSON Schema of its parameters.
    pub fn schema(&self) -> Value {
        (self.schema)()
    }
}

type CalcFn = dyn Fn(&Value, &ChartSet) -> Result<Answer, Refused> + Send + Sync;

/// A pure calculation: parameters and the entered charts in, an explained answer out.
pub struct Calculation {
    /// Its name, title, rule and schema.
    pub about: About,
    run: Box<CalcFn>,
}

impl Calculation {
    /// A calculation taking parameters `P`.
    pub fn new<P, T, E>(
        name: &'static str,
        title: &'static str,
        rule: &'static str,
        run: impl Fn(P, &ChartSet) -> Result<Explained<T>, E> + Send + Sync + 'static,
    ) -> Calculation
    where
        P: DeserializeOwned + JsonSchema,
        T: Serialize,
        E: Refusal,
    {
        Calculation {
            about: About {
                name,
                title,
                rule,
                schema: schema_of::<P>,
                pays: None,
            },
            run: Box::new(move |params, charts| {
                let params = read_params::<P>(params)?;
                run(params, charts)
                    .map(|e| Answer::of(e).naming(charts))
                    .map_err(|e| Refused::of(&e))
            }),
        }
    }

    /// Runs it.
    pub fn run(&self, params: &Value, charts: &ChartSet) -> Result<Answer, Refused> {
        (self.run)(params, charts)
    }
}

type ProcFn =
    dyn Fn(&Value, &ChartSet, &mut dyn Dice, Role) -> Result<Answer, Refused> + Send + Sync;

/// A dice procedure: rolls through `Dice` (each roll logged), may read entered charts, changes
/// nothing else.
pub struct DiceProcedure {
    /// Its name, title, rule and schema.
    pub about: About,
    /// Who rolls it, and in which phases, as its rule says; none: either side at any time.
    pub given: Option<Given>,
    run: Box<ProcFn>,
}

impl DiceProcedure {
    /// The procedure, rolled by the phasing side only (`phasing_only`) or by either side, in the
    /// phases for `phases`: the kit refuses it to anyone else, in the rule's words.
    pub fn given(
        mut self,
        phasing_only: bool,
        phases: &'static [super::sequence::Activity],
    ) -> DiceProcedure {
        self.given = Some(Given {
            phasing_only,
            phases,
        });
        self
    }

    /// A procedure taking parameters `P`, run for `Role`.
    pub fn new<P, T, E>(
        name: &'static str,
        title: &'static str,
        rule: &'static str,
        run: impl Fn(P, &ChartSet, &mut dyn Dice, Role) -> Result<Explained<T>, E>
        + Send
        + Sync
        + 'static,
    ) -> DiceProcedure
    where
        P: DeserializeOwned + JsonSchema,
        T: Serialize,
        E: Refusal,
    {
        DiceProcedure {
            about: About {
                name,
                title,
                rule,
                schema: schema_of::<P>,
                pays: None,
            },
            given: None,
            run: Box::new(move |params, charts, dice, by| {
                let params = read_params::<P>(params)?;
                run(params, charts, dice, by)
                    .map(|e| Answer::of(e).naming(charts))
                    .map_err(|e| Refused::of(&e))
            }),
        }
    }

    /// Runs it.
    pub fn run(
        &self,
        params: &Value,
        charts: &ChartSet,
        dice: &mut dyn Dice,
        by: Role,
    ) -> Result<Answer, Refused> {
        (self.run)(params, charts, dice, by)
    }
}

/// What an action may change and read: the roster, the game's own records, the charts, who acts
/// and when.
pub struct Table<'a, X> {
    /// The units of both sides, with their audited history.
    pub roster: &'a mut Roster,
    /// The roster's declaration, for checking changes.
    pub spec: &'a RosterSpec,
    /// The game's own records.
    pub extra: &'a mut X,
    /// The entered charts.
    pub charts: &'a ChartSet,
    /// Who acts.
    pub by: Role,
    /// The game moment ("Dec I 39, Soviet movement phase"), for the roster's history.
    pub moment: &'a str,
    /// The game turn, from 1.
    pub turn: u32,
    /// The current phase's code.
    pub phase: &'a str,
    /// The current turn's kind (`day`, `night`…).
    pub turn_kind: &'a str,
    /// The campaign's scenario pack with its map worked out (grid, places), when it started
    /// from one: where a rule names a place of the map, the action reads it here.
    pub map: Option<&'a super::pack::loaded::LoadedPack>,
}

/// What an action did, besides its answer: who may read its log entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Secrecy {
    /// Everyone reads the entry.
    #[default]
    Public,
    /// Only that side and the umpire read it (an airborne plan, a hidden move).
    SideOnly(Side),
}

/// What an action answers: its explained result and who may read it.
pub struct Acted<T> {
    /// The result with its steps.
    pub explained: Explained<T>,
    /// Who may read the log entry.
    pub secrecy: Secrecy,
}

impl<T> Acted<T> {
    /// A result everyone may read.
    pub fn public(explained: Explained<T>) -> Acted<T> {
        Acted {
            explained,
            secrecy: Secrecy::Public,
        }
    }
}

type ActFn<X> = dyn Fn(&Value, &mut Table<'_, X>, &mut dyn Dice) -> Result<(Answer, Secrecy), Refused>
    + Send
    + Sync;

/// An action: changes the table (a combat resolved against the roster, a plan written), rolling
/// what it needs. A refused action changes nothing: the runner keeps the table only on success.
pub struct Action<X> {
    /// Its name, title, rule and schema.
    pub about: About,
    /// Who gives it, and in which phases, as its rule says; none: either side at any time (the
    /// action checks what its rule asks itself).
    pub given: Option<Given>,
    run: Box<ActFn<X>>,
}

/// Who may give an action, and in which phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Given {
    /// Only a side the current phase is played by (the other side is refused).
    pub phasing_only: bool,
    /// The phases it is given in, by what they are for; empty: any phase.
    pub phases: &'static [super::sequence::Activity],
}

impl<X> Action<X> {
    /// The action, given by the phasing side only (`phasing_only`) or by either side, in the
    /// phases for `phases`: the kit refuses it to anyone else, in the rule's words.
    pub fn given(
        mut self,
        phasing_only: bool,
        phases: &'static [super::sequence::Activity],
    ) -> Action<X> {
        self.given = Some(Given {
            phasing_only,
            phases,
        });
        self
    }

    /// The action pays losses owed: `unit` names the field listing the units that pay, and
    /// `retreat` the field mapping a retreating unit to the hex it ends in.
    pub fn pays(mut self, unit: &'static str, retreat: Option<&'static str>) -> Action<X> {
        self.about.pays = Some(Pays { unit, retreat });
        self
    }
}

impl<X> Action<X> {
    /// An action taking parameters `P`.
    pub fn new<P, T, E>(
        name: &'static str,
        title: &'static str,
        rule: &'static str,
        run: impl Fn(P, &mut Table<'_, X>, &mut dyn Dice) -> Result<Acted<T>, E> + Send + Sync + 'static,
    ) -> Action<X>
    where
        P: DeserializeOwned + JsonSchema,
        T: Serialize,
        E: Refusal,
    {
        Action {
            given: None,
            about: About {
                name,
                title,
                rule,
                schema: schema_of::<P>,
                pays: None,
            },
            run: Box::new(move |params, table, dice| {
                let params = read_params::<P>(params)?;
                let charts = table.charts;
                run(params, table, dice)
                    .map(|acted| (Answer::of(acted.explained).naming(charts), acted.secrecy))
                    .map_err(|e| Refused::of(&e))
            }),
        }
    }

    /// Runs it.
    pub fn run(
        &self,
        params: &Value,
        table: &mut Table<'_, X>,
        dice: &mut dyn Dice,
    ) -> Result<(Answer, Secrecy), Refused> {
        (self.run)(params, table, dice)
    }
}

#[cfg(test)]
#[path = "catalogue_tests.rs"]
mod tests;
