//! The Talvisota map drawn as SVG on the server, and the same facts as table rows for people who
//! cannot see the drawing. Both are built from a side's `BoardView` only, so they show nothing
//! that side may not know.

use crate::core::domain::Side;
use crate::games::talvisota::rules::map::{ConnectionKind, Nation};
use crate::games::talvisota::views::BoardView;

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
            .any(|u| u.side == side && matches!(&u.location, crate::games::talvisota::rules::state::UnitLocation::Space(x) if x == space))
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
        .filter(|u| matches!(&u.location, crate::games::talvisota::rules::state::UnitLocation::Space(x) if x == space))
        .map(|u| u.id.clone())
        .collect()
}

fn markers_in(board: &BoardView, space: &str) -> Vec<String> {
    let mut out: Vec<String> = board
        .placements
        .iter()
        .filter(|p| p.space == space)
        .map(|p| match &p.strategy {
            Some(code) => format!("{} strategy {code}", p.side.adjective()),
            None => format!("{} strategy (face down)", p.side.adjective()),
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
            front: s.front.name(),
            value: s.value,
            defence_line: line_name(s.defence_line),
            control: controller(board, &s.id).adjective(),
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

/// Where a drawing looks: map point (`x0`, `y0`) at its top left corner, `zoom` pixels per map
/// unit, `width` × `height` pixels. Sizes of marks and text stay the same at every zoom.
struct Frame {
    x0: f64,
    y0: f64,
    zoom: f64,
    width: f64,
    height: f64,
}

impl Frame {
    fn at(&self, x: u32, y: u32) -> (f64, f64) {
        (
            (f64::from(x) - self.x0) * self.zoom,
            (f64::from(y) - self.y0) * self.zoom,
        )
    }
}

/// The whole map as an SVG image: connections (rail thick, ice dashed, faint until they open),
/// spaces coloured by who holds them (squares for logistics centres), city values, defence lines
/// as dotted rings, the number of units standing there and strategy counters as small squares.
pub fn map_svg(board: &BoardView) -> String {
    let frame = Frame {
        x0: -20.0,
        y0: -20.0,
        zoom: 1.0,
        width: 640.0,
        height: 940.0,
    };
    draw(board, &frame, "map", "The map")
}

/// A close-up of the defence lines and the spaces around them (the Karelian Isthmus on the
/// default map), where the whole map is too crowded to read; `None` on a map without lines.
pub fn close_up_svg(board: &BoardView) -> Option<String> {
    let lines: Vec<_> = board
        .map
        .spaces
        .iter()
        .filter(|s| s.defence_line > 0)
        .collect();
    let (min_x, max_x) = (
        lines.iter().map(|s| s.x).min()?,
        lines.iter().map(|s| s.x).max()?,
    );
    let (min_y, max_y) = (
        lines.iter().map(|s| s.y).min()?,
        lines.iter().map(|s| s.y).max()?,
    );
    let pad = 40.0;
    let (x0, y0) = (f64::from(min_x) - pad, f64::from(min_y) - pad);
    let (w, h) = (
        f64::from(max_x - min_x) + 2.0 * pad,
        f64::from(max_y - min_y) + 2.0 * pad,
    );
    let zoom = (600.0 / w).min(900.0 / h).max(1.0);
    let frame = Frame {
        x0,
        y0,
        zoom,
        width: w * zoom,
        height: h * zoom,
    };
    Some(draw(
        board,
        &frame,
        "close-up",
        "Close-up of the defence lines",
    ))
}

fn draw(board: &BoardView, frame: &Frame, id: &str, title: &str) -> String {
    let (width, height) = (frame.width, frame.height);
    let mut svg = format!(
        r##"<svg class="histogram" width="100%" viewBox="0 0 {width:.0} {height:.0}" role="img" aria-labelledby="{id}-title {id}-desc" xmlns="http://www.w3.org/2000/svg"><title id="{id}-title">{title}</title><desc id="{id}-desc">Spaces coloured by who holds them: red Soviet, blue Finnish; dotted rings mark defence lines; squares are logistics centres. The table of spaces gives the same facts.</desc><rect width="{width:.0}" height="{height:.0}" fill="#f4f1e8"/>"##
    );
    for c in &board.map.connections {
        let (Some(a), Some(b)) = (board.map.space(&c.from), board.map.space(&c.to)) else {
            continue;
        };
        let (stroke, dash) = match c.kind {
            ConnectionKind::Road => (1.5, ""),
            ConnectionKind::Rail => (3.0, ""),
            ConnectionKind::Ice => (1.5, r#" stroke-dasharray="6 4""#),
        };
        let opacity = if c.opens_turn > board.turn.max(1) {
            "0.3"
        } else {
            "1"
        };
        let ((x1, y1), (x2, y2)) = (frame.at(a.x, a.y), frame.at(b.x, b.y));
        svg.push_str(&format!(
            r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#555" stroke-width="{stroke}" stroke-opacity="{opacity}"{dash}/>"##
        ));
    }
    for s in &board.map.spaces {
        let (x, y) = frame.at(s.x, s.y);
        if x < -50.0 || y < -50.0 || x > width + 50.0 || y > height + 50.0 {
            continue;
        }
        let fill = match controller(board, &s.id) {
            Side::Soviet => "#b3261e",
            Side::Finnish => "#1f5fa8",
        };
        svg.push_str(&format!(r#"<g id="{id}-{}">"#, esc(&s.id)));
        if s.defence_line > 0 {
            svg.push_str(&format!(
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="16" fill="none" stroke="#222" stroke-width="2" stroke-dasharray="2 3"/>"##
            ));
        }
        if s.logistics_centre {
            svg.push_str(&format!(
                r##"<rect x="{:.1}" y="{:.1}" width="22" height="22" rx="3" fill="{fill}" stroke="#222"/>"##,
                x - 11.0,
                y - 11.0
            ));
        } else {
            svg.push_str(&format!(
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="11" fill="{fill}" stroke="#222"/>"##
            ));
        }
        svg.push_str(&format!(
            r##"<text x="{:.1}" y="{:.1}" fill="#222">{}</text>"##,
            x + 17.0,
            y + 4.0,
            esc(&s.name)
        ));
        if s.value > 0 {
            svg.push_str(&format!(
                r##"<text x="{x:.1}" y="{:.1}" fill="#fff" text-anchor="middle" font-weight="700">{}</text>"##,
                y + 4.0,
                s.value
            ));
        }
        let units = units_in(board, &s.id).len();
        if units > 0 {
            svg.push_str(&format!(
                r##"<text x="{:.1}" y="{:.1}" fill="#222" font-weight="700">{units} unit(s)</text>"##,
                x + 17.0,
                y + 17.0
            ));
        }
        let counters = board.placements.iter().filter(|p| p.space == s.id).count();
        for n in 0..counters {
            svg.push_str(&format!(
                r##"<rect x="{:.1}" y="{:.1}" width="10" height="10" fill="#e0a800" stroke="#222"/>"##,
                x - 20.0 - 12.0 * n as f64,
                y - 22.0
            ));
        }
        svg.push_str("</g>");
    }
    svg.push_str("</svg>");
    svg
}
