//! Battle facts in words, as the sheet cards of the sides and the umpire show them: surprise,
//! Turn Zero, prisoners, reports and the equipment left on the field.

use crate::games::wons::rules::aftermath::{AbandonedDevice, BattleReport, PrisonerTaken};
use crate::games::wons::rules::battle_sheet::{Surprise, TurnZero, effect_words, level_words};

/// A device left on the field, as a side's page shows it.
pub struct DeviceRow {
    /// Its id.
    pub id: String,
    /// What it is, and whose it was.
    pub label: String,
    /// The capture roll's outcome, once made.
    pub outcome: Option<String>,
}

/// A code from a pack or a TOE in words: `light_mortar` is "light mortar", `lmg_gunner` is
/// "LMG gunner" (the weapons' abbreviations as the rules print them).
pub fn words(code: &str) -> String {
    const ABBREVIATIONS: [&str; 7] = ["lmg", "mmg", "hmg", "smg", "at", "atr", "he"];
    code.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            if ABBREVIATIONS.contains(&w) {
                w.to_uppercase()
            } else {
                w.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A code as a title beginning a line or a cell: `platoon_commander` is "Platoon commander".
pub fn title(code: &str) -> String {
    let words = words(code);
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => words,
    }
}

/// The surprise in words, as both sides read it.
pub fn surprise_words(s: &Surprise) -> String {
    format!(
        "The {} force starts surprised ({}){}: {}.",
        s.surprised.adjective(),
        level_words(s.level),
        if s.reason.is_empty() {
            String::new()
        } else {
            format!(", because {}", s.reason)
        },
        effect_words(&s.effect)
    )
}

/// The Turn Zero in words, as both sides read it.
pub fn turn_zero_words(t: &TurnZero) -> String {
    format!(
        "The Soviet {} made {} Finnish unit(s) deploy{}, losing {} killed and {} wounded: {}.",
        t.unit,
        t.report.finnish_units_deployed,
        if t.report.wiped_out_or_captured {
            " and was wiped out or captured"
        } else {
            ""
        },
        t.report.killed,
        t.report.wounded,
        match t.extra_die_phases {
            Some(n) => format!(
                "it succeeded; one extra Soviet command die on the first {n} phase(s) of Turn 1"
            ),
            None => "it failed; no extra command die".to_owned(),
        }
    )
}

/// A prisoner in words.
pub fn prisoner_words(p: &PrisonerTaken) -> String {
    let mut text = format!("{} (taken by the {} side", p.name, p.taken_by.adjective());
    if p.deserter {
        text.push_str("; deserter");
    }
    if p.hero {
        text.push_str("; hero");
    }
    text.push(')');
    text
}

/// A prisoner as one line of the prisoners field.
pub fn prisoner_line(p: &PrisonerTaken) -> String {
    let mut line = p.name.clone();
    if p.deserter {
        line.push_str(" (deserter)");
    }
    if p.hero {
        line.push_str(" (hero)");
    }
    line
}

/// A report's lines; `platoon` names a platoon by id, `support` an item used by id.
pub fn report_lines(
    report: &BattleReport,
    platoon: impl Fn(&str) -> String,
    support: impl Fn(&str) -> String,
) -> Vec<String> {
    let mut lines = vec![format!(
        "The {} side won after {} full Turn(s).",
        report.winner.adjective(),
        report.turns
    )];
    for c in &report.casualties {
        lines.push(format!(
            "{}, {} ({}): {} killed, {} wounded, {} missing.",
            platoon(&c.platoon),
            c.element,
            words(&c.role),
            c.killed,
            c.wounded,
            c.missing
        ));
    }
    for f in &report.force_morale_end {
        lines.push(format!(
            "Final Force Morale of the {} side: {}.",
            f.side.adjective(),
            f.value
        ));
    }
    if !report.support_used.is_empty() {
        let used: Vec<String> = report.support_used.iter().map(|u| support(u)).collect();
        lines.push(format!("Support used: {}.", used.join(", ")));
    }
    for p in &report.prisoners {
        lines.push(format!("Prisoner: {}.", prisoner_words(p)));
    }
    for a in &report.abandoned {
        lines.push(format!(
            "{} left {} on the field{}.",
            platoon(&a.platoon),
            words(&a.weapon),
            if a.he_drove_off_owner {
                " (HE drove them off)"
            } else {
                ""
            }
        ));
    }
    lines
}

/// A device left on the field with its capture roll, in words.
pub fn device_row(d: &AbandonedDevice) -> DeviceRow {
    DeviceRow {
        id: d.id.clone(),
        label: format!(
            "{} (left by the {} side{})",
            words(&d.name),
            d.owner.adjective(),
            if d.he_drove_off_owner {
                ", driven off by HE"
            } else {
                ""
            }
        ),
        outcome: d.capture.as_ref().map(|c| {
            let mods: Vec<String> = c
                .roll
                .modifiers
                .iter()
                .map(|m| format!("{} {:+}", m.name, m.amount))
                .collect();
            format!(
                "The {} side rolled {}{}, needing {}: {}.",
                c.side.adjective(),
                c.roll.die,
                if mods.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", mods.join(", "))
                },
                c.roll.needed,
                match (c.roll.captured, c.roll.usable_at_once) {
                    (false, _) => "destroyed",
                    (true, true) => "captured, into use at once",
                    (true, false) => "captured, usable from the next battle",
                }
            )
        }),
    }
}
