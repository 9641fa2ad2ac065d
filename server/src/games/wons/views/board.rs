//! The ladder as the centre of a WoNS page: every step with its full name, its tables, defence
//! line, buildings and the features the reader knows; each side's platoons as counters in stack
//! order (fatigue and exhaustion for the reader's own, "last seen" for sightings), each own
//! counter a link to the platoon's card and order form. Drawn twice, for a wide screen (steps
//! down, a column per side) and for a phone (everything on a step under its name); the
//! stylesheet shows one. Built from side views only, so it shows nothing the reader may not know.

use crate::core::domain::Side;
use crate::games::wons::rules::BattleStatus;
use crate::games::wons::rules::ladder::{FireStage, TableColour};
use crate::games::wons::rules::state::FeatureKind;
use crate::games::wons::views::SideView;
use crate::web::drawing::{Drawing, Mark, chars_within, side_colour, text_width, wrap};

/// A counter on the board.
struct Counter {
    name: String,
    detail: String,
    side: Side,
    /// Known from a sighting only.
    seen: bool,
    href: Option<String>,
}

/// The Soviet counters of a step are drawn per stack, the leading stack first.
struct Group {
    label: Option<String>,
    counters: Vec<Counter>,
}

/// What stands on one step, as the reader knows it.
struct StepContent {
    letter: String,
    name: String,
    major: bool,
    tables: Vec<TableColour>,
    /// Buildings and features in words, one line each.
    notes: Vec<String>,
    soviet: Vec<Group>,
    finnish: Vec<Group>,
}

/// The two drawings of the ladder (wide and narrow) as SVG, one after the other.
pub fn ladder_board(views: &[&SideView], caption: &str) -> Result<String, askama::Error> {
    use askama::Template;
    let steps = contents(views);
    let wide = wide(&steps, caption).render()?;
    let narrow = narrow(&steps, caption).render()?;
    Ok(format!("{wide}{narrow}"))
}

fn seen_fill(side: Side) -> &'static str {
    match side {
        Side::Soviet => "#e9c9c9",
        Side::Finnish => "#c9d7e6",
    }
}

fn table_fill(table: TableColour) -> &'static str {
    match table {
        TableColour::Red => "#c62828",
        TableColour::Yellow => "#f2c94c",
        TableColour::Purple => "#7b3fa0",
        TableColour::Green => "#2e7d32",
        TableColour::Blue => "#1565c0",
    }
}

fn fire_words(stage: FireStage) -> &'static str {
    match stage {
        FireStage::Burning => "burning",
        FireStage::HotRuins => "hot ruins",
        FireStage::Ruins => "ruins",
    }
}

fn feature_words(kind: FeatureKind, count: u32) -> String {
    let name = match kind {
        FeatureKind::Minefield => "Minefield",
        FeatureKind::Roadblock => "Roadblock",
        FeatureKind::Entrenchment => "Entrenchment",
    };
    if count > 1 {
        format!("{name}s ×{count}")
    } else {
        name.to_owned()
    }
}

fn contents(views: &[&SideView]) -> Vec<StepContent> {
    let Some(first) = views.first() else {
        return Vec::new();
    };
    first
        .ladder
        .iter()
        .map(|step| {
            let mut notes: Vec<String> = Vec::new();
            if !step.buildings.is_empty() {
                let names: Vec<String> = step
                    .buildings
                    .iter()
                    .map(|b| match &b.fire {
                        Some(f) => format!("{} ({})", b.name, fire_words(f.stage)),
                        None => b.name.clone(),
                    })
                    .collect();
                notes.push(format!("Buildings: {}", names.join(", ")));
            }
            for b in first.battles.iter().filter(|b| b.step == step.letter) {
                if b.status == BattleStatus::Pending {
                    notes.push(format!(
                        "Battle {} to be fought on the {} table",
                        b.id,
                        b.table.title()
                    ));
                }
            }
            let mut soviet = Vec::new();
            let mut finnish = Vec::new();
            for view in views {
                for f in view.features.iter().filter(|f| f.step == step.letter) {
                    let whose = if views.len() > 1 || f.owner != view.side {
                        format!(" ({})", f.owner.adjective())
                    } else {
                        " (yours)".to_owned()
                    };
                    notes.push(format!("{}{whose}", feature_words(f.kind, f.count)));
                }
                let own = own_groups(view, &step.letter);
                let seen = if views.len() == 1 {
                    seen_group(view, &step.letter)
                } else {
                    Vec::new()
                };
                let (mine, theirs) = match view.side {
                    Side::Soviet => (&mut soviet, &mut finnish),
                    Side::Finnish => (&mut finnish, &mut soviet),
                };
                mine.extend(own);
                theirs.extend(seen);
            }
            notes.dedup();
            StepContent {
                letter: step.letter.clone(),
                name: step.name.clone(),
                major: step.major_defence_line,
                tables: step.tables.clone(),
                notes,
                soviet,
                finnish,
            }
        })
        .collect()
}

