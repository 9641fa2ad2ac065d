//! Combat potentials (rule 4.2) with every strategy, support, environment and terrain modifier.

use super::counters::{CounterSet, UnitKind};
use super::crt::{CrtReading, effective_potential};
use super::environment::EnvironmentKind;
use super::map::SpaceId;
use super::state::PieceId;
use super::strategy::SovietStrategy;
use super::support::{SupportChoice, SupportKind};
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// One line of a potential's explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Modifier {
    /// What it is and the rule.
    pub source: String,
    /// What it adds (negative for a penalty).
    pub amount: i32,
}

/// A side's combat potential with its explanation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ForceTotal {
    /// The sum of the lines.
    pub raw: i32,
    /// What the table uses: at least 1 (rule 4.2).
    pub effective: i32,
    /// Every line.
    pub lines: Vec<Modifier>,
}

impl ForceTotal {
    fn add(&mut self, source: impl Into<String>, amount: i32) {
        self.lines.push(Modifier {
            source: source.into(),
            amount,
        });
        self.raw += amount;
        self.effective = effective_potential(self.raw);
    }
}

/// The Soviet force in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SovietForce {
    /// The strategy it follows.
    pub strategy: SovietStrategy,
    /// Its units still fighting.
    pub units: Vec<(PieceId, UnitKind)>,
    /// Its supports.
    pub supports: Vec<(SupportKind, SupportChoice)>,
}

/// The Finnish force in one round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FinnishForce {
    /// Its units still fighting.
    pub units: Vec<(PieceId, UnitKind)>,
    /// Its supports.
    pub supports: Vec<(SupportKind, SupportChoice)>,
    /// Its environment markers.
    pub environment: Vec<EnvironmentKind>,
    /// Its entrenchment counters.
    pub entrenchments: u32,
}

/// The space fought over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ground {
    /// Its value, added to the Finnish potential.
    pub value: u32,
    /// On a Finnish defence line (rule 8).
    pub defence_line: bool,
}

/// One round of combat, as reported to both players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RoundReport {
    /// The space.
    pub space: SpaceId,
    /// 1 or 2 (rule 4.4).
    pub round: u32,
    /// The Soviet potential.
    pub soviet: ForceTotal,
    /// The Finnish potential.
    pub finnish: ForceTotal,
    /// Who rolled: the higher potential, the Soviet attacker on equal potentials.
    pub roller: Side,
    /// The difference between the effective potentials.
    pub difference: u32,
    /// How the table was read.
    pub reading: CrtReading,
    /// Soviet units lost.
    pub soviet_losses: Vec<PieceId>,
    /// Finnish units lost.
    pub finnish_losses: Vec<PieceId>,
    /// Which side retreats, after NKVD or Mannerheim.
    pub retreat: Option<Side>,
    /// Loss doublings and cancelled retreats, explained.
    pub notes: Vec<String>,
}

fn has(supports: &[(SupportKind, SupportChoice)], kind: SupportKind) -> bool {
    supports.iter().any(|(k, _)| *k == kind)
}

fn has_choice(
    supports: &[(SupportKind, SupportChoice)],
    kind: SupportKind,
    choice: SupportChoice,
) -> bool {
    supports.iter().any(|&(k, c)| k == kind && c == choice)
}

fn count(supports: &[(SupportKind, SupportChoice)], kind: SupportKind) -> i32 {
    supports.iter().filter(|(k, _)| *k == kind).count() as i32
}

/// Whether the Soviet air support counts: not grounded by snow or fog, not cancelled by the
/// Finnish air support.
pub fn soviet_air_active(soviet: &SovietForce, finnish: &FinnishForce) -> bool {
    has(&soviet.supports, SupportKind::SovietAir)
        && !finnish.environment.iter().any(|e| e.grounds_air())
        && !has(&finnish.supports, SupportKind::FinnishAir)
}

