use super::*;

const SOVIET_ID: &str = "0f6b1c2d3e4f5a6b7c8d9e0f1a2b3c4d";
const FINNISH_ID: &str = "6c1d2a4e-8f3b-4c5d-9e7f-0a1b2c3d4e5f";

fn spec() -> RosterSpec {
    RosterSpec {
        types: vec!["infantry".into(), "mg".into(), "tank".into()],
        attributes: vec![
            AttrSpec {
                code: "cs".into(),
                name: "CS".into(),
                kind: AttrKind::Number { min: 0, max: 30 },
                required: true,
            },
            AttrSpec {
                code: "size".into(),
                name: "size".into(),
                kind: AttrKind::Text { max_chars: 4 },
                required: false,
            },
        ],
        markers: vec![
            MarkerSpec::new("suppressed", "Suppressed", &[]),
            MarkerSpec::new("dug_in", "Dug-In", &[]),
        ],
    }
}

fn unit(id: &str, side: Side, name: &str) -> Unit {
    Unit {
        id: UnitId::parse(id).expect("id"),
        side,
        name: name.into(),
        unit_type: "infantry".into(),
        attributes: BTreeMap::from([
            ("cs".into(), AttrValue::Number(4)),
            ("size".into(), AttrValue::Text("II".into())),
        ]),
        location: "H12".into(),
        markers: BTreeSet::new(),
    }
}

fn fog(_: Side, unit: &Unit) -> Sight {
    if unit.markers.contains("dug_in") {
        Sight::Hidden
    } else {
        Sight::Partial(Glimpse {
            attributes: vec!["size".into()],
            markers: vec!["suppressed".into()],
            unit_type: false,
            location: true,
        })
    }
}

#[test]
fn ids_are_opaque_random_hex() {
    assert!(UnitId::parse(SOVIET_ID).is_ok() && UnitId::parse(FINNISH_ID).is_ok());
    for bad in [
        "1",
        "42",
        "0F6B1C2D3E4F5A6B7C8D9E0F1A2B3C4D",
        "6c1d2a4e8-f3b-4c5d-9e7f-0a1b2c3d4e5f",
        "zz6b1c2d3e4f5a6b7c8d9e0f1a2b3c4d",
        "",
    ] {
        let e = UnitId::parse(bad).expect_err(bad);
        assert_eq!(e.code(), "bad_unit_id");
    }
}

#[test]
fn changes_are_audited_before_and_after() {
    let spec = spec();
    let mut roster = Roster::default();
    // A side's unit is kept under its id scoped to the side.
    let id = UnitId::parse(FINNISH_ID).expect("id").scoped(Side::Finnish);
    let change = roster
        .add(
            &spec,
            Role::Finnish,
            "Dec 8 AM, set-up",
            unit(FINNISH_ID, Side::Finnish, "2/JR16"),
        )
        .expect("added");
    assert_eq!(change.sentence, "Finnish 2/JR16, infantry, added at H12.");
    let edit = UnitEdit {
        location: Some("H13".into()),
        attributes: BTreeMap::from([
            ("cs".into(), Some(AttrValue::Number(3))),
            ("size".into(), None),
        ]),
        ..UnitEdit::default()
    };
    let change = roster
        .edit(
            &spec,
            Role::Finnish,
            "Dec 8 AM, Finnish action phase",
            &id,
            edit,
        )
        .expect("edited");
    assert_eq!(
        change.sentence,
        "Finnish 2/JR16: location H12 → H13; CS 4 → 3; size II → none."
    );
    assert_eq!(
        (change.by, change.moment.as_str()),
        (Role::Finnish, "Dec 8 AM, Finnish action phase")
    );
    assert_eq!(
        change.before.as_ref().map(|u| u.location.as_str()),
        Some("H12")
    );
    let change = roster
        .mark(&spec, Role::Umpire, "Dec 8 AM, combat", &id, "suppressed")
        .expect("marked");
    assert_eq!(change.sentence, "Finnish 2/JR16: marked Suppressed.");
    let change = roster
        .unmark(&spec, Role::Umpire, "Dec 8 AM, combat", &id, "suppressed")
        .expect("unmarked");
    assert_eq!(change.sentence, "Finnish 2/JR16: Suppressed removed.");
    let change = roster
        .remove(Role::Finnish, "Dec 8 AM, combat", &id, "eliminated")
        .expect("removed");
    assert_eq!(
        (change.sentence.as_str(), change.after.is_none()),
        ("Finnish 2/JR16 removed to the dead pool: eliminated.", true)
    );
    assert!(roster.units.is_empty());
    // The eliminated unit is kept in the dead pool, as it was, with when and why.
    assert_eq!(roster.fallen.len(), 1);
    assert_eq!(roster.fallen[0].unit.name, "2/JR16");
    assert_eq!(roster.fallen[0].reason, "eliminated");
    assert_eq!(roster.fallen[0].moment, "Dec 8 AM, combat");
    assert_eq!(roster.history.len(), 5);
    assert_eq!(roster.history_for(Side::Finnish).len(), 5);
    assert!(roster.history_for(Side::Soviet).is_empty());
    // A rule that reconstitutes it brings it back from the pool, not the enemy.
    let enemy = roster
        .bring_back(&spec, Role::Soviet, "Dec 9 AM, reset", &id, "A13")
        .expect_err("not theirs");
    assert_eq!(enemy.code(), "no_such_unit");
    let change = roster
        .bring_back(&spec, Role::Finnish, "Dec 9 AM, reset", &id, "A13")
        .expect("back");
    assert_eq!(
        change.sentence,
        "Finnish 2/JR16 brought back from the dead pool to A13."
    );
    assert!(roster.fallen.is_empty());
    assert_eq!(roster.units[&id].location, "A13");
    assert!(roster.units[&id].markers.is_empty());
}

