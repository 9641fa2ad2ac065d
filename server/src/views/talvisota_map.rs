//! The Talvisota map drawn as SVG on the server, and the same facts as table rows for people who
//! cannot see the drawing. Both are built from a side's `BoardView` only, so they show nothing
//! that side may not know.

use super::talvisota::BoardView;
use crate::domain::Side;
use crate::rules::talvisota::map::{ConnectionKind, Front, Nation};

/// One space of the map as a table row.
#[derive(Clone, Debug)]
pub struct SpaceRow {
    /// Identifier.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// "Soviet" or "Finnish" territory.
    pub nation: &'static str,
    /// The front.
    pub front: &'static str,
    /// City value (0 for none).
    pub value: u32,
    /// Which defence line, if any.
    pub defence_line: &'static str,
    /// Who holds it now.
    pub control: &'static str,
    /// Units standing there, as the viewer may see them.
    pub units: String,
    /// Strategy counters, possession and infiltration markers there.
    pub markers: String,
}

fn front_name(front: Front) -> &'static str {
    match front {
        Front::Lapland => "Lapland",
        Front::Ladoga => "Ladoga",
        Front::Karelian => "Karelian",
    }
}

fn line_name(line: u32) -> &'static str {
    match line {
        0 => "",
        1 => "Mannerheim line",
        2 => "intermediate line",
        _ => "rear line",
    }
}

/// Who holds a space, as everyone can tell from the table: Soviet territory, Finnish scouts, then
/// Soviet units or a possession marker (rule 6.1).
pub fn controller(board: &BoardView, space: &str) -> Side {
    let Some(s) = board.map.space(space) else {
        return Side::Finnish;
    };
    if s.nation == Nation::Soviet {
        return Side::Soviet;
    }
    let here = |side: Side| {
        board
            .map_units
            .iter()
            .any(|u| u.side == side && matches!(&u.location, crate::rules::talvisota::state::UnitLocation::Space(x) if x == space))
    };
    if here(Side::Finnish) {
        return Side::Finnish;
    }
    if here(Side::Soviet) || board.possession_markers.iter().any(|m| m == space) {
        Side::Soviet
    } else {
        Side::Finnish
    }
}

fn units_in(board: &BoardView, space: &str) -> Vec<String> {
    board
        .map_units
        .iter()
        .filter(|u| matches!(&u.location, crate::rules::talvisota::state::UnitLocation::Space(x) if x == space))
        .map(|u| u.id.clone())
        .collect()
}

fn markers_in(board: &BoardView, space: &str) -> Vec<String> {
    let mut out: Vec<String> = board
        .placements
        .iter()
        .filter(|p| p.space == space)
        .map(|p| match &p.strategy {
            Some(code) => format!("{} strategy {code}", side_word(p.side)),
            None => format!("{} strategy (face down)", side_word(p.side)),
        })
        .collect();
    if board.possession_markers.iter().any(|m| m == space) {
        out.push("possession marker".into());
    }
    if board.infiltration.as_deref() == Some(space) {
        out.push("infiltration marker".into());
    }
    out
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Soviet => "Soviet",
        Side::Finnish => "Finnish",
    }
}

/// Every space as a table row, in map order.
pub fn space_rows(board: &BoardView) -> Vec<SpaceRow> {
    board
        .map
        .spaces
        .iter()
        .map(|s| SpaceRow {
            id: s.id.clone(),
            name: s.name.clone(),
            nation: match s.nation {
                Nation::Soviet => "Soviet",
                Nation::Finnish => "Finnish",
            },
            front: front_name(s.front),
            value: s.value,
            defence_line: line_name(s.defence_line),
            control: side_word(controller(board, &s.id)),
            units: units_in(board, &s.id).join(", "),
            markers: markers_in(board, &s.id).join(", "),
        })
        .collect()
}

/// Escapes text for SVG and HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The map as an SVG image: connections (rail thick, ice dashed, faint until they open), spaces
/// coloured by who holds them (squares for logistics centres), city values, defence lines as
/// dotted rings, the number of units standing there and strategy counters as small squares.
/// Colours are presentation attributes, which the pages' content security policy allows.
pub fn map_svg(board: &BoardView) -> String {
    let mut svg = String::from(
        r##"<svg class="histogram" width="100%" viewBox="0 0 640 940" role="img" aria-labelledby="map-title map-desc" xmlns="http://www.w3.org/2000/svg"><title id="map-title">The map</title><desc id="map-desc">Spaces coloured by who holds them: red Soviet, blue Finnish; dotted rings mark defence lines; squares are logistics centres. The table of spaces gives the same facts.</desc><rect width="640" height="940" fill="#f4f1e8"/><g transform="translate(20,20)">"##,
    );
    for c in &board.map.connections {
        let (Some(a), Some(b)) = (board.map.space(&c.from), board.map.space(&c.to)) else {
            continue;
        };
        let (width, dash) = match c.kind {
            ConnectionKind::Road => (1.5, ""),
            ConnectionKind::Rail => (3.0, ""),
            ConnectionKind::Ice => (1.5, r#" stroke-dasharray="6 4""#),
        };
        let opacity = if c.opens_turn > board.turn.max(1) {
            "0.3"
        } else {
            "1"
        };
        svg.push_str(&format!(
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#555" stroke-width="{width}" stroke-opacity="{opacity}"{dash}/>"##,
            a.x, a.y, b.x, b.y
        ));
    }
    for s in &board.map.spaces {
        let fill = match controller(board, &s.id) {
            Side::Soviet => "#b3261e",
            Side::Finnish => "#1f5fa8",
        };
        svg.push_str(&format!(r#"<g id="space-{}">"#, esc(&s.id)));
        if s.defence_line > 0 {
            svg.push_str(&format!(
                r##"<circle cx="{}" cy="{}" r="17" fill="none" stroke="#222" stroke-width="2" stroke-dasharray="2 3"/>"##,
                s.x, s.y
            ));
        }
        if s.logistics_centre {
            svg.push_str(&format!(
                r##"<rect x="{}" y="{}" width="22" height="22" rx="3" fill="{fill}" stroke="#222"/>"##,
                s.x.saturating_sub(11),
                s.y.saturating_sub(11)
            ));
        } else {
            svg.push_str(&format!(
                r##"<circle cx="{}" cy="{}" r="11" fill="{fill}" stroke="#222"/>"##,
                s.x, s.y
            ));
        }
        svg.push_str(&format!(
            r##"<text x="{}" y="{}" fill="#222">{}</text>"##,
            s.x + 15,
            s.y + 4,
            esc(&s.name)
        ));
        if s.value > 0 {
            svg.push_str(&format!(
                r##"<text x="{}" y="{}" fill="#fff" text-anchor="middle" font-weight="700">{}</text>"##,
                s.x,
                s.y + 4,
                s.value
            ));
        }
        let units = units_in(board, &s.id).len();
        if units > 0 {
            svg.push_str(&format!(
                r##"<text x="{}" y="{}" fill="#222" font-weight="700">{units} unit(s)</text>"##,
                s.x + 15,
                s.y + 17
            ));
        }
        let counters = board.placements.iter().filter(|p| p.space == s.id).count();
        for n in 0..counters {
            svg.push_str(&format!(
                r##"<rect x="{}" y="{}" width="10" height="10" fill="#e0a800" stroke="#222"/>"##,
                s.x.saturating_sub(18 + 12 * n as u32),
                s.y.saturating_sub(22)
            ));
        }
        svg.push_str("</g>");
    }
    svg.push_str("</g></svg>");
    svg
}
