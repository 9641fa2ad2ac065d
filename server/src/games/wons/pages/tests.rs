//! Tests of the WoNS pages: templates name nothing of the code, and no Rust debug formatting
//! reaches a rendered page.

use super::{Frame, Refusal, side_page, umpire_page};
use crate::core::domain::Side;
use crate::games::wons::rules::aftermath::{BattleReport, Reporter, submit_report};
use crate::games::wons::rules::battle::demo_with_battle;
use crate::games::wons::rules::prisoners::InterrogationRecord;
use crate::games::wons::rules::state::{CampaignStatus, Feature, FeatureKind};
use crate::games::wons::rules::support::assign_support_points;
use crate::games::wons::rules::tables::interrogation::{Interrogation, InterrogationResult};
use crate::games::wons::rules::victory::evaluate;
use crate::games::wons::rules::{BattleStatus, WonsState};
use crate::games::wons::views::{finnish_view, soviet_view, umpire_view};
use crate::web::pages::Nav;
use askama::Template;
use std::path::Path;

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the templates folder reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            found.push(path);
        }
    }
    found
}

#[test]
fn no_template_names_the_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let files = files_under(&root);
    assert!(
        !files.is_empty(),
        "templates found under {}",
        root.display()
    );
    let naming: Vec<String> = files
        .iter()
        .filter(|f| {
            std::fs::read_to_string(f)
                .expect("a template reads")
                .contains("crate::")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        naming.is_empty(),
        "templates receive page structs only; these name `crate::`: {naming:?}"
    );
}

/// A campaign that has ended with two battles (one waiting with the Soviet report sent, one
/// decided), a Finnish minefield the Soviets found and a prisoner who told nothing.
fn eventful_campaign() -> WonsState {
    let mut state = demo_with_battle(1, BattleStatus::Pending);
    assign_support_points(&mut state, 1, Side::Soviet, 3).expect("assigned");
    let report = BattleReport::bare(Side::Finnish, 4);
    submit_report(&mut state, 1, Reporter::Side(Side::Soviet), &report).expect("sent");
    let mut decided = state.battles[0].clone();
    decided.id = 2;
    decided.status = BattleStatus::Decided {
        winner: Side::Soviet,
        turns: 5,
    };
    decided.proposals.clear();
    state.battles.push(decided);
    state.features.insert(
        "f-1".into(),
        Feature {
            id: "f-1".into(),
            kind: FeatureKind::Minefield,
            owner: Side::Finnish,
            step: 2,
            count: 1,
            created_hour: 0,
            known_to_enemy_since: Some(1),
        },
    );
    state.interrogations.push(InterrogationRecord {
        side: Side::Soviet,
        battle: 2,
        prisoner: "Private Virtanen".into(),
        interrogation: Interrogation {
            die: Some(2),
            modifiers: Vec::new(),
            total: Some(2),
            result: InterrogationResult::NameAndRank,
        },
        revealed: Vec::new(),
        surprise: false,
        surprise_used_in: None,
    });
    state.status = CampaignStatus::Ended {
        result: evaluate(&state),
    };
    state
}

fn frame() -> Frame {
    Frame {
        nav: Nav::default(),
        campaign_id: uuid::Uuid::nil(),
        campaign_name: "Winter test".into(),
        error: None,
        refusal: Refusal::Top,
        deadline: None,
        caption: "Hour 1".into(),
        report: Vec::new(),
        events: Vec::new(),
    }
}

/// Where `page` shows Rust's debug formatting of an `Option` or a struct, or a path.
fn debug_traces(page: &str) -> Vec<String> {
    let text: String = page
        .split('<')
        .filter_map(|tag| tag.split_once('>').map(|(_, text)| text))
        .collect::<Vec<_>>()
        .join(" ");
    let mut found: Vec<String> = ["Some(", "None", "::"]
        .iter()
        .filter(|p| text.contains(**p))
        .map(|p| (*p).to_owned())
        .collect();
    // `Name { field: …`: a struct's debug form.
    for (at, _) in text.match_indices(" { ") {
        let rest = &text[at + 3..];
        let field: String = rest
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_')
            .collect();
        if !field.is_empty() && rest[field.len()..].starts_with(':') {
            found.push(text[at.saturating_sub(20)..(at + 3 + field.len() + 1)].to_owned());
        }
    }
    found
}

