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

/// The box a symbol is drawn in: its left (`x`), top (`y`), width, height, right (`r`), bottom
/// (`b`) and centre.
#[derive(Clone, Copy)]
struct SymbolBox {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    r: f64,
    b: f64,
    cx: f64,
    cy: f64,
}

impl SymbolBox {
    fn new(x: f64, y: f64, w: f64, h: f64) -> SymbolBox {
        SymbolBox {
            x,
            y,
            w,
            h,
            r: x + w,
            b: y + h,
            cx: x + w / 2.0,
            cy: y + h / 2.0,
        }
    }

    /// Infantry's cross from corner to corner.
    fn cross(self) -> Vec<Shape> {
        let SymbolBox { x, y, r, b, .. } = self;
        vec![line(x, y, r, b), line(x, b, r, y)]
    }

    /// The cross with `more` drawn over it.
    fn crossed(self, more: Vec<Shape>) -> Vec<Shape> {
        let mut shapes = self.cross();
        shapes.extend(more);
        shapes
    }

    /// Armour's oval.
    fn oval(self) -> Shape {
        let SymbolBox { w, h, cx, cy, .. } = self;
        ellipse(cx, cy, w * 0.32, h * 0.28, false)
    }

    /// Mountain troops' peak at the foot.
    fn peak(self) -> Shape {
        let SymbolBox { w, h, b, cx, .. } = self;
        polyline(&[(cx - w * 0.15, b), (cx, b - h * 0.3), (cx + w * 0.15, b)])
    }

    /// Ski troops' pair of skis at the foot.
    fn skis(self) -> Vec<Shape> {
        let SymbolBox { w, h, b, cx, .. } = self;
        vec![
            polyline(&[(cx - w * 0.25, b - h * 0.12), (cx - w * 0.05, b - h * 0.3)]),
            polyline(&[(cx + w * 0.05, b - h * 0.3), (cx + w * 0.25, b - h * 0.12)]),
        ]
    }

    /// Airborne troops' canopy at the foot.
    fn canopy(self) -> Shape {
        let SymbolBox { w, h, b, cx, .. } = self;
        polyline(&[
            (cx - w * 0.2, b),
            (cx - w * 0.1, b - h * 0.2),
            (cx + w * 0.1, b - h * 0.2),
            (cx + w * 0.2, b),
        ])
    }

    /// Marines' anchor bar.
    fn anchor_bar(self) -> Vec<Shape> {
        let SymbolBox { y, w, h, b, cx, .. } = self;
        vec![
            line(cx, y, cx, b),
            line(cx - w * 0.2, y + h * 0.25, cx + w * 0.2, y + h * 0.25),
        ]
    }

    /// A mortar: a dot under an arrow.
    fn mortar(self) -> Vec<Shape> {
        let SymbolBox { y, w, h, b, cx, .. } = self;
        vec![
            ellipse(cx, b - h * 0.2, h * 0.1, h * 0.1, true),
            line(cx, b - h * 0.3, cx, y + h * 0.15),
            polyline(&[
                (cx - w * 0.1, y + h * 0.35),
                (cx, y + h * 0.15),
                (cx + w * 0.1, y + h * 0.35),
            ]),
        ]
    }

    /// A machine gun: an arrow head across the box.
    fn machine_gun(self) -> Vec<Shape> {
        let SymbolBox { y, w, h, b, cx, .. } = self;
        vec![
            line(cx, b, cx, y + h * 0.15),
            polyline(&[
                (cx - w * 0.15, y + h * 0.4),
                (cx, y + h * 0.15),
                (cx + w * 0.15, y + h * 0.4),
            ]),
        ]
    }

    /// Engineers' bridge-like E.
    fn bridge(self) -> Vec<Shape> {
        let SymbolBox {
            x, w, h, r, cx, cy, ..
        } = self;
        vec![
            polyline(&[
                (x + w * 0.25, cy + h * 0.15),
                (x + w * 0.25, cy - h * 0.15),
                (r - w * 0.25, cy - h * 0.15),
                (r - w * 0.25, cy + h * 0.15),
            ]),
            line(cx, cy - h * 0.15, cx, cy + h * 0.15),
        ]
    }

    /// A fortification's battlements along the top.
    fn battlements(self) -> Shape {
        let SymbolBox { x, y, w, h, r, .. } = self;
        polyline(&[
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
        ])
    }

    /// An armoured train: an oval on a rail.
    fn armoured_train(self) -> Vec<Shape> {
        let SymbolBox {
            x,
            w,
            h,
            r,
            b,
            cx,
            cy,
            ..
        } = self;
        vec![
            ellipse(cx, cy - h * 0.08, w * 0.3, h * 0.22, false),
            line(x + w * 0.1, b - h * 0.12, r - w * 0.1, b - h * 0.12),
        ]
    }

    /// An air unit's wings.
    fn wings(self) -> Vec<Shape> {
        let SymbolBox {
            x,
            y,
            w,
            h,
            r,
            b,
            cx,
            cy,
        } = self;
        vec![
            polyline(&[
                (x + w * 0.15, cy + h * 0.15),
                (cx, cy - h * 0.15),
                (r - w * 0.15, cy + h * 0.15),
            ]),
            line(cx, y + h * 0.15, cx, b - h * 0.15),
        ]
    }

    /// A naval unit's hull.
    fn hull(self) -> Shape {
        let SymbolBox {
            x, w, h, r, b, cy, ..
        } = self;
        polyline(&[
            (x + w * 0.1, cy),
            (x + w * 0.25, b - h * 0.15),
            (r - w * 0.25, b - h * 0.15),
            (r - w * 0.1, cy),
        ])
    }
}

impl Symbol {
    /// The shapes drawing the symbol inside the box at (`x`, `y`) of width `w` and height `h`
    /// (the box itself is drawn by the caller).
    pub fn shapes(self, x: f64, y: f64, w: f64, h: f64) -> Vec<Shape> {
        let at = SymbolBox::new(x, y, w, h);
        let SymbolBox { r, b, cx, cy, .. } = at;
        match self {
            Symbol::Infantry => at.cross(),
            Symbol::Armour => vec![at.oval()],
            Symbol::Mechanised => at.crossed(vec![at.oval()]),
            Symbol::Cavalry => vec![line(x, b, r, y)],
            Symbol::Recon => vec![line(x, b, r, y), line(x, cy, r, cy)],
            Symbol::Mountain => at.crossed(vec![at.peak()]),
            Symbol::Ski => at.crossed(at.skis()),
            Symbol::Airborne => at.crossed(vec![at.canopy()]),
            Symbol::Marine => at.crossed(at.anchor_bar()),
            Symbol::Artillery => vec![ellipse(cx, cy, h * 0.15, h * 0.15, true)],
            Symbol::AntiTank => vec![polyline(&[(x, b), (cx, y), (r, b)])],
            Symbol::Mortar => at.mortar(),
            Symbol::MachineGun => at.machine_gun(),
            Symbol::Engineer => at.bridge(),
            Symbol::Headquarters => vec![line(x + w * 0.12, y, x + w * 0.12, b + h * 0.4)],
            Symbol::Fortification => vec![at.battlements()],
            Symbol::ArmouredTrain => at.armoured_train(),
            Symbol::Air => at.wings(),
            Symbol::Naval => vec![at.hull()],
            Symbol::None => Vec::new(),
        }
    }
}