/// The side's own platoons on a step, per stack in stack order.
fn own_groups(view: &SideView, letter: &str) -> Vec<Group> {
    let counter = |p: &crate::games::wons::views::OwnPlatoonView| Counter {
        name: p.name.clone(),
        detail: format!("Fatigue {} · Exh. {}", p.fatigue, p.exhaustion),
        side: p.side,
        seen: false,
        href: Some(format!("#platoon-{}", p.id)),
    };
    let here: Vec<_> = view.platoons.iter().filter(|p| p.step == letter).collect();
    let mut groups = Vec::new();
    for (i, stack) in view.stacks.iter().enumerate() {
        let counters: Vec<Counter> = stack
            .platoons
            .iter()
            .filter_map(|id| here.iter().find(|p| &p.id == id))
            .map(|p| counter(p))
            .collect();
        if !counters.is_empty() {
            let lead = if i == 0 { ", leading" } else { "" };
            groups.push(Group {
                label: Some(format!("Stack {}{lead}", stack.id)),
                counters,
            });
        }
    }
    let loose: Vec<Counter> = here
        .iter()
        .filter(|p| !view.stacks.iter().any(|s| s.platoons.contains(&p.id)))
        .map(|p| counter(p))
        .collect();
    if !loose.is_empty() {
        groups.push(Group {
            label: None,
            counters: loose,
        });
    }
    groups
}

/// The enemy platoons the side last saw on a step.
fn seen_group(view: &SideView, letter: &str) -> Vec<Group> {
    let counters: Vec<Counter> = view
        .enemy_platoons
        .iter()
        .filter(|e| e.step == letter)
        .map(|e| Counter {
            name: e.name.clone(),
            detail: format!("Last seen Hour {}", e.seen_hour),
            side: e.side,
            seen: true,
            href: None,
        })
        .collect();
    if counters.is_empty() {
        Vec::new()
    } else {
        vec![Group {
            label: Some("Last seen here".into()),
            counters,
        }]
    }
}

const COUNTER_W: i32 = 176;
const GAP: i32 = 8;

/// Height of a counter whose name takes `lines` lines.
fn counter_height(lines: usize) -> i32 {
    14 + 17 * lines as i32 + 18
}

/// Draws the groups of one side in a column `width` wide from (`x`, `y`); returns the height used.
fn draw_groups(d: &mut Drawing, groups: &[Group], x: i32, y: i32, width: i32) -> i32 {
    let per_row = ((width + GAP) / (COUNTER_W + GAP)).max(1) as usize;
    let mut at = y;
    for group in groups {
        if let Some(label) = &group.label {
            at += 15;
            d.text_within(x, at, label.clone(), "group", 12, width);
            at += 5;
        }
        for row in group.counters.chunks(per_row) {
            let lines: Vec<Vec<String>> = row
                .iter()
                .map(|c| wrap(&c.name, chars_within(COUNTER_W - 16, 14)))
                .collect();
            let h = counter_height(lines.iter().map(Vec::len).max().unwrap_or(1));
            for (i, (c, name)) in row.iter().zip(&lines).enumerate() {
                let cx = x + i as i32 * (COUNTER_W + GAP);
                draw_counter(d, c, name, cx, at, h);
            }
            at += h + GAP;
        }
    }
    at - y
}

fn draw_counter(d: &mut Drawing, c: &Counter, name: &[String], x: i32, y: i32, h: i32) {
    let label = format!("{} {} ({})", c.name, c.detail, c.side.adjective());
    let link = c.href.is_some();
    d.open(c.href.clone(), label);
    d.marks.push(Mark::Rect {
        x,
        y,
        w: COUNTER_W,
        h,
        rx: 4,
        fill: if c.seen {
            seen_fill(c.side)
        } else {
            side_colour(c.side)
        },
        stroke: if c.seen {
            side_colour(c.side)
        } else {
            "#1d2630"
        },
        stroke_width: if c.seen { 2 } else { 1 },
        dashed: c.seen,
    });
    let (name_class, detail_class) = if c.seen {
        ("seen-name", "seen-detail")
    } else {
        ("counter-name", "counter-detail")
    };
    for (i, line) in name.iter().enumerate() {
        d.text_within(
            x + 8,
            y + 19 + 17 * i as i32,
            line.clone(),
            name_class,
            14,
            COUNTER_W - 16,
        );
    }
    d.text_within(
        x + 8,
        y + h - 9,
        c.detail.clone(),
        detail_class,
        12,
        COUNTER_W - 16,
    );
    d.close(link);
}

