//! Hero commands of a WoNS campaign: obtaining a hero for a platoon (once in the whole war)
//! and his fate rolled by the server; `heroes_api` and `heroes_pages` call them.

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::db::game::{Audience, NewEvent};
use crate::games::GameAccess;
use crate::games::runner::GameCommand;
use crate::games::wons::Wons;
use crate::games::wons::heroes::db::{RecordEntry, Service};
use crate::games::wons::heroes::view::{HeroesView, heroes_view};
use crate::games::wons::rules::WonsState;
use crate::games::wons::rules::hero_fate::{self, FateRoll};
use crate::games::wons::rules::heroes::{self, Hero, HeroStatus};
use crate::games::wons::rules::tables::heroes::HeroHit;
use crate::state::AppState;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

/// 404 for a hero id not in the roster.
pub fn unknown_hero(id: &str) -> AppError {
    AppError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("There is no hero '{id}' in the roster; GET /api/v1/heroes lists them."),
    )
}

/// The refusal for a hero already obtained; it names no other campaign, which the caller may
/// not take part in.
fn taken(hero: &Hero, here: bool) -> AppError {
    let message = if here {
        format!("{} already serves in this campaign.", hero.name)
    } else {
        format!(
            "{} has already been obtained in another campaign: each hero serves once in the whole war (R1.4.2).",
            hero.name
        )
    };
    AppError::conflict("hero_taken", message)
}

async fn begin_game(
    state: &AppState,
    access: &GameAccess<Wons>,
) -> Result<GameCommand<Wons>, AppError> {
    let run = GameCommand::<Wons>::open(state, access).await?;
    if !run.state.is_running() {
        return Err(AppError::conflict(
            "campaign_ended",
            "The campaign has ended; its heroes' records are closed.",
        ));
    }
    Ok(run)
}

fn audience(side: Side) -> Audience {
    match side {
        Side::Soviet => Audience::Soviet,
        Side::Finnish => Audience::Finnish,
    }
}

/// Which hero to obtain, for which platoon.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ObtainIn {
    /// The platoon's id; it must be of the hero's side.
    pub platoon: String,
    /// The section, team or headquarters he joins (by name); when left out, the first with a
    /// man of his rank.
    #[serde(default)]
    pub element: Option<String>,
    /// The battle whose support points pay for him (R1.4.2); when left out, the umpire grants
    /// him outside any battle.
    #[serde(default)]
    pub battle: Option<u32>,
}

/// Obtains hero `hero_id` for a platoon (R1.4.2); umpire only. A man of equal rank makes way.
pub async fn obtain(
    state: &AppState,
    access: &GameAccess<Wons>,
    hero_id: &str,
    input: ObtainIn,
) -> Result<(), AppError> {
    access.require_umpire("obtain heroes for platoons")?;
    let hero = crate::games::wons::heroes::db::hero(&state.db, hero_id)
        .await?
        .ok_or_else(|| unknown_hero(hero_id))?;
    let mut run = begin_game(state, access).await?;
    let (command, game) = run.parts();
    let id = command.campaign.id;
    if !game.rule_on("heroes") {
        return Err(AppError::conflict(
            "rule_off",
            "This campaign plays without the optional rule 'heroes' (R1.4.2); its scenario pack turns it off.",
        ));
    }
    if let Some((holder, _)) =
        crate::games::wons::heroes::db::holder(&mut **command.tx(), &hero.id).await?
    {
        return Err(taken(&hero, holder == id));
    }
    let element = input.element.as_deref().filter(|e| !e.trim().is_empty());
    let platoon = game.platoons.get_mut(&input.platoon).ok_or_else(|| {
        AppError::invalid(
            "unknown_platoon",
            format!("There is no platoon '{}' in this campaign.", input.platoon),
        )
        .on_field("platoon")
    })?;
    let replaced = heroes::enlist(platoon, &hero, element).map_err(AppError::from)?;
    let platoon_name = platoon.name.clone();
    if let Some(battle) = input.battle {
        crate::games::wons::rules::support::spend_points(
            game,
            battle,
            hero.side,
            &hero.label(),
            hero.cost,
        )
        .map_err(AppError::from)?;
    }
    game.hero_names.insert(hero.id.clone(), hero.label());
    let hour = game.hour;
    let added = crate::games::wons::heroes::db::insert_service(
        command.tx(),
        id,
        &hero,
        &input.platoon,
        &replaced.element,
        &replaced.role,
        hour,
    )
    .await?;
    if !added {
        // Another campaign committed him while we waited: this command changes nothing.
        drop(run);
        let holder = crate::games::wons::heroes::db::holder(&state.db, &hero.id).await?;
        return Err(taken(&hero, holder.is_some_and(|(h, _)| h == id)));
    }
    let told = format!(
        "{} {} joins {} ({}), in place of a {} (R1.4.2; {} support points{}).",
        hero.rank,
        hero.name,
        platoon_name,
        replaced.element,
        replaced.role.replace('_', " "),
        hero.cost,
        input
            .battle
            .map(|b| format!(" from battle {b}'s support"))
            .unwrap_or_default()
    );
    crate::games::wons::heroes::db::append_record(
        command.tx(),
        &RecordEntry {
            hero_id: hero.id.clone(),
            seq: 0,
            hour: i32::try_from(hour).unwrap_or(i32::MAX),
            battle: None,
            kind: "obtained".into(),
            die: None,
            roll_k: None,
            sentence: told.clone(),
        },
    )
    .await?;
    let event = NewEvent {
        audience: audience(hero.side),
        kind: "hero".into(),
        moment: game.clock.label(hour),
        sentence: told,
        payload: json!({ "hero": hero.id, "platoon": input.platoon, "element": replaced.element }),
    };
    run.finish_with(Vec::new(), vec![event]).await?;
    Ok(())
}

