//! Armor and antitank effects (Opt B): AEC and ATEC proportions in exact fractions, the neutral
//! restriction, terrain, the cumulative die-roll modifier and the required losses.

use super::error::AwwError;
use crate::games::assisted::calc::{Explained, Fraction, Working};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Regimental equivalents, counted in halves (a battalion is ½ RE).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub struct Re {
    /// Half REs.
    pub halves: u32,
}

impl Re {
    /// `n` whole REs.
    pub fn whole(n: u32) -> Re {
        Re {
            halves: n.saturating_mul(2),
        }
    }

    /// Half an RE.
    pub fn half() -> Re {
        Re { halves: 1 }
    }

    /// As an exact fraction.
    pub fn fraction(self) -> Fraction {
        Fraction::new(i64::from(self.halves), 2).unwrap_or(Fraction::whole(0))
    }
}

/// "3", "1/2" or "3 1/2".
pub fn mixed(value: Fraction) -> String {
    let whole = value.num.div_euclid(value.den);
    let rest = value.num.rem_euclid(value.den);
    match (whole, rest) {
        (w, 0) => w.to_string(),
        (0, r) => format!("{r}/{}", value.den),
        (w, r) => format!("{w} {r}/{}", value.den),
    }
}

impl fmt::Display for Re {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&mixed(self.fraction()))
    }
}

/// A unit's value in one category (B.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Capability {
    /// Every RE counts as capable.
    Full,
    /// Each RE counts half capable, half not.
    Half,
    /// Its REs are left out of the proportion (within the neutral restriction).
    Neutral,
    /// Its REs count as having no capability.
    None,
}

/// The three categories (B.1, A.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// AEC in the attack (AECA).
    AecAttack,
    /// AEC in the defense (AECD).
    AecDefence,
    /// Antitank effects (ATEC), for the defender only.
    Atec,
}

impl Category {
    /// "AEC" or "ATEC", as the rules name them.
    pub fn word(self) -> &'static str {
        match self {
            Category::AecAttack | Category::AecDefence => "AEC",
            Category::Atec => "ATEC",
        }
    }
}

/// A unit taking part in a combat, with its values in the three categories.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArmoredUnit {
    /// Its name, for the explanation.
    pub name: String,
    /// Its size.
    pub re: Re,
    /// AEC in the attack.
    pub aeca: Capability,
    /// AEC in the defense.
    pub aecd: Capability,
    /// ATEC.
    pub atec: Capability,
    /// Consecutive turns out of supply (Opt A.1; 0 when supplied or A.1 is not played).
    pub oos_turns: u32,
}

impl ArmoredUnit {
    /// Its value in `category`, with the reason when supply takes it away (A.1: none from the
    /// second turn out of supply).
    pub fn value(&self, category: Category) -> (Capability, Option<String>) {
        let printed = match category {
            Category::AecAttack => self.aeca,
            Category::AecDefence => self.aecd,
            Category::Atec => self.atec,
        };
        if self.oos_turns >= 2 && printed != Capability::None {
            let why = format!(
                "{} is out of supply for the {} turn running and counts as having no {} (Opt A.1)",
                self.name,
                ordinal(self.oos_turns),
                category.word()
            );
            (Capability::None, Some(why))
        } else {
            (printed, None)
        }
    }
}

/// "1st", "2nd", "3rd", "4th", …
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn quarters(q: u64) -> Fraction {
    Fraction::new(i64::try_from(q).unwrap_or(i64::MAX), 4).unwrap_or(Fraction::whole(0))
}