/// The step's letter, name, table chips and notes from (`x`, `y`) in a column `width` wide;
/// returns the height used.
fn draw_step_head(d: &mut Drawing, s: &StepContent, x: i32, y: i32, width: i32) -> i32 {
    d.text(x, y + 26, s.letter.clone(), "letter");
    let nx = x + 30;
    let mut at = y + 24;
    for line in wrap(&s.name, chars_within(width - 30, 16)) {
        d.text_within(nx, at, line, "stepname", 16, width - 30);
        at += 20;
    }
    if s.major {
        d.text(nx, at, "Major defence line", "line-mark");
        at += 18;
    }
    if !s.tables.is_empty() {
        d.text(nx, at, "Tables", "note");
        let mut tx = nx + text_width("Tables", 12) + 4;
        for t in &s.tables {
            d.open(None, format!("{} table", t.title()));
            d.marks.push(Mark::Rect {
                x: tx,
                y: at - 11,
                w: 14,
                h: 14,
                rx: 2,
                fill: table_fill(*t),
                stroke: "#1d2630",
                stroke_width: 1,
                dashed: false,
            });
            d.close(false);
            tx += 18;
        }
        at += 18;
    }
    for note in &s.notes {
        for line in wrap(note, chars_within(width - 30, 12)) {
            d.text_within(nx, at, line, "note", 12, width - 30);
            at += 16;
        }
    }
    at - y
}

fn step_band(d: &mut Drawing, s: &StepContent, y: i32, width: i32, height: i32, odd: bool) {
    d.marks.push(Mark::Rect {
        x: 1,
        y,
        w: width - 2,
        h: height,
        rx: 0,
        fill: if s.major {
            "#efe6d6"
        } else if odd {
            "#f7f8f6"
        } else {
            "#ffffff"
        },
        stroke: if s.major { "#7a5c2e" } else { "#d5dad2" },
        stroke_width: if s.major { 3 } else { 1 },
        dashed: false,
    });
}

fn title_and_desc(caption: &str) -> (String, String) {
    (
        format!("The ladder, {caption}"),
        "Each step of the ladder from the Soviet start to the Finnish rear, with its tables, buildings and known features, and the platoons on it as counters: solid for the reader's own, pale and dashed for enemy platoons last seen there. The table after the picture lists the same.".to_owned(),
    )
}

const WIDE: i32 = 1000;
const HEAD_W: i32 = 250;
const COLUMN_W: i32 = 360;

/// Steps down the page, the step's name at the left, then a column for each side.
fn wide(steps: &[StepContent], caption: &str) -> Drawing {
    let (title, desc) = title_and_desc(caption);
    let mut d = Drawing::new("ladder-wide", "ladder ladder-wide", "group", title, desc);
    let (sx, fx) = (HEAD_W + 8, HEAD_W + 8 + COLUMN_W + 12);
    d.text(10, 24, caption.to_owned(), "caption");
    d.text(sx, 52, "Soviet", "soviet-head");
    d.text(fx, 52, "Finnish", "finnish-head");
    let mut y = 62;
    for (i, s) in steps.iter().enumerate() {
        let mut probe = Drawing::new("", "", "", String::new(), String::new());
        let head = draw_step_head(&mut probe, s, 10, y, HEAD_W - 10);
        let sov = draw_groups(&mut probe, &s.soviet, sx, y + 8, COLUMN_W);
        let fin = draw_groups(&mut probe, &s.finnish, fx, y + 8, COLUMN_W);
        let height = head.max(sov + 8).max(fin + 8).max(48) + 8;
        step_band(&mut d, s, y, WIDE, height, i % 2 == 1);
        d.marks.extend(probe.marks);
        y += height;
    }
    d.width = WIDE;
    d.height = y + 4;
    d
}

const NARROW: i32 = 380;