#[test]
fn pages_show_words_never_debug_formatting() {
    let state = eventful_campaign();
    let soviet = side_page(frame(), soviet_view(&state).0)
        .expect("built")
        .render()
        .expect("renders");
    let finnish = side_page(frame(), finnish_view(&state).0)
        .expect("built")
        .render()
        .expect("renders");
    let umpire = umpire_page(frame(), &state, umpire_view(&state))
        .expect("built")
        .render()
        .expect("renders");
    for (who, page) in [
        ("soviet", &soviet),
        ("finnish", &finnish),
        ("umpire", &umpire),
    ] {
        assert_eq!(debug_traces(page), Vec::<String>::new(), "{who}: {page}");
        assert!(page.contains("initiative: Soviet"), "{who}");
        assert!(
            page.contains("The campaign has ended: The Soviets"),
            "{who}"
        );
    }
    assert!(soviet.contains("(Red table): waiting to be fought"));
    assert!(soviet.contains("(Red table): the Soviet side won after 5 Turn(s)"));
    assert!(soviet.contains("Private Virtanen (battle 2): name and rank only"));
    assert!(soviet.contains("<li>Minefield at C (1)</li>"), "{soviet}");
    assert!(umpire.contains("Minefield at C"), "{umpire}");
    assert!(umpire.contains("Battle 1 at C, Hour 1, Red table"));
    assert!(finnish.contains("A forward observer directs it"));
    assert!(!soviet.contains("A forward observer directs it"));
}

#[test]
fn the_log_reads_newest_hour_first_and_each_hour_in_order() {
    let row = |moment: &str, sentence: &str| crate::db::game::EventRow {
        seq: 0,
        audience: "public".into(),
        kind: "clock".into(),
        moment: moment.into(),
        sentence: sentence.into(),
        payload: sqlx::types::Json(serde_json::Value::Null),
        created_at: time::OffsetDateTime::UNIX_EPOCH,
    };
    // As the log answers: newest first.
    let log = vec![
        row("Hour 2", "2c"),
        row("Hour 2", "2b"),
        row("Hour 2", "2a"),
        row("Hour 1", "1b"),
        row("Hour 1", "1a"),
    ];
    let read: Vec<String> = super::reading_order(log)
        .into_iter()
        .map(|e| e.sentence)
        .collect();
    assert_eq!(read, ["2a", "2b", "2c", "1a", "1b"]);
}

/// After many battles the pages build a sheet only for the pending battle and the three most
/// recent decided ones; the others the views list are a line each, and a line counts the rest.
#[test]
fn pages_show_recent_battles_in_full_and_earlier_ones_as_lines() {
    let mut state = eventful_campaign();
    let decided = state.battles[1].clone();
    for id in 3..=40 {
        let mut b = decided.clone();
        b.id = id;
        state.battles.push(b);
    }
    let soviet = side_page(frame(), soviet_view(&state).0).expect("built");
    let full: Vec<u32> = soviet.battles.iter().map(|(b, _)| b.id).collect();
    assert_eq!(
        full,
        vec![1, 38, 39, 40],
        "the pending battle and the three newest"
    );
    // The view lists the ten newest decided battles: 31 to 37 besides those in full.
    assert_eq!(
        soviet.earlier_battles.len(),
        8,
        "{:#?}",
        soviet.earlier_battles
    );
    assert!(soviet.earlier_battles[0].starts_with("Battle 37 at C"));
    assert!(soviet.earlier_battles[6].starts_with("Battle 31 at C"));
    assert!(soviet.earlier_battles[7].contains("and 29 earlier battles"));
    let umpire = umpire_page(frame(), &state, umpire_view(&state)).expect("built");
    let cards: Vec<u32> = umpire.battle_cards.iter().map(|c| c.battle).collect();
    assert_eq!(cards, vec![40, 39, 38, 1]);
    assert_eq!(umpire.earlier_battles, soviet.earlier_battles);
    // Both render.
    soviet.render().expect("renders");
    umpire.render().expect("renders");
}