/// The tactical bonus a Soviet unit applies under its strategy and the Finnish markers (3.2.2).
pub fn soviet_bonus(
    printed: i32,
    kind: UnitKind,
    soviet: &SovietForce,
    finnish: &FinnishForce,
) -> (i32, String) {
    let strategy = soviet.strategy;
    let env = &finnish.environment;
    let cancelled = if has(&finnish.supports, SupportKind::Ambush) {
        Some("ambush")
    } else if env.contains(&EnvironmentKind::Snow) && kind.is_infantry() {
        Some("snow")
    } else if env.contains(&EnvironmentKind::Forest) && kind == UnitKind::Tan {
        Some("forest")
    } else {
        None
    };
    let manoeuvre = strategy == SovietStrategy::CoordinatedManoeuvre;
    let (mut bonus, mut why) = if strategy == SovietStrategy::MassiveAttack && kind.is_infantry() {
        (0, String::from("no infantry bonus in ATT"))
    } else if let Some(marker) = cancelled {
        if manoeuvre {
            (1, format!("cancelled by {marker}, +1 in MAN"))
        } else {
            (0, format!("cancelled by {marker}"))
        }
    } else {
        let doubled = match strategy {
            SovietStrategy::PrudentAdvance => kind.is_infantry() || kind == UnitKind::Meca,
            SovietStrategy::ArmouredAttack => kind.is_armour(),
            SovietStrategy::CoordinatedManoeuvre => true,
            SovietStrategy::MassiveAttack => false,
        };
        if doubled {
            (printed * 2, format!("doubled by {}", strategy.code()))
        } else {
            (printed, String::from("printed"))
        }
    };
    // **interpretation**: Timoshenko's +1 in a manoeuvre comes after doubling or reduction.
    if manoeuvre
        && has_choice(
            &soviet.supports,
            SupportKind::Timoshenko,
            SupportChoice::Second,
        )
    {
        bonus += 1;
        why.push_str(", +1 Timoshenko");
    }
    (bonus, why)
}

/// A Soviet unit's penalty from ambushes, anti-tank and the environment (rules 3.3.3, 5).
fn ambush_and_ground_penalty(
    kind: UnitKind,
    env: &[EnvironmentKind],
    ambushes: i32,
    anti_tanks: i32,
) -> i32 {
    let mut penalty = -3 * ambushes;
    if env.contains(&EnvironmentKind::Snow) {
        penalty -= if kind.is_infantry() { 1 } else { 3 };
    }
    if env.contains(&EnvironmentKind::Woods) && kind == UnitKind::Tan {
        penalty -= 1;
    }
    if env.contains(&EnvironmentKind::Forest) {
        penalty -= 2;
    }
    if env.contains(&EnvironmentKind::Swamp) {
        penalty -= 1;
    }
    if kind == UnitKind::Tan {
        penalty -= 2 * anti_tanks;
    }
    penalty
}

/// What the Finnish supports and the defence line take off the whole Soviet force (rules
/// 3.3.2, 3.3.3, 8); Finnish air counts when not `grounded` by snow or fog.
fn soviet_force_reduced(
    su: &mut ForceTotal,
    soviet: &SovietForce,
    finnish: &FinnishForce,
    ground: &Ground,
    grounded: bool,
) {
    let soviet_air = has(&soviet.supports, SupportKind::SovietAir);
    let anti_tanks = count(&finnish.supports, SupportKind::AntiTank);
    let tanks_present = soviet.units.iter().any(|(_, k)| *k == UnitKind::Tan);
    let finnish_air = has(&finnish.supports, SupportKind::FinnishAir);
    if finnish_air && !grounded && !soviet_air {
        su.add(
            "Finnish air support, no Soviet air present (rule 3.3.3)",
            -1,
        );
    }
    if has(&finnish.supports, SupportKind::FinnishArtillery) {
        su.add("Finnish artillery (rule 3.3.3)", -2);
    }
    if has_choice(
        &finnish.supports,
        SupportKind::Mannerheim,
        SupportChoice::Second,
    ) {
        su.add("Mannerheim: −2 on the Soviet force (rule 3.3.3)", -2);
    }
    if anti_tanks > 0 && !tanks_present {
        su.add(
            "anti-tank, no Soviet tanks present (rule 3.3.3)",
            -anti_tanks,
        );
    }
    if ground.defence_line {
        let reduced = has_choice(
            &soviet.supports,
            SupportKind::Meretskov,
            SupportChoice::First,
        ) || has(&soviet.supports, SupportKind::T34Kv1);
        if reduced {
            su.add(
                "defence line, reduced by Meretskov or T-34/KV-1 (rules 3.3.2, 8)",
                -1,
            );
        } else {
            su.add("defence line (rule 8)", -4);
        }
    }
}

