//! What the Talvisota game page shows and offers, built from one role's view and that role's
//! events only: the forms offer the viewer's own pieces, never the other side's.

use crate::core::domain::{Role, Side};
use crate::games::talvisota::rules::counters::UnitKind;
use crate::games::talvisota::rules::environment::EnvironmentKind;
use crate::games::talvisota::rules::events::{EventKind, TalvisotaEvent};
use crate::games::talvisota::rules::map::Nation;
use crate::games::talvisota::rules::sheet::{FinnishSheet, SovietSheet};
use crate::games::talvisota::rules::state::{EntrenchmentKind, Phase, UnitLocation};
use crate::games::talvisota::rules::strategy::{FinnishStrategy, SovietStrategy};
use crate::games::talvisota::rules::support::SupportKind;
use crate::games::talvisota::views::log::{outcome_sentence, space_name};
use crate::games::talvisota::views::map::{SpaceRow, controller, map_svg, space_rows, unit_name};
use crate::games::talvisota::views::report::{
    HarassmentView, PieceNames, PieceRow, RoundView, finnish_lines, harassment_view, marker_rows,
    piece_name, place, round_view, snake, soviet_lines, unit_rows,
};
use crate::games::talvisota::views::{BoardView, MarkerView, TalvisotaView, UnitView};

/// One option of a form: the value sent and the label read.
#[derive(Clone, Debug)]
pub struct Choice {
    /// Sent with the form.
    pub value: String,
    /// Shown to people.
    pub label: String,
}

/// One Soviet strategy counter's part of the sheet form.
#[derive(Clone, Debug)]
pub struct StrategyForm {
    /// The field prefix and JSON name, e.g. `prudent_advance`.
    pub field: String,
    /// The counter's abbreviation.
    pub code: &'static str,
    /// How many spaces it may attack in succession.
    pub spaces: usize,
    /// Units it may engage.
    pub units: usize,
    /// Supports it may use, commanders not counted.
    pub supports: usize,
}

/// A Soviet counter the Finnish sheet answers.
#[derive(Clone, Debug)]
pub struct FinnishSlot {
    /// Its position in the form.
    pub index: usize,
    /// The space.
    pub space: String,
    /// The space's name.
    pub name: String,
}

/// Everything the game page shows.
#[derive(Clone, Debug, Default)]
pub struct GameModel {
    /// Turn and calendar label.
    pub turn: String,
    /// The phase, for people.
    pub phase: &'static str,
    /// Who the game waits for.
    pub awaiting: String,
    /// Morale tracks and the international events marker.
    pub soviet_morale: i32,
    /// Finnish morale.
    pub finnish_morale: i32,
    /// International events marker.
    pub international: i32,
    /// Map and counters are the server's approximation.
    pub approximate: bool,
    /// Solo game.
    pub solo: bool,
    /// How the game ended.
    pub outcome: Option<String>,
    /// The SVG map.
    pub svg: String,
    /// The map as a table.
    pub rows: Vec<SpaceRow>,
    /// The viewer's pieces.
    pub pieces: Vec<PieceRow>,
    /// The command sheet(s) the viewer may see, one line per strategy.
    pub sheet: Vec<String>,
    /// The combat rounds of the latest turn that had any.
    pub rounds: Vec<RoundView>,
    /// The latest harassment, if any.
    pub harassment: Option<HarassmentView>,
    /// Which forms to offer.
    pub can_organise: bool,
    /// The Soviet sheet form.
    pub can_soviet_sheet: bool,
    /// The Finnish sheet form.
    pub can_finnish_sheet: bool,
    /// The combat buttons.
    pub can_combat: bool,
    /// The harassment form.
    pub can_harass: bool,
    /// The umpire's advance button.
    pub can_advance: bool,
    /// The solo move button.
    pub can_solo: bool,
    /// Organisation: units that may move, where, which to recover, where markers may go.
    pub move_units: Vec<Choice>,
    /// Special movement destinations.
    pub move_targets: Vec<Choice>,
    /// Units in the Reinforcements box.
    pub recoverable: Vec<Choice>,
    /// Soviet-held Finnish spaces (possession markers, harassment targets).
    pub held_spaces: Vec<Choice>,
    /// Soviet sheet: the four counters.
    pub strategies: Vec<StrategyForm>,
    /// Spaces with Soviet units.
    pub from_spaces: Vec<Choice>,
    /// Finnish-held spaces.
    pub target_spaces: Vec<Choice>,
    /// Units on the map (Soviet) or on the sheet (Finnish) that can fight.
    pub units: Vec<Choice>,
    /// Supports available this turn.
    pub supports: Vec<Choice>,
    /// Finnish sheet: the Soviet counters to answer.
    pub slots: Vec<FinnishSlot>,
    /// The Finnish strategy counters.
    pub finnish_strategies: Vec<Choice>,
    /// Environment markers available.
    pub environment: Vec<Choice>,
    /// Entrenchments available.
    pub entrenchments: Vec<Choice>,
    /// Unresolved Soviet counters.
    pub combats: Vec<Choice>,
    /// Scouts on the sheet.
    pub scouts: Vec<Choice>,
}

