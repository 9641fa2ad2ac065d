//! A side's battle sheet card, built from that side's view alone: its support and purchases, its
//! sheet, its Turn Zero, the report form and the recorded report with the equipment left behind.

use crate::core::domain::Side;
use crate::games::wons::rules::BattleStatus;
use crate::games::wons::rules::support::Purchase;
use crate::games::wons::views::battle_report::{ReportPart, own_in_battle, report_part};
use crate::games::wons::views::battle_words::{
    DeviceRow, device_row, report_lines, surprise_words, turn_zero_words, words,
};
use crate::games::wons::views::{BattleView, OwnPlatoonView, SideView};
use std::collections::BTreeMap;

/// One row of the support table: an item of the side's lists and how many each platoon buys.
pub struct BuyRow {
    /// The item's id.
    pub item: String,
    /// Its list (and cost).
    pub list: u32,
    /// Its name.
    pub name: String,
    /// Kept until used.
    pub retained: bool,
    /// A recon unit that may be sent ahead (Soviet).
    pub recon: bool,
    /// It is being sent ahead for a Turn Zero.
    pub ahead: bool,
    /// One number field per own platoon in the battle.
    pub cells: Vec<BuyCell>,
}

/// How many of one item one platoon buys.
pub struct BuyCell {
    /// The field's index in the form.
    pub n: usize,
    /// The platoon's id.
    pub platoon: String,
    /// The platoon's name.
    pub platoon_name: String,
    /// How many it has bought.
    pub count: usize,
}

/// The side's support points for the battle.
pub struct SupportSummary {
    /// Assigned by the umpire.
    pub points: u32,
    /// Spent.
    pub spent: u32,
    /// Left.
    pub left: u32,
    /// Points spent outside the lists (heroes), in words.
    pub other: Vec<String>,
}

/// One of the side's platoons in the battle, as its sheet lists it.
pub struct PlatoonOnSheet {
    /// Its name.
    pub name: String,
    /// Its heroes, by rank and name.
    pub heroes: Vec<String>,
    /// Retained support items, by name with how many.
    pub retained: Vec<(String, usize)>,
    /// Captured weapons, in words.
    pub captured: Vec<String>,
}

/// Everything a side's page shows and asks about one battle it fights.
pub struct SheetCard {
    /// The battle.
    pub battle: u32,
    /// The viewing side.
    pub side: Side,
    /// Still waiting to be fought.
    pub pending: bool,
    /// Its support points, once assigned.
    pub support: Option<SupportSummary>,
    /// The purchase form's rows.
    pub buy_rows: Vec<BuyRow>,
    /// Own platoons in the battle, by id and name.
    pub platoon_choices: Vec<(String, String)>,
    /// Own platoons in the battle.
    pub platoons: Vec<PlatoonOnSheet>,
    /// Blue command dice for the force's size (R3), once the sheet is drawn up.
    pub blue_dice: Option<u8>,
    /// The surprise, in words.
    pub surprise: Option<String>,
    /// The Turn Zero, in words, once recorded.
    pub turn_zero: Option<String>,
    /// Whether the Turn Zero form is offered.
    pub turn_zero_form: bool,
    /// Which sides have reported, in words.
    pub reported: Vec<String>,
    /// Both sides have reported and their winners or Turns differ, in words (the log says so
    /// to both sides too).
    pub disagreement: Option<String>,
    /// Whether the side has reported.
    pub has_reported: bool,
    /// The winner and Turns it reported, for the form.
    pub winner: Option<Side>,
    /// Turns, for the form.
    pub turns: String,
    /// Its part of the report, as form fields.
    pub part: ReportPart,
    /// The recorded report as the side may read it, in lines.
    pub outcome: Vec<String>,
    /// Equipment left on the field.
    pub devices: Vec<DeviceRow>,
}

impl SheetCard {
    /// The winner the side reported, by code, or empty: the form pre-selects it.
    pub fn winner_code(&self) -> &'static str {
        self.winner.map_or("", Side::code)
    }
}

/// The name of a support item used, from the side's lists (a retained item's id is
/// `b{battle}-{item}-{n}`).
fn support_name(view: &SideView, used: &str) -> String {
    view.support_lists
        .iter()
        .find(|i| i.id == used || used.contains(&format!("-{}-", i.id)))
        .map_or_else(|| used.to_owned(), |i| i.name.clone())
}

