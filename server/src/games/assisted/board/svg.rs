//! The board drawn as SVG on the server: a pure function from the grid, the pack's terrain and
//! places, and the counters as one reader may see them, to an SVG text. Hexes carry their ids,
//! terrain and place names; counters their side's colour, unit-type symbol, printed values,
//! reduced side and markers, stacks fanned with a count; a unit the reader may not see in full
//! is a blank counter of its side's colour and nothing more. Off-map boxes and the turn track
//! sit below the map. Every hex and counter can take focus and has a label; every text that
//! comes from a pack or a roster is escaped; the drawing is at 1:1 so counters stay at least
//! 44 pixels wide on a phone.

use super::grid::Grid;
use super::hex::{Hex, Point};
use super::symbol::{Symbol, num};
use crate::core::domain::Side;
use crate::games::assisted::pack::{Draw, Terrain};
use askama::filters::{Html, escape};
use std::collections::BTreeMap;
use std::fmt::Write;

/// A hex's circumradius, in pixels.
pub const HEX_SIZE: f64 = 36.0;
/// A counter's side, in pixels (a tap target of at least 40 at the default zoom).
pub const COUNTER: f64 = 44.0;
/// How far each counter under the top one peeks out of a stack.
const FAN: f64 = 4.0;
/// The most counters a stack fans out; the rest hide under them and count in its number.
const FANNED: usize = 4;
/// Space around the map and between boxes.
const MARGIN: f64 = 24.0;
/// The narrowest drawing, so the boxes fit a phone's width.
const MIN_WIDTH: f64 = 360.0;

/// Where a counter is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// On a hex of the map.
    Hex(Hex),
    /// In an off-map box, by code.
    Box(String),
    /// On the turn track, in a turn's box.
    Turn(u32),
}

/// A marker on a counter, drawn as a small chit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chit {
    /// Its name, e.g. "Suppressed".
    pub name: String,
    /// Up to three letters on the chit; the name's initials when empty.
    pub short: String,
    /// Whether it calls for the owner's action (losses owed): drawn first, in red.
    pub alert: bool,
}

impl Chit {
    /// A marker's chit, lettered with its name's initials.
    pub fn named(name: &str) -> Chit {
        Chit {
            name: name.to_owned(),
            short: String::new(),
            alert: false,
        }
    }
}

/// What the reader sees of a counter's face.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Face {
    /// Everything the counter prints.
    Shown {
        /// The unit's name.
        name: String,
        /// Its type's name.
        type_name: String,
        /// Its type's symbol.
        symbol: Symbol,
        /// Letters printed in the symbol box (NKVD).
        letters: String,
        /// Its size (XX).
        size: String,
        /// Its printed values, joined (20-12-2).
        values: String,
        /// Whether it shows its reduced side.
        reduced: bool,
    },
    /// Face down: only its side's colour (a fog of war).
    Blank,
}

/// A counter as one reader may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    /// The id the page points at it with; only for a unit the reader may name.
    pub key: Option<String>,
    /// Whose it is.
    pub side: Side,
    /// Its colour, `#rrggbb`.
    pub colour: String,
    /// Its print's colour, `#rrggbb`.
    pub ink: String,
    /// Where it is.
    pub place: Place,
    /// Its face.
    pub face: Face,
    /// The markers the reader sees on it.
    pub chits: Vec<Chit>,
}

/// An off-map box to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tray {
    /// Its code, as counters name it.
    pub code: String,
    /// Its name.
    pub name: String,
}

/// A turn of the track.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackTurn {
    /// Its number.
    pub number: u32,
    /// Its label.
    pub label: String,
}

/// A named place to label on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The name.
    pub name: String,
    /// One of its hexes.
    pub hex: Hex,
}

