//! The scenario packs shipped with motti that a new assisted campaign may start from, by code
//! (the file's name without `.toml`, e.g. `winter-war-historical`). Templates are not offered:
//! their values are placeholders to be entered.

use crate::core::domain::Game;
use crate::core::error::AppError;
use crate::games::assisted::pack;

/// A shipped pack: its code, its game, its title and its text.
#[derive(Clone, Copy, Debug)]
pub struct Shipped {
    /// What a creator sends as `pack`.
    pub code: &'static str,
    /// The game it is for.
    pub game: Game,
    /// Its title on the new-campaign form.
    pub title: &'static str,
    /// The pack itself.
    pub source: &'static str,
}

/// Every shipped pack a campaign may start from.
pub const SHIPPED: &[Shipped] = &[
    Shipped {
        code: "winter-war-historical",
        game: Game::WinterWar,
        title: "Winter War: Historical (25.1)",
        source: pack::WINTER_WAR_HISTORICAL,
    },
    Shipped {
        code: "winter-war-free-setup",
        game: Game::WinterWar,
        title: "Winter War: Free Setup (25.2)",
        source: pack::WINTER_WAR_FREE_SETUP,
    },
    Shipped {
        code: "red-winter-example",
        game: Game::RedWinter,
        title: "Red Winter: Crossroads (made-up example)",
        source: pack::RED_WINTER_EXAMPLE,
    },
    Shipped {
        code: "a-winter-war-example",
        game: Game::AWinterWar,
        title: "A Winter War: Isthmus (made-up example)",
        source: pack::A_WINTER_WAR_EXAMPLE,
    },
];

/// The shipped packs of `game`.
pub fn of(game: Game) -> impl Iterator<Item = &'static Shipped> {
    SHIPPED.iter().filter(move |s| s.game == game)
}

/// The shipped pack `code` of `game`; 422 on `scenario` naming the packs it may be.
pub fn find(game: Game, code: &str) -> Result<&'static Shipped, AppError> {
    of(game).find(|s| s.code == code).ok_or_else(|| {
        let codes: Vec<&str> = of(game).map(|s| s.code).collect();
        let message = if codes.is_empty() {
            format!(
                "{} ships no scenario pack to start from; leave 'pack' out.",
                game.title()
            )
        } else {
            format!(
                "{} has no shipped pack called '{code}'; 'pack' may be {}.",
                game.title(),
                codes.join(" or ")
            )
        };
        AppError::invalid("unknown_pack", message).on_field("scenario")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::assisted::pack::loaded::LoadedPack;

    #[test]
    fn every_shipped_pack_reads_and_is_for_its_game() {
        for shipped in SHIPPED {
            let loaded = LoadedPack::read(shipped.source)
                .unwrap_or_else(|e| panic!("{} reads: {e:?}", shipped.code));
            assert_eq!(loaded.pack.game, shipped.game, "{}", shipped.code);
            assert!(!loaded.pack.scenario.template, "{}", shipped.code);
        }
    }

    #[test]
    fn an_unknown_pack_names_the_ones_there_are() {
        let e = find(Game::WinterWar, "nope").expect_err("unknown");
        assert!(e.to_string().contains("winter-war-historical"), "{e}");
        assert!(find(Game::WinterWar, "red-winter-example").is_err());
        assert!(find(Game::WinterWar, "winter-war-historical").is_ok());
    }

    #[test]
    fn a_campaign_keeps_the_pack_it_starts_from_and_none_without_one() {
        use crate::games::Game as _;
        use crate::games::assisted::play::Assisted;
        use crate::games::winter_war::declarations::WinterWar;
        type Ww = Assisted<WinterWar>;
        let sent = serde_json::json!({ "pack": "winter-war-historical" });
        let (desk, _) = Ww::start(Some(Ww::scenario(&sent).expect("reads"))).expect("starts");
        assert_eq!(desk.pack.as_deref(), Some("winter-war-historical"));
        let stored = serde_json::to_value(&desk).expect("stores");
        assert_eq!(stored["pack"], "winter-war-historical");

        let (plain, _) = Ww::start(None).expect("starts");
        assert_eq!(plain.pack, None);
        assert!(
            serde_json::to_value(&plain)
                .expect("stores")
                .get("pack")
                .is_none()
        );

        let wrong = serde_json::json!({ "pack": "red-winter-example" });
        let e = Ww::start(Some(Ww::scenario(&wrong).expect("reads"))).expect_err("refused");
        assert_eq!(e.field, Some("scenario"));
    }
}