/// What the Soviet air, artillery and lack of munitions do to the Finnish force (rules 3.3.2,
/// 3.3.3, 5).
fn finnish_force_reduced(
    su: &mut ForceTotal,
    fi: &mut ForceTotal,
    soviet: &SovietForce,
    grounded: bool,
    finnish_air: bool,
    finnish_units: i32,
) {
    let soviet_air = has(&soviet.supports, SupportKind::SovietAir);
    if soviet_air {
        if grounded {
            su.add("Soviet air support grounded by snow or fog (rule 5)", 0);
        } else if finnish_air {
            su.add(
                "Soviet air support made inefficient by Finnish air (rule 3.3.3)",
                0,
            );
        } else {
            fi.add(
                "Soviet air support: −1 for each Finnish unit (rule 3.3.2)",
                -finnish_units,
            );
        }
    }
    if has(&soviet.supports, SupportKind::SovietArtillery) {
        let doubled = has_choice(
            &soviet.supports,
            SupportKind::Meretskov,
            SupportChoice::Second,
        );
        fi.add(
            if doubled {
                "Soviet artillery doubled by Meretskov (rule 3.3.2)"
            } else {
                "Soviet artillery (rule 3.3.2)"
            },
            if doubled { -4 } else { -2 },
        );
    }
    if has(&soviet.supports, SupportKind::LackOfMunitions) {
        fi.add(
            "lack of munitions: −2 for each Finnish unit (rule 3.3.2)",
            -2 * finnish_units,
        );
    }
}

/// Both combat potentials for one round (rules 3.2, 3.3, 4.2, 5, 8).
///
/// **interpretation**: per-unit penalties may take a unit's contribution below zero; only the
/// force's total is raised to 1 (rule 4.2).
pub fn potentials(
    counters: &CounterSet,
    soviet: &SovietForce,
    finnish: &FinnishForce,
    ground: &Ground,
) -> (ForceTotal, ForceTotal) {
    let mut su = ForceTotal::default();
    let mut fi = ForceTotal::default();
    let printed = |kind| {
        counters
            .unit_type(kind)
            .map(|b| (b.strength as i32, b.bonus as i32, b.enemy_penalty as i32))
            .unwrap_or((0, 0, 0))
    };
    let env = &finnish.environment;
    let ambushes = count(&finnish.supports, SupportKind::Ambush);
    let anti_tanks = count(&finnish.supports, SupportKind::AntiTank);
    for (id, kind) in &soviet.units {
        let (strength, printed_bonus, enemy_penalty) = printed(*kind);
        let (bonus, why) = soviet_bonus(printed_bonus, *kind, soviet, finnish);
        su.add(
            format!(
                "{id} ({}): strength {strength}, bonus {bonus:+} ({why})",
                kind.code()
            ),
            strength + bonus,
        );
        let penalty = ambush_and_ground_penalty(*kind, env, ambushes, anti_tanks);
        if penalty != 0 {
            su.add(
                format!("{id}: ambush, anti-tank and environment penalties (rules 3.3.3, 5)"),
                penalty,
            );
        }
        if enemy_penalty != 0 {
            fi.add(format!("{id}: tactical penalty"), -enemy_penalty);
        }
    }
    let grounded = env.iter().any(|e| e.grounds_air());
    let finnish_air = has(&finnish.supports, SupportKind::FinnishAir);
    soviet_force_reduced(&mut su, soviet, finnish, ground, grounded);
    let finnish_units = finnish.units.len() as i32;
    for (id, kind) in &finnish.units {
        let (strength, bonus, enemy_penalty) = printed(*kind);
        fi.add(
            format!(
                "{id} ({}): strength {strength}, bonus {bonus:+}",
                kind.code()
            ),
            strength + bonus,
        );
        if enemy_penalty != 0 {
            su.add(format!("{id}: tactical penalty"), -enemy_penalty);
        }
    }
    for marker in [EnvironmentKind::Woods, EnvironmentKind::Fog] {
        if env.contains(&marker) && finnish_units > 0 {
            fi.add(
                format!("{}: +1 for each Finnish unit (rule 5)", marker.code()),
                finnish_units,
            );
        }
    }
    if finnish.entrenchments > 0 {
        fi.add(
            "entrenchment (interpretation)",
            (finnish.entrenchments * counters.entrenchment_value) as i32,
        );
    }
    if ground.value > 0 {
        fi.add(
            "defensive value of the space (rules 1.3.1, 4.2)",
            ground.value as i32,
        );
    }
    finnish_force_reduced(
        &mut su,
        &mut fi,
        soviet,
        grounded,
        finnish_air,
        finnish_units,
    );
    su.effective = effective_potential(su.raw);
    fi.effective = effective_potential(fi.raw);
    (su, fi)
}
