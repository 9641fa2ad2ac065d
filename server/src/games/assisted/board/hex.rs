//! Hex geometry of a wargame map: hexes by their printed column and row, the way the columns
//! or rows are shifted, neighbours, distance, lines of hexes, and pixel centres and corners.

use serde::{Deserialize, Serialize};

/// A hex by its printed column and row numbers (column 18, row 40 is Winter War's 1840).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Hex {
    /// The column number as printed.
    pub column: i32,
    /// The row number as printed.
    pub row: i32,
}

impl Hex {
    /// The hex in `column` and `row`.
    pub const fn new(column: i32, row: i32) -> Hex {
        Hex { column, row }
    }
}

/// How the hexes sit: with a flat top (columns run straight down, every other column shifted
/// half a hex down) or a pointed top (rows run straight across, every other row shifted half a
/// hex right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// Flat top and bottom; hexes in a column share edges.
    FlatTop,
    /// A point at the top and bottom; hexes in a row share edges.
    PointyTop,
}

/// Which columns (flat top) or rows (pointed top) are shifted half a hex down (right), by the
/// parity of their printed number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shifted {
    /// Odd-numbered columns or rows.
    Odd,
    /// Even-numbered columns or rows.
    Even,
}

/// Cube coordinates (q + r + s = 0), in which distance and lines are simple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cube {
    q: i32,
    r: i32,
}

impl Cube {
    fn s(self) -> i32 {
        -self.q - self.r
    }
}

/// The six steps between neighbouring hexes in cube coordinates.
const STEPS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// A point in the drawing, in pixels from the top left.
pub type Point = (f64, f64);

/// The geometry of one way of laying hexes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// Flat or pointed top.
    pub orientation: Orientation,
    /// Which columns (flat top) or rows (pointed top) are shifted.
    pub shifted: Shifted,
}

impl Layout {
    /// Whether the line numbered `n` (a column, or a row) is shifted half a hex.
    fn is_shifted(self, n: i32) -> bool {
        let odd = n.rem_euclid(2) == 1;
        odd == (self.shifted == Shifted::Odd)
    }

    /// How far (in whole hexes) the lines before line `n` have drifted: half a hex per line,
    /// rounded as the shifted lines sit.
    fn drift(self, n: i32) -> i32 {
        match self.shifted {
            Shifted::Odd => n.div_euclid(2),
            Shifted::Even => (n + 1).div_euclid(2),
        }
    }

    fn cube(self, hex: Hex) -> Cube {
        match self.orientation {
            Orientation::FlatTop => Cube {
                q: hex.column,
                r: hex.row - self.drift(hex.column),
            },
            Orientation::PointyTop => Cube {
                q: hex.column - self.drift(hex.row),
                r: hex.row,
            },
        }
    }

    fn hex(self, cube: Cube) -> Hex {
        match self.orientation {
            Orientation::FlatTop => Hex::new(cube.q, cube.r + self.drift(cube.q)),
            Orientation::PointyTop => Hex::new(cube.q + self.drift(cube.r), cube.r),
        }
    }

    /// The six hexes around `hex`, whether or not they are on a map.
    pub fn neighbours(self, hex: Hex) -> [Hex; 6] {
        let c = self.cube(hex);
        STEPS.map(|(dq, dr)| {
            self.hex(Cube {
                q: c.q + dq,
                r: c.r + dr,
            })
        })
    }

    /// Whether two hexes share an edge.
    pub fn adjacent(self, a: Hex, b: Hex) -> bool {
        self.distance(a, b) == 1
    }

    /// How many hexes apart `a` and `b` are, counting `b` and not `a` (the way wargames count
    /// "within five hexes").
    pub fn distance(self, a: Hex, b: Hex) -> u32 {
        let (a, b) = (self.cube(a), self.cube(b));
        (a.q - b.q)
            .unsigned_abs()
            .max((a.r - b.r).unsigned_abs())
            .max((a.s() - b.s()).unsigned_abs())
    }

    /// The hexes a straight line from the centre of `a` to the centre of `b` passes through,
    /// from `a` to `b`; where the line runs along an edge, the hex on one fixed side is taken.
    pub fn line(self, a: Hex, b: Hex) -> Vec<Hex> {
        let n = self.distance(a, b);
        let (ca, cb) = (self.cube(a), self.cube(b));
        // A tiny nudge keeps the rounding off the edges, so every step is to a neighbour.
        let (qa, ra) = (f64::from(ca.q) + 1e-6, f64::from(ca.r) + 2e-6);
        let (qb, rb) = (f64::from(cb.q) + 1e-6, f64::from(cb.r) + 2e-6);
        (0..=n)
            .map(|i| {
                let t = if n == 0 {
                    0.0
                } else {
                    f64::from(i) / f64::from(n)
                };
                self.hex(round(qa + (qb - qa) * t, ra + (rb - ra) * t))
            })
            .collect()
    }

    /// The centre of `hex` in pixels, for hexes of circumradius `size`, with column and row 0
    /// (unshifted) at the origin.
    pub fn centre(self, hex: Hex, size: f64) -> Point {
        let root3 = 3f64.sqrt();
        let (c, r) = (f64::from(hex.column), f64::from(hex.row));
        match self.orientation {
            Orientation::FlatTop => {
                let half = if self.is_shifted(hex.column) {
                    0.5
                } else {
                    0.0
                };
                (size * 1.5 * c, size * root3 * (r + half))
            }
            Orientation::PointyTop => {
                let half = if self.is_shifted(hex.row) { 0.5 } else { 0.0 };
                (size * root3 * (c + half), size * 1.5 * r)
            }
        }
    }

    /// The six corners of `hex` around its centre, clockwise from the right (flat top) or from
    /// the upper right (pointed top).
    pub fn corners(self, hex: Hex, size: f64) -> [Point; 6] {
        let (x, y) = self.centre(hex, size);
        let start = match self.orientation {
            Orientation::FlatTop => 0.0,
            Orientation::PointyTop => -30.0,
        };
        std::array::from_fn(|i| {
            let angle = (start + 60.0 * i as f64).to_radians();
            (x + size * angle.cos(), y + size * angle.sin())
        })
    }

    /// The edge `a` and `b` share, as its two end points, when they are neighbours.
    pub fn edge(self, a: Hex, b: Hex, size: f64) -> Option<(Point, Point)> {
        if !self.adjacent(a, b) {
            return None;
        }
        let (ax, ay) = self.centre(a, size);
        let (bx, by) = self.centre(b, size);
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        // The edge is perpendicular to the line between the centres, one side long.
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = (-dy / len * size / 2.0, dx / len * size / 2.0);
        Some(((mx + ux, my + uy), (mx - ux, my - uy)))
    }
}

/// The cube hex nearest to a fractional position.
fn round(q: f64, r: f64) -> Cube {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    // Map coordinates are bounded by the grid's limits, far inside i32.
    Cube {
        q: rq as i32,
        r: rr as i32,
    }
}

#[cfg(test)]
#[path = "hex_tests.rs"]
mod tests;
