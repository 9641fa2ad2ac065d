//! Rolls as a participant may see them, and the d6 histogram, decided here and nowhere else.

use crate::core::domain::Role;
use crate::db::dice::RollRow;
use crate::dice::audience::Audience;
use crate::dice::derive::commitment;
use crate::dice::hex_of;
use crate::dice::v2::EpochSeeds;
use serde::Serialize;
use std::collections::HashSet;
use time::OffsetDateTime;
use utoipa::ToSchema;

/// What one participant may see of a campaign's rolls: a roll is visible when the viewer
/// belongs to its audience, or its audience's seed for its epoch is revealed, or the campaign
/// has finished.
#[derive(Clone, Debug)]
pub struct Sight {
    viewer: Role,
    finished: bool,
    revealed: HashSet<(i32, Audience)>,
}

impl Sight {
    /// The sight of `viewer`, given the `(epoch, audience)` pairs whose seed is revealed.
    pub fn new(
        viewer: Role,
        finished: bool,
        revealed: impl IntoIterator<Item = (i32, Audience)>,
    ) -> Self {
        Sight {
            viewer,
            finished,
            revealed: revealed.into_iter().collect(),
        }
    }

    /// Whether the viewer may see the draws, purpose and result of a roll of `audience` in `epoch`.
    pub fn sees(&self, epoch: i32, audience: Audience) -> bool {
        self.finished
            || audience.includes(self.viewer)
            || self.revealed.contains(&(epoch, audience))
    }

    /// Like [`Sight::sees`], for an audience as stored; an unknown one is never visible.
    pub fn sees_code(&self, epoch: i32, audience: &str) -> bool {
        audience
            .parse::<Audience>()
            .is_ok_and(|a| self.sees(epoch, a))
    }
}

/// The commitments of a v2 epoch's four seeds, shown to every participant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Commitments {
    /// SHA-256 of the public seed.
    pub public: String,
    /// SHA-256 of the Soviet seed.
    pub soviet: String,
    /// SHA-256 of the Finnish seed.
    pub finnish: String,
    /// SHA-256 of the umpire seed.
    pub umpire: String,
}

impl Commitments {
    /// The commitments of freshly drawn seeds.
    pub fn of(seeds: &EpochSeeds) -> Self {
        let commit = |a| commitment(seeds.seed(a));
        Commitments {
            public: commit(Audience::Public),
            soviet: commit(Audience::Soviet),
            finnish: commit(Audience::Finnish),
            umpire: commit(Audience::Umpire),
        }
    }

    /// The commitments from `(audience, commitment)` pairs; `None` unless all four are there.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Option<Self> {
        let (mut public, mut soviet, mut finnish, mut umpire) = (None, None, None, None);
        for (audience, commitment) in pairs {
            let slot = match audience {
                "public" => &mut public,
                "soviet" => &mut soviet,
                "finnish" => &mut finnish,
                "umpire" => &mut umpire,
                _ => continue,
            };
            *slot = Some(commitment.to_owned());
        }
        Some(Commitments {
            public: public?,
            soviet: soviet?,
            finnish: finnish?,
            umpire: umpire?,
        })
    }
}

/// A roll as the API and pages show it; what the viewer may not see yet is null.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RollView {
    /// Roll number.
    pub k: i64,
    /// Dice epoch.
    pub epoch: i32,
    /// Whose seed rolled it: `public`, `soviet`, `finnish` or `umpire`.
    pub audience: String,
    /// The entropy `E` (hex).
    pub entropy: String,
    /// `D_k`, the draws keyed by the roll's secret key (hex); null for a v1 roll.
    pub digest: Option<String>,
    /// The chain hash (hex).
    pub chain: String,
    /// `[[m, face], …]`, or null when hidden.
    #[schema(value_type = Option<Vec<Vec<u32>>>)]
    pub draws: Option<Vec<(u32, u32)>>,
    /// The dice rolled, or null when hidden.
    pub expression: Option<String>,
    /// Why it was rolled, or null when hidden.
    pub purpose: Option<String>,
    /// `public`, `side` or `umpire`.
    pub visibility: String,
    /// The structured result, or null when hidden: the stored text as it is, never parsed on
    /// its way to the reader.
    #[schema(value_type = Option<serde_json::Value>)]
    pub result: Option<Box<serde_json::value::RawValue>>,
    /// The total, or null when hidden or meaningless.
    pub total: Option<i64>,
    /// The procedure's sentence, or null.
    pub summary: Option<String>,
    /// The procedure run, or null.
    pub procedure: Option<String>,
    /// Who rolled, or null when hidden.
    pub roller_role: Option<String>,
    /// When it was rolled (RFC 3339, UTC).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
}

