//! The WoNS pages: each side's ladder, platoon cards and orders; the umpire's dashboard.

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::db::game::EventRow;
use crate::games::GameAccess;
use crate::games::wons::Wons;
use crate::games::wons::api::{self as api, EventsQuery};
use crate::games::wons::rules::fatigue::Action;
use crate::games::wons::rules::prisoners::prisoner_key;
use crate::games::wons::rules::tables::artillery::barrages_of;
use crate::games::wons::rules::{BattleStatus, Order, WonsState};
use crate::games::wons::views::battle::{SheetCard, sheet_card};
use crate::games::wons::views::battle_umpire::{UmpireBattleCard, umpire_cards};
use crate::games::wons::views::board::ladder_board;
use crate::games::wons::views::picture::fatigue_track;
use crate::games::wons::views::{
    BattleView, SideView, UmpireView, WonsView, finnish_view, soviet_view,
};
use crate::state::AppState;
use crate::web::pages::{Due, Nav, render_with};
use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};

pub mod battle_list;
pub mod battles;
mod control;
mod orders;

pub use battles::{BarrageForm, InterrogationForm, barrage, force_morale, interrogate};
pub use control::{CorrectionForm, RevealForm, correct, end, resolve, reveal};
use orders::OrderForm;
pub use orders::{
    ReadyForm, ReorganizationForm, SideOrdersForm, extra_action, give_orders, ready, reorganize,
    withdraw_ready,
};

/// An action offered in an order form.
struct Choice {
    code: String,
    title: &'static str,
    selected: bool,
}

