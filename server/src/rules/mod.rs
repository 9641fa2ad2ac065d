//! Pure game rules, no I/O: state in, events out; dice only through `crate::dice::source`.

pub mod nesting;
pub mod talvisota;
pub mod wons;

use crate::dice::generic::generic_procedures;
use crate::dice::procedure::Procedure;
use crate::domain::Game;

/// The dice procedures a campaign of `game` offers: the generic ones, then the game's own.
pub fn procedures(game: Game) -> Vec<&'static dyn Procedure> {
    let own: Vec<&'static dyn Procedure> = match game {
        Game::Wons => wons::tables::procedures(),
        Game::Talvisota => talvisota::procedures::procedures(),
        Game::RedWinter | Game::WinterWar | Game::AWinterWar => Vec::new(),
    };
    generic_procedures().into_iter().chain(own).collect()
}
