//! Talvisota's part of the new-campaign form: its options as tick boxes, and the scenario they
//! ask for (the counter set comes from the scenario packs, never from the scenario box).

use crate::core::error::AppError;
use crate::web::form::Fields;
use askama::Template;

/// The tick boxes, as ticked.
#[derive(Template)]
#[template(path = "games/talvisota/options.html")]
struct Options {
    solo: bool,
    easy_recovery: bool,
    ignore_space_morale: bool,
}

impl Options {
    fn of(typed: &Fields) -> Options {
        Options {
            solo: typed.has("solo"),
            easy_recovery: typed.has("easy_recovery"),
            ignore_space_morale: typed.has("ignore_space_morale"),
        }
    }
}

/// The options' part of the form, ticked as `typed` says.
pub fn options_form(typed: &Fields) -> Option<String> {
    Options::of(typed).render().ok()
}

/// The scenario the ticked options and the chosen counter set (`pack`) ask for; 422 on
/// `scenario` when the box holds text.
pub fn scenario_from_fields(
    pack: &str,
    text: &str,
    typed: &Fields,
) -> Result<serde_json::Value, AppError> {
    if !text.is_empty() {
        return Err(AppError::invalid(
            "invalid_scenario",
            "Talvisota takes its counter set from the scenario packs: leave the box empty, import the set on the scenario packs page and choose it, and choose the options with the tick boxes.",
        )
        .on_field("scenario"));
    }
    let options = Options::of(typed);
    let mut scenario = serde_json::json!({
        "solo": options.solo,
        "easy_recovery": options.easy_recovery,
        "ignore_space_morale": options.ignore_space_morale,
    });
    if !pack.is_empty() {
        scenario["pack"] = pack.into();
    }
    Ok(scenario)
}
