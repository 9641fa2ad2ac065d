use super::{Hex, Layout, Orientation, Shifted};
use std::collections::BTreeSet;

const ALL: [Layout; 4] = [
    Layout {
        orientation: Orientation::FlatTop,
        shifted: Shifted::Even,
    },
    Layout {
        orientation: Orientation::FlatTop,
        shifted: Shifted::Odd,
    },
    Layout {
        orientation: Orientation::PointyTop,
        shifted: Shifted::Even,
    },
    Layout {
        orientation: Orientation::PointyTop,
        shifted: Shifted::Odd,
    },
];

fn set(hexes: &[(i32, i32)]) -> BTreeSet<Hex> {
    hexes.iter().map(|&(c, r)| Hex::new(c, r)).collect()
}

fn around(layout: Layout, hex: Hex) -> BTreeSet<Hex> {
    layout.neighbours(hex).into_iter().collect()
}

#[test]
fn a_shifted_column_touches_the_same_and_the_next_row_beside_it() {
    let even = ALL[0];
    // Column 18 is even, so shifted half a hex down: its side neighbours are rows 40 and 41.
    assert_eq!(
        around(even, Hex::new(18, 40)),
        set(&[(18, 39), (18, 41), (17, 40), (17, 41), (19, 40), (19, 41)])
    );
    // Column 17 is not shifted: its side neighbours are rows 39 and 40.
    assert_eq!(
        around(even, Hex::new(17, 40)),
        set(&[(17, 39), (17, 41), (16, 39), (16, 40), (18, 39), (18, 40)])
    );
    let odd = ALL[1];
    assert_eq!(
        around(odd, Hex::new(18, 40)),
        set(&[(18, 39), (18, 41), (17, 39), (17, 40), (19, 39), (19, 40)])
    );
}

#[test]
fn a_shifted_row_touches_the_same_and_the_next_column_above_and_below() {
    let odd_rows = ALL[3];
    // Row 3 is odd, so shifted half a hex right.
    assert_eq!(
        around(odd_rows, Hex::new(5, 3)),
        set(&[(4, 3), (6, 3), (5, 2), (6, 2), (5, 4), (6, 4)])
    );
    assert_eq!(
        around(odd_rows, Hex::new(5, 4)),
        set(&[(4, 4), (6, 4), (4, 3), (5, 3), (4, 5), (5, 5)])
    );
}

#[test]
fn neighbourhood_is_symmetric_and_at_distance_one_in_every_layout() {
    for layout in ALL {
        for c in -3..=4 {
            for r in -3..=4 {
                let hex = Hex::new(c, r);
                let around = around(layout, hex);
                assert_eq!(around.len(), 6);
                for n in around {
                    assert_eq!(layout.distance(hex, n), 1, "{layout:?} {hex:?} {n:?}");
                    assert!(layout.neighbours(n).contains(&hex));
                    assert!(layout.adjacent(hex, n));
                }
                assert!(!layout.adjacent(hex, hex));
            }
        }
    }
}

#[test]
fn distance_counts_along_columns_and_across_them() {
    let even = ALL[0];
    assert_eq!(even.distance(Hex::new(18, 40), Hex::new(18, 35)), 5);
    assert_eq!(even.distance(Hex::new(18, 40), Hex::new(23, 40)), 5);
    // Five columns east can reach two or three rows up or down for free.
    assert_eq!(even.distance(Hex::new(18, 40), Hex::new(23, 38)), 5);
    assert_eq!(even.distance(Hex::new(18, 40), Hex::new(23, 42)), 5);
    assert_eq!(even.distance(Hex::new(18, 40), Hex::new(23, 43)), 5);
    assert_eq!(even.distance(Hex::new(18, 40), Hex::new(23, 44)), 6);
    assert_eq!(even.distance(Hex::new(18, 40), Hex::new(23, 37)), 6);
}

#[test]
fn the_hexes_within_a_distance_number_as_on_an_open_lattice() {
    for layout in ALL {
        let centre = Hex::new(1, 2);
        for d in 0..=5u32 {
            let count = (-8..=10)
                .flat_map(|c| (-8..=12).map(move |r| Hex::new(c, r)))
                .filter(|&h| layout.distance(centre, h) <= d)
                .count();
            assert_eq!(count as u32, 3 * d * d + 3 * d + 1, "{layout:?} within {d}");
        }
    }
}

