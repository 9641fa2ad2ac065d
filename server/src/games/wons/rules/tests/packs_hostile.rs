//! Hostile scenario packs: deep nesting, huge sizes and NUL are refused with a line, never a crash.

use crate::core::nesting::MAX_BYTES;
use crate::games::wons::rules::pack::DEMO_PACK;
use crate::games::wons::rules::{load_pack, start_campaign};

#[test]
fn ten_thousand_deep_arrays_and_inline_tables_are_refused() {
    for (open, close) in [("[", "]"), ("{a = ", "}")] {
        let source = format!(
            "{DEMO_PACK}\nx = {}1{}\n",
            open.repeat(10_000),
            close.repeat(10_000)
        );
        let err = load_pack(&source).expect_err("too deep");
        assert_eq!(err.line, DEMO_PACK.lines().count() + 2);
        assert!(err.message.contains("10000 deep"), "{}", err.message);
    }
}

#[test]
fn a_huge_pack_is_refused_before_parsing() {
    let source = format!("{DEMO_PACK}\n# {}\n", "x".repeat(MAX_BYTES));
    let err = load_pack(&source).expect_err("too large");
    assert!(err.message.contains("at most"), "{}", err.message);
}

#[test]
fn nul_in_a_pack_is_refused_with_its_line() {
    let source = format!("{DEMO_PACK}\nnote = \"a\0b\"\n");
    let err = load_pack(&source).expect_err("NUL");
    assert_eq!(err.line, DEMO_PACK.lines().count() + 2, "{}", err.message);
}

#[test]
fn every_number_at_its_extremes_is_refused_or_read_and_started_never_a_crash() {
    let numbers = crate::core::lines::whole_numbers(DEMO_PACK);
    assert!(numbers.len() > 50, "the demo pack's numbers are found");
    for range in numbers {
        let line = DEMO_PACK[..range.start].matches('\n').count() + 1;
        for extreme in ["0", "100", "4294967295", "18446744073709551615"] {
            let source = format!(
                "{}{extreme}{}",
                &DEMO_PACK[..range.start],
                &DEMO_PACK[range.end..]
            );
            let started = std::panic::catch_unwind(|| start_campaign(&source).map(drop));
            assert!(started.is_ok(), "line {line} set to {extreme} crashed");
        }
    }
}

#[test]
fn a_pack_bigger_than_a_campaign_is_refused_by_its_first_extra_entry() {
    let mut source = DEMO_PACK.to_owned();
    for n in 0..300 {
        source.push_str(&format!(
            "\n[[platoons]]\nid = \"fin-extra-{n}\"\nname = \"Extra\"\nside = \"finnish\"\nstep = \"A\"\n\
             [[platoons.toe]]\nname = \"Section\"\nkind = \"section\"\nmen = {{ rifle = 8 }}\n"
        ));
    }
    let err = load_pack(&source).expect_err("too many platoons");
    assert_eq!(err.field, "platoons[200]");
    assert!(err.message.contains("at most 200"), "{}", err.message);
}