impl RollView {
    /// The roll as `viewer` may see it.
    pub fn of(row: RollRow, sight: &Sight) -> RollView {
        let visible = sight.sees_code(row.epoch, &row.audience);
        let mut view = RollView {
            k: row.k,
            epoch: row.epoch,
            entropy: hex_of(&row.entropy),
            digest: row.digest.as_deref().map(hex_of),
            chain: hex_of(&row.chain),
            draws: None,
            expression: None,
            purpose: None,
            visibility: row.visibility,
            audience: row.audience,
            result: None,
            total: None,
            summary: None,
            procedure: None,
            roller_role: None,
            created_at: row.created_at,
        };
        if visible {
            view.draws = Some(row.draws.0);
            view.expression = Some(row.expression);
            view.purpose = Some(row.purpose);
            view.result = Some(row.result.0);
            view.total = row.total;
            view.summary = row.summary;
            view.procedure = row.procedure;
            view.roller_role = Some(row.roller_role);
        }
        view
    }

    /// The faces as text, e.g. "4, 1".
    pub fn faces_text(&self) -> String {
        self.draws
            .as_ref()
            .map(|d| {
                d.iter()
                    .map(|(_, f)| f.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default()
    }
}

/// The d6 faces the viewer may see, from the counts kept per epoch and audience with every
/// roll: exactly the faces of the rolls [`Sight::sees`] shows.
pub fn visible_faces(counts: &[(i32, String, i32, i64)], sight: &Sight) -> [i64; 6] {
    let mut faces = [0i64; 6];
    for (epoch, audience, face, count) in counts {
        if sight.sees_code(*epoch, audience) && (1..=6).contains(face) {
            faces[*face as usize - 1] += count;
        }
    }
    faces
}

/// A bar chart (SVG) of d6 face counts against the uniform expectation. Contains only numbers.
pub fn d6_histogram(faces: [i64; 6]) -> String {
    d6_histogram_of(faces, "hist", "d6 faces you may see")
}

/// As `d6_histogram`, with the chart's own `id` (several on one page) and `what` it counts.
pub fn d6_histogram_of(faces: [i64; 6], id: &str, what: &str) -> String {
    let total: i64 = faces.iter().sum();
    let expected = total as f64 / 6.0;
    let top = faces
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(expected.ceil() as i64)
        .max(1) as f64;
    let (w, h, left, bottom, bar) = (360.0, 200.0, 36.0, 24.0, 40.0);
    let plot = h - bottom - 12.0;
    let y = |v: f64| h - bottom - v / top * plot;
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" role="img" aria-labelledby="{id}-title" class="histogram"><title id="{id}-title">{what}: {total} in all; a fair die gives about {expected:.1} of each</title>"#
    );
    svg.push_str(&format!(
        r##"<line x1="{left}" y1="{y0}" x2="{w}" y2="{y0}" stroke="#5b6672"/>"##,
        y0 = h - bottom
    ));
    for (i, count) in faces.iter().enumerate() {
        let x = left + 8.0 + i as f64 * (bar + 14.0);
        let top_y = y(*count as f64);
        svg.push_str(&format!(
            r##"<rect x="{x}" y="{top_y:.1}" width="{bar}" height="{height:.1}" fill="#1f4e79"><title>face {face}: {count}</title></rect><text x="{tx}" y="{ly}" text-anchor="middle">{face}</text><text x="{tx}" y="{cy:.1}" text-anchor="middle">{count}</text>"##,
            height = (h - bottom) - top_y,
            face = i + 1,
            tx = x + bar / 2.0,
            ly = h - 6.0,
            cy = (top_y - 3.0).max(10.0),
        ));
    }
    if total > 0 {
        svg.push_str(&format!(
            r##"<line x1="{left}" y1="{ey:.1}" x2="{w}" y2="{ey:.1}" stroke="#9b1c1c" stroke-dasharray="6 4"/><text x="{left}" y="{ty:.1}" text-anchor="end" fill="#9b1c1c">{expected:.0}</text>"##,
            ey = y(expected),
            ty = y(expected) + 4.0,
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// Pearson's chi-square of d6 face counts against a fair die (five degrees of freedom), or
/// `None` for no rolls. A fair die gives more than `CHI_SQUARE_5_PERCENT` one time in twenty.
pub fn chi_square(faces: [i64; 6]) -> Option<f64> {
    let total: i64 = faces.iter().sum();
    (total > 0).then(|| {
        let expected = total as f64 / 6.0;
        faces
            .iter()
            .map(|&o| (o as f64 - expected).powi(2) / expected)
            .sum()
    })
}

/// The chi-square a fair d6 exceeds one time in twenty (five degrees of freedom).
pub const CHI_SQUARE_5_PERCENT: f64 = 11.07;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_of_faces_against_a_fair_die() {
        assert_eq!(chi_square([0; 6]), None);
        assert_eq!(chi_square([10; 6]), Some(0.0));
        // 60 rolls, expected 10 each: (20-10)²/10 + 5 × (8-10)²/10 = 10 + 2 = 12.
        let skewed = chi_square([20, 8, 8, 8, 8, 8]).expect("rolls");
        assert!((skewed - 12.0).abs() < 1e-9, "{skewed}");
        assert!(skewed > CHI_SQUARE_5_PERCENT);
    }

    #[test]
    fn who_sees_what() {
        use Audience::*;
        let open = Sight::new(Role::Finnish, false, [(2, Soviet)]);
        assert!(open.sees(0, Public));
        assert!(open.sees(0, Finnish));
        assert!(!open.sees(0, Soviet));
        assert!(!open.sees(0, Umpire));
        assert!(
            open.sees(2, Soviet),
            "the Soviet seed of epoch 2 is revealed"
        );
        assert!(!open.sees(2, Umpire));
        assert!(!open.sees(3, Soviet));
        assert!(Sight::new(Role::Umpire, false, []).sees(5, Finnish));
        assert!(
            Sight::new(Role::Soviet, true, []).sees(0, Umpire),
            "finished: all visible"
        );
        assert!(!open.sees_code(2, "nobody"));
    }

    #[test]
    fn faces_follow_the_sight() {
        let counts = vec![
            (0, "public".to_string(), 1, 2),
            (0, "soviet".to_string(), 6, 5),
            (1, "soviet".to_string(), 6, 1),
            (0, "umpire".to_string(), 3, 7),
        ];
        let finnish = Sight::new(Role::Finnish, false, []);
        assert_eq!(visible_faces(&counts, &finnish), [2, 0, 0, 0, 0, 0]);
        let after_reveal = Sight::new(Role::Finnish, false, [(0, Audience::Soviet)]);
        assert_eq!(visible_faces(&counts, &after_reveal), [2, 0, 0, 0, 0, 5]);
        let soviet = Sight::new(Role::Soviet, false, []);
        assert_eq!(visible_faces(&counts, &soviet), [2, 0, 0, 0, 0, 6]);
        let umpire = Sight::new(Role::Umpire, false, []);
        assert_eq!(visible_faces(&counts, &umpire), [2, 0, 7, 0, 0, 6]);
        let end = Sight::new(Role::Finnish, true, []);
        assert_eq!(visible_faces(&counts, &end), [2, 0, 7, 0, 0, 6]);
    }

    #[test]
    fn commitments_of_seeds_in_audience_order() {
        let seeds = EpochSeeds::new([[0u8; 32], [1u8; 32], [2u8; 32], [3u8; 32]]);
        let all = Commitments::of(&seeds);
        assert_eq!(
            all.public,
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        assert_eq!(all.umpire, commitment(&[3u8; 32]));
        assert_ne!(all.soviet, all.finnish);
    }

    #[test]
    fn commitments_need_all_four() {
        let pairs = [("public", "a"), ("soviet", "b"), ("finnish", "c")];
        assert_eq!(Commitments::from_pairs(pairs), None);
        let all = Commitments::from_pairs(pairs.into_iter().chain([("umpire", "d")])).unwrap();
        assert_eq!((all.public.as_str(), all.umpire.as_str()), ("a", "d"));
    }

    #[test]
    fn histogram_has_six_bars_and_the_expectation() {
        let svg = d6_histogram([1, 2, 3, 4, 5, 9]);
        assert_eq!(svg.matches("<rect").count(), 6);
        assert!(svg.contains("24 in all"));
        assert!(svg.contains("stroke-dasharray"));
        let empty = d6_histogram([0; 6]);
        assert!(!empty.contains("stroke-dasharray"));
    }
}