/// Everything a board drawing shows, as the reader may see it.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The drawing's title, e.g. "Winter War, Historical: the board".
    pub title: &'a str,
    /// The map's grid.
    pub grid: &'a Grid,
    /// The terrain kinds and where they are.
    pub terrain: &'a [Terrain],
    /// Place names to write on the map.
    pub labels: Vec<Label>,
    /// Markers that lie on hexes rather than on units ("Interdicted"), outlined and named.
    pub marks: Vec<Label>,
    /// The counters the reader may see.
    pub counters: Vec<Counter>,
    /// The off-map boxes.
    pub trays: Vec<Tray>,
    /// The turn track.
    pub turns: Vec<TrackTurn>,
    /// The turn being played.
    pub current_turn: Option<u32>,
}

/// Writes SVG elements, escaping every attribute value and text it is given.
struct Svg {
    out: String,
}

/// Escaped text (askama's HTML escaping, which is valid XML).
fn esc(text: &str) -> String {
    let Ok(safe) = escape(text, Html);
    safe.to_string()
}

impl Svg {
    fn attrs(&mut self, attrs: &[(&str, &str)]) {
        for (name, value) in attrs {
            let _ = write!(self.out, " {name}=\"{}\"", esc(value));
        }
    }
    fn open(&mut self, tag: &str, attrs: &[(&str, &str)]) {
        let _ = write!(self.out, "<{tag}");
        self.attrs(attrs);
        self.out.push('>');
    }
    fn close(&mut self, tag: &str) {
        let _ = write!(self.out, "</{tag}>");
    }
    fn empty(&mut self, tag: &str, attrs: &[(&str, &str)]) {
        let _ = write!(self.out, "<{tag}");
        self.attrs(attrs);
        self.out.push_str("/>");
    }
    fn text(&mut self, tag: &str, attrs: &[(&str, &str)], text: &str) {
        self.open(tag, attrs);
        self.out.push_str(&esc(text));
        self.close(tag);
    }
    fn title(&mut self, text: &str) {
        self.text("title", &[], text);
    }
}

/// A colour the pack or roster gave, or grey when it is not `#rrggbb`.
fn colour(text: &str) -> &str {
    let ok = text.len() == 7
        && text.starts_with('#')
        && text[1..].chars().all(|c| c.is_ascii_hexdigit());
    if ok { text } else { "#cccccc" }
}

/// Where the map's hexes land in the drawing.
struct Frame {
    dx: f64,
    dy: f64,
    width: f64,
    height: f64,
}

impl Frame {
    fn of(grid: &Grid) -> Frame {
        let layout = grid.layout();
        let (mut min_x, mut min_y, mut max_x, mut max_y) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for hex in grid.hexes() {
            for (x, y) in layout.corners(hex, HEX_SIZE) {
                min_x = min_x.min(x);
                min_y = min_y.min(y);
                max_x = max_x.max(x);
                max_y = max_y.max(y);
            }
        }
        if min_x > max_x {
            (min_x, min_y, max_x, max_y) = (0.0, 0.0, 0.0, 0.0);
        }
        Frame {
            dx: MARGIN - min_x,
            dy: MARGIN - min_y,
            width: max_x - min_x + 2.0 * MARGIN,
            height: max_y - min_y + 2.0 * MARGIN,
        }
    }

    fn at(&self, (x, y): Point) -> Point {
        (x + self.dx, y + self.dy)
    }
}

fn points(corners: &[Point]) -> String {
    corners
        .iter()
        .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The initials of a name, at most three.
fn initials(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|w| w.chars().next())
        .filter(|c| c.is_alphanumeric())
        .take(3)
        .collect()
}

/// A picture of the map drawn under the grid (see `super::picture`).
#[derive(Clone, Debug, PartialEq)]
pub struct Backdrop {
    /// Where the picture is served.
    pub href: String,
    /// Its size in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// The SVG `matrix` from picture pixels to the drawing.
    pub matrix: [f64; 6],
}

/// Where a hex's centre lands in the drawing.
pub fn hex_point(grid: &Grid, hex: Hex) -> Point {
    Frame::of(grid).at(grid.layout().centre(hex, HEX_SIZE))
}