#[test]
fn refusals_name_the_field() {
    let spec = spec();
    let mut roster = Roster::default();
    roster
        .add(
            &spec,
            Role::Soviet,
            "t",
            unit(SOVIET_ID, Side::Soviet, "1/1/609"),
        )
        .expect("added");
    let refuse = |roster: &mut Roster, u: Unit| {
        roster
            .add(&spec, Role::Umpire, "t", u)
            .expect_err("refused")
            .to_string()
    };
    let mut u = unit(FINNISH_ID, Side::Finnish, "2/JR16");
    u.attributes.insert("cs".into(), AttrValue::Number(31));
    assert_eq!(
        refuse(&mut roster, u),
        "attribute `cs` must be a whole number from 0 to 30"
    );
    let mut u = unit(FINNISH_ID, Side::Finnish, "2/JR16");
    u.attributes.remove("cs");
    assert_eq!(refuse(&mut roster, u), "attribute `cs` is required");
    let mut u = unit(FINNISH_ID, Side::Finnish, "2/JR16");
    u.attributes.insert("morale".into(), AttrValue::Number(1));
    assert_eq!(
        refuse(&mut roster, u),
        "attribute `morale` is not an attribute of this game"
    );
    let mut u = unit(FINNISH_ID, Side::Finnish, "2/JR16");
    u.attributes
        .insert("size".into(), AttrValue::Text("XXXXX".into()));
    assert!(refuse(&mut roster, u).starts_with("attribute `size` is 5 characters long"));
    let mut u = unit(FINNISH_ID, Side::Finnish, "2/JR16");
    u.unit_type = "cavalry".into();
    assert_eq!(
        refuse(&mut roster, u),
        "the type `cavalry` is not one of infantry, mg, tank"
    );
    let mut u = unit(FINNISH_ID, Side::Finnish, "2/JR16");
    u.markers.insert("frozen".into());
    assert_eq!(
        refuse(&mut roster, u),
        "marker `frozen` is not a marker of this game"
    );
    let mut u = unit(FINNISH_ID, Side::Finnish, "2/JR16");
    u.location = "H1\u{0}".into();
    assert!(
        refuse(&mut roster, u).starts_with("the location contains the control character U+0000")
    );
    assert!(
        refuse(&mut roster, unit(FINNISH_ID, Side::Finnish, "")).starts_with("the name is empty")
    );
    let e = roster
        .add(
            &spec,
            Role::Soviet,
            "t",
            unit(SOVIET_ID, Side::Soviet, "again"),
        )
        .expect_err("duplicate");
    assert_eq!(e.code(), "duplicate_unit_id");
    let e = roster
        .add(
            &spec,
            Role::Finnish,
            "t",
            unit(FINNISH_ID, Side::Soviet, "spy"),
        )
        .expect_err("not yours");
    assert_eq!(e.to_string(), "the side must be your own (finnish)");
    let soviet = UnitId::parse(SOVIET_ID).expect("id").scoped(Side::Soviet);
    let e = roster
        .mark(&spec, Role::Finnish, "t", &soviet, "suppressed")
        .expect_err("enemy unit");
    assert_eq!(
        (e.code(), e.kind()),
        ("no_such_unit", RefusalKind::NoSuchThing)
    );
    let e = roster
        .unmark(&spec, Role::Soviet, "t", &soviet, "dug_in")
        .expect_err("not marked");
    assert_eq!(e.to_string(), "marker `dug_in` is not on 1/1/609");
    let mut edit = UnitEdit::default();
    edit.attributes
        .insert("cs".into(), Some(AttrValue::Text("four".into())));
    let e = roster
        .edit(&spec, Role::Soviet, "t", &soviet, edit)
        .expect_err("text for a number");
    assert_eq!(
        e.to_string(),
        "attribute `cs` must be a whole number from 0 to 30"
    );
    assert_eq!(roster.history.len(), 1, "refusals change nothing");
}

