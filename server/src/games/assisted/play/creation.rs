//! An assisted game's part of the new-campaign form: its options as typed fields (tick boxes,
//! choices, numbers, each labelled with the rule it comes from), and each shipped scenario's
//! own options as tick boxes; the posted fields read back into the scenario the game takes.

use super::Play;
use super::packs;
use super::pages_forms::{Choices, Field, form_of};
use crate::core::domain::Game;
use crate::web::form::Fields;
use serde_json::{Value, json};

/// One scenario option as a tick box.
pub struct PackTick {
    /// The name it is posted under (`pack_option.<pack>.<option>`).
    pub name: String,
    /// Its name and rule, for people.
    pub label: String,
    /// What it does, if the pack says.
    pub note: String,
    /// Whether it is ticked.
    pub ticked: bool,
    /// Fixed by the scenario: shown, not changed.
    pub locked: bool,
}

/// A shipped scenario's options.
pub struct PackOptions {
    /// The pack's code, as the pack choice sends it.
    pub code: &'static str,
    /// Its title.
    pub title: &'static str,
    /// Its options.
    pub ticks: Vec<PackTick>,
}

/// A game's part of the form.
pub struct GameOptions {
    /// The game's code, as the game choice sends it.
    pub game: &'static str,
    /// Its title.
    pub title: &'static str,
    /// Its options' fields, named `option.<game>.<option>`.
    pub fields: Vec<Field>,
    /// Its shipped scenarios that have options of their own.
    pub packs: Vec<PackOptions>,
}

fn prefix(game: Game) -> String {
    format!("option.{}.", game.code())
}

/// The fields of `game` posted in `typed`, without their prefix.
fn own(game: Game, typed: &Fields) -> Fields {
    let prefix = prefix(game);
    Fields(
        typed
            .0
            .iter()
            .filter_map(|(k, v)| Some((k.strip_prefix(&prefix)?.to_owned(), v.clone())))
            .collect(),
    )
}

/// The part of the form for `game`, filled in from `typed` when shown again.
pub fn game_options(play: &dyn Play, game: Game, typed: Option<&Fields>) -> GameOptions {
    let mine = typed.map(|t| own(game, t));
    let mut fields = form_of(&play.options_schema(), &Choices::default(), mine.as_ref()).fields;
    for f in &mut fields {
        f.name = format!("{}{}", prefix(game), f.name);
    }
    let packs = packs::SHIPPED
        .iter()
        .filter(|s| s.game == game.code())
        .filter_map(|s| {
            let loaded = packs::loaded(game, s.code)?;
            let ticks: Vec<PackTick> = loaded
                .pack
                .options
                .iter()
                .map(|o| {
                    let name = format!("pack_option.{}.{}", s.code, o.code);
                    PackTick {
                        ticked: match typed {
                            Some(t) if !o.locked => t.has(&name),
                            _ => o.default,
                        },
                        label: format!("{} ({})", o.name, o.rule),
                        note: o.note.clone(),
                        locked: o.locked,
                        name,
                    }
                })
                .collect();
            (!ticks.is_empty()).then_some(PackOptions {
                code: s.code,
                title: s.title,
                ticks,
            })
        })
        .collect();
    GameOptions {
        game: game.code(),
        title: game.title(),
        fields,
        packs,
    }
}

/// The scenario the form asks for `game` (its options, and the pack with its options ticked),
/// or the game's part of the form again with the message beside each field that cannot be read.
pub fn scenario_of(
    play: &dyn Play,
    game: Game,
    pack: &str,
    typed: &Fields,
) -> Result<Value, GameOptions> {
    let mine = own(game, typed);
    let mut form = form_of(&play.options_schema(), &Choices::default(), Some(&mine));
    let Some(options) = form.read() else {
        let mut part = game_options(play, game, Some(typed));
        for (shown, read) in part.fields.iter_mut().zip(form.fields) {
            shown.error = read.error;
        }
        return Err(part);
    };
    let mut scenario = json!({ "options": options });
    if !pack.is_empty() {
        scenario["pack"] = Value::String(pack.to_owned());
        if let Some(loaded) = packs::loaded(game, pack) {
            let chosen: Vec<String> = loaded
                .pack
                .options
                .iter()
                .filter(|o| !o.locked && typed.has(&format!("pack_option.{pack}.{}", o.code)))
                .map(|o| o.code.clone())
                .collect();
            scenario["pack_options"] = json!(chosen);
        }
    }
    Ok(scenario)
}
