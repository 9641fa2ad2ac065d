//! Scenario packs: the demo loads; every refusal names the line and the field.

use crate::core::domain::Side;
use crate::games::wons::rules::pack::{DEMO_PACK, PackError};
use crate::games::wons::rules::{load_pack, start_campaign};

fn line_of(source: &str, needle: &str) -> usize {
    let at = source.find(needle).expect("needle in pack");
    source[..at].matches('\n').count() + 1
}

/// The demo pack with the first `from` replaced by `to`; the error it gives.
fn broken(from: &str, to: &str) -> (String, PackError) {
    assert!(DEMO_PACK.contains(from), "{from}");
    let source = DEMO_PACK.replacen(from, to, 1);
    let err = load_pack(&source).expect_err("the broken pack is refused");
    (source, err)
}

#[test]
fn the_demo_pack_loads() {
    let (state, events) = start_campaign(DEMO_PACK).unwrap();
    assert!(state.demonstration && state.note.contains("not the published"));
    assert_eq!(state.ladder.len(), 14);
    let lines: Vec<String> = state
        .ladder
        .iter()
        .filter(|s| s.major_defence_line)
        .map(|s| s.label())
        .collect();
    assert_eq!(
        lines,
        [
            "D Jollonkorpi Suursuo",
            "E Palkeala",
            "L Pienporkku",
            "N Rautu"
        ]
    );
    assert!(state.platoons_of(Side::Finnish).count() >= 3);
    assert!(state.platoons_of(Side::Soviet).count() >= 6);
    assert_eq!(state.stacks.len(), 3);
    assert_eq!(state.stacks[0].platoons, ["sov-1", "sov-2"]);
    assert_eq!(state.platoons["fin-1"].toe.sections(), 3);
    assert_eq!(state.platoons["sov-1"].toe.men(), 3 + 11 * 3 + 2);
    assert_eq!(state.initiative, Side::Soviet);
    assert_eq!(state.clock.length_hours, 48);
    assert!(events[0].sentence.contains("demonstration"));
    // Nobody is in contact at the start.
    assert!(
        state.knowledge.soviet.sightings.is_empty() && state.knowledge.finnish.sightings.is_empty()
    );
}

#[test]
fn a_wrong_letter_names_its_line_and_field() {
    let (source, err) = broken("letter = \"C\"", "letter = \"X\"");
    assert_eq!(err.line, line_of(&source, "letter = \"X\""));
    assert_eq!(err.field, "ladder[2].letter");
    assert!(err.to_string().contains("expected 'C'"), "{err}");
}

#[test]
fn an_unknown_table_colour_names_its_line_and_field() {
    let (source, err) = broken(
        "tables = [\"red\", \"green\"]",
        "tables = [\"red\", \"pink\"]",
    );
    assert_eq!(err.line, line_of(&source, "\"pink\""));
    assert_eq!(err.field, "tables");
    assert!(err.message.contains("pink"), "{err}");
}

#[test]
fn a_step_without_the_red_table_is_refused() {
    let (source, err) = broken("tables = [\"red\", \"green\"]", "tables = [\"green\"]");
    assert_eq!(err.line, line_of(&source, "tables = [\"green\"]"));
    assert_eq!(err.field, "ladder[1].tables");
}

#[test]
fn a_platoon_on_a_missing_step() {
    let (source, err) = broken(
        "step = \"D\"\n\n[[platoons.toe]]",
        "step = \"Q\"\n\n[[platoons.toe]]",
    );
    assert_eq!(err.line, line_of(&source, "step = \"Q\""));
    assert_eq!(err.field, "platoons[0].step");
}

#[test]
fn a_stack_naming_a_finnish_platoon() {
    let (source, err) = broken(
        "platoons = [\"sov-5\", \"sov-6\"]",
        "platoons = [\"sov-5\", \"fin-1\"]",
    );
    assert_eq!(err.line, line_of(&source, "\"fin-1\"]"));
    assert_eq!(err.field, "stacks.order[2].platoons");
}

#[test]
fn a_stack_too_big() {
    let (_, err) = broken("min_size = 1\nmax_size = 3", "min_size = 1\nmax_size = 1");
    assert_eq!(err.field, "stacks.order[0].platoons");
    assert!(err.message.contains("1 to 1"));
}

#[test]
fn dates_hours_and_daylight() {
    let (source, err) = broken("start_date = \"1940-02-11\"", "start_date = \"1940-02-30\"");
    assert_eq!(
        (err.line, err.field.as_str()),
        (line_of(&source, "start_date = "), "campaign.start_date")
    );
    let (_, err) = broken("until = 16", "until = 9");
    assert_eq!(err.field, "daylight.until");
    let (_, err) = broken("start_hour = 6", "start_hour = 24");
    assert_eq!(err.field, "campaign.start_hour");
}

