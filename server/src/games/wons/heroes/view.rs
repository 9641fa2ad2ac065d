//! Who sees which heroes of a WoNS campaign: a side its own and the enemy heroes it has met,
//! the umpire all of them; and the server-wide roster.

use crate::core::domain::{Role, Side};
use crate::db::campaigns::Membership;
use crate::games::wons::heroes::db::{RecordEntry, RosterEntry, Service};
use crate::games::wons::rules::WonsState;
use crate::games::wons::rules::battle::BattleStatus;
use crate::games::wons::rules::heroes::{self, Grade, Hero, HeroStatus};
use serde::Serialize;
use utoipa::ToSchema;

/// A hero of the server-wide roster, and whether he can still be obtained.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RosterHeroView {
    /// The hero.
    #[serde(flatten)]
    pub hero: Hero,
    /// Whether no campaign has obtained him yet. A hero held anywhere is unavailable to all.
    pub available: bool,
    /// The name of the campaign that obtained him, only for its umpire and the hero's own side
    /// there; null for everyone else, the enemy side of that campaign included.
    pub taken_by: Option<String>,
}

/// The roster as a caller with `memberships` sees it. A hero held anywhere is shown to everyone
/// as taken, alike; only the umpire and the hero's own side of the campaign that holds him read
/// its name. The enemy side there learns of him only by meeting him in play.
pub fn roster_view(entries: Vec<RosterEntry>, memberships: &[Membership]) -> Vec<RosterHeroView> {
    entries
        .into_iter()
        .map(|e| {
            let side = e.hero.side;
            let knows_where = |id: &uuid::Uuid| {
                memberships.iter().any(|m| {
                    m.campaign.id == *id && (m.role == Role::Umpire || m.role.side() == Some(side))
                })
            };
            RosterHeroView {
                available: e.taken_by.is_none(),
                taken_by: e
                    .taken_by
                    .filter(|(id, _)| knows_where(id))
                    .map(|(_, name)| name),
                hero: e.hero,
            }
        })
        .collect()
}

/// A hero of the caller's own side (or, for the umpire, any hero): everything, with his record.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct OwnHeroView {
    /// The hero.
    #[serde(flatten)]
    pub hero: Hero,
    /// His platoon's id.
    pub platoon: String,
    /// His platoon's name.
    pub platoon_name: String,
    /// The element he joined.
    pub element: String,
    /// The role of the man he replaced.
    pub replaced_role: String,
    /// The Hour he was obtained.
    pub obtained_hour: u32,
    /// Serving, captured or killed.
    pub status: HeroStatus,
    /// Battles he has been hit or endangered in.
    pub battles: Vec<i32>,
    /// How many times he has been wounded.
    pub wounds: u32,
    /// His service record, oldest first.
    pub record: Vec<RecordEntry>,
}

/// An enemy hero the side has met: who he is, his platoon and his fate; not his record.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MetHeroView {
    /// His identifier.
    pub id: String,
    /// His side.
    pub side: Side,
    /// His name.
    pub name: String,
    /// His rank.
    pub rank: String,
    /// Whether he acts as a leader.
    pub leader: bool,
    /// His grade.
    pub grade: Grade,
    /// What he can do.
    pub abilities: String,
    /// The name of the platoon he was met in.
    pub platoon_name: String,
    /// Serving, captured or killed.
    pub status: HeroStatus,
}

/// A side's heroes page: its own heroes and the enemy heroes it has met.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SideHeroesView {
    /// The side.
    pub side: Side,
    /// Its own heroes.
    pub own: Vec<OwnHeroView>,
    /// Enemy heroes it has met.
    pub met: Vec<MetHeroView>,
}

/// The umpire's heroes page: every hero of the campaign.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct UmpireHeroesView {
    /// Always `umpire`.
    pub role: Role,
    /// Every hero obtained in the campaign.
    pub heroes: Vec<OwnHeroView>,
}

/// Any role's heroes view.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum HeroesView {
    /// A side's.
    Side(SideHeroesView),
    /// The umpire's.
    Umpire(UmpireHeroesView),
}

fn own(game: &WonsState, s: &Service, records: &[RecordEntry]) -> OwnHeroView {
    let record: Vec<RecordEntry> = records
        .iter()
        .filter(|r| r.hero_id == s.hero.id)
        .cloned()
        .collect();
    let mut battles: Vec<i32> = record.iter().filter_map(|r| r.battle).collect();
    battles.sort_unstable();
    battles.dedup();
    OwnHeroView {
        hero: s.hero.clone(),
        platoon: s.platoon_id.clone(),
        platoon_name: game.platoon_name(&s.platoon_id),
        element: s.element.clone(),
        replaced_role: s.replaced_role.clone(),
        obtained_hour: s.obtained_hour,
        status: s.status,
        wounds: u32::try_from(record.iter().filter(|r| r.kind == "wounded").count())
            .unwrap_or(u32::MAX),
        battles,
        record,
    }
}