/// The board as an SVG document.
pub fn render(scene: &Scene<'_>) -> String {
    render_over(scene, None)
}

/// The board as an SVG document, over a picture of the map when there is one (the hexes then
/// let it show through).
pub fn render_over(scene: &Scene<'_>, backdrop: Option<&Backdrop>) -> String {
    let frame = Frame::of(scene.grid);
    let mut svg = Svg { out: String::new() };
    let mut body = Svg { out: String::new() };
    if let Some(b) = backdrop {
        // Six decimals: a scale rounded to two would move a far corner by many pixels.
        let matrix = b.matrix.map(|v| format!("{v:.6}")).join(" ");
        body.empty(
            "image",
            &[
                ("class", "map-picture"),
                ("href", &b.href),
                ("width", &b.width.to_string()),
                ("height", &b.height.to_string()),
                ("transform", &format!("matrix({matrix})")),
                ("preserveAspectRatio", "none"),
            ],
        );
    }
    draw_map(&mut body, scene, &frame, backdrop.is_some());
    let bottom = draw_off_map(&mut body, scene, frame.height, frame.width.max(MIN_WIDTH));
    let (width, height) = (num(frame.width.max(MIN_WIDTH)), num(bottom));
    let view = format!("0 0 {width} {height}");
    svg.open(
        "svg",
        &[
            ("xmlns", "http://www.w3.org/2000/svg"),
            ("class", "board"),
            ("viewBox", &view),
            ("width", &width),
            ("height", &height),
            ("role", "group"),
            ("aria-labelledby", "board-title"),
        ],
    );
    svg.text("title", &[("id", "board-title")], scene.title);
    svg.out.push_str(&body.out);
    svg.close("svg");
    svg.out
}

/// The map alone (hexes, terrain and places) in the board's own coordinates, without its frame
/// or anything off the map, to lay over a picture while the grid is fitted to it: the hexes see
/// through and stay out of the tab order.
pub fn map_layer(scene: &Scene<'_>) -> String {
    let frame = Frame::of(scene.grid);
    let mut body = Svg { out: String::new() };
    draw_map(&mut body, scene, &frame, true);
    body.out
        .replace(" tabindex=\"0\"", "")
        .replace(" tabindex=\"-1\"", "")
        .replace(" role=\"button\"", "")
}

/// The terrain names and place names of each hex, for its label.
fn hex_words(scene: &Scene<'_>) -> BTreeMap<Hex, Vec<String>> {
    let mut words: BTreeMap<Hex, Vec<String>> = BTreeMap::new();
    for label in &scene.labels {
        words.entry(label.hex).or_default().push(label.name.clone());
    }
    for t in scene.terrain.iter().filter(|t| !t.draw.on_hexsides()) {
        for hex in t.hexes.iter().filter_map(|id| scene.grid.parse(id).ok()) {
            words.entry(hex).or_default().push(t.name.to_lowercase());
        }
    }
    words
}

