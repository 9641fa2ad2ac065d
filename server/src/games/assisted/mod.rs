//! The kit for assisted play: the pure parts Red Winter, Winter War and A Winter War share.
//!
//! An assisted game gives players what a good assistant umpire gives: the turn and phase
//! everyone is in, each side's units and markers, the rules' charts entered once by the
//! players, every calculation done and explained step by step, every die rolled by the server,
//! and hidden information kept hidden. A game supplies its declarations: its sequence of play
//! (turn kinds, phases, who acts, hook and condition codes it interprets, a calendar or its own
//! turn labeller), its roster shape (unit types, numeric and text attributes, markers, and a
//! visibility rule saying what a side sees of the enemy's units), its chart specifications
//! (row and column keys, cell grammar) and its calculations built from the kit's helpers. The
//! kit does the rest without I/O: it validates declarations and entries with refusals that name
//! the field, row or column; tracks the turn and phase and says who is waited for and what each
//! role does now; keeps rosters with an audited history of every change; keeps every version
//! of every chart and reads cells for rolls that record the version used; imports charts from
//! CSV and JSON meeting hostile input; and explains calculations (ratios with rounding in either
//! side's favour, netted and capped column shifts, clamping, percentages, modified rolls, exact
//! fractions). Everything is serde data, so a game's state is stored as one JSON document, and
//! dice come only through `crate::dice::source`.

pub mod board;
pub mod calc;
pub mod catalogue;
pub mod chart_cells;
pub mod chart_error;
pub mod chart_grid;
pub mod chart_import;
pub mod chart_set;
pub mod charts;
pub mod declarations;
pub mod fraction;
pub mod pack;
pub mod play;
pub mod refusal;
pub mod roster;
pub mod roster_import;
pub mod sealed;
pub mod sequence;
pub mod sequence_error;
pub mod tracker;
pub mod victory;
