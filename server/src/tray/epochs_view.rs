//! The dice epochs as the tray lists them: each seed, whether it is revealed, how many rolls it
//! made, and what revealing it would make visible.

use crate::db::dice_epochs::{EpochRow, SeedRow};
use crate::dice::audience::Audience;

/// One epoch in the tray's list, with what each of its seeds shows once revealed.
pub struct EpochLine {
    /// The epoch number.
    pub epoch: i32,
    /// `v1` or `v2`.
    pub scheme: String,
    /// Whether it is the open epoch.
    pub open: bool,
    /// Whether a v1 epoch's one seed is revealed.
    pub revealed: bool,
    /// Its seeds (none listed for a v1 epoch).
    pub seeds: Vec<SeedLine>,
}

/// One seed of a v2 epoch in the tray's list.
pub struct SeedLine {
    /// The audience's identifier.
    pub code: &'static str,
    /// The audience's name in a sentence.
    pub name: &'static str,
    /// Whether the seed is revealed.
    pub revealed: bool,
    /// How many rolls it made.
    pub rolls: i64,
    /// What revealing it makes visible, said before the umpire confirms.
    pub warning: String,
}

/// What revealing the seed of `audience` in `epoch` makes visible, in a sentence.
pub fn reveal_warning(epoch: i32, audience: Audience, rolls: i64) -> String {
    let name = audience.adjective();
    let (rolls_text, their) = match rolls {
        1 => (format!("the 1 {name} roll"), "its dice, purpose and result"),
        n => (
            format!("the {n} {name} rolls"),
            "their dice, purposes and results",
        ),
    };
    match audience {
        Audience::Public => format!(
            "Revealing the public seed of epoch {epoch} lets everyone check {rolls_text} of that epoch, which everyone already sees; nothing hidden becomes visible."
        ),
        _ => format!(
            "Revealing the {name} seed of epoch {epoch} shows everyone {rolls_text} of that epoch: {their}."
        ),
    }
}

/// The tray's list of epochs from the stored epochs, seeds and roll counts; `open` is the open epoch.
pub fn epoch_list(
    epochs: &[EpochRow],
    seeds: &[SeedRow],
    counts: &[(i32, String, i64)],
    open: i32,
) -> Vec<EpochLine> {
    let count = |epoch: i32, audience: Audience| {
        counts
            .iter()
            .find(|(e, a, _)| *e == epoch && a == audience.code())
            .map_or(0, |c| c.2)
    };
    epochs
        .iter()
        .map(|e| EpochLine {
            seeds: seeds
                .iter()
                .filter(|s| s.epoch == e.epoch)
                .filter_map(|s| {
                    let audience: Audience = s.audience.parse().ok()?;
                    let rolls = count(e.epoch, audience);
                    Some(SeedLine {
                        code: audience.code(),
                        name: audience.adjective(),
                        revealed: s.revealed,
                        rolls,
                        warning: reveal_warning(e.epoch, audience, rolls),
                    })
                })
                .collect(),
            open: e.epoch == open,
            revealed: e.revealed,
            scheme: e.scheme.clone(),
            epoch: e.epoch,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_warning_says_what_becomes_visible() {
        assert_eq!(
            reveal_warning(2, Audience::Soviet, 14),
            "Revealing the Soviet seed of epoch 2 shows everyone the 14 Soviet rolls of that epoch: their dice, purposes and results."
        );
        assert!(
            reveal_warning(0, Audience::Umpire, 1)
                .ends_with("the 1 umpire roll of that epoch: its dice, purpose and result.")
        );
        assert!(reveal_warning(1, Audience::Public, 3).contains("nothing hidden becomes visible"));
    }

    #[test]
    fn the_list_counts_each_seeds_rolls() {
        let epoch = |n, scheme: &str| EpochRow {
            epoch: n,
            scheme: scheme.into(),
            seed: None,
            commitment: None,
            revealed: false,
        };
        let seed = |n, a: &str, revealed| SeedRow {
            epoch: n,
            audience: a.into(),
            seed: vec![0; 32],
            commitment: String::new(),
            revealed,
        };
        let list = epoch_list(
            &[epoch(0, "v1"), epoch(1, "v2")],
            &[seed(1, "public", true), seed(1, "finnish", false)],
            &[(0, "soviet".into(), 5), (1, "finnish".into(), 3)],
            1,
        );
        assert_eq!(list.len(), 2);
        assert!(list[0].seeds.is_empty() && !list[0].open);
        assert!(list[1].open);
        let finnish = &list[1].seeds[1];
        assert_eq!(
            (finnish.code, finnish.rolls, finnish.revealed),
            ("finnish", 3, false)
        );
        assert!(finnish.warning.contains("the 3 Finnish rolls"));
        assert_eq!(list[1].seeds[0].rolls, 0);
    }
}