/// For a phone: each step's name across the width, then its Soviet and Finnish counters under it.
fn narrow(steps: &[StepContent], caption: &str) -> Drawing {
    let (title, desc) = title_and_desc(caption);
    let mut d = Drawing::new(
        "ladder-narrow",
        "ladder ladder-narrow",
        "group",
        title,
        desc,
    );
    for (i, line) in wrap(caption, 40).into_iter().enumerate() {
        d.text(8, 22 + 20 * i as i32, line, "caption");
    }
    let mut y = 22 + 20 * wrap(caption, 40).len() as i32;
    let inner = NARROW - 20;
    for (i, s) in steps.iter().enumerate() {
        let mut probe = Drawing::new("", "", "", String::new(), String::new());
        let mut at = y + draw_step_head(&mut probe, s, 8, y, NARROW - 16);
        for (side, groups) in [(Side::Soviet, &s.soviet), (Side::Finnish, &s.finnish)] {
            if groups.is_empty() {
                continue;
            }
            at += 6;
            let class = match side {
                Side::Soviet => "soviet-head",
                Side::Finnish => "finnish-head",
            };
            probe.text(10, at + 10, side.adjective(), class);
            at += 12;
            at += draw_groups(&mut probe, groups, 10, at, inner);
        }
        let height = (at - y).max(48) + 6;
        step_band(&mut d, s, y, NARROW, height, i % 2 == 1);
        d.marks.extend(probe.marks);
        y += height;
    }
    d.width = NARROW;
    d.height = y + 4;
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::WonsState;
    use crate::games::wons::views::{finnish_view, soviet_view};

    fn demo() -> WonsState {
        crate::games::wons::rules::battle::demo_with_battle(
            1,
            crate::games::wons::rules::BattleStatus::Pending,
        )
    }

    #[test]
    fn every_name_is_whole_and_counters_link_to_their_cards() {
        let state = demo();
        let view = soviet_view(&state).0;
        let steps = contents(&[&view]);
        for picture in [wide(&steps, "Hour 1"), narrow(&steps, "Hour 1")] {
            let texts = picture.texts().join("\n");
            for s in &view.ladder {
                for word in s.name.split_whitespace() {
                    assert!(texts.contains(word), "{} lacks {word}", picture.id);
                }
            }
            for p in &view.platoons {
                for word in p.name.split_whitespace() {
                    assert!(texts.contains(word), "{} lacks {word}", picture.id);
                }
            }
            assert!(!texts.contains('…'), "nothing is cut short");
            let svg = askama::Template::render(&picture).expect("renders");
            for p in &view.platoons {
                assert!(
                    svg.contains(&format!("href=\"#platoon-{}\"", p.id)),
                    "{}",
                    p.id
                );
            }
        }
    }

    #[test]
    fn counters_never_overlap_and_stay_inside() {
        let state = demo();
        let (soviet, finnish) = (soviet_view(&state).0, finnish_view(&state).0);
        let steps = contents(&[&soviet, &finnish]);
        for picture in [wide(&steps, "Hour 1"), narrow(&steps, "Hour 1")] {
            let boxes: Vec<(i32, i32, i32, i32)> = picture
                .marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Rect {
                        x, y, w, h, rx: 4, ..
                    } => Some((*x, *y, *w, *h)),
                    _ => None,
                })
                .collect();
            assert_eq!(boxes.len(), soviet.platoons.len() + finnish.platoons.len());
            for (i, a) in boxes.iter().enumerate() {
                assert!(
                    a.0 >= 0 && a.0 + a.2 <= picture.width,
                    "{a:?} inside {}",
                    picture.id
                );
                assert!(
                    a.1 >= 0 && a.1 + a.3 <= picture.height,
                    "{a:?} inside {}",
                    picture.id
                );
                for b in &boxes[i + 1..] {
                    let apart = a.0 + a.2 <= b.0
                        || b.0 + b.2 <= a.0
                        || a.1 + a.3 <= b.1
                        || b.1 + b.3 <= a.1;
                    assert!(apart, "{a:?} and {b:?} overlap in {}", picture.id);
                }
            }
        }
    }

    #[test]
    fn a_side_sees_its_own_values_and_only_sightings_of_the_enemy() {
        let state = demo();
        let view = finnish_view(&state).0;
        let steps = contents(&[&view]);
        let texts = wide(&steps, "Hour 1").texts().join("\n");
        assert!(texts.contains("Fatigue"));
        let soviet = soviet_view(&state).0;
        for p in &soviet.platoons {
            let seen = view.enemy_platoons.iter().any(|e| e.id == p.id);
            assert_eq!(texts.contains(&p.name), seen, "{}", p.name);
        }
        for e in &view.enemy_platoons {
            assert!(texts.contains(&format!("Last seen Hour {}", e.seen_hour)));
        }
    }

    #[test]
    fn a_pending_battle_is_marked_on_its_step() {
        let state = demo();
        let view = soviet_view(&state).0;
        let battle = view.battles.first().expect("the demo's battle");
        let steps = contents(&[&view]);
        let step = steps
            .iter()
            .find(|s| s.letter == battle.step)
            .expect("its step");
        assert!(
            step.notes
                .iter()
                .any(|n| n.starts_with(&format!("Battle {}", battle.id))),
            "{:?}",
            step.notes
        );
    }

    #[test]
    fn names_are_escaped() {
        let mut state = demo();
        if let Some(p) = state.platoons.values_mut().next() {
            p.name = "<script>x</script>".into();
        }
        let view = soviet_view(&state).0;
        let finn = finnish_view(&state).0;
        let svg = ladder_board(&[&view, &finn], "Hour 1 & more").expect("renders");
        assert!(!svg.contains("<script>"), "{svg}");
    }
}