/// What befalls a hero: a hit, a capture attempt, or his escape attempt.
#[derive(Clone, Copy, Debug)]
pub enum FateAction {
    /// Hit in battle; a leader hero brings the leader table's result.
    Hit {
        /// The battle.
        battle: u32,
        /// A leader hero's result from the leader table.
        leader_result: Option<HeroHit>,
    },
    /// The enemy closes in on him in battle.
    Capture {
        /// The battle.
        battle: u32,
    },
    /// He tries to escape from captivity.
    Escape,
}

fn check_battle(game: &WonsState, service: &Service, battle: u32) -> Result<(), AppError> {
    let b = game.battle(battle).ok_or_else(|| {
        AppError::invalid("unknown_battle", format!("There is no battle {battle}."))
            .on_field("battle")
    })?;
    if !heroes::fights_in(b, &service.platoon_id, service.obtained_hour, &service.hero) {
        return Err(AppError::invalid(
            "not_in_battle",
            format!(
                "{} did not fight in battle {battle}: his platoon {} was not in it{}.",
                service.hero.name,
                game.platoon_name(&service.platoon_id),
                if b.involves(&service.platoon_id) {
                    " after he joined"
                } else {
                    ""
                }
            ),
        )
        .on_field("battle"));
    }
    Ok(())
}

/// A captured hero tries to escape once an Hour: refused when he was captured, or already
/// tried, this Hour.
fn check_escape_this_hour(
    hero: &Hero,
    service: &Service,
    record: &[RecordEntry],
    hour: u32,
) -> Result<(), AppError> {
    let tried = record.iter().any(|r| {
        matches!(r.kind.as_str(), "escaped" | "escape_failed" | "captured")
            && r.hour == i32::try_from(hour).unwrap_or(i32::MAX)
    });
    if tried && service.status == HeroStatus::Captured {
        return Err(AppError::conflict(
            "escape_this_hour",
            format!(
                "{} was captured or tried to escape this Hour already; he may try again next Hour (motti's reading of R1.4.2).",
                hero.name
            ),
        ));
    }
    Ok(())
}

/// The line of the hero's record that `roll` (dice position `k`) writes.
fn fate_record(
    hero: &Hero,
    hour: u32,
    battle: Option<u32>,
    roll: &FateRoll,
    k: u64,
) -> RecordEntry {
    RecordEntry {
        hero_id: hero.id.clone(),
        seq: 0,
        hour: i32::try_from(hour).unwrap_or(i32::MAX),
        battle: battle.and_then(|b| i32::try_from(b).ok()),
        kind: roll.outcome.code().into(),
        die: roll.die.and_then(|d| i32::try_from(d).ok()),
        roll_k: roll.die.and_then(|_| i64::try_from(k).ok()),
        sentence: roll.sentence.clone(),
    }
}