#[test]
fn the_enemy_sees_through_the_visibility_rule_only() {
    let spec = spec();
    let mut roster = Roster::default();
    roster
        .add(
            &spec,
            Role::Umpire,
            "t",
            unit(SOVIET_ID, Side::Soviet, "1/1/609"),
        )
        .expect("soviet");
    let mut finn = unit(FINNISH_ID, Side::Finnish, "Pajari's Kampfgruppe");
    finn.markers.insert("suppressed".into());
    roster.add(&spec, Role::Umpire, "t", finn).expect("finn");
    let seen = roster.seen_by(Side::Soviet, &fog);
    assert_eq!(seen.len(), 1);
    assert_eq!(
        (
            seen[0].id.as_ref(),
            seen[0].name.as_ref(),
            seen[0].location.as_deref()
        ),
        (None, None, Some("H12"))
    );
    assert_eq!(seen[0].markers, vec!["suppressed".to_string()]);
    assert_eq!(seen[0].attributes.keys().collect::<Vec<_>>(), vec!["size"]);
    let json = serde_json::to_string(&seen).expect("json");
    assert!(
        !json.contains("Pajari") && !json.contains(FINNISH_ID) && !json.contains("infantry"),
        "{json}"
    );
    let finn_id = UnitId::parse(FINNISH_ID).expect("id");
    roster
        .mark(&spec, Role::Finnish, "t", &finn_id, "dug_in")
        .expect("dug in");
    assert!(
        roster.seen_by(Side::Soviet, &fog).is_empty(),
        "hidden units are left out"
    );
    let open = roster.seen_by(Side::Finnish, &|_, _| Sight::Full);
    assert_eq!(open[0].name.as_deref(), Some("1/1/609"));
    assert_eq!(roster.own(Side::Finnish).len(), 1);
}

#[test]
fn a_roster_declaration_is_checked() {
    assert_eq!(spec().validate(), Ok(()));
    let mut s = spec();
    s.markers.push(MarkerSpec::new("cs", "again", &[]));
    assert_eq!(
        s.validate().expect_err("twice").to_string(),
        "marker `cs` is declared twice"
    );
    let mut s = spec();
    s.attributes[0].kind = AttrKind::Number { min: 5, max: 1 };
    assert!(
        s.validate()
            .expect_err("range")
            .to_string()
            .starts_with("attribute `cs` runs from 5 to 1")
    );
    let mut s = spec();
    s.attributes[1].code = "Size".into();
    assert!(
        s.validate()
            .expect_err("code")
            .to_string()
            .starts_with("attribute `Size` must be")
    );
    let mut s = spec();
    s.types.push("mg".into());
    assert_eq!(
        s.validate().expect_err("type").to_string(),
        "unit type `mg` is declared twice"
    );
}