fn draw_map(svg: &mut Svg, scene: &Scene<'_>, frame: &Frame, pictured: bool) {
    let layout = scene.grid.layout();
    let mut fills: BTreeMap<Hex, &str> = BTreeMap::new();
    for t in scene.terrain.iter().filter(|t| t.draw == Draw::Fill) {
        for hex in t.hexes.iter().filter_map(|id| scene.grid.parse(id).ok()) {
            fills.entry(hex).or_insert(colour(&t.colour));
        }
    }
    let words = hex_words(scene);
    if pictured {
        svg.open("g", &[("class", "hexes"), ("fill-opacity", "0.25")]);
    } else {
        svg.open("g", &[("class", "hexes")]);
    }
    for (i, hex) in scene.grid.hexes().enumerate() {
        let id = scene.grid.id(hex);
        let label = match words.get(&hex) {
            Some(w) => format!("Hex {id}: {}", w.join(", ")),
            None => format!("Hex {id}"),
        };
        let corners: Vec<Point> = layout
            .corners(hex, HEX_SIZE)
            .iter()
            .map(|p| frame.at(*p))
            .collect();
        let (x, y) = frame.at(layout.centre(hex, HEX_SIZE));
        // One hex takes Tab; the page's script moves focus between hexes with the arrow keys.
        let tab = if i == 0 { "0" } else { "-1" };
        let element_id = format!("hex-{id}");
        svg.open(
            "g",
            &[
                ("class", "hex"),
                ("id", &element_id),
                ("data-hex", &id),
                ("tabindex", tab),
                ("role", "button"),
                ("aria-label", &label),
            ],
        );
        svg.title(&label);
        svg.empty(
            "polygon",
            &[
                ("points", &points(&corners)),
                ("fill", fills.get(&hex).copied().unwrap_or("#f4f1e8")),
                ("stroke", "#9a9482"),
            ],
        );
        svg.text(
            "text",
            &[
                ("class", "hex-id"),
                ("x", &num(x)),
                ("y", &num(y - HEX_SIZE * 0.62)),
                ("text-anchor", "middle"),
                ("font-size", "9"),
            ],
            &id,
        );
        svg.close("g");
    }
    svg.close("g");
    draw_features(svg, scene, frame);
    draw_labels(svg, scene, frame);
    draw_marks(svg, scene, frame);
    draw_stacks(svg, scene, frame);
}

fn draw_features(svg: &mut Svg, scene: &Scene<'_>, frame: &Frame) {
    let layout = scene.grid.layout();
    svg.open("g", &[("class", "features"), ("aria-hidden", "true")]);
    for t in scene.terrain {
        let paint = colour(&t.colour);
        let class = format!("terrain terrain-{}", t.code);
        match t.draw {
            Draw::Fill => {}
            Draw::Dot | Draw::Ring => {
                for hex in t.hexes.iter().filter_map(|id| scene.grid.parse(id).ok()) {
                    let (x, y) = frame.at(layout.centre(hex, HEX_SIZE));
                    if t.draw == Draw::Dot {
                        svg.empty(
                            "circle",
                            &[
                                ("class", &class),
                                ("cx", &num(x)),
                                ("cy", &num(y + HEX_SIZE * 0.45)),
                                ("r", "4"),
                                ("fill", paint),
                            ],
                        );
                    } else {
                        let inner: Vec<Point> = layout
                            .corners(hex, HEX_SIZE * 0.86)
                            .iter()
                            .map(|p| frame.at(*p))
                            .collect();
                        svg.empty(
                            "polygon",
                            &[
                                ("class", &class),
                                ("points", &points(&inner)),
                                ("fill", "none"),
                                ("stroke", paint),
                                ("stroke-width", "3"),
                            ],
                        );
                    }
                }
            }
            Draw::Edge | Draw::Path => {
                for [a, b] in &t.sides {
                    let (Ok(a), Ok(b)) = (scene.grid.parse(a), scene.grid.parse(b)) else {
                        continue;
                    };
                    let ends = if t.draw == Draw::Edge {
                        layout.edge(a, b, HEX_SIZE)
                    } else {
                        layout
                            .adjacent(a, b)
                            .then(|| (layout.centre(a, HEX_SIZE), layout.centre(b, HEX_SIZE)))
                    };
                    if let Some((p, q)) = ends {
                        let (p, q) = (frame.at(p), frame.at(q));
                        let width = if t.draw == Draw::Edge { "4" } else { "3" };
                        svg.empty(
                            "line",
                            &[
                                ("class", &class),
                                ("x1", &num(p.0)),
                                ("y1", &num(p.1)),
                                ("x2", &num(q.0)),
                                ("y2", &num(q.1)),
                                ("stroke", paint),
                                ("stroke-width", width),
                            ],
                        );
                    }
                }
            }
        }
    }
    svg.close("g");
}