/// The purchase grid: a row per item on the side's lists, a cell per platoon of its in the
/// battle, counting what was bought for it.
fn buy_rows(view: &SideView, own: &[&OwnPlatoonView], purchases: &[Purchase]) -> Vec<BuyRow> {
    let mut n = 0;
    view.support_lists
        .iter()
        .map(|item| BuyRow {
            item: item.id.clone(),
            list: item.list,
            name: item.name.clone(),
            retained: item.retained,
            recon: item.recon && view.side == Side::Soviet,
            ahead: purchases.iter().any(|p| p.item == item.id && p.turn_zero),
            cells: own
                .iter()
                .map(|p| {
                    n += 1;
                    BuyCell {
                        n: n - 1,
                        platoon: p.id.clone(),
                        platoon_name: p.name.clone(),
                        count: purchases
                            .iter()
                            .filter(|b| b.item == item.id && b.platoon == p.id)
                            .count(),
                    }
                })
                .collect(),
        })
        .collect()
}

/// A platoon on the battle sheet: its heroes, retained items and captured weapons.
fn platoon_on_sheet(p: &OwnPlatoonView) -> PlatoonOnSheet {
    let mut retained = BTreeMap::<String, usize>::new();
    for r in &p.retained {
        *retained.entry(r.name.clone()).or_default() += 1;
    }
    PlatoonOnSheet {
        name: p.name.clone(),
        heroes: p.hero_names.clone(),
        retained: retained.into_iter().collect(),
        captured: p
            .captured
            .iter()
            .map(|c| {
                format!(
                    "{} (battle {}{}{})",
                    words(&c.name),
                    c.battle,
                    if c.usable_at_once {
                        ""
                    } else {
                        ", usable from the next battle"
                    },
                    if c.foreign_ammunition {
                        "; foreign ammunition: two coloured dice with every to-hit roll, any double empties it"
                    } else {
                        ""
                    }
                )
            })
            .collect(),
    }
}

/// The battle sheet card of `battle` for the side whose view this is; `None` if it does not
/// fight there.
pub fn sheet_card(view: &SideView, battle: &BattleView) -> Option<SheetCard> {
    let part = report_part(view, battle)?;
    let own = own_in_battle(view, battle);
    let purchases = battle
        .own_support
        .as_ref()
        .map(|s| s.purchases.as_slice())
        .unwrap_or_default();
    let buy_rows = buy_rows(view, &own, purchases);
    let pending = battle.status == BattleStatus::Pending;
    let platoon_name = |id: &str| {
        view.platoons
            .iter()
            .find(|p| p.id == id)
            .map_or_else(|| id.to_owned(), |p| p.name.clone())
    };
    Some(SheetCard {
        battle: battle.id,
        side: view.side,
        pending,
        support: battle.own_support.as_ref().map(|s| SupportSummary {
            points: s.points,
            spent: s.spent(),
            left: s.left(),
            other: s
                .other_spending
                .iter()
                .map(|(what, cost)| format!("{what}: {cost}"))
                .collect(),
        }),
        buy_rows,
        platoon_choices: own.iter().map(|p| (p.id.clone(), p.name.clone())).collect(),
        platoons: own
            .iter()
            .map(|p| platoon_on_sheet(p))
            .collect(),
        blue_dice: battle.own_sheet.as_ref().map(|s| s.blue_dice),
        surprise: battle.surprise.as_ref().map(surprise_words),
        turn_zero: battle.turn_zero.as_ref().map(turn_zero_words),
        turn_zero_form: pending
            && view.side == Side::Soviet
            && battle.turn_zero.is_none()
            && purchases.iter().any(|p| p.turn_zero),
        reported: battle
            .reported
            .iter()
            .map(|r| {
                format!(
                    "The {} side reported the {} side won after {} Turn(s).",
                    r.side.adjective(),
                    r.winner.adjective(),
                    r.turns
                )
            })
            .collect(),
        disagreement: match battle.reported.as_slice() {
            [a, b] if (a.winner, a.turns) != (b.winner, b.turns) => Some(
                "The two reports disagree on the winner or the Turns: change ours below if it was wrong, or the umpire records the result."
                    .to_owned(),
            ),
            _ => None,
        },
        has_reported: battle.own_report.is_some(),
        winner: battle.own_report.as_ref().map(|r| r.winner),
        turns: battle
            .own_report
            .as_ref()
            .map(|r| r.turns.to_string())
            .unwrap_or_default(),
        part,
        outcome: battle
            .report
            .as_ref()
            .map(|r| report_lines(r, platoon_name, |u| support_name(view, u)))
            .unwrap_or_default(),
        devices: battle.abandoned.iter().map(device_row).collect(),
    })
}
