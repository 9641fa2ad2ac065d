//! What an assisted game declares to be played on the server: its options, sequence of play,
//! roster, charts, what each side sees of the enemy, its calculations, procedures and actions,
//! what its hooks do, and its readings. The kit's play layer does the rest.

use super::catalogue::{Action, Calculation, DiceProcedure, Refused, Table};
use super::chart_set::ChartSet;
use super::charts::{Chart, ChartSpec};
use super::roster::Sight;
use super::roster::{Roster, RosterSpec, Unit};
use super::sequence::Sequence;
use super::tracker::HookCall;
use crate::core::domain::{self, Role, Side};
use crate::dice::source::Dice;
use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// The state a declaration's hooks and conditions read: the game's own records, its options and
/// the entered charts.
pub struct Context<'a, D: Declarations> {
    /// The campaign's options.
    pub options: &'a D::Options,
    /// The game's own records.
    pub extra: &'a D::Extra,
    /// The entered charts.
    pub charts: &'a ChartSet,
    /// The game turn, from 1.
    pub turn: u32,
}

/// Losses a side owes from a combat's result, not yet taken: the phase does not end while any are
/// owed, the owner pays them by taking steps (or units) from its units, and the umpire may waive
/// them, saying why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Owed {
    /// Whose losses.
    pub side: Side,
    /// What is owed, for people: "1 step", "3 attack factors".
    pub what: String,
    /// From which combat, for people: "the Combat against M16, as the defender".
    pub from: String,
    /// The units that may pay them (those that fought), by id: their owner's to know, never
    /// shown to the other side (the fog of war may hide them).
    #[serde(skip)]
    pub units: Vec<super::roster::UnitId>,
}

impl Owed {
    /// "The Finnish side owes 1 step from the Combat against M16".
    pub fn sentence(&self) -> String {
        format!(
            "The {} side owes {} from {}",
            self.side.adjective(),
            self.what,
            self.from
        )
    }
}

/// What the campaign's map shows where an attack is pointed: the features (terrain codes, then
/// place kinds) of the defending hex and of each attacking stack's hex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MapFacts {
    /// The side that attacks.
    pub attacker: Option<Side>,
    /// The defending hex's features.
    pub defender: Vec<String>,
    /// Each attacking stack's hex's features.
    pub attackers: Vec<Vec<String>>,
}

impl MapFacts {
    /// Whether the defending hex and every attacking hex have `feature`.
    pub fn everywhere(&self, feature: &str) -> bool {
        self.defender.iter().any(|f| f == feature)
            && !self.attackers.is_empty()
            && self
                .attackers
                .iter()
                .all(|a| a.iter().any(|f| f == feature))
    }
}