fn choices<'a>(
    spaces: impl Iterator<Item = &'a crate::games::talvisota::rules::map::Space>,
) -> Vec<Choice> {
    spaces
        .map(|s| Choice {
            value: s.id.clone(),
            label: s.name.clone(),
        })
        .collect()
}

fn marker_choices<K: Copy>(markers: &[MarkerView<K>], label: impl Fn(K) -> String) -> Vec<Choice> {
    markers
        .iter()
        .filter(|m| m.available)
        .map(|m| Choice {
            value: m.id.clone(),
            label: piece_name(&m.id, &label(m.kind)),
        })
        .collect()
}

fn unit_choices(
    board: &BoardView,
    units: &[UnitView],
    keep: impl Fn(&UnitView) -> bool,
) -> Vec<Choice> {
    units
        .iter()
        .filter(|u| keep(u))
        .map(|u| Choice {
            value: u.id.clone(),
            label: format!(
                "{} ({})",
                piece_name(&u.id, &unit_name(board, u)),
                place(board, &u.location)
            ),
        })
        .collect()
}

/// What a role's view holds for the page: the board, the pieces it sees and the command
/// sheets it may read.
struct Holdings<'a> {
    board: &'a BoardView,
    units: &'a [UnitView],
    supports: &'a [MarkerView<SupportKind>],
    environment: &'a [MarkerView<EnvironmentKind>],
    entrenchments: &'a [MarkerView<EntrenchmentKind>],
    soviet_sheet: Option<&'a SovietSheet>,
    finnish_sheet: Option<&'a FinnishSheet>,
}

impl<'a> Holdings<'a> {
    /// The Soviet player sees no environment markers nor entrenchments, and neither side the
    /// other's sheet.
    fn of(view: &'a TalvisotaView) -> Self {
        match view {
            TalvisotaView::Soviet(v) => Holdings {
                board: &v.board,
                units: &v.units,
                supports: &v.supports,
                environment: &[],
                entrenchments: &[],
                soviet_sheet: v.sheet.as_ref(),
                finnish_sheet: None,
            },
            TalvisotaView::Finnish(v) => Holdings {
                board: &v.board,
                units: &v.units,
                supports: &v.supports,
                environment: &v.environment,
                entrenchments: &v.entrenchments,
                soviet_sheet: None,
                finnish_sheet: v.sheet.as_ref(),
            },
            TalvisotaView::Umpire(v) => Holdings {
                board: &v.board,
                units: &v.units,
                supports: &v.supports,
                environment: &v.environment,
                entrenchments: &v.entrenchments,
                soviet_sheet: v.soviet_sheet.as_ref(),
                finnish_sheet: v.finnish_sheet.as_ref(),
            },
        }
    }

    /// A row for every unit and marker the role sees.
    fn piece_rows(&self) -> Vec<PieceRow> {
        let mut pieces = unit_rows(self.board, self.units);
        pieces.extend(marker_rows(self.supports));
        pieces.extend(marker_rows(self.environment));
        pieces.extend(marker_rows(self.entrenchments));
        pieces
    }

    /// The names the page gives pieces: units by their type, markers by their kind.
    fn piece_names(&self) -> PieceNames {
        let marker_kinds = self
            .supports
            .iter()
            .map(|m| (m.id.clone(), snake(&m.kind).replace('_', " ")))
            .chain(
                self.environment
                    .iter()
                    .map(|m| (m.id.clone(), snake(&m.kind).replace('_', " "))),
            )
            .chain(
                self.entrenchments
                    .iter()
                    .map(|m| (m.id.clone(), snake(&m.kind).replace('_', " "))),
            );
        PieceNames::new(self.board, marker_kinds.collect::<Vec<_>>())
    }

