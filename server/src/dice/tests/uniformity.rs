//! Statistical checks of the derived dice, and a guard against library range samplers.

use super::{no_seeds, spec_campaign, two_lines};
use crate::dice::derive::RollStream;
use crate::dice::source::Draw;

fn chi_square(counts: &[u64], probabilities: &[f64]) -> f64 {
    let n: u64 = counts.iter().sum();
    counts
        .iter()
        .zip(probabilities)
        .map(|(&c, &p)| {
            let expected = n as f64 * p;
            (c as f64 - expected).powi(2) / expected
        })
        .sum()
}

#[test]
fn d6_faces_are_uniform() {
    let mut counts = [0u64; 6];
    for k in 0..60_000 {
        let mut stream = RollStream::new(&[42u8; 32], spec_campaign(), k, &no_seeds().hash());
        for _ in 0..10 {
            counts[stream.die(6) as usize - 1] += 1;
        }
    }
    assert_eq!(counts.iter().sum::<u64>(), 600_000);
    let chi = chi_square(&counts, &[1.0 / 6.0; 6]);
    // Critical value of chi-square with 5 degrees of freedom at p = 0.001.
    assert!(chi < 20.515, "chi-square {chi} for counts {counts:?}");
}

#[test]
fn two_d6_sums_follow_the_triangle() {
    let mut counts = [0u64; 11];
    for k in 60_000..90_000 {
        let mut stream = RollStream::new(&[42u8; 32], spec_campaign(), k, &two_lines().hash());
        for _ in 0..10 {
            counts[(stream.die(6) + stream.die(6)) as usize - 2] += 1;
        }
    }
    let ways = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0];
    let probabilities: Vec<f64> = ways.iter().map(|w| w / 36.0).collect();
    let chi = chi_square(&counts, &probabilities);
    // Critical value of chi-square with 10 degrees of freedom at p = 0.001.
    assert!(chi < 29.588, "chi-square {chi} for counts {counts:?}");
}

#[test]
fn no_library_range_sampler_is_used() {
    let sources = [
        include_str!("../mod.rs"),
        include_str!("../source.rs"),
        include_str!("../procedure.rs"),
        include_str!("../derive.rs"),
        include_str!("../entropy.rs"),
        include_str!("../chain.rs"),
        include_str!("../expr/mod.rs"),
        include_str!("../expr/parse.rs"),
        include_str!("../expr/tests.rs"),
        include_str!("../generic.rs"),
        include_str!("../params.rs"),
        include_str!("../live.rs"),
        include_str!("../export.rs"),
        include_str!("../verify.rs"),
        include_str!("../tests/mod.rs"),
        include_str!("../tests/vectors.rs"),
        include_str!("../tests/uniformity.rs"),
        include_str!("../tests/export.rs"),
    ];
    // Spelled in pieces so that this test does not find itself.
    let banned = [
        ["gen", "_range"],
        ["random", "_range"],
        ["Uni", "form"],
        ["shuf", "fle"],
    ]
    .map(|p| p.concat());
    for source in sources {
        for name in &banned {
            assert!(
                !source.contains(name.as_str()),
                "dice sources must not use {name}"
            );
        }
    }
}