#[test]
fn the_history_keeps_only_the_newest_changes() {
    let mut roster = Roster::default();
    let spec = spec();
    let u = unit("0123456789abcdef0123456789abcdef", Side::Finnish, "2/JR16");
    roster
        .add(&spec, Role::Umpire, "setup", u.clone())
        .expect("adds");
    for n in 0..(MAX_HISTORY + 50) {
        let edit = UnitEdit {
            location: Some(format!("{n:04}")),
            ..UnitEdit::default()
        };
        roster
            .edit(&spec, Role::Umpire, "play", &u.id, edit)
            .expect("moves");
    }
    assert_eq!(roster.history.len(), MAX_HISTORY);
    let last = roster.history.last().expect("a change");
    assert!(
        last.sentence.contains(&format!("{:04}", MAX_HISTORY + 49)),
        "{}",
        last.sentence
    );
}

/// What a Finnish add answers on `roster`: the refusal's code and sentence, or the id kept.
fn finnish_add(roster: &mut Roster, id: &str) -> Result<String, (String, String)> {
    roster
        .add(&spec(), Role::Finnish, "t", unit(id, Side::Finnish, "JR 1"))
        .map(|c| c.unit.as_str().to_string())
        .map_err(|e| (e.code().to_string(), e.to_string()))
}

#[test]
fn a_sides_add_answers_the_same_whether_or_not_enemy_units_exist() {
    // 7.3 and 24.2: a side learns nothing of the enemy's hidden units from its own adds.
    let spec = spec();
    let empty = Roster::default();
    let mut crowded = Roster::default();
    // A Soviet unit the umpire placed under a chosen id, one the Soviets added, and enough
    // more to fill a side's roster.
    crowded
        .add(
            &spec,
            Role::Umpire,
            "t",
            unit(FINNISH_ID, Side::Soviet, "spy"),
        )
        .expect("umpire");
    crowded
        .add(
            &spec,
            Role::Soviet,
            "t",
            unit(SOVIET_ID, Side::Soviet, "1/1/609"),
        )
        .expect("soviet");
    let soviet_kept = UnitId::parse(SOVIET_ID).expect("id").scoped(Side::Soviet);
    for n in 0..MAX_UNITS - 2 {
        crowded
            .add(
                &spec,
                Role::Umpire,
                "t",
                unit(&format!("{n:032x}"), Side::Soviet, "r"),
            )
            .expect("fills");
    }
    // The enemy's ids, given by the Finns, are answered as any fresh id: taken under the
    // Finnish scope, never "already exists"; and a full Soviet roster does not fill theirs.
    for id in [
        FINNISH_ID,
        SOVIET_ID,
        soviet_kept.as_str(),
        "00000000000000000000000000000001",
    ] {
        let (mut a, mut b) = (empty.clone(), crowded.clone());
        let (in_empty, in_crowded) = (finnish_add(&mut a, id), finnish_add(&mut b, id));
        assert_eq!(in_empty, in_crowded, "{id}");
        assert!(in_crowded.is_ok(), "{in_crowded:?}");
        // The same id twice among the Finns' own is refused alike.
        assert_eq!(finnish_add(&mut a, id), finnish_add(&mut b, id));
        assert_eq!(
            finnish_add(&mut b, id).map_err(|e| e.0),
            Err("duplicate_unit_id".into())
        );
    }
    // The limit counts the adding side's units only, and says so.
    let (mut a, mut b) = (empty.clone(), crowded.clone());
    for roster in [&mut a, &mut b] {
        for n in 0..MAX_UNITS {
            finnish_add(roster, &format!("{:032x}", n + 10_000)).expect("room");
        }
    }
    let (full_a, full_b) = (
        finnish_add(&mut a, SOVIET_ID),
        finnish_add(&mut b, SOVIET_ID),
    );
    assert_eq!(full_a, full_b);
    assert_eq!(
        full_b,
        Err((
            "roster_full".to_string(),
            format!("your side already has {MAX_UNITS} units, the most a side may have")
        ))
    );
}