fn draw_labels(svg: &mut Svg, scene: &Scene<'_>, frame: &Frame) {
    let layout = scene.grid.layout();
    svg.open("g", &[("class", "places"), ("aria-hidden", "true")]);
    for label in &scene.labels {
        let (x, y) = frame.at(layout.centre(label.hex, HEX_SIZE));
        svg.text(
            "text",
            &[
                ("class", "place"),
                ("x", &num(x)),
                ("y", &num(y + HEX_SIZE * 0.8)),
                ("text-anchor", "middle"),
                ("font-size", "10"),
            ],
            &label.name,
        );
    }
    svg.close("g");
}

/// Each hex marker: the hex outlined in red dashes and the marker's name along its top edge.
fn draw_marks(svg: &mut Svg, scene: &Scene<'_>, frame: &Frame) {
    let layout = scene.grid.layout();
    svg.open("g", &[("class", "hex-marks")]);
    for mark in scene.marks.iter().filter(|m| scene.grid.contains(m.hex)) {
        let (x, y) = frame.at(layout.centre(mark.hex, HEX_SIZE));
        // Just inside the hex's own edge, so neighbouring outlines do not meet.
        let corners: Vec<Point> = layout
            .corners(mark.hex, HEX_SIZE)
            .into_iter()
            .map(|p| frame.at(p))
            .map(|(cx, cy)| (x + (cx - x) * 0.92, y + (cy - y) * 0.92))
            .collect();
        svg.open("g", &[("class", "hex-mark"), ("role", "img")]);
        svg.title(&format!("{} in {}", mark.name, scene.grid.id(mark.hex)));
        svg.empty(
            "polygon",
            &[
                ("points", &points(&corners)),
                ("fill", "none"),
                ("stroke", "#b00020"),
                ("stroke-width", "3"),
                ("stroke-dasharray", "6 3"),
            ],
        );
        svg.text(
            "text",
            &[
                ("x", &num(x)),
                ("y", &num(y - HEX_SIZE * 0.35)),
                ("text-anchor", "middle"),
                ("font-size", "9"),
                ("font-weight", "bold"),
                ("fill", "#b00020"),
            ],
            &mark.name,
        );
        svg.close("g");
    }
    svg.close("g");
}

fn draw_stacks(svg: &mut Svg, scene: &Scene<'_>, frame: &Frame) {
    let layout = scene.grid.layout();
    let mut stacks: BTreeMap<Hex, Vec<&Counter>> = BTreeMap::new();
    for c in &scene.counters {
        if let Place::Hex(hex) = c.place
            && scene.grid.contains(hex)
        {
            stacks.entry(hex).or_default().push(c);
        }
    }
    svg.open("g", &[("class", "stacks")]);
    for (hex, counters) in stacks {
        let id = scene.grid.id(hex);
        let (x, y) = frame.at(layout.centre(hex, HEX_SIZE));
        draw_stack(
            svg,
            &counters,
            (x - COUNTER / 2.0, y - COUNTER / 2.0),
            &format!("hex {id}"),
            &id,
        );
    }
    svg.close("g");
}

/// A stack: its counters fanned up and to the left from `(x, y)`, the top one last, and the
/// number of counters when more than one.
fn draw_stack(svg: &mut Svg, counters: &[&Counter], (x, y): Point, place: &str, hex: &str) {
    let n = counters.len();
    let label = if n == 1 {
        format!("1 unit in {place}")
    } else {
        format!("{n} units in {place}")
    };
    svg.open(
        "g",
        &[
            ("class", "stack"),
            ("data-hex", hex),
            ("aria-label", &label),
        ],
    );
    let shown = n.min(FANNED);
    for (i, counter) in counters.iter().enumerate() {
        // The counters beyond the fanned ones sit exactly under the last fanned position.
        let depth = (n - 1 - i).min(shown - 1) as f64;
        draw_counter(svg, counter, (x + depth * FAN, y + depth * FAN));
    }
    if n > 1 {
        svg.open("g", &[("class", "count"), ("aria-hidden", "true")]);
        svg.empty(
            "circle",
            &[
                ("cx", &num(x + COUNTER)),
                ("cy", &num(y)),
                ("r", "9"),
                ("fill", "#1a1a1a"),
            ],
        );
        svg.text(
            "text",
            &[
                ("x", &num(x + COUNTER)),
                ("y", &num(y + 4.0)),
                ("text-anchor", "middle"),
                ("font-size", "11"),
                ("fill", "#ffffff"),
            ],
            &n.to_string(),
        );
        svg.close("g");
    }
    svg.close("g");
}