#[test]
fn the_triangle_inequality_holds() {
    for layout in ALL {
        let hexes: Vec<Hex> = (0..6)
            .flat_map(|c| (0..6).map(move |r| Hex::new(c * 2 - 3, r * 3 - 5)))
            .collect();
        for &a in &hexes {
            for &b in &hexes {
                assert_eq!(layout.distance(a, b), layout.distance(b, a));
                for &c in &hexes {
                    assert!(layout.distance(a, c) <= layout.distance(a, b) + layout.distance(b, c));
                }
            }
        }
    }
}

#[test]
fn a_line_steps_from_neighbour_to_neighbour_and_is_as_long_as_the_distance() {
    for layout in ALL {
        let a = Hex::new(2, 3);
        for b in [
            Hex::new(9, 1),
            Hex::new(2, 12),
            Hex::new(-4, 7),
            Hex::new(2, 3),
        ] {
            let line = layout.line(a, b);
            assert_eq!(line.len() as u32, layout.distance(a, b) + 1);
            assert_eq!(line.first(), Some(&a));
            assert_eq!(line.last(), Some(&b));
            for pair in line.windows(2) {
                assert!(layout.adjacent(pair[0], pair[1]), "{layout:?} {pair:?}");
            }
        }
    }
    // Down a column of a flat-topped map, the line is the column.
    let column: Vec<Hex> = (35..=40).map(|r| Hex::new(18, r)).collect();
    assert_eq!(ALL[0].line(Hex::new(18, 35), Hex::new(18, 40)), column);
}

#[test]
fn neighbouring_centres_are_one_hex_width_apart_and_share_two_corners() {
    let size = 30.0;
    let width = size * 3f64.sqrt();
    for layout in ALL {
        for c in -2..=3 {
            for r in -2..=3 {
                let hex = Hex::new(c, r);
                let (x, y) = layout.centre(hex, size);
                for corner in layout.corners(hex, size) {
                    let d = ((corner.0 - x).powi(2) + (corner.1 - y).powi(2)).sqrt();
                    assert!((d - size).abs() < 1e-9);
                }
                for n in layout.neighbours(hex) {
                    let (nx, ny) = layout.centre(n, size);
                    let d = ((nx - x).powi(2) + (ny - y).powi(2)).sqrt();
                    assert!((d - width).abs() < 1e-9, "{layout:?} {hex:?} {n:?} {d}");
                    let shared = layout
                        .corners(hex, size)
                        .iter()
                        .filter(|p| {
                            layout
                                .corners(n, size)
                                .iter()
                                .any(|q| (p.0 - q.0).abs() < 1e-9 && (p.1 - q.1).abs() < 1e-9)
                        })
                        .count();
                    assert_eq!(shared, 2, "{layout:?} {hex:?} {n:?}");
                    let (e1, e2) = layout.edge(hex, n, size).expect("neighbours share an edge");
                    for e in [e1, e2] {
                        assert!(
                            layout
                                .corners(hex, size)
                                .iter()
                                .any(|q| { (e.0 - q.0).abs() < 1e-9 && (e.1 - q.1).abs() < 1e-9 })
                        );
                    }
                }
                assert_eq!(layout.edge(hex, Hex::new(c + 5, r), size), None);
            }
        }
    }
}

#[test]
fn flat_top_shifted_columns_sit_half_a_hex_lower() {
    let size = 10.0;
    let h = size * 3f64.sqrt();
    let even = ALL[0];
    assert_eq!(even.centre(Hex::new(0, 0), size).1, h / 2.0);
    assert_eq!(even.centre(Hex::new(1, 0), size).1, 0.0);
    let odd = ALL[1];
    assert_eq!(odd.centre(Hex::new(0, 0), size).1, 0.0);
    assert_eq!(odd.centre(Hex::new(-1, 0), size).1, h / 2.0);
    assert_eq!(odd.centre(Hex::new(2, 1), size), (30.0, h));
}