/// A platoon card's extra pieces.
struct Card {
    /// The fatigue track drawn, or empty where the page says it in words (the umpire's, which
    /// shows every platoon of both sides).
    fatigue_svg: String,
    /// The fatigue and exhaustion in words.
    fatigue_words: String,
    history: Vec<String>,
    choices: Vec<Choice>,
    order_text: String,
    /// A Finnish platoon: its form offers the counterattack scenario and the roadblock.
    is_finnish: bool,
    /// The tables an attack from the platoon's step may choose: code and name.
    tables: Vec<(String, &'static str)>,
    /// One of the choices is the platoon's current order (else the form starts at "Choose…").
    has_order: bool,
    /// The order's fields as stored, or as typed when the form was refused.
    form: OrderForm,
    /// Why the last order for this platoon was refused, shown beside its form.
    error: Option<String>,
    /// Its stack and the other platoons in it (Soviets), for the note that a stack moves as one.
    stack: Option<(String, Vec<String>)>,
    /// Its table of organisation in words: each element's name, men and weapons.
    toe: Vec<(String, String, String)>,
}

/// Counts by code in words, such as "1 Platoon commander, 2 LMG gunner".
fn counted(counts: &std::collections::BTreeMap<String, u32>) -> String {
    use crate::games::wons::views::battle_words::title;
    counts
        .iter()
        .map(|(code, n)| format!("{n} {}", title(code)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a side's page says of one battle besides its `BattleView`.
struct BattleLine {
    /// Pending or decided, in words.
    status: String,
    /// Still waiting to be fought: the Force Morale and barrage forms are offered.
    pending: bool,
    /// The side's battle sheet, if it fights there.
    sheet: Option<SheetCard>,
}

#[derive(Template)]
#[template(path = "games/wons/side.html")]
struct SidePage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    error: Option<String>,
    view: SideView,
    /// Who holds the initiative, as an adjective.
    initiative: &'static str,
    cards: Vec<Card>,
    /// Why the side's order form was refused, where no one platoon's fields are to blame.
    orders_error: Option<String>,
    /// The side may give orders now: the page's platoon cards make one order form.
    may_order: bool,
    /// A battle waits for its result: the Hour takes no orders until it is decided.
    battle_pending: bool,
    /// The battles shown in full, with their lines on the page.
    battles: Vec<(BattleView, BattleLine)>,
    /// Earlier decided battles, a line each.
    earlier_battles: Vec<String>,
    /// The barrages the side may call, as (code, title).
    barrage_choices: Vec<(&'static str, &'static str)>,
    /// The Finnish side's page: a forward observer may direct its barrages.
    is_finnish: bool,
    /// The Soviet side's page before its orders are ready: the stacks may be reorganized.
    may_reorganize: bool,
    /// The reorganization form's text: the planned stacks, else the stacks as they stand, one
    /// a line with its platoons by name.
    reorganization_text: String,
    /// The names of the side's platoons without orders: they Defend if the side is ready now.
    unordered: Vec<String>,
    /// The side is ready and the Hour open: it may withdraw its ready mark.
    may_withdraw: bool,
    ladder_svg: String,
    deadline: Option<Due>,
    report: Vec<EventRow>,
    events: Vec<EventRow>,
}

#[derive(Template)]
#[template(path = "games/wons/umpire.html")]
struct UmpirePage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    error: Option<String>,
    view: UmpireView,
    /// Who holds the initiative, as an adjective.
    initiative: &'static str,
    /// The cards of the battles shown in full, newest first.
    battle_cards: Vec<UmpireBattleCard>,
    /// Earlier decided battles, a line each.
    earlier_battles: Vec<String>,
    sides: Vec<(SideView, Vec<Card>)>,
    ladder_svg: String,
    deadline: Option<Due>,
    report: Vec<EventRow>,
    events: Vec<EventRow>,
    /// What the correction form offers: the value's place in the state and its name in words
    /// with its current value.
    correction_targets: Vec<(String, String)>,
    /// What the reveal form offers: each platoon and work by its id, named in words.
    reveal_targets: Vec<(String, String)>,
}

/// The platoons and works a side may be told of, by id with their names in words: each
/// platoon by name and side, each work by side, kind and step.
fn reveal_targets(game: &WonsState) -> Vec<(String, String)> {
    use crate::games::wons::rules::ladder::step_letter;
    let mut platoons: Vec<_> = game.platoons.values().collect();
    platoons.sort_by_key(|p| (p.side != Side::Soviet, p.name.clone()));
    let mut targets: Vec<(String, String)> = platoons
        .into_iter()
        .map(|p| {
            (
                p.id.clone(),
                format!("{} ({} platoon)", p.name, p.side.adjective()),
            )
        })
        .collect();
    targets.extend(game.features.values().map(|f| {
        (
            f.id.clone(),
            format!(
                "{} {} at {}",
                f.owner.adjective(),
                f.kind.name(),
                step_letter(f.step)
            ),
        )
    }));
    targets
}

/// The values the umpire corrects most, named as people say them with their current value:
/// the Hour, the initiative, each platoon's fatigue, step and name, each work's count.
fn correction_targets(game: &WonsState) -> Vec<(String, String)> {
    use crate::games::wons::rules::ladder::step_letter;
    let mut targets = vec![
        ("/hour".to_owned(), format!("The Hour (now {})", game.hour)),
        (
            "/initiative".to_owned(),
            format!("The initiative (now {})", game.initiative.adjective()),
        ),
    ];
    let mut platoons: Vec<_> = game.platoons.values().collect();
    platoons.sort_by_key(|p| (p.side != Side::Soviet, p.name.clone()));
    for p in platoons {
        let at = format!("/platoons/{}", p.id);
        targets.push((
            format!("{at}/fatigue"),
            format!("{}: fatigue (now {})", p.name, p.fatigue),
        ));
        targets.push((
            format!("{at}/step"),
            format!("{}: step (now {})", p.name, step_letter(p.step)),
        ));
        targets.push((format!("{at}/name"), format!("{}: name", p.name)));
    }
    for f in game.features.values() {
        targets.push((
            format!("/features/{}/count", f.id),
            format!(
                "{} {} at {}: how many (now {})",
                f.owner.adjective(),
                f.kind.name(),
                step_letter(f.step),
                f.count
            ),
        ));
    }
    targets
}

fn action_code(action: Action) -> String {
    serde_json::to_value(action)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn order_text(order: &Option<Order>) -> String {
    match order {
        None => "none yet".into(),
        Some(o) => serde_json::to_value(o)
            .ok()
            .and_then(|v| {
                v.get("action")
                    .and_then(|a| a.as_str())
                    .map(|a| a.replace('_', " "))
            })
            .unwrap_or_default(),
    }
}

/// The platoon cards of a side, their order fields filled from the stored orders or, after a
/// refusal, from what was typed.
fn cards(
    view: &SideView,
    events: &[EventRow],
    typed: Option<&SideOrdersForm>,
    drawn: bool,
) -> Result<Vec<Card>, AppError> {
    use crate::games::wons::rules::fatigue::exhaustion;
    view.platoons
        .iter()
        .map(|p| {
            let form = match typed {
                Some(typed) => typed.of(&p.id),
                None => p.order.as_ref().map(OrderForm::of).unwrap_or_default(),
            };
            Ok(Card {
                history: events
                    .iter()
                    .filter(|e| e.sentence.contains(&p.name))
                    .take(8)
                    .map(|e| format!("{}: {}", e.moment, e.sentence))
                    .collect(),
                fatigue_svg: if drawn {
                    fatigue_track(p.fatigue)
                        .render()
                        .map_err(AppError::internal)?
                } else {
                    String::new()
                },
                fatigue_words: format!(
                    "fatigue {} · exhaustion {}",
                    p.fatigue,
                    exhaustion(p.fatigue)
                ),
                choices: p
                    .legal_actions
                    .iter()
                    .map(|a| {
                        let code = action_code(*a);
                        Choice {
                            selected: form.action == code,
                            code,
                            title: a.title(),
                        }
                    })
                    .collect(),
                order_text: order_text(&p.order),
                toe: p
                    .toe
                    .iter()
                    .map(|e| (e.name.clone(), counted(&e.men), counted(&e.weapons)))
                    .collect(),
                is_finnish: p.side == Side::Finnish,
                tables: attack_tables(view, p),
                has_order: !form.action.is_empty(),
                form,
                error: None,
                stack: view
                    .stacks
                    .iter()
                    .find(|s| s.platoons.len() > 1 && s.platoons.contains(&p.id))
                    .map(|s| {
                        let mates = s
                            .platoons
                            .iter()
                            .filter(|id| **id != p.id)
                            .filter_map(|id| view.platoons.iter().find(|q| &q.id == id))
                            .map(|q| q.name.clone())
                            .collect();
                        (s.id.clone(), mates)
                    }),
            })
        })
        .collect()
}

/// The log as people read it: the newest Hour first, and within each Hour its entries in the
/// order they happened (the log comes newest first).
fn reading_order(events: Vec<EventRow>) -> Vec<EventRow> {
    let mut hours: Vec<Vec<EventRow>> = Vec::new();
    for e in events {
        match hours.last_mut() {
            Some(hour) if hour.last().is_some_and(|last| last.moment == e.moment) => hour.push(e),
            _ => hours.push(vec![e]),
        }
    }
    hours
        .into_iter()
        .flat_map(|hour| hour.into_iter().rev())
        .collect()
}

/// The tables of the platoon's step an attack may choose (the Soviets' later attacks keep to
/// Red, Yellow and Purple; whether this Hour's attack must use Red is checked with the order).
fn attack_tables(
    view: &SideView,
    p: &crate::games::wons::views::OwnPlatoonView,
) -> Vec<(String, &'static str)> {
    use crate::games::wons::rules::ladder::TableColour;
    view.ladder
        .iter()
        .find(|s| s.letter == p.step)
        .map(|s| {
            s.tables
                .iter()
                .filter(|t| p.side == Side::Finnish || TableColour::SOVIET_LATER.contains(t))
                .map(|t| (t.title().to_lowercase(), t.title()))
                .collect()
        })
        .unwrap_or_default()
}

/// How many decided battles a page shows in full; earlier ones get a line each, so a page's work
/// does not grow with every battle ever fought.
const RECENT_BATTLES: usize = 3;

/// The ids of the battles a page shows in full: every pending one and the most recent decided
/// ones, plus (for a side) any whose prisoners still wait to be interrogated.
fn battles_in_full<'a>(
    battles: impl DoubleEndedIterator<Item = (u32, bool)>,
    also: impl Fn(u32) -> bool + 'a,
) -> std::collections::BTreeSet<u32> {
    let mut decided = 0;
    battles
        .rev()
        .filter(|(id, pending)| {
            let recent = !*pending && decided < RECENT_BATTLES;
            if recent {
                decided += 1;
            }
            *pending || recent || also(*id)
        })
        .map(|(id, _)| id)
        .collect()
}

/// How many earlier battles a page lists, newest first; the log keeps them all.
const EARLIER_LISTED: usize = 20;

/// Earlier battles as lines, newest first, at most `EARLIER_LISTED` of those the views list
/// (each battle once, though both sides' views hold it), and a line for the rest of the
/// `total` earlier battles.
fn earlier<'a>(battles: impl Iterator<Item = &'a BattleView>, total: usize) -> Vec<String> {
    let mut seen = std::collections::BTreeMap::new();
    for b in battles {
        seen.entry(std::cmp::Reverse(b.id)).or_insert(b);
    }
    let mut lines: Vec<String> = seen
        .values()
        .take(EARLIER_LISTED)
        .map(|b| battle_line(b))
        .collect();
    if total > lines.len() {
        lines.push(format!(
            "…and {} earlier battles, listed with every battle on the battles page.",
            total - lines.len()
        ));
    }
    lines
}

/// A battle shown in a line: where, when and how it ended.
fn battle_line(b: &BattleView) -> String {
    format!(
        "Battle {} at {} in Hour {} ({} table): {}",
        b.id,
        b.step,
        b.hour,
        b.table,
        b.status.words()
    )
}

/// The side's battles shown in full with their lines (status in words and the side's sheet),
/// and the earlier ones as a line each.
fn battle_lines(view: &SideView) -> (Vec<(BattleView, BattleLine)>, Vec<String>) {
    // The battles with a prisoner not yet interrogated, found in one pass.
    let interrogated: std::collections::BTreeSet<(u32, String)> = view
        .interrogations
        .iter()
        .map(|i| (i.battle, prisoner_key(&i.prisoner)))
        .collect();
    let waiting: std::collections::BTreeSet<u32> = view
        .battles
        .iter()
        .filter(|b| {
            b.report.as_ref().is_some_and(|r| {
                r.prisoners
                    .iter()
                    .any(|p| !interrogated.contains(&(b.id, prisoner_key(&p.name))))
            })
        })
        .map(|b| b.id)
        .collect();
    let waiting_prisoners = |id: u32| waiting.contains(&id);
    let full = battles_in_full(
        view.battles
            .iter()
            .map(|b| (b.id, b.status == BattleStatus::Pending)),
        waiting_prisoners,
    );
    let shown = view
        .battles
        .iter()
        .filter(|b| full.contains(&b.id))
        .map(|b| {
            let line = BattleLine {
                status: b.status.words(),
                pending: b.status == BattleStatus::Pending,
                sheet: sheet_card(view, b),
            };
            (b.clone(), line)
        })
        .collect();
    let listed = view.battles.iter().filter(|b| !full.contains(&b.id));
    let total = listed.clone().count() + view.earlier_battles as usize;
    let earlier = earlier(listed, total);
    (shown, earlier)
}

/// What every WoNS page says around the campaign's views: who reads it, the campaign, the
/// refusal to show, the deadline, the ladder's caption and the event log.
struct Frame {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    error: Option<String>,
    /// Where the refusal is shown, and what was typed.
    refusal: Refusal,
    deadline: Option<Due>,
    caption: String,
    report: Vec<EventRow>,
    events: Vec<EventRow>,
}

/// Where a refused form's message is shown, and what the form said.
pub(super) enum Refusal {
    /// At the top of the page.
    Top,
    /// In the side's order form, every field as typed, beside the fields of the platoon it
    /// concerns (found from the message's words when the rules' refusal does not say).
    Orders {
        platoon: Option<String>,
        form: SideOrdersForm,
    },
}

/// The platoon a refusal speaks of: the longest platoon name in the message, or the first
/// platoon of a stack it names.
fn platoon_named(view: &SideView, message: &str) -> Option<String> {
    view.platoons
        .iter()
        .filter(|p| message.contains(&p.name))
        .max_by_key(|p| p.name.len())
        .map(|p| p.id.clone())
        .or_else(|| {
            view.stacks
                .iter()
                .find(|s| message.contains(&format!("stack {} ", s.id)))
                .and_then(|s| s.platoons.first().cloned())
        })
}

async fn page(
    state: &AppState,
    access: &GameAccess<Wons>,
    error: Option<String>,
    refusal: Refusal,
    status: StatusCode,
) -> Result<Response, AppError> {
    let nav = Nav::with_waiting(&state.db, access).await?;
    page_with(state, access, nav, error, refusal, status).await
}

async fn page_with(
    state: &AppState,
    access: &GameAccess<Wons>,
    nav: Nav,
    error: Option<String>,
    refusal: Refusal,
    status: StatusCode,
) -> Result<Response, AppError> {
    let (game, view) = api::view(state, access).await?;
    let zone = access.user.zone();
    let events = api::events(
        state,
        access,
        &EventsQuery {
            before: None,
            limit: Some(60),
        },
    )
    .await?;
    let last_hour = game.hour.checked_sub(1).map(|h| game.clock.label(h));
    let report: Vec<EventRow> = events
        .iter()
        .filter(|e| Some(&e.moment) == last_hour.as_ref())
        .rev()
        .cloned()
        .collect();
    let events = events
        .into_iter()
        .map(|mut e| {
            e.sentence = crate::web::pages::logged_sentence(&e.sentence, &e.payload, &zone);
            e
        })
        .collect();
    let frame = Frame {
        nav,
        campaign_id: access.id(),
        campaign_name: access.membership.campaign.name.clone(),
        error,
        refusal,
        deadline: access
            .membership
            .campaign
            .orders_deadline
            .map(|at| Due::of(at, &zone)),
        caption: game.clock.label(game.hour),
        report,
        events,
    };
    Ok(match view {
        WonsView::Soviet(v) => render_with(status, &side_page(frame, v.0)?),
        WonsView::Finnish(v) => render_with(status, &side_page(frame, v.0)?),
        WonsView::Umpire(v) => render_with(status, &umpire_page(frame, &game, *v)?),
    })
}

/// A side's page: its ladder, battles, platoon cards and orders.
fn side_page(mut frame: Frame, view: SideView) -> Result<SidePage, AppError> {
    let ladder_svg = ladder_board(&[&view], &frame.caption).map_err(AppError::internal)?;
    let (mut cards, mut orders_error) = (cards(&view, &frame.events, None, true)?, None);
    // A refused order is shown in the order form, beside its platoon's fields where the
    // refusal concerns one, with everything as it was typed.
    if let Refusal::Orders { platoon, form } = &frame.refusal {
        cards = self::cards(&view, &frame.events, Some(form), true)?;
        let message = frame.error.take().unwrap_or_default();
        let at = platoon
            .clone()
            .or_else(|| platoon_named(&view, &message))
            .and_then(|at| view.platoons.iter().position(|p| p.id == at));
        match at.and_then(|i| cards.get_mut(i)) {
            Some(card) => card.error = Some(message),
            None => orders_error = Some(message),
        }
    }
    let (battles, earlier_battles) = battle_lines(&view);
    // While a battle waits for its result the Hour takes no orders.
    let battle_pending = view
        .battles
        .iter()
        .any(|b| b.status == BattleStatus::Pending);
    Ok(SidePage {
        nav: frame.nav,
        campaign_id: frame.campaign_id,
        campaign_name: frame.campaign_name,
        error: frame.error,
        initiative: view.campaign.initiative.adjective(),
        may_order: !view.orders.ready
            && view.campaign.result.is_none()
            && !battle_pending
            && cards.iter().any(|c| !c.choices.is_empty()),
        battle_pending,
        cards,
        orders_error,
        battles,
        earlier_battles,
        barrage_choices: barrages_of(view.side).map(|b| (b.code, b.title)).collect(),
        is_finnish: view.side == Side::Finnish,
        may_reorganize: view.side == Side::Soviet
            && !view.orders.ready
            && view.campaign.result.is_none(),
        reorganization_text: stacks_text(&view),
        unordered: view
            .platoons
            .iter()
            .filter(|p| p.order.is_none())
            .map(|p| p.name.clone())
            .collect(),
        may_withdraw: view.orders.ready && view.campaign.result.is_none() && !battle_pending,
        view,
        ladder_svg,
        deadline: frame.deadline,
        report: frame.report,
        events: reading_order(frame.events),
    })
}

/// The side's planned stacks (else its stacks as they stand), one a line: the stack's name and
/// its platoons by name, as the reorganization form reads them.
fn stacks_text(view: &SideView) -> String {
    let stacks = view.orders.reorganization.as_ref().unwrap_or(&view.stacks);
    let name = |id: &String| {
        view.platoons
            .iter()
            .find(|p| &p.id == id)
            .map_or_else(|| id.clone(), |p| p.name.clone())
    };
    stacks
        .iter()
        .map(|st| {
            let names: Vec<String> = st.platoons.iter().map(name).collect();
            format!("{}: {}\n", st.id, names.join(", "))
        })
        .collect()
}

/// The umpire's dashboard: both sides' ladders and cards, the battle cards and the controls.
fn umpire_page(frame: Frame, game: &WonsState, view: UmpireView) -> Result<UmpirePage, AppError> {
    let soviet = soviet_view(game).0;
    let finnish = finnish_view(game).0;
    let ladder_svg =
        ladder_board(&[&soviet, &finnish], &frame.caption).map_err(AppError::internal)?;
    let full = battles_in_full(
        game.battles
            .iter()
            .map(|b| (b.id, b.status == BattleStatus::Pending)),
        |_| false,
    );
    let earlier_battles = earlier(
        soviet
            .battles
            .iter()
            .chain(&finnish.battles)
            .filter(|b| !full.contains(&b.id)),
        game.battle_count() as usize - full.len(),
    );
    // The umpire's page says each track in words: nine drawings would be a third of the page.
    let soviet_cards = cards(&soviet, &frame.events, None, false)?;
    let finnish_cards = cards(&finnish, &frame.events, None, false)?;
    Ok(UmpirePage {
        nav: frame.nav,
        campaign_id: frame.campaign_id,
        campaign_name: frame.campaign_name,
        error: frame.error,
        initiative: view.campaign.initiative.adjective(),
        battle_cards: umpire_cards(&view.state, [&soviet, &finnish], |id| full.contains(&id)),
        earlier_battles,
        correction_targets: correction_targets(game),
        reveal_targets: reveal_targets(game),
        view,
        sides: vec![(soviet, soviet_cards), (finnish, finnish_cards)],
        ladder_svg,
        deadline: frame.deadline,
        report: frame.report,
        events: reading_order(frame.events),
    })
}

/// `GET /campaigns/{id}/wons`: the side's page, or the umpire's dashboard.
pub async fn show(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    headers: axum::http::HeaderMap,
) -> Result<Response, AppError> {
    crate::web::etag::page(&headers, &access, "wons-page", kept_page(&state, &access)).await
}

/// The side's page or the umpire's dashboard, as kept for the reader (`web::view_cache`).
async fn kept_page(state: &AppState, access: &GameAccess<Wons>) -> Result<Response, AppError> {
    let key = crate::web::view_cache::key(access, "wons-page");
    // The page names the reader, shows times in their zone and counts the campaigns waiting for
    // them: a page kept for one of these is not kept for another.
    let nav = Nav::with_waiting(&state.db, access).await?;
    let reader = format!(
        "{}\n{}\n{}",
        access.user.username,
        access.user.zone().name(),
        nav.waiting
    );
    crate::web::view_cache::page(
        &state.caches.views,
        key,
        (access.user.id, reader.as_str()),
        page_with(state, access, nav, None, Refusal::Top, StatusCode::OK),
    )
    .await
}

/// Shows the page again with a refusal, or goes back to it after success.
pub(super) async fn after<T>(
    state: &AppState,
    access: &GameAccess<Wons>,
    result: Result<T, AppError>,
    anchor: &str,
) -> Result<Response, AppError> {
    match result {
        Ok(_) => {
            Ok(Redirect::to(&format!("/campaigns/{}/wons{anchor}", access.id())).into_response())
        }
        Err(e) => refused(state, access, e, Refusal::Top).await,
    }
}

/// Shows the page again with a refused form's message where `refusal` says; a missing
/// campaign or a server error is answered as such.
pub(super) async fn refused(
    state: &AppState,
    access: &GameAccess<Wons>,
    e: AppError,
    refusal: Refusal,
) -> Result<Response, AppError> {
    if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND {
        page(state, access, Some(e.message), refusal, e.status).await
    } else {
        Err(e)
    }
}

#[derive(Template)]
#[template(path = "games/wons/rules.html")]
struct RulesPage {
    nav: Nav,
    readings: &'static [&'static str],
}

/// `GET /games/wons/rules`: how motti reads the rules where they are ambiguous.
pub async fn rules(crate::web::auth::MaybeUser(user): crate::web::auth::MaybeUser) -> Response {
    render_with(
        StatusCode::OK,
        &RulesPage {
            nav: user.as_ref().map(Nav::for_user).unwrap_or_default(),
            readings: crate::games::wons::rules::readings::READINGS,
        },
    )
}

#[cfg(test)]
mod tests;
