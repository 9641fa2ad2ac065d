//! Unit-type symbols in the NATO style counters print (infantry's cross, armour's oval, …),
//! drawn as SVG shapes inside a symbol box.

use serde::{Deserialize, Serialize};

/// A unit-type symbol a scenario pack may give a unit type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    /// A cross from corner to corner.
    Infantry,
    /// An oval.
    Armour,
    /// A cross and an oval.
    Mechanised,
    /// One diagonal.
    Cavalry,
    /// One diagonal and a cross bar (reconnaissance).
    Recon,
    /// A cross with a peak at the foot.
    Mountain,
    /// A cross with a pair of skis at the foot.
    Ski,
    /// A cross with a canopy at the foot.
    Airborne,
    /// A cross with an anchor bar (naval or marine infantry).
    Marine,
    /// A filled dot.
    Artillery,
    /// An upturned V.
    AntiTank,
    /// A dot under an arrow.
    Mortar,
    /// An arrow head across the box.
    MachineGun,
    /// A bridge-like E.
    Engineer,
    /// A staff at the left.
    Headquarters,
    /// Battlements along the top.
    Fortification,
    /// An oval on a rail.
    ArmouredTrain,
    /// Wings.
    Air,
    /// A hull.
    Naval,
    /// The letters of the unit type only.
    None,
}

/// An SVG element of a symbol, as its tag and attributes (numbers already placed).
pub type Shape = (&'static str, Vec<(&'static str, String)>);

fn line(x1: f64, y1: f64, x2: f64, y2: f64) -> Shape {
    (
        "line",
        vec![
            ("x1", num(x1)),
            ("y1", num(y1)),
            ("x2", num(x2)),
            ("y2", num(y2)),
        ],
    )
}

fn polyline(points: &[(f64, f64)]) -> Shape {
    let points = points
        .iter()
        .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
        .collect::<Vec<_>>()
        .join(" ");
    (
        "polyline",
        vec![("points", points), ("fill", "none".into())],
    )
}

fn ellipse(cx: f64, cy: f64, rx: f64, ry: f64, filled: bool) -> Shape {
    let fill = if filled { "currentColor" } else { "none" };
    (
        "ellipse",
        vec![
            ("cx", num(cx)),
            ("cy", num(cy)),
            ("rx", num(rx)),
            ("ry", num(ry)),
            ("fill", fill.into()),
        ],
    )
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
pub fn num(n: f64) -> String {
    let text = format!("{:.2}", n);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

impl Symbol {
    /// The shapes drawing the symbol inside the box at (`x`, `y`) of width `w` and height `h`
    /// (the box itself is drawn by the caller).
    pub fn shapes(self, x: f64, y: f64, w: f64, h: f64) -> Vec<Shape> {
        let (r, b) = (x + w, y + h);
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        let cross = || vec![line(x, y, r, b), line(x, b, r, y)];
        let with = |mut shapes: Vec<Shape>, more: Vec<Shape>| {
            shapes.extend(more);
            shapes
        };
        match self {
            Symbol::Infantry => cross(),
            Symbol::Armour => vec![ellipse(cx, cy, w * 0.32, h * 0.28, false)],
            Symbol::Mechanised => with(cross(), vec![ellipse(cx, cy, w * 0.32, h * 0.28, false)]),
            Symbol::Cavalry => vec![line(x, b, r, y)],
            Symbol::Recon => vec![line(x, b, r, y), line(x, cy, r, cy)],
            Symbol::Mountain => with(
                cross(),
                vec![polyline(&[
                    (cx - w * 0.15, b),
                    (cx, b - h * 0.3),
                    (cx + w * 0.15, b),
                ])],
            ),
            Symbol::Ski => with(
                cross(),
                vec![
                    polyline(&[(cx - w * 0.25, b - h * 0.12), (cx - w * 0.05, b - h * 0.3)]),
                    polyline(&[(cx + w * 0.05, b - h * 0.3), (cx + w * 0.25, b - h * 0.12)]),
                ],
            ),
            Symbol::Airborne => with(
                cross(),
                vec![polyline(&[
                    (cx - w * 0.2, b),
                    (cx - w * 0.1, b - h * 0.2),
                    (cx + w * 0.1, b - h * 0.2),
                    (cx + w * 0.2, b),
                ])],
            ),
            Symbol::Marine => with(
                cross(),
                vec![
                    line(cx, y, cx, b),
                    line(cx - w * 0.2, y + h * 0.25, cx + w * 0.2, y + h * 0.25),
                ],
            ),
            Symbol::Artillery => vec![ellipse(cx, cy, h * 0.15, h * 0.15, true)],
            Symbol::AntiTank => vec![polyline(&[(x, b), (cx, y), (r, b)])],
            Symbol::Mortar => vec![
                ellipse(cx, b - h * 0.2, h * 0.1, h * 0.1, true),
                line(cx, b - h * 0.3, cx, y + h * 0.15),
                polyline(&[
                    (cx - w * 0.1, y + h * 0.35),
                    (cx, y + h * 0.15),
                    (cx + w * 0.1, y + h * 0.35),
                ]),
            ],
            Symbol::MachineGun => vec![
                line(cx, b, cx, y + h * 0.15),
                polyline(&[
                    (cx - w * 0.15, y + h * 0.4),
                    (cx, y + h * 0.15),
                    (cx + w * 0.15, y + h * 0.4),
                ]),
            ],
            Symbol::Engineer => vec![
                polyline(&[
                    (x + w * 0.25, cy + h * 0.15),
                    (x + w * 0.25, cy - h * 0.15),
                    (r - w * 0.25, cy - h * 0.15),
                    (r - w * 0.25, cy + h * 0.15),
                ]),
                line(cx, cy - h * 0.15, cx, cy + h * 0.15),
            ],
            Symbol::Headquarters => vec![line(x + w * 0.12, y, x + w * 0.12, b + h * 0.4)],
            Symbol::Fortification => vec![polyline(&[
                (x, y + h * 0.3),
                (x + w * 0.2, y + h * 0.3),
                (x + w * 0.2, y + h * 0.1),
                (x + w * 0.4, y + h * 0.1),
                (x + w * 0.4, y + h * 0.3),
                (x + w * 0.6, y + h * 0.3),
                (x + w * 0.6, y + h * 0.1),
                (x + w * 0.8, y + h * 0.1),
                (x + w * 0.8, y + h * 0.3),
                (r, y + h * 0.3),
            ])],
            Symbol::ArmouredTrain => vec![
                ellipse(cx, cy - h * 0.08, w * 0.3, h * 0.22, false),
                line(x + w * 0.1, b - h * 0.12, r - w * 0.1, b - h * 0.12),
            ],
            Symbol::Air => vec![
                polyline(&[
                    (x + w * 0.15, cy + h * 0.15),
                    (cx, cy - h * 0.15),
                    (r - w * 0.15, cy + h * 0.15),
                ]),
                line(cx, y + h * 0.15, cx, b - h * 0.15),
            ],
            Symbol::Naval => vec![polyline(&[
                (x + w * 0.1, cy),
                (x + w * 0.25, b - h * 0.15),
                (r - w * 0.25, b - h * 0.15),
                (r - w * 0.1, cy),
            ])],
            Symbol::None => Vec::new(),
        }
    }
}
