//! The Talvisota map drawn as SVG on the server, and the same facts as table rows for people who
//! cannot see the drawing. Both are built from a side's `BoardView` only, so they show nothing
//! that side may not know.
//!
//! The drawing is a schematic: each space is a box with its full name, value, front and defence
//! line and its counters drawn as counters, placed near its map position and pushed apart from
//! its neighbours until no two boxes touch (the Karelian Isthmus is crowded on any real map).

use crate::core::domain::Side;
use crate::games::talvisota::rules::map::{ConnectionKind, Nation, Space};
use crate::games::talvisota::rules::state::UnitLocation;
use crate::games::talvisota::views::{BoardView, UnitView};
use crate::web::drawing::{Drawing, Mark, side_colour};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

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
            .any(|u| u.side == side && matches!(&u.location, UnitLocation::Space(x) if x == space))
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

fn units_in<'a>(board: &'a BoardView, space: &str) -> Vec<&'a UnitView> {
    board
        .map_units
        .iter()
        .filter(|u| matches!(&u.location, UnitLocation::Space(x) if x == space))
        .collect()
}

/// The units in a space in words: "2 × Fusilier division, Tank brigade".
fn units_text(board: &BoardView, space: &str) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for u in units_in(board, space) {
        let name = unit_name(board, u);
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => *count += 1,
            None => counts.push((name, 1)),
        }
    }
    counts
        .into_iter()
        .map(|(name, n)| {
            if n > 1 {
                format!("{n} × {name}")
            } else {
                name
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A unit's name from the counter set ("Fusilier division"), else its printed code.
pub fn unit_name(board: &BoardView, unit: &UnitView) -> String {
    board
        .unit_types
        .iter()
        .find(|t| t.kind == unit.kind)
        .map(|t| t.name.clone())
        .unwrap_or_else(|| unit.kind.code().to_uppercase())
}

/// A unit's printed strength, from the counter set.
fn unit_strength(board: &BoardView, unit: &UnitView) -> Option<u32> {
    board
        .unit_types
        .iter()
        .find(|t| t.kind == unit.kind)
        .map(|t| t.strength)
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
            units: units_text(board, &s.id),
            markers: markers_in(board, &s.id).join(", "),
        })
        .collect()
}

/// A space's box in the drawing.
const BOX_W: f64 = 138.0;
const BOX_H: f64 = 80.0;
/// The least room between two boxes.
const ROOM: f64 = 14.0;
/// Drawing pixels per map unit before the boxes are pushed apart.
const SCALE: f64 = 1.7;
/// How strongly the fisheye magnifies the middle of the defence lines.
const LENS: f64 = 2.5;
const MARGIN: f64 = 12.0;
/// Counters shown in a box before "+n".
const SLOTS: usize = 4;

/// The centre of every space's box, in map order: the map position scaled, then pushed apart
/// until no two boxes come closer than `ROOM`, each drawn gently back towards its own place.
pub fn layout(board: &BoardView) -> Vec<(f64, f64)> {
    // A fisheye lens on the defence lines (where the map is most crowded) spreads their spaces
    // before the boxes are pushed apart, so the push keeps more of the map's shape.
    let lines: Vec<_> = board
        .map
        .spaces
        .iter()
        .filter(|s| s.defence_line > 0)
        .collect();
    let (cx, cy) = if lines.is_empty() {
        (300.0, 450.0)
    } else {
        let n = lines.len() as f64;
        (
            lines.iter().map(|s| f64::from(s.x)).sum::<f64>() / n,
            lines.iter().map(|s| f64::from(s.y)).sum::<f64>() / n,
        )
    };
    let reach = board
        .map
        .spaces
        .iter()
        .map(|s| (f64::from(s.x) - cx).hypot(f64::from(s.y) - cy))
        .fold(1.0, f64::max);
    let home: Vec<(f64, f64)> = board
        .map
        .spaces
        .iter()
        .map(|s| {
            let (dx, dy) = (f64::from(s.x) - cx, f64::from(s.y) - cy);
            let r = dx.hypot(dy) / reach;
            let lens = (1.0 + LENS) / (LENS * r + 1.0);
            ((cx + dx * lens) * SCALE, (cy + dy * lens) * SCALE)
        })
        .collect();
    let mut at = home.clone();
    let n = at.len();
    for round in 0..900 {
        let settle = round >= 600;
        let mut moved = false;
        for i in 0..n {
            for j in i + 1..n {
                let (dx, dy) = (at[j].0 - at[i].0, at[j].1 - at[i].1);
                let over_x = BOX_W + ROOM - dx.abs();
                let over_y = BOX_H + ROOM - dy.abs();
                if over_x <= 0.0 || over_y <= 0.0 {
                    continue;
                }
                moved = true;
                // Apart along the line between them (measured in boxes, so the push keeps
                // the map's shape), just far enough that they no longer touch.
                let (u, v) = (dx / (BOX_W + ROOM), dy / (BOX_H + ROOM));
                let (u, v) = if u == 0.0 && v == 0.0 {
                    (0.0, 0.01)
                } else {
                    (u, v)
                };
                let reach = u.abs().max(v.abs());
                let grow = (1.0 / reach - 1.0).min(4.0) / 2.0 + 0.001;
                let (px, py) = (u * grow * (BOX_W + ROOM), v * grow * (BOX_H + ROOM));
                at[i].0 -= px;
                at[i].1 -= py;
                at[j].0 += px;
                at[j].1 += py;
            }
        }
        if !settle {
            for (p, h) in at.iter_mut().zip(&home) {
                p.0 += (h.0 - p.0) * 0.02;
                p.1 += (h.1 - p.1) * 0.02;
            }
        } else if !moved {
            break;
        }
    }
    let min_x = at.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let min_y = at.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    at.iter()
        .map(|p| {
            (
                (p.0 - min_x + BOX_W / 2.0 + MARGIN).round(),
                (p.1 - min_y + BOX_H / 2.0 + MARGIN + 24.0).round(),
            )
        })
        .collect()
}

/// Each space's box centre, in map order.
type Layout = Vec<(f64, f64)>;

/// The layout of `board`'s map, computed once per map in this process: a map does not change
/// during a campaign, and pushing its boxes apart is most of the cost of drawing it.
fn layout_once(board: &BoardView) -> Arc<Layout> {
    use std::hash::{Hash, Hasher};
    static LAYOUTS: OnceLock<Mutex<HashMap<u64, Arc<Layout>>>> = OnceLock::new();
    let mut key = std::collections::hash_map::DefaultHasher::new();
    for s in &board.map.spaces {
        (&s.id, s.x, s.y, s.defence_line).hash(&mut key);
    }
    let key = key.finish();
    let layouts = LAYOUTS.get_or_init(Mutex::default);
    if let Some(at) = layouts.lock().ok().and_then(|l| l.get(&key).cloned()) {
        return at;
    }
    let at = Arc::new(layout(board));
    if let Ok(mut l) = layouts.lock() {
        // Replacement maps are rare; a handful of layouts is all a server keeps.
        if l.len() >= 32 {
            l.clear();
        }
        l.insert(key, Arc::clone(&at));
    }
    at
}

fn side_tint(side: Side) -> &'static str {
    match side {
        Side::Soviet => "#f6dcd9",
        Side::Finnish => "#dce7f5",
    }
}

