//! Talvisota's named dice procedures for the dice tray: the combat table, the international
//! situation and the harassment roll, each a pure function over its draws.

use super::crt;
use super::harassment::{HarassmentResult, harassment_result};
use super::international::marker_for;
use crate::dice::procedure::{Outcome, ParamError, ParamKind, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde_json::{Map, Value, json};

fn integer(params: &Map<String, Value>, name: &str) -> Result<i64, ParamError> {
    params
        .get(name)
        .and_then(Value::as_i64)
        .ok_or_else(|| ParamError(format!("`{name}` must be a whole number")))
}

/// One roll on the combat results table (rule 4.3).
pub struct CombatTableRoll;

impl Procedure for CombatTableRoll {
    fn name(&self) -> &'static str {
        "talvisota-combat"
    }
    fn title(&self) -> &'static str {
        "Combat results table"
    }
    fn rule(&self) -> &'static str {
        "Talvisota 4.3"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec {
                name: "difference",
                label: "Difference between the two combat potentials (the higher side rolls)",
                kind: ParamKind::Integer { min: 0, max: 60 },
                default: None,
            },
            ParamSpec {
                name: "die_modifier",
                label: "Other die modifier (Supply: +1 on the Soviet die, −1 on the Finnish die)",
                kind: ParamKind::Integer { min: -1, max: 1 },
                default: Some(json!(0)),
            },
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let difference = u32::try_from(integer(params, "difference")?)
            .map_err(|_| ParamError("`difference` cannot be negative".into()))?;
        let modifier = i32::try_from(integer(params, "die_modifier")?)
            .map_err(|_| ParamError("`die_modifier` is out of range".into()))?;
        let die = draw.d6();
        let reading = crt::read(difference, die, modifier);
        let r = reading.result;
        let summary = format!(
            "4.3: rolled {die}, column +{}, row {}: roller loses {}, opponent loses {}{}",
            reading.column,
            reading.row,
            r.roller_losses,
            r.opponent_losses,
            if r.opponent_retreats {
                " and retreats"
            } else {
                ""
            }
        );
        Ok(Outcome {
            expression: "1d6".into(),
            total: Some(i64::from(die)),
            result: serde_json::to_value(reading).map_err(|e| ParamError(e.to_string()))?,
            summary,
        })
    }
}

/// The international situation roll (rule 3.1).
pub struct InternationalRoll;

impl Procedure for InternationalRoll {
    fn name(&self) -> &'static str {
        "talvisota-international"
    }
    fn title(&self) -> &'static str {
        "International situation"
    }
    fn rule(&self) -> &'static str {
        "Talvisota 3.1"
    }
    fn params(&self) -> Vec<ParamSpec> {
        Vec::new()
    }
    fn run(
        &self,
        _params: &Map<String, Value>,
        draw: &mut dyn Draw,
    ) -> Result<Outcome, ParamError> {
        let die = draw.d6();
        let marker = marker_for(die);
        Ok(Outcome {
            expression: "1d6".into(),
            total: Some(i64::from(die)),
            result: json!({ "marker": marker }),
            summary: format!("3.1: rolled {die}: marker on {marker:+}, Finnish morale {marker:+}"),
        })
    }
}

/// The Finnish harassment roll (rule 6.2).
pub struct HarassmentRoll;

impl Procedure for HarassmentRoll {
    fn name(&self) -> &'static str {
        "talvisota-harassment"
    }
    fn title(&self) -> &'static str {
        "Finnish harassment"
    }
    fn rule(&self) -> &'static str {
        "Talvisota 6.2"
    }
    fn params(&self) -> Vec<ParamSpec> {
        let count = |name, label, min, max| ParamSpec {
            name,
            label,
            kind: ParamKind::Integer { min, max },
            default: None,
        };
        vec![
            count("scouts", "SCT units engaged", 1, 3),
            count(
                "soviet_in_space",
                "Soviet units in the attacked space",
                0,
                60,
            ),
            count("soviet_adjacent", "Soviet units in adjacent spaces", 0, 200),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let modifier = integer(params, "scouts")?
            - 2 * integer(params, "soviet_in_space")?
            - integer(params, "soviet_adjacent")?;
        let die = draw.d6();
        let total = i64::from(die) + modifier;
        let result = harassment_result(i32::try_from(total).unwrap_or(i32::MIN));
        let meaning = match result {
            HarassmentResult::Success => {
                "success: the Soviets lose 2 + the space's value in morale and the space"
            }
            HarassmentResult::Partial => "the Soviets lose 1 morale, the Finns one SCT",
            HarassmentResult::Failure => "the Finns lose 1 morale and one SCT",
        };
        Ok(Outcome {
            expression: format!("1d6{modifier:+}"),
            total: Some(total),
            result: json!({ "die": die, "total": total, "result": result }),
            summary: format!("6.2: rolled {die}, {total} in all: {meaning}"),
        })
    }
}

/// Every procedure Talvisota offers.
pub fn procedures() -> Vec<&'static dyn Procedure> {
    vec![&CombatTableRoll, &InternationalRoll, &HarassmentRoll]
}
