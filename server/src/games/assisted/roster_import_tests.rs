use super::*;
use crate::games::assisted::roster::{AttrSpec, MarkerSpec};

fn spec() -> RosterSpec {
    RosterSpec {
        types: vec!["infantry".into(), "armor".into()],
        attributes: vec![
            AttrSpec {
                code: "cs".into(),
                name: "CS".into(),
                kind: AttrKind::Number { min: 0, max: 20 },
                required: true,
            },
            AttrSpec {
                code: "note".into(),
                name: "Note".into(),
                kind: AttrKind::Text { max_chars: 40 },
                required: false,
            },
        ],
        markers: vec![MarkerSpec::new("dug_in", "Dug-In", &[])],
    }
}

fn counter() -> impl FnMut() -> UnitId {
    let mut n = 0u32;
    move || {
        n += 1;
        UnitId::parse(&format!("{n:032x}")).expect("id")
    }
}

#[test]
fn csv_units_read_with_made_ids_markers_and_attributes() {
    let text = "side,name,type,location,markers,cs,note\nfinnish,2/JR16,infantry,0412,dug_in,4,\nsoviet,1/609,infantry,0815,,6,fresh\n";
    let units = units_from_csv(text, &spec(), &mut counter()).expect("reads");
    assert_eq!(units.len(), 2);
    assert_eq!(units[0].name, "2/JR16");
    assert_eq!(units[0].side, Side::Finnish);
    assert!(units[0].markers.contains("dug_in"));
    assert_eq!(units[0].attributes.get("cs"), Some(&AttrValue::Number(4)));
    assert!(!units[0].attributes.contains_key("note"));
    assert_eq!(
        units[1].attributes.get("note"),
        Some(&AttrValue::Text("fresh".into()))
    );
    assert_ne!(units[0].id, units[1].id);
}

#[test]
fn csv_refusals_name_the_line_and_column() {
    let bad_side = "side,name,type,location,cs\nfinnish,A,infantry,1,4\nred,B,infantry,2,4\n";
    let e = units_from_csv(bad_side, &spec(), &mut counter()).expect_err("refused");
    assert_eq!(e.place, "line 3, column 'side'");
    let bad_number = "side,name,type,location,cs\nfinnish,A,infantry,1,four\n";
    let e = units_from_csv(bad_number, &spec(), &mut counter()).expect_err("refused");
    assert_eq!(e.place, "line 2, column 'cs'");
    let nul = "side,name,type,location,cs\nfinnish,A\u{0},infantry,1,4\n";
    let e = units_from_csv(nul, &spec(), &mut counter()).expect_err("refused");
    assert!(e.problem.contains("U+0000"), "{e}");
    let unknown = "side,name,type,location,cs,colour\n";
    let e = units_from_csv(unknown, &spec(), &mut counter()).expect_err("refused");
    assert!(e.problem.contains("colour"), "{e}");
    let missing = "name,type,location\n";
    assert!(units_from_csv(missing, &spec(), &mut counter()).is_err());
    // The roster's own checks: a required attribute left out, a type not declared.
    let no_cs = "side,name,type,location,cs\nfinnish,A,infantry,1,\n";
    let e = units_from_csv(no_cs, &spec(), &mut counter()).expect_err("refused");
    assert_eq!(e.place, "line 2");
    let huge = "x".repeat(nesting::MAX_BYTES + 1);
    assert!(units_from_csv(&huge, &spec(), &mut counter()).is_err());
}

#[test]
fn json_units_refuse_deep_nesting_and_name_the_path() {
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let e = units_from_json(&deep, &spec()).expect_err("refused");
    assert!(e.problem.contains("nest"), "{e}");
    let wrong = r#"[{"id":"00000000000000000000000000000001","side":"purple","name":"A","unit_type":"infantry","attributes":{"cs":4},"location":"1","markers":[]}]"#;
    let e = units_from_json(wrong, &spec()).expect_err("refused");
    assert!(e.place.contains("[0].side"), "{e}");
    let good = r#"[{"id":"00000000000000000000000000000001","side":"soviet","name":"A","unit_type":"infantry","attributes":{"cs":4},"location":"1","markers":[]}]"#;
    assert_eq!(units_from_json(good, &spec()).expect("reads").len(), 1);
}
