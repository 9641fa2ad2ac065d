//! The umpire's battle cards: both sides' support, sheets and waiting reports, the surprise,
//! and the full report form, whose parts come from each side's own view.

use crate::core::domain::Side;
use crate::games::wons::rules::battle_sheet::level_words;
use crate::games::wons::rules::tables::surprise::SurpriseLevel;
use crate::games::wons::rules::{Battle, BattleStatus};
use crate::games::wons::rules::{WonsState, ladder::step_letter};
use crate::games::wons::views::SideView;
use crate::games::wons::views::battle_report::{ReportPart, report_part};
use crate::games::wons::views::battle_words::{
    DeviceRow, device_row, report_lines, surprise_words, turn_zero_words,
};

/// The five surprise levels, worst first (R4).
pub const SURPRISE_LEVELS: [SurpriseLevel; 5] = [
    SurpriseLevel::Sleeping,
    SurpriseLevel::TotallySurprised,
    SurpriseLevel::SentriesAwayFromFront,
    SurpriseLevel::SentriesInFrontLine,
    SurpriseLevel::HeightenedAwareness,
];

/// A surprise level's code in forms and the API.
pub fn level_code(level: SurpriseLevel) -> String {
    serde_json::to_value(level)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// One option of the surprise level select.
pub struct LevelChoice {
    /// Its code.
    pub code: String,
    /// The situation, in words.
    pub words: &'static str,
    /// The battle's current level.
    pub selected: bool,
}

/// One side of a battle as the umpire reads it.
pub struct UmpireSide {
    /// The side.
    pub side: Side,
    /// Its support points, once assigned.
    pub points: Option<u32>,
    /// Points spent.
    pub spent: u32,
    /// What it bought (and spent on heroes), in words.
    pub purchases: Vec<String>,
    /// Its sheet, in words, once drawn up.
    pub sheet: Option<String>,
    /// The report it sent, waiting for the other side's, in lines.
    pub proposal: Vec<String>,
}

/// A battle on the umpire's page.
pub struct UmpireBattleCard {
    /// Its number.
    pub battle: u32,
    /// Where, when and on which table.
    pub title: String,
    /// Still waiting to be fought.
    pub pending: bool,
    /// Both sides.
    pub sides: Vec<UmpireSide>,
    /// The surprised side's code, or empty.
    pub surprised: String,
    /// The surprise level select.
    pub levels: Vec<LevelChoice>,
    /// The surprise's reason.
    pub reason: String,
    /// The surprise, in words.
    pub surprise: Option<String>,
    /// The Turn Zero, in words.
    pub turn_zero: Option<String>,
    /// The report form's parts, one per side that fights.
    pub parts: Vec<ReportPart>,
    /// The winner to pre-select (from a side's report).
    pub winner: Option<Side>,
    /// The Turns to pre-fill.
    pub turns: String,
    /// The recorded report, in lines.
    pub outcome: Vec<String>,
    /// Equipment left on the field.
    pub devices: Vec<DeviceRow>,
    /// Where the two sides' reports disagree on the result, in words; empty when they agree or
    /// only one has reported.
    pub disagreement: Option<String>,
}

impl UmpireBattleCard {
    /// The winner to pre-select, by code, or empty.
    pub fn winner_code(&self) -> &'static str {
        self.winner.map_or("", Side::code)
    }
}

/// The name of a support item the reports name by its id (or a purchase id holding it).
fn support_name(state: &WonsState, used: &str) -> String {
    state
        .support
        .iter()
        .find(|i| i.id == used || used.contains(&format!("-{}-", i.id)))
        .map_or_else(|| used.to_owned(), |i| i.name.clone())
}

/// One side of battle `b` on the umpire's card: its support points and purchases, its battle
/// sheet and the report it proposed.
fn umpire_side(state: &WonsState, b: &Battle, side: Side) -> UmpireSide {
    let name = |id: &str| state.platoon_name(id);
    let support_name = |used: &str| support_name(state, used);
    let support = b.support.iter().find(|s| s.side == side);
    let mut purchases: Vec<String> = support
        .iter()
        .flat_map(|s| &s.purchases)
        .map(|p| {
            format!(
                "{} ({} point(s), {}{})",
                p.name,
                p.cost,
                name(&p.platoon),
                if p.turn_zero { ", sent ahead" } else { "" }
            )
        })
        .collect();
    purchases.extend(
        support
            .iter()
            .flat_map(|s| &s.other_spending)
            .map(|(what, cost)| format!("{what} ({cost} point(s))")),
    );
    UmpireSide {
        side,
        points: support.map(|s| s.points),
        spent: support.map_or(0, |s| s.spent()),
        purchases,
        sheet: b.sheets.iter().find(|s| s.side == side).map(|s| {
            format!(
                "Starting Force Morale {} (rolled {}), {} blue command dice{}.",
                s.force_morale.value,
                s.force_morale.die,
                s.blue_dice,
                if s.darkness { ", in Darkness" } else { "" }
            )
        }),
        proposal: b
            .proposals
            .iter()
            .find(|(s, _)| *s == side)
            .map(|(_, r)| report_lines(r, name, support_name))
            .unwrap_or_default(),
    }
}

