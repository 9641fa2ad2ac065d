//! A platoon's fatigue track with its exhaustion bands, rendered as SVG by askama (escaped).
//! The ladder is drawn in `board`.

use crate::games::wons::rules::exhaustion;
use askama::Template;

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
}
