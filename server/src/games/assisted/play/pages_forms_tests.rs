use super::*;
use std::collections::BTreeMap;

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Stack {
    /// The hex it attacks from.
    hex: String,
    /// Its units taking part, by id.
    units: Vec<String>,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Case {
    /// The attacking side.
    attacker: crate::core::domain::Side,
    /// Attackers in two opposite hexes.
    #[serde(default)]
    concentric: bool,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Sample {
    /// The attack strength.
    #[schemars(range(min = 1, max = 99))]
    attack: u32,
    /// Across a bridge.
    #[serde(default)]
    bridge: bool,
    /// Who attacks.
    side: crate::core::domain::Side,
    /// The attacking stacks.
    attackers: Vec<Stack>,
    /// The defending units, by id.
    defenders: Vec<String>,
    /// What decides the shifts.
    case: Case,
    /// Where each retreating unit ends, by unit id.
    #[serde(default)]
    retreats: BTreeMap<String, String>,
    /// Units reducing, one id per step lost, in order.
    #[serde(default)]
    steps: Vec<String>,
}

const A: &str = "0123456789abcdef0123456789abcdef";
const B: &str = "fedcba9876543210fedcba9876543210";

fn choices() -> Choices {
    Choices {
        units: vec![
            (A.into(), "1/609 (0815)".into()),
            (B.into(), "1/JR16 (Finnish, 0814)".into()),
        ],
        own: 1,
        hexes: vec!["0814".into(), "0815".into()],
    }
}

fn posted(pairs: &[(&str, &str)]) -> Fields {
    Fields(
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    )
}

#[test]
fn every_parameter_gets_a_typed_field_and_units_are_offered_by_name() {
    let schema = crate::games::assisted::catalogue::schema_of::<Sample>();
    let form = form_of(&schema, &choices(), None);
    let by = |n: &str| {
        form.fields
            .iter()
            .find(|f| f.name == n)
            .unwrap_or_else(|| panic!("no field {n}: {:?}", form.fields))
    };
    assert_eq!(
        by("attack").input,
        Input::Number {
            min: Some(1),
            max: Some(99),
            whole: true
        }
    );
    assert_eq!(by("bridge").input, Input::Check);
    assert!(by("side").is_choice());
    assert!(by("attackers[0].hex").is_hex());
    assert!(by("attackers[2].units").is_ticks());
    // Attackers are the reader's own units, defenders the enemy's it may name.
    assert_eq!(
        by("defenders").choices(),
        [(B.to_string(), "1/JR16 (Finnish, 0814)".to_string())]
    );
    assert_eq!(
        by("attackers[2].units").choices(),
        [(A.to_string(), "1/609 (0815)".to_string())]
    );
    assert!(by("case.attacker").is_choice());
    assert!(by("retreats[0].key").is_choice());
    assert!(by("steps[0]").is_choice());
    assert!(form.fields.iter().all(|f| !f.label.contains("JSON")));
}

#[test]
fn posted_fields_read_back_into_the_parameters_and_empty_rows_are_left_out() {
    let schema = crate::games::assisted::catalogue::schema_of::<Sample>();
    let typed = posted(&[
        ("attack", "13"),
        ("side", "soviet"),
        ("attackers[0].hex", "0815"),
        ("attackers[0].units", A),
        ("attackers[1].hex", ""),
        ("defenders", B),
        ("case.attacker", "soviet"),
        ("case.concentric", "on"),
        ("retreats[0].key", B),
        ("retreats[0].value", "0713"),
        ("steps[0]", B),
        ("steps[1]", B),
    ]);
    let mut form = form_of(&schema, &choices(), Some(&typed));
    let read = form.read().expect("reads");
    assert_eq!(
        read,
        serde_json::json!({
            "attack": 13, "bridge": false, "side": "soviet",
            "attackers": [{"hex": "0815", "units": [A]}],
            "defenders": [B],
            "case": {"attacker": "soviet", "concentric": true},
            "retreats": {B: "0713"},
            "steps": [B, B],
        })
    );
}

#[test]
fn a_field_that_cannot_be_read_is_refused_beside_it() {
    let schema = crate::games::assisted::catalogue::schema_of::<Sample>();
    let typed = posted(&[
        ("attack", "120"),
        ("side", "soviet"),
        ("attackers[0].units", A),
        ("defenders", "not-a-unit"),
        ("case.attacker", "soviet"),
    ]);
    let mut form = form_of(&schema, &choices(), Some(&typed));
    assert!(form.read().is_none());
    let error = |n: &str| {
        form.fields
            .iter()
            .find(|f| f.name == n)
            .and_then(|f| f.error.clone())
            .unwrap_or_default()
    };
    assert!(
        error("attack").contains("from 1 to 99"),
        "{}",
        error("attack")
    );
    assert_eq!(error("attackers[0].hex"), "Fill this in.");
    assert!(!error("defenders").is_empty());
    assert!(
        error("attackers[1].hex").is_empty(),
        "an empty row is no error"
    );
    assert!(form.place_error("The parameters do not fit at 'attackers[0].units[0]': bad."));
    let placed = form.fields.iter().find(|f| f.name == "attackers[0].units");
    assert!(placed.is_some_and(|f| f.error.is_some()));
}

#[test]
fn answers_name_units_and_never_show_an_id() {
    let c = choices();
    let text = format!("{A} steps back; {B} holds; 00000000000000000000000000000000 is gone");
    let named = c.named(&text);
    assert!(named.contains("1/609 (0815) steps back"), "{named}");
    assert!(named.contains("a unit not in your view is gone"), "{named}");
}

/// Every calculation, procedure and action of every assisted game gets a typed form: no field
/// falls back to text where the schema names units, and every schema reads back from a form
/// left as shown.
#[test]
fn every_assisted_entry_gets_a_typed_form() {
    for module in crate::games::registry::GAMES {
        let Some(play) = module.play() else { continue };
        for about in play
            .calculations()
            .into_iter()
            .chain(play.procedures())
            .chain(play.actions())
        {
            let mut form = form_of(&about.schema(), &choices(), None);
            for f in &form.fields {
                assert!(
                    !f.label.to_lowercase().contains("json"),
                    "{}: {}",
                    about.name,
                    f.label
                );
                assert!(
                    !names_units(&f.label) && !f.label.contains(" id"),
                    "{} {}: a parameter naming units is a choice by name: {}",
                    about.name,
                    f.name,
                    f.label
                );
            }
            // As shown, nothing filled in: it reads, or says which field to fill.
            if form.read().is_none() {
                assert!(
                    form.fields.iter().any(|f| f.error.is_some()),
                    "{}",
                    about.name
                );
            }
        }
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Mission {
    /// Your air unit, by id.
    air_unit: String,
    /// Your units that come, by id.
    units: Vec<String>,
    /// The unit it lands beside, by id.
    beside: String,
}

#[test]
fn a_field_that_asks_for_your_unit_offers_only_the_readers_own() {
    let schema = crate::games::assisted::catalogue::schema_of::<Mission>();
    let form = form_of(&schema, &choices(), None);
    let by = |n: &str| {
        form.fields
            .iter()
            .find(|f| f.name == n)
            .unwrap_or_else(|| panic!("no field {n}: {:?}", form.fields))
    };
    let own = [(A.to_string(), "1/609 (0815)".to_string())];
    assert_eq!(by("air_unit").choices(), own);
    assert_eq!(by("units").choices(), own);
    assert_eq!(
        by("beside").choices().len(),
        2,
        "any unit the reader may name"
    );
}