/// What a counter is, for its label.
fn counter_label(counter: &Counter) -> String {
    let side = counter.side.adjective();
    let mut label = match &counter.face {
        Face::Shown {
            name,
            type_name,
            values,
            reduced,
            ..
        } => {
            let mut s = format!("{side} {name}, {type_name}");
            if !values.is_empty() {
                let _ = write!(s, ", {values}");
            }
            if *reduced {
                s.push_str(", reduced");
            }
            s
        }
        Face::Blank => format!("{side} unit, face down"),
    };
    for chit in &counter.chits {
        let _ = write!(label, "; {}", chit.name);
    }
    label
}

fn draw_counter(svg: &mut Svg, counter: &Counter, (x, y): Point) {
    let label = counter_label(counter);
    let mut attrs: Vec<(&str, &str)> = vec![
        ("class", "counter"),
        ("data-side", counter.side.code()),
        ("tabindex", "0"),
        ("role", "button"),
        ("aria-label", &label),
    ];
    if let Some(key) = &counter.key {
        attrs.push(("data-unit", key));
    }
    // The piece: the counter people point at (its label says everything printed on it), then
    // what is printed on it, which taps pass through and screen readers skip, since a button
    // whose text differs from its label confuses speech input.
    svg.open("g", &[("class", "piece")]);
    svg.open("g", &attrs);
    svg.title(&label);
    let (fill, ink) = (colour(&counter.colour), colour(&counter.ink));
    svg.empty(
        "rect",
        &[
            ("x", &num(x)),
            ("y", &num(y)),
            ("width", &num(COUNTER)),
            ("height", &num(COUNTER)),
            ("rx", "3"),
            ("fill", fill),
            ("stroke", ink),
        ],
    );
    svg.close("g");
    svg.open(
        "g",
        &[
            ("class", "face"),
            ("aria-hidden", "true"),
            ("pointer-events", "none"),
        ],
    );
    draw_face(svg, &counter.face, (x, y), ink);
    draw_chits(svg, &counter.chits, (x, y));
    svg.close("g");
    svg.close("g");
}

/// What a shown counter prints: the reduced stripe, size, symbol box, letters and values.
fn draw_face(svg: &mut Svg, face: &Face, (x, y): Point, ink: &str) {
    let Face::Shown {
        symbol,
        letters,
        size,
        values,
        reduced,
        ..
    } = face
    else {
        return;
    };
    if *reduced {
        svg.empty(
            "rect",
            &[
                ("class", "reduced"),
                ("x", &num(x)),
                ("y", &num(y)),
                ("width", &num(COUNTER)),
                ("height", "6"),
                ("fill", ink),
                ("fill-opacity", "0.45"),
            ],
        );
    }
    let symbol_box = (x + 12.0, y + 12.0, 20.0, 13.0);
    svg.text(
        "text",
        &[
            ("class", "size"),
            ("x", &num(x + COUNTER / 2.0)),
            ("y", &num(symbol_box.1 - 2.0)),
            ("text-anchor", "middle"),
            ("font-size", "7"),
            ("fill", ink),
        ],
        size,
    );
    draw_symbol(svg, *symbol, letters, symbol_box, ink);
    svg.text(
        "text",
        &[
            ("class", "values"),
            ("x", &num(x + COUNTER / 2.0)),
            ("y", &num(y + COUNTER - 5.0)),
            ("text-anchor", "middle"),
            ("font-size", "10"),
            ("font-weight", "bold"),
            ("fill", ink),
        ],
        values,
    );
}