/// When the two sides' reports of battle `b` name different winners or lengths, what the
/// umpire is told.
fn disagreement(b: &Battle) -> Option<String> {
    match b.proposals.as_slice() {
        [(a, ra), (b_side, rb)] if ra.winner != rb.winner || ra.turns != rb.turns => Some(format!(
            "The reports disagree: the {} report says the {} side won after {} Turn(s), the {} report the {} side after {}. Record the result yourself below.",
            a.adjective(),
            ra.winner.adjective(),
            ra.turns,
            b_side.adjective(),
            rb.winner.adjective(),
            rb.turns
        )),
        _ => None,
    }
}

/// The umpire's card for every battle of `state` that is `shown`, newest first, with each
/// side's part of its report as `views` (the Soviet and the Finnish view of `state`) show it.
pub fn umpire_cards(
    state: &WonsState,
    views: [&SideView; 2],
    shown: impl Fn(u32) -> bool,
) -> Vec<UmpireBattleCard> {
    let name = |id: &str| state.platoon_name(id);
    let support_name = |used: &str| support_name(state, used);
    state
        .battles
        .iter()
        .rev()
        .filter(|b| shown(b.id))
        .map(|b| {
            let sides = [Side::Soviet, Side::Finnish]
                .into_iter()
                .map(|side| umpire_side(state, b, side))
                .collect();
            let parts = views
                .iter()
                .filter_map(|v| {
                    let seen = v.battles.iter().find(|x| x.id == b.id)?;
                    report_part(v, seen)
                })
                .collect();
            let first = b.proposals.first().map(|(_, r)| r);
            let disagreement = disagreement(b);
            UmpireBattleCard {
                battle: b.id,
                title: format!(
                    "Battle {} at {}, Hour {}, {} table",
                    b.id,
                    step_letter(b.step),
                    b.hour,
                    b.table
                ),
                pending: b.status == BattleStatus::Pending,
                sides,
                surprised: b
                    .surprise
                    .as_ref()
                    .map(|s| s.surprised.code().to_owned())
                    .unwrap_or_default(),
                levels: SURPRISE_LEVELS
                    .iter()
                    .map(|l| LevelChoice {
                        code: level_code(*l),
                        words: level_words(*l),
                        selected: b.surprise.as_ref().is_some_and(|s| s.level == *l),
                    })
                    .collect(),
                reason: b
                    .surprise
                    .as_ref()
                    .map(|s| s.reason.clone())
                    .unwrap_or_default(),
                surprise: b.surprise.as_ref().map(surprise_words),
                turn_zero: b.turn_zero.as_ref().map(turn_zero_words),
                parts,
                winner: first.map(|r| r.winner),
                turns: first.map_or_else(|| "3".to_owned(), |r| r.turns.to_string()),
                disagreement,
                outcome: b
                    .report
                    .as_ref()
                    .map(|r| report_lines(r, name, support_name))
                    .unwrap_or_default(),
                devices: b.abandoned.iter().map(device_row).collect(),
            }
        })
        .collect()
}

/// Both sides' views of `state`, Soviet first, as `umpire_cards` takes them.
#[cfg(test)]
pub(crate) fn sides(state: &WonsState) -> [SideView; 2] {
    use crate::games::wons::views::{finnish_view, soviet_view};
    [soviet_view(state).0, finnish_view(state).0]
}

#[cfg(test)]
mod disagreement_tests {
    use super::{sides, umpire_cards};
    use crate::core::domain::Side;
    use crate::games::wons::rules::BattleStatus;
    use crate::games::wons::rules::aftermath::{BattleReport, Reporter, submit_report};
    use crate::games::wons::rules::battle::demo_with_battle;

    #[test]
    fn disagreeing_reports_are_called_out_and_agreeing_ones_are_not() {
        let mut state = demo_with_battle(1, BattleStatus::Pending);
        submit_report(
            &mut state,
            1,
            Reporter::Side(Side::Soviet),
            &BattleReport::bare(Side::Finnish, 4),
        )
        .expect("sent");
        let card = &umpire_cards(&state, sides(&state).each_ref(), |_| true)[0];
        assert_eq!(card.disagreement, None, "one report cannot disagree");
        submit_report(
            &mut state,
            1,
            Reporter::Side(Side::Finnish),
            &BattleReport::bare(Side::Soviet, 4),
        )
        .expect("sent");
        let card = &umpire_cards(&state, sides(&state).each_ref(), |_| true)[0];
        let words = card.disagreement.as_deref().expect("called out");
        assert!(
            words.contains("the Soviet report says the Finnish side won after 4"),
            "{words}"
        );
        assert!(
            words.contains("the Finnish report the Soviet side after 4"),
            "{words}"
        );
    }
}