/// One thing drawn in a space's counter row.
enum Piece<'a> {
    Unit(&'a UnitView),
    Strategy(Side, Option<&'a str>),
    Marker(&'static str),
}

/// The whole map as an SVG picture: connections (rail thick, ice dashed, faint until they open),
/// each space as a box tinted by who holds it with its name, value, front and defence line, and
/// the counters standing there: units with their type and strength in their side's colour,
/// strategy counters face down unless revealed, possession and infiltration markers.
pub fn map_svg(board: &BoardView) -> String {
    use askama::Template;
    let at = layout_once(board);
    let at: &[(f64, f64)] = &at;
    let mut d = Drawing::new(
        "map",
        "map",
        "img",
        board.map.title.clone(),
        "Every space of the map as a box tinted by who holds it (red Soviet, blue Finnish), with its name, city value, front and defence line, joined by its roads, railways (thick) and ice roads (dashed). Counters stand in the boxes: units with their type and strength in their side's colour, strategy counters face down (?) unless revealed. The table of spaces after the picture gives the same facts.".into(),
    );
    let width = at.iter().map(|p| p.0).fold(0.0, f64::max) + BOX_W / 2.0 + MARGIN;
    let height = at.iter().map(|p| p.1).fold(0.0, f64::max) + BOX_H / 2.0 + MARGIN;
    d.width = width as i32;
    d.height = height as i32;
    d.rect(0, 0, d.width, d.height, "#f4f1e8", "none", 0);
    // A phone shows the defence lines first (the middle of the map on a map without them).
    let lines: Vec<&(f64, f64)> = board
        .map
        .spaces
        .iter()
        .zip(at)
        .filter(|(s, _)| s.defence_line > 0)
        .map(|(_, p)| p)
        .collect();
    d.focus = Some(if lines.is_empty() {
        (d.width / 2, d.height / 2)
    } else {
        let n = lines.len() as f64;
        (
            (lines.iter().map(|p| p.0).sum::<f64>() / n) as i32,
            (lines.iter().map(|p| p.1).sum::<f64>() / n) as i32,
        )
    });
    let index = |id: &str| board.map.spaces.iter().position(|s| s.id == id);
    for c in &board.map.connections {
        let (Some(a), Some(b)) = (index(&c.from), index(&c.to)) else {
            continue;
        };
        let (width, dashed, stroke) = match c.kind {
            ConnectionKind::Road => (2, false, "#6b6b6b"),
            ConnectionKind::Rail => (5, false, "#3a3a3a"),
            ConnectionKind::Ice => (2, true, "#3b7fb8"),
        };
        d.marks.push(Mark::Line {
            x1: at[a].0 as i32,
            y1: at[a].1 as i32,
            x2: at[b].0 as i32,
            y2: at[b].1 as i32,
            stroke,
            width,
            dashed,
            faint: c.opens_turn > board.turn.max(1),
        });
    }
    for (s, p) in board.map.spaces.iter().zip(at) {
        draw_space(&mut d, board, s, *p);
    }
    d.render().unwrap_or_default()
}

/// What a space's box says when pointed at: its name, front, holder, value, defence line and
/// units.
fn space_title(board: &BoardView, s: &Space, holder: Side) -> String {
    let mut title = format!(
        "{}: {} front, held by {}",
        s.name,
        s.front.name(),
        holder.adjective()
    );
    if s.value > 0 {
        title.push_str(&format!(", value {}", s.value));
    }
    if s.defence_line > 0 {
        title.push_str(&format!(", {}", line_name(s.defence_line)));
    }
    let units = units_text(board, &s.id);
    if !units.is_empty() {
        title.push_str(&format!("; units: {units}"));
    }
    title
}

/// One space's box at `p`: tinted by who holds it, with its name, value, defence line and the
/// counters standing there.
fn draw_space(d: &mut Drawing, board: &BoardView, s: &Space, p: (f64, f64)) {
    let (x, y) = ((p.0 - BOX_W / 2.0) as i32, (p.1 - BOX_H / 2.0) as i32);
    let (w, h) = (BOX_W as i32, BOX_H as i32);
    let holder = controller(board, &s.id);
    let pieces = pieces_in(board, &s.id);
    let title = space_title(board, s, holder);
    d.open(None, title);
    if s.defence_line > 0 {
        d.marks.push(Mark::Rect {
            x: x - 5,
            y: y - 5,
            w: w + 10,
            h: h + 10,
            rx: 8,
            fill: "none",
            stroke: "#5a3d12",
            stroke_width: 2,
            dashed: true,
        });
    }
    d.marks.push(Mark::Rect {
        x,
        y,
        w,
        h,
        rx: 5,
        fill: side_tint(holder),
        stroke: side_colour(holder),
        stroke_width: if s.logistics_centre { 4 } else { 2 },
        dashed: false,
    });
    let name_room = if s.value > 0 { w - 36 } else { w - 12 };
    d.text_within(x + 6, y + 16, s.name.clone(), "space", 14, name_room);
    if s.value > 0 {
        d.marks.push(Mark::Circle {
            cx: x + w - 15,
            cy: y + 13,
            r: 11,
            fill: "#1d2630",
            stroke: "#fff",
            stroke_width: 1,
            dashed: false,
        });
        d.centred(x + w - 15, y + 18, s.value.to_string(), "value");
    }
    let mut about = Vec::new();
    if s.logistics_centre {
        about.push("logistics centre".to_owned());
    }
    if s.defence_line > 0 {
        about.push(line_name(s.defence_line).to_owned());
    }
    if !about.is_empty() {
        d.text_within(x + 6, y + 30, about.join(" · "), "about", 11, w - 12);
    }
    let shown = if pieces.len() > SLOTS {
        SLOTS - 1
    } else {
        pieces.len()
    };
    for (i, piece) in pieces.iter().take(shown).enumerate() {
        draw_piece(d, board, piece, x + 5 + i as i32 * 33, y + 40);
    }
    if pieces.len() > shown {
        d.centred(
            x + 5 + shown as i32 * 33 + 15,
            y + 62,
            format!("+{}", pieces.len() - shown),
            "more",
        );
    }
    d.close(false);
}

fn pieces_in<'a>(board: &'a BoardView, space: &str) -> Vec<Piece<'a>> {
    let mut pieces: Vec<Piece<'a>> = units_in(board, space)
        .into_iter()
        .map(Piece::Unit)
        .collect();
    pieces.extend(
        board
            .placements
            .iter()
            .filter(|p| p.space == space)
            .map(|p| Piece::Strategy(p.side, p.strategy.as_deref())),
    );
    if board.possession_markers.iter().any(|m| m == space) {
        pieces.push(Piece::Marker("HELD"));
    }
    if board.infiltration.as_deref() == Some(space) {
        pieces.push(Piece::Marker("INF"));
    }
    pieces
}