/// The unit-type symbol in its box, with the letters printed in it.
fn draw_symbol(
    svg: &mut Svg,
    symbol: Symbol,
    letters: &str,
    (bx, by, bw, bh): (f64, f64, f64, f64),
    ink: &str,
) {
    svg.open(
        "g",
        &[
            ("class", "symbol"),
            ("stroke", ink),
            ("color", ink),
            ("fill", "none"),
            ("aria-hidden", "true"),
        ],
    );
    svg.empty(
        "rect",
        &[
            ("x", &num(bx)),
            ("y", &num(by)),
            ("width", &num(bw)),
            ("height", &num(bh)),
        ],
    );
    for (tag, shape) in symbol.shapes(bx, by, bw, bh) {
        let attrs: Vec<(&str, &str)> = shape.iter().map(|(k, v)| (*k, v.as_str())).collect();
        svg.empty(tag, &attrs);
    }
    svg.close("g");
    if !letters.is_empty() {
        svg.text(
            "text",
            &[
                ("class", "letters"),
                ("aria-hidden", "true"),
                ("x", &num(bx + bw / 2.0)),
                ("y", &num(by + bh - 3.0)),
                ("text-anchor", "middle"),
                ("font-size", "6"),
                ("fill", ink),
            ],
            letters,
        );
    }
}

/// The first three markers on a counter, as chits along its foot.
fn draw_chits(svg: &mut Svg, chits: &[Chit], (x, y): Point) {
    for (i, chit) in chits.iter().take(3).enumerate() {
        let short = if chit.short.is_empty() {
            initials(&chit.name)
        } else {
            chit.short.chars().take(3).collect()
        };
        let cx = x + COUNTER - 14.0 - 15.0 * i as f64;
        let cy = y + COUNTER - 7.0;
        let (class, fill, ink) = if chit.alert {
            ("chit alert", "#b00020", "#ffffff")
        } else {
            ("chit", "#fff3b0", "#1a1a1a")
        };
        svg.open("g", &[("class", class)]);
        svg.title(&chit.name);
        svg.empty(
            "rect",
            &[
                ("x", &num(cx)),
                ("y", &num(cy)),
                ("width", "14"),
                ("height", "14"),
                ("fill", fill),
                ("stroke", "#1a1a1a"),
            ],
        );
        svg.text(
            "text",
            &[
                ("x", &num(cx + 7.0)),
                ("y", &num(cy + 10.0)),
                ("text-anchor", "middle"),
                ("font-size", "7"),
                ("fill", ink),
            ],
            &short,
        );
        svg.close("g");
    }
}

/// The turn track and the boxes, below the map from `top`; returns the drawing's bottom.
fn draw_off_map(svg: &mut Svg, scene: &Scene<'_>, top: f64, width: f64) -> f64 {
    let mut y = top;
    if !scene.turns.is_empty() {
        y = draw_track(svg, scene, y, width);
    }
    for tray in &scene.trays {
        // An id is one XML name: a holding area's name may hold spaces.
        let id: String = tray
            .code
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        let inside: Vec<&Counter> = scene
            .counters
            .iter()
            .filter(|c| c.place == Place::Box(tray.code.clone()))
            .collect();
        y = draw_tray(
            svg,
            &tray.name,
            (&format!("box-{id}"), Some(&tray.code)),
            &inside,
            y,
            width,
        );
    }
    y
}

