//! Hostile scenario packs: deep nesting, huge sizes and NUL are refused with a line, never a crash.

use crate::core::nesting::MAX_BYTES;
use crate::games::wons::rules::load_pack;
use crate::games::wons::rules::pack::DEMO_PACK;

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
