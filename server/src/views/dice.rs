//! Rolls as a participant may see them, and the d6 histogram, decided here and nowhere else.

use crate::db::dice::RollRow;
use crate::domain::Role;
use serde::Serialize;
use serde_json::Value;
use time::OffsetDateTime;
use utoipa::ToSchema;

/// Whether `viewer` may see a roll's draws, purpose and result.
pub fn may_see(viewer: Role, finished: bool, visibility: &str, roller: &str) -> bool {
    finished
        || viewer == Role::Umpire
        || visibility == "public"
        || (visibility == "side" && roller == viewer.code())
}

/// A roll as the API and pages show it; what the viewer may not see yet is null.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RollView {
    /// Roll number.
    pub k: i64,
    /// Dice epoch.
    pub epoch: i32,
    /// The entropy `E` (hex).
    pub entropy: String,
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
    /// The structured result, or null when hidden.
    pub result: Option<Value>,
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
    pub fn of(row: RollRow, viewer: Role, finished: bool) -> RollView {
        let visible = may_see(viewer, finished, &row.visibility, &row.roller_role);
        let mut view = RollView {
            k: row.k,
            epoch: row.epoch,
            entropy: hex::encode(&row.entropy),
            chain: hex::encode(&row.chain),
            draws: None,
            expression: None,
            purpose: None,
            visibility: row.visibility,
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

/// The d6 faces `viewer` may see, from the per-scope counts kept with every roll.
pub fn visible_faces(counts: &[(String, i32, i64)], viewer: Role, finished: bool) -> [i64; 6] {
    let mut faces = [0i64; 6];
    for (scope, face, count) in counts {
        let visible =
            finished || viewer == Role::Umpire || scope == "public" || scope == viewer.code();
        if visible && (1..=6).contains(face) {
            faces[*face as usize - 1] += count;
        }
    }
    faces
}

/// A bar chart (SVG) of d6 face counts against the uniform expectation. Contains only numbers.
pub fn d6_histogram(faces: [i64; 6]) -> String {
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
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" role="img" aria-labelledby="hist-title" class="histogram"><title id="hist-title">d6 faces you may see: {total} in all; a fair die gives about {expected:.1} of each</title>"#
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_sees_what() {
        use Role::*;
        assert!(may_see(Finnish, false, "public", "soviet"));
        assert!(!may_see(Finnish, false, "side", "soviet"));
        assert!(may_see(Soviet, false, "side", "soviet"));
        assert!(!may_see(Soviet, false, "umpire", "umpire"));
        assert!(may_see(Umpire, false, "side", "finnish"));
        assert!(
            may_see(Finnish, true, "umpire", "umpire"),
            "finished: all visible"
        );
    }

    #[test]
    fn faces_by_scope() {
        let counts = vec![
            ("public".to_string(), 1, 2),
            ("soviet".to_string(), 6, 5),
            ("umpire".to_string(), 3, 7),
        ];
        assert_eq!(
            visible_faces(&counts, Role::Finnish, false),
            [2, 0, 0, 0, 0, 0]
        );
        assert_eq!(
            visible_faces(&counts, Role::Soviet, false),
            [2, 0, 0, 0, 0, 5]
        );
        assert_eq!(
            visible_faces(&counts, Role::Umpire, false),
            [2, 0, 7, 0, 0, 5]
        );
        assert_eq!(
            visible_faces(&counts, Role::Finnish, true),
            [2, 0, 7, 0, 0, 5]
        );
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
