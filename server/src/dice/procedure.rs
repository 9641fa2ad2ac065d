//! Named dice procedures: what a game module declares it can roll, as pure functions over draws.

use super::source::Draw;
use serde::Serialize;
use serde_json::{Map, Value};

/// The kind and range of one procedure parameter.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ParamKind {
    /// A whole number from `min` to `max`.
    Integer {
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// Yes or no.
    Boolean,
    /// One of a fixed list of words.
    Choice {
        /// The accepted words.
        options: &'static [&'static str],
    },
    /// Free text (at most 200 characters).
    Text,
}

/// One parameter a procedure takes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParamSpec {
    /// The JSON field name.
    pub name: &'static str,
    /// What a person fills in, shown next to the field.
    pub label: &'static str,
    /// The accepted values.
    pub kind: ParamKind,
    /// The value used when the caller leaves the parameter out; `None` makes it required.
    pub default: Option<Value>,
}

/// The outcome of running a procedure over its draws.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// A short description of the dice drawn, e.g. "2d6" or "3d6 (re-roll sixes)".
    pub expression: String,
    /// The total of the dice where a total makes sense.
    pub total: Option<i64>,
    /// The result as structured data, stored with the roll.
    pub result: Value,
    /// One sentence a player reads, naming the rule: "R10.1: mine spotted (rolled 5, needed 4+)".
    pub summary: String,
}

/// Why a procedure refused its parameters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParamError(pub String);

/// A named dice procedure a game offers in the dice tray.
pub trait Procedure: Sync + Send {
    /// The name used in `POST /api/v1/campaigns/{id}/procedures/{name}`, lowercase with dashes.
    fn name(&self) -> &'static str;
    /// A title for people.
    fn title(&self) -> &'static str;
    /// The rule it comes from, e.g. "WoNS R10.1".
    fn rule(&self) -> &'static str;
    /// The parameters it takes.
    fn params(&self) -> Vec<ParamSpec>;
    /// Runs the procedure. `params` has already been checked against `params()` and has every
    /// default filled in; the procedure draws what it needs from `draw`.
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError>;
}
