//! The WoNS pictures: the ladder with each side's counters as the viewer knows them, and a
//! platoon's fatigue track with its exhaustion bands. Rendered as SVG by askama (escaped).

use crate::core::domain::Side;
use crate::games::wons::rules::exhaustion;
use crate::games::wons::views::SideView;
use askama::Template;

/// One counter on the ladder.
pub struct Counter {
    /// The platoon's name as the viewer knows it.
    pub label: String,
    /// A tooltip: what the viewer knows of it.
    pub detail: String,
    /// Whose it is.
    pub side: Side,
    /// Known only from a sighting.
    pub seen: bool,
    /// Its colour: the side's.
    pub fill: &'static str,
    /// Where it is drawn.
    pub x: u32,
    /// Where it is drawn.
    pub y: u32,
}

/// A mark for counters that do not fit on their step.
pub struct More {
    /// Where it is drawn.
    pub x: u32,
    /// Where it is drawn.
    pub y: u32,
    /// Whose counters.
    pub side: Side,
    /// How many more.
    pub count: u32,
}

/// One rung of the ladder.
pub struct Rung {
    /// The step's letter.
    pub letter: String,
    /// The step's name.
    pub name: String,
    /// A major Finnish defence line.
    pub major: bool,
    /// Where it is drawn.
    pub y: u32,
}

/// The ladder picture.
#[derive(Template)]
#[template(path = "games/wons/ladder.svg")]
pub struct LadderSvg {
    /// The rungs, top to bottom.
    pub rungs: Vec<Rung>,
    /// The counters.
    pub counters: Vec<Counter>,
    /// "+N" marks where a step holds more counters than fit.
    pub more: Vec<More>,
    /// The picture's height.
    pub height: u32,
    /// "Hour 14, … (Darkness)".
    pub caption: String,
}

const ROW: u32 = 40;

/// Lays out the ladder from the views of one or both sides (the umpire passes both).
pub fn ladder(views: &[&SideView], caption: String) -> LadderSvg {
    let Some(first) = views.first() else {
        return LadderSvg {
            rungs: Vec::new(),
            counters: Vec::new(),
            more: Vec::new(),
            height: ROW,
            caption,
        };
    };
    let rungs: Vec<Rung> = first
        .ladder
        .iter()
        .enumerate()
        .map(|(i, s)| Rung {
            letter: s.letter.clone(),
            name: s.name.clone(),
            major: s.major_defence_line,
            y: 20 + i as u32 * ROW,
        })
        .collect();
    let row_of = |letter: &str| rungs.iter().position(|r| r.letter == letter);
    // Counters per step and side, in stack order for the Soviets.
    let mut placed: Vec<(usize, Side, String, String, bool)> = Vec::new();
    for view in views {
        let mut own: Vec<_> = view.platoons.iter().collect();
        own.sort_by_key(|p| {
            let stack = view
                .stacks
                .iter()
                .position(|s| s.platoons.contains(&p.id))
                .unwrap_or(usize::MAX);
            let place = view
                .stacks
                .get(stack)
                .and_then(|s| s.platoons.iter().position(|x| x == &p.id))
                .unwrap_or(0);
            (stack, place)
        });
        for p in own {
            if let Some(row) = row_of(&p.step) {
                let detail = format!(
                    "{}: fatigue {}, exhaustion {}",
                    p.name, p.fatigue, p.exhaustion
                );
                placed.push((row, p.side, p.name.clone(), detail, false));
            }
        }
        if views.len() == 1 {
            for e in &view.enemy_platoons {
                if let Some(row) = row_of(&e.step) {
                    let detail = format!(
                        "{}: last seen at {} in Hour {}",
                        e.name, e.step, e.seen_hour
                    );
                    placed.push((row, e.side, e.name.clone(), detail, true));
                }
            }
        }
    }
    let mut counters = Vec::new();
    let mut more: Vec<More> = Vec::new();
    let mut used: std::collections::BTreeMap<(usize, bool), u32> = Default::default();
    for (row, side, label, detail, seen) in placed {
        let finnish = side == Side::Finnish;
        let n = used.entry((row, finnish)).or_default();
        let base = if finnish { 316 } else { 96 };
        let y = 20 + row as u32 * ROW + 8;
        if *n < 2 {
            counters.push(Counter {
                label: short(&label),
                detail,
                side,
                seen,
                fill: side_colour(side),
                x: base + *n * 104,
                y,
            });
        } else if let Some(m) = more.iter_mut().find(|m| m.y == y + 15 && m.side == side) {
            m.count += 1;
        } else {
            more.push(More {
                x: base + 208,
                y: y + 15,
                side,
                count: 1,
            });
        }
        *n += 1;
    }
    LadderSvg {
        height: 24 + rungs.len() as u32 * ROW,
        rungs,
        counters,
        more,
        caption,
    }
}