/// A counter 30 px square at (`x`, `y`).
fn draw_piece(d: &mut Drawing, board: &BoardView, piece: &Piece<'_>, x: i32, y: i32) {
    let counter = |fill: &'static str, stroke: &'static str, dashed: bool| Mark::Rect {
        x,
        y,
        w: 30,
        h: 34,
        rx: 3,
        fill,
        stroke,
        stroke_width: 1,
        dashed,
    };
    match piece {
        Piece::Unit(u) => {
            d.marks.push(counter(side_colour(u.side), "#111", false));
            d.centred(x + 15, y + 12, u.kind.code().to_uppercase(), "unit-kind");
            if let Some(strength) = unit_strength(board, u) {
                d.centred(x + 15, y + 29, strength.to_string(), "unit-strength");
            }
        }
        Piece::Strategy(side, code) => {
            d.marks
                .push(counter("#e0a800", side_colour(*side), code.is_none()));
            let text = code.map_or_else(
                || "?".to_owned(),
                |c| c.chars().take(4).collect::<String>().to_uppercase(),
            );
            d.centred(x + 15, y + 22, text, "strategy");
        }
        Piece::Marker(text) => {
            d.marks.push(counter("#ffffff", "#111", false));
            d.centred(x + 15, y + 22, *text, "marker");
        }
    }
}