/// Rolls a hero's fate as the umpire records it; the roll, his record and status are kept.
pub async fn fate(
    state: &AppState,
    access: &GameAccess<Wons>,
    hero_id: &str,
    action: FateAction,
) -> Result<FateRoll, AppError> {
    access.require_umpire("record what befalls heroes")?;
    let hero = crate::games::wons::heroes::db::hero(&state.db, hero_id)
        .await?
        .ok_or_else(|| unknown_hero(hero_id))?;
    let mut run = begin_game(state, access).await?;
    // A battle the archive holds comes back for the command, as for the other battle commands.
    if let FateAction::Hit { battle, .. } | FateAction::Capture { battle } = &action {
        crate::games::wons::api::bring_back(&mut run, *battle).await?;
    }
    let (command, game) = run.parts();
    let id = command.campaign.id;
    let service = crate::games::wons::heroes::db::service_for_update(command.tx(), id, &hero.id)
        .await?
        .ok_or_else(|| {
            AppError::invalid(
                "not_obtained",
                format!("{} has not been obtained in this campaign.", hero.name),
            )
        })?;
    let record: Vec<RecordEntry> = crate::games::wons::heroes::db::records(&mut **command.tx(), id)
        .await?
        .into_iter()
        .filter(|r| r.hero_id == hero.id)
        .collect();
    let hour = game.hour;
    let k = command.dice.next_k();
    let (roll, battle) = match action {
        FateAction::Hit {
            battle,
            leader_result,
        } => {
            check_battle(game, &service, battle)?;
            let wounded = record
                .iter()
                .any(|r| r.kind == "wounded" && r.battle == i32::try_from(battle).ok());
            let roll = hero_fate::hit(
                &mut command.dice,
                &hero,
                service.status,
                battle,
                wounded,
                leader_result,
            );
            (roll, Some(battle))
        }
        FateAction::Capture { battle } => {
            check_battle(game, &service, battle)?;
            let roll = hero_fate::capture_attempt(&mut command.dice, &hero, service.status, battle);
            (roll, Some(battle))
        }
        FateAction::Escape => {
            check_escape_this_hour(&hero, &service, &record, hour)?;
            (
                hero_fate::escape_attempt(&mut command.dice, &hero, service.status),
                None,
            )
        }
    };
    let roll = roll.map_err(AppError::from)?;
    let status = roll.outcome.status();
    if let Some(p) = game.platoons.get_mut(&service.platoon_id) {
        p.heroes.retain(|h| h != &hero.id);
        if status == HeroStatus::Serving {
            p.heroes.push(hero.id.clone());
        }
    }
    crate::games::wons::heroes::db::set_status(command.tx(), &hero.id, status).await?;
    crate::games::wons::heroes::db::append_record(
        command.tx(),
        &fate_record(&hero, hour, battle, &roll, k),
    )
    .await?;
    let event = NewEvent {
        audience: Audience::Public,
        kind: "hero".into(),
        moment: game.clock.label(hour),
        sentence: roll.sentence.clone(),
        payload: json!({ "hero": hero.id, "outcome": roll.outcome, "battle": battle }),
    };
    run.finish_with(Vec::new(), vec![event]).await?;
    Ok(roll)
}

/// The heroes of the campaign as the caller may see them.
pub async fn view(state: &AppState, access: &GameAccess<Wons>) -> Result<HeroesView, AppError> {
    Ok(view_with_state(state, access).await?.1)
}

/// As `view`, with the game's state it was read from (for the page's names).
pub async fn view_with_state(
    state: &AppState,
    access: &GameAccess<Wons>,
) -> Result<(std::sync::Arc<WonsState>, HeroesView), AppError> {
    let game = crate::games::wons::api::started(state, access).await?;
    let services = crate::games::wons::heroes::db::services(&state.db, access.id()).await?;
    let records = crate::games::wons::heroes::db::records(&state.db, access.id()).await?;
    let view = heroes_view(&game, access.role(), &services, &records);
    Ok((game, view))
}