/// Whether `side` has met enemy hero `s`: since he joined, his platoon was seen by `side`, or
/// fought a battle (against `side`, as every battle is; the battle whose points paid for him
/// once it has been fought), or he was endangered in a battle.
///
/// **interpretation**: a sighting or battle from before the hero joined his platoon does not
/// count; he "has been there all along but only now has he been noticed" (R1.4.2).
pub fn has_met(game: &WonsState, side: Side, s: &Service, records: &[RecordEntry]) -> bool {
    if s.hero.side == side {
        return false;
    }
    let since = s.obtained_hour;
    let seen = game
        .knowledge
        .of(side)
        .sightings
        .get(&s.platoon_id)
        .is_some_and(|seen| seen.hour >= since);
    // One bought with a battle's points shows himself when it is fought, not when he is paid.
    let fought = game.battles.iter().any(|b| {
        heroes::fights_in(b, &s.platoon_id, since, &s.hero)
            && (b.hour >= since || b.status != BattleStatus::Pending)
    });
    // An archived battle was decided: he showed himself in it as in any decided one.
    let fought_before = game
        .archived_fights
        .get(&s.platoon_id)
        .is_some_and(|f| f.last_hour >= since || f.heroes_paid.contains(&s.hero.label()));
    let in_battle = records
        .iter()
        .any(|r| r.hero_id == s.hero.id && r.battle.is_some());
    seen || fought || fought_before || in_battle
}

/// The heroes of a campaign as `role` may see them.
pub fn heroes_view(
    game: &WonsState,
    role: Role,
    services: &[Service],
    records: &[RecordEntry],
) -> HeroesView {
    match role.side() {
        None => HeroesView::Umpire(UmpireHeroesView {
            role,
            heroes: services.iter().map(|s| own(game, s, records)).collect(),
        }),
        Some(side) => HeroesView::Side(SideHeroesView {
            side,
            own: services
                .iter()
                .filter(|s| s.hero.side == side)
                .map(|s| own(game, s, records))
                .collect(),
            met: services
                .iter()
                .filter(|s| has_met(game, side, s, records))
                .map(|s| MetHeroView {
                    id: s.hero.id.clone(),
                    side: s.hero.side,
                    name: s.hero.name.clone(),
                    rank: s.hero.rank.clone(),
                    leader: s.hero.leader,
                    grade: s.hero.grade,
                    abilities: s.hero.abilities.clone(),
                    platoon_name: game.platoon_name(&s.platoon_id),
                    status: s.status,
                })
                .collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::battle::demo_with_battle;
    use crate::games::wons::rules::heroes::{DEFAULT_ROSTER, parse_roster};
    use crate::games::wons::rules::support::{assign_support_points, spend_points};

    #[test]
    fn the_enemy_meets_a_hero_bought_for_a_battle_once_it_is_fought() {
        // Battle 1 opened in Hour 1; the Finns pay for Kolkka from its points in Hour 2.
        let mut game = demo_with_battle(1, BattleStatus::Pending);
        let hero = parse_roster(DEFAULT_ROSTER)
            .expect("the roster reads")
            .into_iter()
            .find(|h| h.id == "suko-kolkka")
            .expect("Kolkka");
        assign_support_points(&mut game, 1, Side::Finnish, 3).expect("assigned");
        spend_points(&mut game, 1, Side::Finnish, &hero.label(), hero.cost).expect("paid");
        let service = Service {
            hero,
            campaign_id: uuid::Uuid::nil(),
            platoon_id: "fin-1".into(),
            element: "1st Section".into(),
            replaced_role: "rifleman".into(),
            obtained_hour: 2,
            status: HeroStatus::Serving,
        };
        assert!(
            !has_met(&game, Side::Soviet, &service, &[]),
            "not while the battle waits to be fought"
        );
        game.battles[0].status = BattleStatus::Decided {
            winner: Side::Finnish,
            turns: 4,
        };
        assert!(
            has_met(&game, Side::Soviet, &service, &[]),
            "he fought them"
        );
        assert!(
            !has_met(&game, Side::Finnish, &service, &[]),
            "his own side"
        );
    }
}
