//! The board of a campaign started from a shipped pack, drawn for one reader: the pack's grid,
//! terrain and places, and the counters of the reader's own view (`DeskView`), so a unit the
//! reader may not see in full is a blank counter and a hidden one is not drawn at all.

use super::view::DeskView;
use crate::core::domain::Side;
use crate::games::assisted::board::svg::{
    self, Chit, Counter, Face, Label, Place, Scene, TrackTurn, Tray,
};
use crate::games::assisted::board::symbol::Symbol;
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::games::assisted::roster::AttrValue;
use std::collections::BTreeMap;

/// Where a roster location is on the board: a hex id, a place of one hex, or a box's name or
/// code; anything else (a place of several hexes or a region, whose units the player still sets
/// up on a hex of it, or a region the group has still to enter hexes for) is a tray of its own
/// below the map, since the rules find no unit there on any one hex.
fn place_of(loaded: &LoadedPack, location: &str, trays: &mut Vec<Tray>) -> Place {
    if let Ok(hex) = loaded.grid.parse(location)
        && loaded.grid.contains(hex)
    {
        return Place::Hex(hex);
    }
    let place = loaded.pack.places.iter().find(|p| p.name == location);
    if let Some(place) = place
        && let [hex] = loaded.place(&place.code).as_slice()
    {
        return Place::Hex(*hex);
    }
    if let Some(b) = loaded
        .pack
        .boxes
        .iter()
        .find(|b| b.name == location || b.code == location)
    {
        return Place::Box(b.code.clone());
    }
    if !trays.iter().any(|t| t.code == location) {
        let name = if place.is_some() {
            format!("{location}: to be set up on its hexes")
        } else {
            location.to_owned()
        };
        trays.push(Tray {
            code: location.to_owned(),
            name,
        });
    }
    Place::Box(location.to_owned())
}

fn colours(loaded: &LoadedPack, side: Side) -> (String, String) {
    loaded
        .pack
        .nationalities
        .iter()
        .find(|n| n.side == side)
        .map(|n| (n.colour.clone(), n.ink.clone()))
        .unwrap_or_else(|| match side {
            Side::Soviet => ("#b22222".into(), "#ffffff".into()),
            Side::Finnish => ("#f4f4f4".into(), "#0b3d91".into()),
        })
}