/// The proportion of `units` capable in `category` (B.3, with the neutral restriction of B.4):
/// capable REs (half-capable units count half) over the REs that are not neutral, where neutral
/// REs beyond twice the REs of full and half units count as having no capability. An empty
/// side, or one of neutral units only, has proportion 0.
pub fn proportion(category: Category, units: &[ArmoredUnit]) -> Explained<Fraction> {
    let word = category.word();
    let mut work = Working::new();
    let (mut full, mut half, mut neutral, mut none) = (0u64, 0u64, 0u64, 0u64);
    for unit in units {
        let (value, why) = unit.value(category);
        if let Some(why) = why {
            work.step(why);
        }
        let h = u64::from(unit.re.halves);
        let re = unit.re;
        match value {
            Capability::Full => {
                full += h;
                work.step(format!("{}: {re} RE, all of it {word}", unit.name));
            }
            Capability::Half => {
                half += h;
                work.step(format!(
                    "{}: {re} RE, half capable: {} RE of {word}",
                    unit.name,
                    mixed(quarters(h))
                ));
            }
            Capability::Neutral => {
                neutral += h;
                work.step(format!("{}: {re} RE, {word} neutral", unit.name));
            }
            Capability::None => {
                none += h;
                work.step(format!("{}: {re} RE, no {word}", unit.name));
            }
        }
    }
    let capable = full + half;
    let limit = 2 * capable;
    let excess = neutral.saturating_sub(limit);
    let re = |halves: u64| mixed(quarters(2 * halves));
    if excess > 0 {
        work.step(format!(
            "{} neutral RE is more than twice the {} RE of full and half units ({}): {} RE count as having no {word} (B.4)",
            re(neutral),
            re(capable),
            re(limit),
            re(excess)
        ));
    } else if neutral > 0 {
        work.step(format!(
            "{} neutral RE is within twice the {} RE of full and half units ({}) and is not counted (B.4)",
            re(neutral),
            re(capable),
            re(limit)
        ));
    }
    let num = 2 * full + half;
    let den = 2 * (full + half + none + excess);
    if den == 0 {
        work.step(format!("no RE count for the {word} proportion: it is 0"));
        return work.done(Fraction::whole(0));
    }
    let p = Fraction::new(
        i64::try_from(num).unwrap_or(i64::MAX),
        i64::try_from(den).unwrap_or(i64::MAX),
    )
    .unwrap_or(Fraction::whole(0));
    work.step(format!(
        "{} of the {} RE counted are {word}: a proportion of {p} (B.3)",
        mixed(quarters(num)),
        mixed(quarters(den))
    ));
    work.done(p)
}

fn half() -> Fraction {
    Fraction { num: 1, den: 2 }
}

/// The ATEC die-roll modifier for proportion `p` (B.3c): 0 below 1/7, −1 to below 1/2, −2 to
/// below 1, −4 at 1.
pub fn atec_modifier(p: Fraction) -> Explained<i64> {
    let seventh = Fraction { num: 1, den: 7 };
    let (drm, why) = if p >= Fraction::whole(1) {
        (-4, "is 1")
    } else if p >= half() {
        (-2, "is at least 1/2 but less than 1")
    } else if p >= seventh {
        (-1, "is at least 1/7 but less than 1/2")
    } else {
        (0, "is less than 1/7")
    };
    Explained::new(drm, format!("ATEC proportion {p} {why}: {drm:+} (B.3c)"))
}

/// The AEC die-roll modifier for proportion `p`: +1 in the attack, −1 in the defense, when p is
/// at least 1/2 (B.3a–b).
pub fn aec_modifier(category: Category, p: Fraction) -> Explained<i64> {
    let (drm, rule) = match category {
        Category::AecDefence => (-1, "B.3b"),
        _ => (1, "B.3a"),
    };
    if p >= half() {
        Explained::new(
            drm,
            format!("AEC proportion {p} is at least 1/2: {drm:+} ({rule})"),
        )
    } else {
        Explained::new(
            0,
            format!("AEC proportion {p} is less than 1/2: no modification ({rule})"),
        )
    }
}