/// An assisted game's declarations.
pub trait Declarations: Send + Sync + 'static {
    /// Which game.
    const GAME: domain::Game;
    /// The path segment of its pages under a campaign (`/campaigns/{id}/<segment>`).
    const SEGMENT: &'static str;

    /// The options a campaign chooses at creation (optional rules, scenario).
    type Options: Serialize
        + DeserializeOwned
        + JsonSchema
        + Default
        + Clone
        + Debug
        + PartialEq
        + Send
        + Sync;
    /// The game's own records beyond the roster and charts (plans, ledgers, revealed units).
    type Extra: Serialize + DeserializeOwned + Default + Clone + Debug + PartialEq + Send + Sync;

    /// Checks the options; the sentence says what to change.
    fn check_options(_options: &Self::Options) -> Result<(), String> {
        Ok(())
    }
    /// The game's own records as a campaign with these options starts.
    fn records(_options: &Self::Options) -> Self::Extra {
        Self::Extra::default()
    }
    /// The sequence of play for these options.
    fn sequence(options: &Self::Options) -> Sequence;
    /// The sequence of play the entered charts give (a turn track), if they give one; the table
    /// moves to it at the same turn and phase when a chart is entered.
    fn resequence(_options: &Self::Options, _charts: &ChartSet) -> Option<Sequence> {
        None
    }
    /// Checks an entered chart beyond its cells' grammar (ascending odds, contiguous bands, known
    /// event names); the sentence names what to change.
    fn check_chart(_chart: &Chart) -> Result<(), Refused> {
        Ok(())
    }
    /// The hook codes the sequence may name.
    fn hooks() -> &'static [&'static str];
    /// The condition codes the sequence may name.
    fn conditions() -> &'static [&'static str];
    /// Whether condition `code` holds now.
    fn holds(_code: &str, _context: &Context<'_, Self>) -> bool
    where
        Self: Sized,
    {
        true
    }
    /// What the hooks just called do, run by the server as the umpire: changes to the roster and
    /// the game's own records (markers cleared at a phase's end, counts kept), rolls where the
    /// rules roll by themselves, and sentences for the log. A refusal stops the advance and
    /// changes nothing.
    fn on_hooks(
        _calls: &[HookCall],
        _table: &mut Table<'_, Self::Extra>,
        _options: &Self::Options,
        _dice: &mut dyn Dice,
    ) -> Result<Vec<String>, Refused> {
        Ok(Vec::new())
    }
    /// The codes of the pack's `[[flags]]` that hold now, which the pack's conditions read
    /// (Winter War: Timoshenko in command, Finnish morale in effect).
    fn pack_flags(_extra: &Self::Extra) -> std::collections::BTreeSet<String> {
        std::collections::BTreeSet::new()
    }
    /// Why the game has ended by its own rules (a roll that ends it), if it has: as a phase
    /// ends, the table then ends where it stands, and pages say why.
    fn ended(_extra: &Self::Extra, _options: &Self::Options) -> Option<String> {
        None
    }
    /// Whether `by` may end the phase `phase` now (a combat declared and not yet resolved keeps
    /// it open); the refusal says what to do first. Asked before every end of a phase.
    fn may_end_phase(
        _roster: &Roster,
        _extra: &Self::Extra,
        _phase: &str,
        _by: Role,
    ) -> Result<(), Refused> {
        Ok(())
    }
    /// Fields of `action`'s form the board fills in from the map when an attack is pointed at
    /// a hex (names and values as the form sends them, e.g. `("all_on_frozen_lake", "true")`);
    /// the player still sees and may change them. None by default.
    fn filled_from_map(_action: &str, _map: &MapFacts) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The losses each side owes now, in the order they are to be taken (the game keeps them in
    /// its own records, where its combat actions put them).
    fn owed(_extra: &Self::Extra) -> Vec<Owed> {
        Vec::new()
    }
    /// Pays what `unit`'s side owes with `unit` losing `steps` steps (`None`: leaving play):
    /// whether the loss paid something owed (then it is recorded as paid), or owed nothing.
    fn pay(_extra: &mut Self::Extra, _unit: &Unit, _steps: Option<u32>) -> bool {
        false
    }
    /// Waives the losses owed at `index` of [`Declarations::owed`]: whether there were any.
    fn waive(_extra: &mut Self::Extra, _index: usize) -> bool {
        false
    }
    /// Markers that lie on map hexes rather than on units, as (hex, name), which every reader
    /// sees on the board (Winter War's interdicted towns).
    fn hex_marks(_extra: &Self::Extra) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The attribute that counts a unit's steps, if its units have steps: a side lowers it only
    /// to take losses it owes.
    fn steps_attribute() -> Option<&'static str> {
        None
    }
    /// Whether `unit` may enter, or be set up at, `to` by the game's rules (units a terrain keeps
    /// out, stacking limits there, a marker on the hex), with the roster and the game's records as
    /// they stand and the campaign's map if it has one; the refusal names the rule. Asked when a
    /// side moves or adds a unit; the umpire's change that breaks it is logged as a correction.
    fn may_enter(
        _unit: &Unit,
        _to: &str,
        _roster: &Roster,
        _extra: &Self::Extra,
        _map: Option<&super::pack::loaded::LoadedPack>,
    ) -> Result<(), Refused> {
        Ok(())
    }
    /// Whether a side may move `unit` (as it stands, before the move) to `to` in a movement
    /// phase, by the game's movement rules (how far it may go this phase), with the roster as it
    /// stands (its history holds the unit's earlier moves at `moment`, the current phase) and the
    /// campaign's map if it has one. Asked after [`Declarations::may_enter`]; the umpire's move
    /// that breaks it is logged as a correction.
    fn may_move(
        _unit: &Unit,
        _to: &str,
        _roster: &Roster,
        _map: Option<&super::pack::loaded::LoadedPack>,
        _moment: &str,
    ) -> Result<(), Refused> {
        Ok(())
    }
    /// The roster's declaration.
    fn roster() -> RosterSpec;
    /// The charts the players enter.
    fn charts() -> Vec<ChartSpec>;
    /// How much of `unit` (an enemy's) `viewer` sees.
    fn sight(viewer: Side, unit: &Unit, extra: &Self::Extra, options: &Self::Options) -> Sight;
    /// What `viewer` (`None`: the umpire) may read of the game's own records.
    fn extra_for(viewer: Option<Side>, extra: &Self::Extra) -> serde_json::Value;
    /// The pure calculations.
    fn calculations() -> Vec<Calculation>;
    /// The dice procedures that read the campaign's charts.
    fn procedures() -> Vec<DiceProcedure>;
    /// The actions that change the table.
    fn actions() -> Vec<Action<Self::Extra>>;
    /// What the sides give sealed (Red Winter's Victory Point bid); none by default.
    fn sealed() -> Vec<super::sealed::SealedSpec> {
        Vec::new()
    }
    /// Our readings of the ambiguous rules, for the rules page.
    fn readings() -> &'static [&'static str];
}

/// Checks a game's catalogue for its tests: every entry's parameters are an object schema, every
/// name is unique across calculations, procedures and actions, and every rule is named.
#[cfg(test)]
pub fn check_catalogue<D: Declarations>() {
    let mut names = std::collections::BTreeSet::new();
    let abouts = D::calculations()
        .into_iter()
        .map(|c| c.about)
        .chain(D::procedures().into_iter().map(|p| p.about))
        .chain(D::actions().into_iter().map(|a| a.about));
    for about in abouts {
        assert_eq!(about.schema()["type"], "object", "{}", about.name);
        assert!(!about.rule.is_empty(), "{} names no rule", about.name);
        assert!(names.insert(about.name), "{} twice", about.name);
    }
}