fn printed(loaded: &LoadedPack, attributes: &BTreeMap<String, AttrValue>) -> String {
    loaded
        .pack
        .counters
        .printed
        .iter()
        .filter_map(|code| match attributes.get(code) {
            Some(AttrValue::Number(n)) => Some(n.to_string()),
            Some(AttrValue::Text(t)) => Some(t.clone()),
            None => None,
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// The markers a unit carries as chits, by the names the game gives them; the reduced side is
/// drawn on the counter itself, not as a chit.
fn chits_of(view: &DeskView, markers: &[String]) -> Vec<Chit> {
    markers
        .iter()
        .filter(|m| m.as_str() != "reduced")
        .map(|code| {
            let name = view
                .roster
                .markers
                .iter()
                .find(|m| &m.code == code)
                .map_or_else(|| crate::web::pages::code_words(code), |m| m.name.clone());
            Chit::named(&name)
        })
        .collect()
}

/// The pack's place names, each written on the first hex of its place.
fn labels(loaded: &LoadedPack) -> Vec<Label> {
    loaded
        .pack
        .places
        .iter()
        .filter_map(|p| {
            loaded.place(&p.code).first().map(|hex| Label {
                name: p.name.clone(),
                hex: *hex,
            })
        })
        .collect()
}

/// The pack's map without counters or boxes, for laying over a picture while the grid is
/// fitted to it (see `svg::map_layer`).
pub fn map_layer(loaded: &LoadedPack) -> String {
    svg::map_layer(&Scene {
        title: "",
        grid: &loaded.grid,
        terrain: &loaded.pack.terrain,
        labels: labels(loaded),
        marks: Vec::new(),
        counters: Vec::new(),
        trays: Vec::new(),
        turns: Vec::new(),
        current_turn: None,
    })
}

/// The SVG of the board as `view`'s reader may see it.
pub fn render(loaded: &LoadedPack, view: &DeskView) -> String {
    render_over(loaded, view, None)
}

/// The SVG of the board as `view`'s reader may see it, over the map picture when there is one.
pub fn render_over(
    loaded: &LoadedPack,
    view: &DeskView,
    backdrop: Option<&svg::Backdrop>,
) -> String {
    let mut trays: Vec<Tray> = loaded
        .pack
        .boxes
        .iter()
        .map(|b| Tray {
            code: b.code.clone(),
            name: b.name.clone(),
        })
        .collect();
    let mut counters = own_counters(loaded, view, &mut trays);
    counters.extend(enemy_counters(loaded, view, &mut trays));
    let labels = labels(loaded);
    let title = format!("{}: the board", loaded.pack.scenario.name);
    svg::render_over(
        &Scene {
            title: &title,
            grid: &loaded.grid,
            terrain: &loaded.pack.terrain,
            labels,
            marks: hex_marks(loaded, view),
            counters,
            trays,
            turns: track(loaded),
            current_turn: Some(view.turn),
        },
        backdrop,
    )
}

/// The face of a counter the reader sees in full: the pack's unit type gives its name, symbol
/// and letters; the attributes its size and printed values; the `reduced` marker its side.
fn shown_face(
    loaded: &LoadedPack,
    unit_type: &str,
    name: &str,
    attributes: &BTreeMap<String, AttrValue>,
    markers: &[String],
) -> Face {
    let t = loaded.pack.unit_types.iter().find(|t| t.code == unit_type);
    Face::Shown {
        name: name.to_owned(),
        type_name: t
            .map(|t| t.name.clone())
            .unwrap_or_else(|| unit_type.to_owned()),
        symbol: t.map(|t| t.symbol).unwrap_or(Symbol::Infantry),
        letters: t.map(|t| t.letters.clone()).unwrap_or_default(),
        size: match attributes.get("size") {
            Some(AttrValue::Text(s)) => s.clone(),
            _ => String::new(),
        },
        values: printed(loaded, attributes),
        reduced: markers.iter().any(|m| m == "reduced"),
    }
}

/// The reader's own counters, face up, a unit that owes losses marked first.
fn own_counters(loaded: &LoadedPack, view: &DeskView, trays: &mut Vec<Tray>) -> Vec<Counter> {
    let mut counters = Vec::new();
    for u in &view.units {
        let (colour, ink) = colours(loaded, u.side);
        let markers: Vec<String> = u.markers.iter().cloned().collect();
        let mut chits = chits_of(view, &markers);
        if view.owing.iter().any(|id| id == u.id.as_str()) {
            chits.insert(
                0,
                Chit {
                    name: "Owes losses".into(),
                    short: "!".into(),
                    alert: true,
                },
            );
        }
        counters.push(Counter {
            key: Some(u.id.as_str().to_owned()),
            side: u.side,
            colour,
            ink,
            place: place_of(loaded, &u.location, trays),
            face: shown_face(loaded, &u.unit_type, &u.name, &u.attributes, &markers),
            chits,
        });
    }
    counters
}

/// The enemy's counters the reader knows the place of: face up when the reader may see the
/// unit, else blank.
fn enemy_counters(loaded: &LoadedPack, view: &DeskView, trays: &mut Vec<Tray>) -> Vec<Counter> {
    let mut counters = Vec::new();
    for u in &view.enemy_units {
        let Some(location) = &u.location else {
            continue;
        };
        let (colour, ink) = colours(loaded, u.side);
        let (face, chits) = match (&u.name, &u.unit_type) {
            (Some(name), Some(unit_type)) => (
                shown_face(loaded, unit_type, name, &u.attributes, &u.markers),
                chits_of(view, &u.markers),
            ),
            _ => (Face::Blank, Vec::new()),
        };
        counters.push(Counter {
            key: u.id.as_ref().map(|id| id.as_str().to_owned()),
            side: u.side,
            colour,
            ink,
            place: place_of(loaded, location, trays),
            face,
            chits,
        });
    }
    counters
}

/// The markers that lie on map hexes, on the hexes the grid knows.
fn hex_marks(loaded: &LoadedPack, view: &DeskView) -> Vec<Label> {
    view.hex_marks
        .iter()
        .filter_map(|mark| {
            let hex = loaded.grid.parse(&mark.hex).ok()?;
            Some(Label {
                name: mark.name.clone(),
                hex,
            })
        })
        .collect()
}

/// The pack's turn track.
fn track(loaded: &LoadedPack) -> Vec<TrackTurn> {
    loaded
        .pack
        .turns
        .iter()
        .map(|t| TrackTurn {
            number: t.number,
            label: t.label.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::domain::Role;
    use crate::games::Game as _;
    use crate::games::assisted::pack;
    use crate::games::assisted::play::Assisted;
    use crate::games::assisted::play::view::view_for;
    use crate::games::winter_war::declarations::WinterWar;

    /// 24.2 (fog of war) and 25.1: each side's board shows its own counters by name and the
    /// enemy's face down, with no enemy unit's name anywhere in the drawing.
    #[test]
    fn each_sides_board_names_its_own_units_and_none_of_the_hidden_enemy() {
        type Ww = Assisted<WinterWar>;
        let sent = serde_json::json!({
            "pack": "winter-war-historical",
            "options": { "fog_of_war": true, "historical": true },
        });
        let (desk, _) = Ww::start(Some(Ww::scenario(&sent).expect("reads"))).expect("starts");
        let loaded = LoadedPack::read(pack::WINTER_WAR_HISTORICAL).expect("reads");

        let finnish = Ww::board(&desk, Role::Finnish).expect("a board");
        assert!(finnish.starts_with("<svg") || finnish.contains("<svg"));
        for soviet_only in ["Tank Corps", "Naval Brigade", "Regiment (NKVD)"] {
            assert!(
                !finnish.contains(soviet_only),
                "{soviet_only} shows to the Finns"
            );
        }
        assert!(
            finnish.contains("Ski Battalion"),
            "the Finns' own units are named"
        );

        let soviet = render(&loaded, &view_for(&desk, Role::Soviet));
        assert!(soviet.contains("Tank Corps"));
        assert!(
            !soviet.contains("Ski Battalion"),
            "a Finnish unit's name shows to the Soviets"
        );

        let (plain, _) = Ww::start(None).expect("starts");
        assert!(Ww::board(&plain, Role::Finnish).is_none());
    }

    /// The board's places: a unit moved at a table started from a pack goes to a hex of its
    /// grid, a place or a box the pack names, or a holding area a unit stands in; anything else
    /// is refused with a sentence that says what is wanted. A table without a pack takes any.
    #[test]
    fn a_move_goes_to_a_hex_place_or_box_of_the_board() {
        use crate::games::assisted::roster::UnitEdit;
        type Ww = Assisted<WinterWar>;
        let sent = serde_json::json!({
            "pack": "winter-war-historical",
            "options": { "fog_of_war": true, "historical": true },
        });
        let (mut desk, _) = Ww::start(Some(Ww::scenario(&sent).expect("reads"))).expect("starts");
        let loaded = desk.loaded().expect("the pack");
        let id = desk.roster.units.keys().next().expect("a unit").clone();
        let to = |place: &str| UnitEdit {
            location: Some(place.to_owned()),
            ..UnitEdit::default()
        };
        let refusal = desk
            .edit_unit(Role::Umpire, &id, to("Behind the sofa"))
            .expect_err("not on the board");
        assert_eq!(refusal.code, "not_on_board");
        assert!(
            refusal.message.contains("Behind the sofa"),
            "{}",
            refusal.message
        );
        let hex = loaded.grid.id(loaded.grid.hexes().last().expect("a hex"));
        assert!(refusal.message.contains("such as"), "{}", refusal.message);
        desk.edit_unit(Role::Umpire, &id, to(&hex))
            .expect("a hex of the grid");
        assert_eq!(desk.roster.units[&id].location, hex);
        let off_map = crate::games::assisted::board::hex::Hex::new(99, 99);
        assert!(!loaded.grid.contains(off_map));
        let outside = loaded.grid.id(off_map);
        assert_eq!(
            desk.edit_unit(Role::Umpire, &id, to(&outside))
                .expect_err("off the map")
                .code,
            "not_on_board"
        );
        if let Some(b) = loaded.pack.boxes.first() {
            desk.edit_unit(Role::Umpire, &id, to(&b.name))
                .expect("a box");
        }

        let (mut plain, _) = Ww::start(None).expect("starts");
        let unit = desk.roster.units[&id].clone();
        plain.add_units(Role::Umpire, vec![unit]).expect("added");
        let first = plain.roster.units.keys().next().expect("a unit").clone();
        plain
            .edit_unit(Role::Umpire, &first, to("Behind the sofa"))
            .expect("any place without a pack");
    }
}