    /// The command sheets the role may read, Soviet first, line by line.
    fn sheet_lines(&self, names: &PieceNames) -> Vec<String> {
        let mut sheet = self
            .soviet_sheet
            .map(|s| soviet_lines(self.board, names, s))
            .unwrap_or_default();
        sheet.extend(
            self.finnish_sheet
                .map(|s| finnish_lines(self.board, names, s))
                .unwrap_or_default(),
        );
        sheet
    }
}

/// The combat rounds of the last turn that had any.
fn last_rounds(board: &BoardView, names: &PieceNames, events: &[TalvisotaEvent]) -> Vec<RoundView> {
    let last_combat_turn = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::CombatRound(_)))
        .map(|e| e.turn)
        .max();
    events
        .iter()
        .filter(|e| Some(e.turn) == last_combat_turn)
        .filter_map(|e| match &e.kind {
            EventKind::CombatRound(r) => Some(round_view(board, names, r)),
            _ => None,
        })
        .collect()
}

/// The latest harassment.
fn last_harassment(
    board: &BoardView,
    names: &PieceNames,
    events: &[TalvisotaEvent],
) -> Option<HarassmentView> {
    events.iter().rev().find_map(|e| match &e.kind {
        EventKind::Harassment(h) => Some(harassment_view(
            board,
            names,
            crate::games::talvisota::rules::TalvisotaState::turn_label(e.turn),
            h,
        )),
        _ => None,
    })
}

/// The supports free to use, a commander's two effects as two choices.
fn support_choices(supports: &[MarkerView<SupportKind>]) -> Vec<Choice> {
    supports
        .iter()
        .filter(|m| m.available)
        .flat_map(|m| {
            let label = piece_name(&m.id, &snake(&m.kind).replace('_', " "));
            let mut out = vec![Choice {
                value: m.id.clone(),
                label: label.clone(),
            }];
            if matches!(
                m.kind,
                SupportKind::Meretskov | SupportKind::Timoshenko | SupportKind::Mannerheim
            ) {
                out[0].label = format!("{label}, first effect");
                out.push(Choice {
                    value: format!("{}:second", m.id),
                    label: format!("{label}, second effect"),
                });
            }
            out
        })
        .collect()
}

/// Whom the game waits for, in words.
fn awaiting_words(board: &BoardView) -> String {
    match board.awaiting {
        Some(Role::Soviet) => "the Soviet player".into(),
        Some(Role::Finnish) => "the Finnish player".into(),
        Some(Role::Umpire)
            if board.solo && matches!(board.phase, Phase::FinnishPlacement | Phase::Harassment) =>
        {
            "the server's Finnish move".into()
        }
        Some(Role::Umpire) => "the umpire".into(),
        None => "nobody: the game is over".into(),
    }
}

