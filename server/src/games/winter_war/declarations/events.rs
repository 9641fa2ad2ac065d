//! Winter War's events at the table: what happens by itself at the start of a game turn (22.0,
//! 21.0, 20.3) and the events the players record (rolled on the entered event tables, or the
//! forming of a shock corps), kept as the flags the rules and the sequence read.

use super::Records;
use crate::core::domain::Role;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::winter_war::rules::charts::Event;
use crate::games::winter_war::rules::events::{
    EventFlags, Trigger, begin_freeze, start_of_turn, takes_effect,
};
use schemars::JsonSchema;
use serde::Deserialize;

/// The start of game turn `turn`: Timoshenko on GT 5 of the Historical scenario, the freeze and
/// the naval markers' removal on GT 8.
pub fn start(flags: &mut EventFlags, turn: u32, historical: bool) -> String {
    let happened = start_of_turn(turn, historical, flags);
    for trigger in &happened.value {
        match trigger {
            Trigger::Timoshenko => flags.timoshenko = true,
            Trigger::Freeze => begin_freeze(flags),
            Trigger::NavalMarkersRemoved => {
                flags.both_naval_markers = false;
                flags.naval_markers = 0;
            }
        }
    }
    happened.steps.join("; ")
}

/// Sets the flag an event raises on game turn `turn`; `false` when it has none.
pub(super) fn raise(flags: &mut EventFlags, event: Event, turn: u32) {
    match event {
        Event::AlliedIntervention => flags.allied_intervention = true,
        // The Finnish player may call a ceasefire now, or play on (17.3).
        Event::Ceasefire => flags.ceasefire_offered = Some(turn),
        Event::Freeze => begin_freeze(flags),
        Event::MoraleCheck => flags.morale = true,
        Event::Volunteers => flags.volunteers_left = flags.volunteers_left.saturating_sub(1),
        Event::EnhancedLogistics => flags.enhanced_logistics = true,
        Event::ParatroopOperation => flags.paratroop_operation = true,
        Event::RedFleetSorties => {
            // One marker each time, of the player's choice; both held, it has no effect (17.3).
            flags.naval_markers = (flags.naval_markers + 1).min(2);
            flags.both_naval_markers = flags.naval_markers == 2;
        }
        Event::SevereClimate => flags.severe_climate = true,
        Event::Timoshenko => flags.timoshenko = true,
        _ => {}
    }
}

/// An event to record.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
pub struct RecordIn {
    /// The event that was rolled, if any.
    #[serde(default)]
    pub event: Option<Event>,
    /// The Soviets formed a shock corps (Second Wave becomes possible with Timoshenko).
    #[serde(default)]
    pub shock_corps_formed: bool,
}

/// Records an event (if it can take effect now) and the forming of a shock corps.
pub fn record(
    p: RecordIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    let mut work = Working::new();
    if p.event.is_some() && table.by.side().is_some() {
        return Err(Refused {
            kind: RefusalKind::AgainstTheRules,
            code: "not_allowed",
            message: "A random event comes from its roll: roll your events in your own event segment (roll-events, 17.1); only the umpire records one by hand.".into(),
        });
    }
    if p.shock_corps_formed && table.by == Role::Finnish {
        return Err(Refused {
            kind: RefusalKind::AgainstTheRules,
            code: "not_allowed",
            message: "Only the Soviet player forms shock corps (22.0).".into(),
        });
    }
    let timoshenko_now = matches!(p.event, Some(Event::Timoshenko))
        && takes_effect(Event::Timoshenko, table.turn, &table.extra.flags).value;
    if p.shock_corps_formed && !table.extra.flags.timoshenko && !timoshenko_now {
        return Err(Refused {
            kind: RefusalKind::AgainstTheRules,
            code: "not_allowed",
            message: "Shock corps may be formed only once Timoshenko is in command (22.0 item 2); record the Timoshenko event first.".into(),
        });
    }
    if let Some(event) = p.event {
        let effect = work.take(takes_effect(event, table.turn, &table.extra.flags));
        if effect {
            raise(&mut table.extra.flags, event, table.turn);
        }
    }
    if p.shock_corps_formed {
        table.extra.shock_corps_formed = true;
        work.step("a Soviet shock corps has been formed (Second Wave, 22.0)");
    }
    Ok(Acted::public(work.done(
        serde_json::to_value(&table.extra.flags).unwrap_or_default(),
    )))
}

/// The Finnish answer to a Ceasefire event.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
pub struct CeasefireIn {
    /// Call the ceasefire (the game ends and the victory points decide it), or play on.
    pub call: bool,
}

/// The Finnish player answers the Ceasefire event of this game turn (17.3): calling it ends the
/// game, which the victory points then decide; playing on lets the event come up again.
pub fn ceasefire(
    p: CeasefireIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    let no = |message: &str| Refused {
        kind: RefusalKind::AgainstTheRules,
        code: "not_allowed",
        message: message.into(),
    };
    if table.by == Role::Soviet {
        return Err(no("Only the Finnish player may call a ceasefire (17.3)."));
    }
    if table.extra.flags.ceasefire_offered != Some(table.turn) {
        return Err(no(
            "No Ceasefire event has come up this game turn: the Finnish player may call a ceasefire only when the event comes up (17.3).",
        ));
    }
    let mut work = Working::new();
    table.extra.flags.ceasefire_offered = None;
    if p.call {
        table.extra.flags.ceasefire = true;
        work.step("The Finnish player calls a ceasefire: the game ends, and the victory points decide it (17.3).");
    } else {
        work.step(
            "The Finnish player plays on: no ceasefire now; the event may come up again (17.3).",
        );
    }
    Ok(Acted::public(
        work.done(serde_json::json!({ "called": p.call })),
    ))
}