#[test]
fn victory_conditions_are_checked() {
    let (source, err) = broken("by_hour = 48", "by_hour = 99");
    assert_eq!(
        (err.line, err.field.as_str()),
        (
            line_of(&source, "by_hour = 99"),
            "victory.levels[0].by_hour"
        )
    );
    let (_, err) = broken("step = \"N\"\nby_hour", "step = \"Z\"\nby_hour");
    assert_eq!(err.field, "victory.levels[0].step");
}

#[test]
fn missing_and_unknown_fields() {
    let (_, err) = broken("initiative = \"soviet\"\n", "");
    assert_eq!(err.field, "initiative");
    assert!(err.message.contains("missing field"));
    let (source, err) = broken(
        "demonstration = true",
        "demonstration = true\ncolour = \"red\"",
    );
    assert_eq!(err.field, "colour");
    assert_eq!(err.line, line_of(&source, "colour = "));
}

#[test]
fn duplicate_platoon_ids() {
    let (_, err) = broken("id = \"fin-2\"", "id = \"fin-1\"");
    assert_eq!(err.field, "platoons[1].id");
}

#[test]
fn support_lists_and_the_force_morale_table_are_read_and_checked() {
    use crate::games::wons::rules::tables::force_morale::ForceMoraleTable;
    let state = load_pack(DEMO_PACK).unwrap();
    assert_eq!(state.force_morale_table, ForceMoraleTable::DEFAULT);
    for side in [Side::Soviet, Side::Finnish] {
        let lists: Vec<u32> = state
            .support
            .iter()
            .filter(|i| i.side == side)
            .map(|i| i.list)
            .collect();
        assert!(
            lists.contains(&1) && lists.len() >= 5,
            "{side:?}: {lists:?}"
        );
    }
    assert!(
        state
            .support
            .iter()
            .any(|i| i.recon && i.side == Side::Soviet)
    );
    assert!(state.support.iter().any(|i| i.retained));

    let table = DEMO_PACK.replacen(
        "\n[daylight]\n",
        "\n[force_morale]\nby_face = [7, 8, 8, 9, 9, 10]\n\n[daylight]\n",
        1,
    );
    let state = load_pack(&table).unwrap();
    assert_eq!(state.force_morale_table.by_face, [7, 8, 8, 9, 9, 10]);
    let zero = DEMO_PACK.replacen(
        "\n[daylight]\n",
        "\n[force_morale]\nby_face = [0, 8, 8, 9, 9, 10]\n\n[daylight]\n",
        1,
    );
    let err = load_pack(&zero).expect_err("a 0 result is refused");
    assert_eq!(err.field, "force_morale.by_face");
    assert_eq!(err.line, line_of(&zero, "by_face = [0"));

    let (source, err) = broken("list = 4", "list = 7");
    assert_eq!(err.line, line_of(&source, "list = 7"));
    assert!(
        err.field.starts_with("support[") && err.field.ends_with("].list"),
        "{err}"
    );
    let (_, err) = broken("id = \"sov-hmg\"", "id = \"sov-smoke\"");
    assert!(err.message.contains("used twice"), "{err}");
    let (source, err) = broken(
        "name = \"Smoke pots\"",
        "name = \"Smoke pots\"\nrecon = true # a Finnish recon",
    );
    assert_eq!(err.line, line_of(&source, "recon = true # a Finnish recon"));
    assert!(err.message.contains("R1.4.3"), "{err}");
}

#[test]
fn the_umpire_edits_the_force_morale_table_within_bounds() {
    use crate::games::wons::rules::battle_sheet::set_force_morale_table;
    use crate::games::wons::rules::tables::force_morale::ForceMoraleTable;
    let mut state = load_pack(DEMO_PACK).unwrap();
    let before = state.clone();
    for bad in [[0, 9, 9, 10, 10, 11], [8, 9, 9, 10, 10, 21]] {
        assert!(set_force_morale_table(&mut state, ForceMoraleTable { by_face: bad }).is_err());
        assert_eq!(state, before);
    }
    let events = set_force_morale_table(
        &mut state,
        ForceMoraleTable {
            by_face: [1, 9, 9, 10, 10, 20],
        },
    )
    .expect("in bounds");
    assert_eq!(state.force_morale_table.result(6), 20);
    assert!(events[0].sentence.contains("1→1") && events[0].sentence.contains("6→20"));
}