/// The Soviet strategies placed and not yet resolved, as the combats to resolve.
fn combat_choices(board: &BoardView, soviet_sheet: Option<&SovietSheet>) -> Vec<Choice> {
    soviet_sheet
        .map(|s| {
            s.allocations
                .iter()
                .filter(|a| !a.resolved)
                .filter_map(|a| {
                    Some(Choice {
                        value: a.placement.clone()?,
                        label: format!(
                            "{} against {}",
                            a.strategy.code(),
                            space_name(&board.map, a.targets.first()?)
                        ),
                    })
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The form's fields for each Soviet strategy, with its limits.
fn strategy_forms() -> Vec<StrategyForm> {
    SovietStrategy::ALL
        .iter()
        .map(|s| StrategyForm {
            field: snake(s),
            code: s.code(),
            spaces: s.max_spaces(),
            units: s.max_units(),
            supports: s.max_supports(),
        })
        .collect()
}

/// The Finnish sheet's slots: one for each space a Soviet strategy attacks.
fn finnish_slots(board: &BoardView) -> Vec<FinnishSlot> {
    board
        .placements
        .iter()
        .filter(|p| p.side == Side::Soviet)
        .enumerate()
        .map(|(index, p)| FinnishSlot {
            index,
            space: p.space.clone(),
            name: space_name(&board.map, &p.space),
        })
        .collect()
}

/// Builds the page for `role` from its view and the events it may read (oldest first).
pub fn game_model(view: &TalvisotaView, role: Role, events: &[TalvisotaEvent]) -> GameModel {
    let holdings = Holdings::of(view);
    let pieces = holdings.piece_rows();
    let names = holdings.piece_names();
    let sheet = holdings.sheet_lines(&names);
    let Holdings {
        board,
        units,
        supports,
        environment,
        entrenchments,
        soviet_sheet,
        ..
    } = holdings;
    let rounds = last_rounds(board, &names, events);
    let harassment = last_harassment(board, &names, events);
    let phase = board.phase;
    let soviet_held = |s: &&crate::games::talvisota::rules::map::Space| {
        s.nation == Nation::Finnish && controller(board, &s.id) == Side::Soviet
    };
    let with_soviet_units = |id: &str| {
        board.map_units.iter().any(|u| {
            u.side == Side::Soviet && matches!(&u.location, UnitLocation::Space(x) if x == id)
        })
    };
    GameModel {
        turn: format!("{} ({})", board.turn, board.turn_label),
        phase: phase.name(),
        awaiting: awaiting_words(board),
        soviet_morale: board.soviet_morale,
        finnish_morale: board.finnish_morale,
        international: board.international,
        approximate: board.approximate_components,
        solo: board.solo,
        outcome: board.outcome.as_ref().map(outcome_sentence),
        svg: map_svg(board),
        rows: space_rows(board),
        pieces,
        sheet,
        rounds,
        harassment,
        can_organise: role == Role::Soviet && phase == Phase::Organisation,
        can_soviet_sheet: role == Role::Soviet && phase == Phase::SovietPlacement,
        can_finnish_sheet: role == Role::Finnish && phase == Phase::FinnishPlacement && !board.solo,
        can_combat: role == Role::Soviet && phase == Phase::Combat,
        can_harass: role == Role::Finnish && phase == Phase::Harassment && !board.solo,
        // The Soviet player of a solo game holds the umpire's powers.
        can_advance: (role == Role::Umpire || (board.solo && role == Role::Soviet))
            && matches!(phase, Phase::Setup | Phase::EndOfTurn),
        can_solo: board.solo
            && role != Role::Finnish
            && matches!(phase, Phase::FinnishPlacement | Phase::Harassment),
        move_units: unit_choices(board, units, |u| {
            u.side == Side::Soviet
                && matches!(u.location, UnitLocation::Sheet | UnitLocation::Space(_))
        }),
        move_targets: choices(
            board
                .map
                .spaces
                .iter()
                .filter(|s| s.nation == Nation::Soviet || soviet_held(s)),
        ),
        recoverable: unit_choices(board, units, |u| {
            u.side == Side::Soviet && matches!(u.location, UnitLocation::Reinforcements(_))
        }),
        held_spaces: choices(board.map.spaces.iter().filter(soviet_held)),
        strategies: strategy_forms(),
        from_spaces: choices(board.map.spaces.iter().filter(|s| with_soviet_units(&s.id))),
        target_spaces: choices(
            board.map.spaces.iter().filter(|s| {
                s.nation == Nation::Finnish && controller(board, &s.id) == Side::Finnish
            }),
        ),
        units: if role == Role::Finnish {
            unit_choices(board, units, |u| u.location == UnitLocation::Sheet)
        } else {
            unit_choices(board, units, |u| {
                u.side == Side::Soviet && matches!(u.location, UnitLocation::Space(_))
            })
        },
        supports: support_choices(supports),
        slots: finnish_slots(board),
        finnish_strategies: FinnishStrategy::ALL
            .iter()
            .map(|s| Choice {
                value: snake(s),
                label: s.code().into(),
            })
            .collect(),
        environment: marker_choices(environment, |k| k.code().to_string()),
        entrenchments: marker_choices(entrenchments, |_| "entrenchment".to_string()),
        combats: combat_choices(board, soviet_sheet),
        scouts: unit_choices(board, units, |u| {
            u.kind == UnitKind::Sct && u.location == UnitLocation::Sheet
        }),
    }
}