/// What the armor rules do to one combat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArmorModifier {
    /// The attackers' modifier (+1 or 0).
    pub attack: i64,
    /// The defenders' modifier (0, −1, −2 or −4).
    pub defence: i64,
    /// The net die-roll modifier.
    pub total: i64,
    /// Whether the attackers are capable of 1/2 or more AEC (whether or not they may use it).
    pub attackers_capable: bool,
    /// Whether the attackers used AEC (B.6).
    pub attackers_used_aec: bool,
    /// The category the defenders used for a modifier, if any.
    pub defenders_used: Option<Category>,
    /// Whether the defenders used 1/2 or more AEC or ATEC, so B.6's required losses bind them.
    pub defenders_half_or_more: bool,
}

/// Whether terrain allows AEC (B.5): a "no AEC" hex or hexside, from the Terrain Effects Chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AecTerrain {
    /// The attackers attack into a "no AEC" hex or across a "no AEC" hexside.
    pub attack_barred: bool,
    /// The defenders defend in a "no AEC" hex.
    pub defence_barred: bool,
}

/// The die-roll modifier of Opt B for `attackers` against `defenders` in `terrain`: the
/// attackers' AEC, then the defenders' ATEC when the attackers are capable of 1/2 or more AEC
/// (even if terrain bars them from using it), else the defenders' AEC; the two add up.
pub fn armor_modifier(
    attackers: &[ArmoredUnit],
    defenders: &[ArmoredUnit],
    terrain: AecTerrain,
) -> Explained<ArmorModifier> {
    let mut work = Working::new();
    work.step("Attackers' AEC:");
    let pa = work.take(proportion(Category::AecAttack, attackers));
    let capable = pa >= half();
    let attack = if capable && terrain.attack_barred {
        work.step(
            "the attackers are capable of AEC but may not use it against this terrain: no modification (B.5)",
        );
        0
    } else {
        work.take(aec_modifier(Category::AecAttack, pa))
    };
    let (defence, used) = if capable {
        work.step("The attackers are capable of 1/2 or more AEC, so the defenders use ATEC and not AEC (B.3b–c). Defenders' ATEC:");
        let pt = work.take(proportion(Category::Atec, defenders));
        let drm = work.take(atec_modifier(pt));
        (drm, (drm != 0).then_some(Category::Atec))
    } else {
        work.step("Defenders' AEC:");
        let pd = work.take(proportion(Category::AecDefence, defenders));
        if pd >= half() && terrain.defence_barred {
            work.step("the defenders may not use AEC in this terrain: no modification (B.5)");
            (0, None)
        } else {
            let drm = work.take(aec_modifier(Category::AecDefence, pd));
            (drm, (drm != 0).then_some(Category::AecDefence))
        }
    };
    let total = attack + defence;
    work.step(format!(
        "armor and antitank effects: {attack:+} and {defence:+} make {total:+}"
    ));
    work.done(ArmorModifier {
        attack,
        defence,
        total,
        attackers_capable: capable,
        attackers_used_aec: attack != 0,
        defenders_used: used,
        defenders_half_or_more: defence <= -2 || used == Some(Category::AecDefence),
    })
}

/// B.6: of `total` losses to a side that used armor or antitank effects, how many at least must
/// come from units capable of 1/2 or more in that category (half, rounded up: a loss is whole).
pub fn required_capable_losses(total: u32) -> Explained<u32> {
    let needed = total.div_ceil(2);
    let rounded = if total % 2 == 1 { " (rounded up)" } else { "" };
    Explained::new(
        needed,
        format!(
            "at least half of {total} losses must come from capable units: {needed}{rounded} (B.6)"
        ),
    )
}

/// B.6: refuses a loss allocation taking fewer than half of `total` losses from capable units.
pub fn check_required_losses(
    side: &str,
    total: u32,
    from_capable: u32,
) -> Result<Explained<u32>, AwwError> {
    let needed = required_capable_losses(total);
    if from_capable < needed.value {
        return Err(AwwError::RequiredLosses {
            side: side.into(),
            total,
            needed: needed.value,
            taken: from_capable,
        });
    }
    Ok(needed)
}

#[cfg(test)]
#[path = "calc_armor_tests.rs"]
mod tests;