/// The colour of a side's counters.
fn side_colour(side: Side) -> &'static str {
    match side {
        Side::Soviet => "#9b1c1c",
        Side::Finnish => "#1f4e79",
    }
}

fn short(name: &str) -> String {
    if name.chars().count() <= 14 {
        name.to_owned()
    } else {
        let cut: String = name.chars().take(13).collect();
        format!("{cut}…")
    }
}

/// One box of the fatigue track.
pub struct TrackBox {
    /// The fatigue value.
    pub value: u32,
    /// The exhaustion it gives.
    pub exhaustion: u32,
    /// Whether the platoon is here.
    pub current: bool,
    /// The colour of its exhaustion band.
    pub fill: &'static str,
    /// Where it is drawn.
    pub x: u32,
}

/// A fatigue track from 0 to 15.
#[derive(Template)]
#[template(path = "games/wons/fatigue.svg")]
pub struct FatigueSvg {
    /// The boxes.
    pub boxes: Vec<TrackBox>,
    /// The platoon's true fatigue (may exceed 15).
    pub fatigue: u32,
    /// Its exhaustion.
    pub exhaustion: u32,
}

/// The fatigue track of a platoon.
pub fn fatigue_track(fatigue: u32) -> FatigueSvg {
    let shown = fatigue.min(15);
    FatigueSvg {
        boxes: (0..=15)
            .map(|v| TrackBox {
                value: v,
                exhaustion: exhaustion(v),
                current: v == shown,
                fill: band(exhaustion(v)),
                x: 2 + v * 22,
            })
            .collect(),
        fatigue,
        exhaustion: exhaustion(fatigue),
    }
}

/// The colour band of an exhaustion value (0 none … 9 worst).
fn band(exhaustion: u32) -> &'static str {
    match exhaustion {
        0 => "#e4efe0",
        1 => "#f6efc8",
        3 => "#f4d9a8",
        4..=6 => "#eeb48c",
        _ => "#d98080",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_track_marks_the_platoon_and_keeps_fatigue_above_fifteen() {
        let track = fatigue_track(18);
        assert_eq!(track.boxes.len(), 16);
        assert!(track.boxes[15].current);
        assert_eq!(track.exhaustion, 9);
        let svg = track.render().expect("renders");
        assert!(svg.contains("fatigue 18"));
        let fresh = fatigue_track(4).render().expect("renders");
        assert!(fresh.contains("exhaustion 1"));
    }

    #[test]
    fn names_are_escaped_in_the_picture() {
        let svg = LadderSvg {
            rungs: vec![Rung {
                letter: "A".into(),
                name: "<script>".into(),
                major: true,
                y: 20,
            }],
            counters: Vec::new(),
            more: Vec::new(),
            height: 64,
            caption: "Hour 1 & more".into(),
        }
        .render()
        .expect("renders");
        assert!(!svg.contains("<script>"), "{svg}");
        assert!(
            svg.contains("&lt;script&gt;") || svg.contains("&#60;script&#62;"),
            "{svg}"
        );
    }
}