fn draw_track(svg: &mut Svg, scene: &Scene<'_>, top: f64, width: f64) -> f64 {
    svg.open(
        "g",
        &[
            ("class", "track"),
            ("role", "group"),
            ("aria-label", "Turn track"),
        ],
    );
    svg.text(
        "text",
        &[
            ("x", &num(MARGIN)),
            ("y", &num(top + 14.0)),
            ("font-size", "13"),
            ("font-weight", "bold"),
        ],
        "Turn track",
    );
    let cell = 52.0;
    let per_row = (((width - 2.0 * MARGIN) / cell).floor() as usize).max(1);
    for (i, turn) in scene.turns.iter().enumerate() {
        let (col, row) = (i % per_row, i / per_row);
        let (x, y) = (MARGIN + col as f64 * cell, top + 22.0 + row as f64 * 30.0);
        let current = scene.current_turn == Some(turn.number);
        let label = if current {
            format!("{}, the turn being played", turn.label)
        } else {
            turn.label.clone()
        };
        let class = if current { "turn current" } else { "turn" };
        svg.open(
            "g",
            &[
                ("class", class),
                ("data-turn", &turn.number.to_string()),
                ("aria-label", &label),
            ],
        );
        svg.title(&label);
        svg.empty(
            "rect",
            &[
                ("x", &num(x)),
                ("y", &num(y)),
                ("width", &num(cell - 4.0)),
                ("height", "26"),
                ("fill", if current { "#1a1a1a" } else { "#ffffff" }),
                ("stroke", "#1a1a1a"),
            ],
        );
        svg.text(
            "text",
            &[
                ("x", &num(x + (cell - 4.0) / 2.0)),
                ("y", &num(y + 17.0)),
                ("text-anchor", "middle"),
                ("font-size", "10"),
                ("fill", if current { "#ffffff" } else { "#1a1a1a" }),
            ],
            &turn.label,
        );
        svg.close("g");
    }
    let rows = scene.turns.len().div_ceil(per_row) as f64;
    svg.close("g");
    let mut y = top + 22.0 + rows * 30.0 + 8.0;
    // The counters waiting on the track, turn by turn.
    for turn in &scene.turns {
        let waiting: Vec<&Counter> = scene
            .counters
            .iter()
            .filter(|c| c.place == Place::Turn(turn.number))
            .collect();
        if !waiting.is_empty() {
            y = draw_tray(
                svg,
                &format!("Arriving on {}", turn.label),
                (&format!("turn-{}", turn.number), None),
                &waiting,
                y,
                width,
            );
        }
    }
    y
}

/// A titled box of counters, laid out in rows; returns its bottom. `(id, place)`: the element's
/// id, and the place a unit moved into the box takes (none for a box nothing is moved into).
fn draw_tray(
    svg: &mut Svg,
    name: &str,
    (id, place): (&str, Option<&str>),
    counters: &[&Counter],
    top: f64,
    width: f64,
) -> f64 {
    let cell = COUNTER + 8.0;
    let inner = width - 2.0 * MARGIN;
    let per_row = ((inner - 8.0) / cell).floor().max(1.0) as usize;
    let rows = counters.len().div_ceil(per_row).max(1) as f64;
    let height = 26.0 + rows * cell;
    let label = match counters.len() {
        0 => format!("{name}: empty"),
        1 => format!("{name}: 1 unit"),
        n => format!("{name}: {n} units"),
    };
    let mut attrs = vec![
        ("class", "box"),
        ("id", id),
        ("role", "group"),
        ("aria-label", label.as_str()),
    ];
    if let Some(place) = place {
        attrs.push(("data-place", place));
    }
    svg.open("g", &attrs);
    svg.title(&label);
    svg.empty(
        "rect",
        &[
            ("x", &num(MARGIN)),
            ("y", &num(top)),
            ("width", &num(inner)),
            ("height", &num(height)),
            ("fill", "#ffffff"),
            ("stroke", "#9a9482"),
        ],
    );
    svg.text(
        "text",
        &[
            ("x", &num(MARGIN + 8.0)),
            ("y", &num(top + 17.0)),
            ("font-size", "12"),
            ("font-weight", "bold"),
        ],
        name,
    );
    for (i, counter) in counters.iter().enumerate() {
        let (col, row) = (i % per_row, i / per_row);
        let at = (
            MARGIN + 8.0 + col as f64 * cell,
            top + 26.0 + row as f64 * cell,
        );
        draw_counter(svg, counter, at);
    }
    svg.close("g");
    top + height + MARGIN / 2.0
}

#[cfg(test)]
#[path = "svg_tests.rs"]
mod tests;
