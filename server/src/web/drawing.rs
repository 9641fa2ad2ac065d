//! Server-drawn pictures (the WoNS ladder, the Talvisota map): a caller lays out marks in pixels
//! and askama writes them as SVG, escaping every text. Also the two measures a layout needs
//! without a font at hand: a line-wrapping of names and an estimate of a text's width.

use askama::Template;

/// One mark of a drawing, in the drawing's own pixels.
pub enum Mark {
    /// A rectangle.
    Rect {
        /// Left.
        x: i32,
        /// Top.
        y: i32,
        /// Width.
        w: i32,
        /// Height.
        h: i32,
        /// Corner radius.
        rx: i32,
        /// Fill colour.
        fill: &'static str,
        /// Outline colour, or "none".
        stroke: &'static str,
        /// Outline width.
        stroke_width: i32,
        /// A dashed outline.
        dashed: bool,
    },
    /// A circle.
    Circle {
        /// Centre.
        cx: i32,
        /// Centre.
        cy: i32,
        /// Radius.
        r: i32,
        /// Fill colour, or "none".
        fill: &'static str,
        /// Outline colour.
        stroke: &'static str,
        /// Outline width.
        stroke_width: i32,
        /// A dotted outline.
        dashed: bool,
    },
    /// A straight line.
    Line {
        /// One end.
        x1: i32,
        /// One end.
        y1: i32,
        /// The other end.
        x2: i32,
        /// The other end.
        y2: i32,
        /// Colour.
        stroke: &'static str,
        /// Width.
        width: i32,
        /// Dashed.
        dashed: bool,
        /// Faint (not yet open, say).
        faint: bool,
    },
    /// One line of text; `fit` squeezes it into that many pixels.
    Text {
        /// Where it starts (or is centred, with `anchor` "middle").
        x: i32,
        /// Its baseline.
        y: i32,
        /// What it says.
        text: String,
        /// Its style class, from the stylesheet.
        class: &'static str,
        /// "start", "middle" or "end".
        anchor: &'static str,
        /// The width it must not pass, if any.
        fit: Option<i32>,
    },
    /// Opens a group; a link when `href` is given. `label` is its title: shown as a tooltip and
    /// read by screen readers, so it begins with the group's visible text.
    Open {
        /// Where the group links to.
        href: Option<String>,
        /// Its name for people.
        label: String,
    },
    /// Closes the last group.
    Close {
        /// The group was a link.
        link: bool,
    },
}

/// A picture: its size, its name and description for screen readers, and its marks.
#[derive(Template)]
#[template(path = "core/drawing.svg")]
pub struct Drawing {
    /// The element id; the title and description ids derive from it.
    pub id: String,
    /// CSS classes of the picture.
    pub class: &'static str,
    /// "img" for a picture, "group" when it holds links.
    pub role: &'static str,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Its name.
    pub title: String,
    /// What it shows, for people who cannot see it.
    pub desc: String,
    /// The marks, back to front.
    pub marks: Vec<Mark>,
    /// The point a scrolling frame should show first, if any.
    pub focus: Option<(i32, i32)>,
}

impl Drawing {
    /// An empty picture.
    pub fn new(
        id: &str,
        class: &'static str,
        role: &'static str,
        title: String,
        desc: String,
    ) -> Self {
        Drawing {
            id: id.to_owned(),
            class,
            role,
            width: 0,
            height: 0,
            title,
            desc,
            marks: Vec::new(),
            focus: None,
        }
    }

    /// A filled rectangle with an outline.
    #[allow(clippy::too_many_arguments)]
    pub fn rect(
        &mut self,
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        fill: &'static str,
        stroke: &'static str,
        stroke_width: i32,
    ) {
        self.marks.push(Mark::Rect {
            x,
            y,
            w,
            h,
            rx: 0,
            fill,
            stroke,
            stroke_width,
            dashed: false,
        });
    }

    /// A line of text in a style class, starting at `x`.
    pub fn text(&mut self, x: i32, y: i32, text: impl Into<String>, class: &'static str) {
        self.marks.push(Mark::Text {
            x,
            y,
            text: text.into(),
            class,
            anchor: "start",
            fit: None,
        });
    }

    /// A line of text in a class of `size` pixels that must stay within `width` pixels from
    /// `x`: squeezed when it would surely pass that (wrap with `chars_within` first).
    #[allow(clippy::too_many_arguments)]
    pub fn text_within(
        &mut self,
        x: i32,
        y: i32,
        text: impl Into<String>,
        class: &'static str,
        size: i32,
        width: i32,
    ) {
        let text = text.into();
        // The estimate is generous; squeezing text that fits would stretch it instead.
        let fit = (text_width(&text, size) * 9 / 10 > width).then_some(width);
        self.marks.push(Mark::Text {
            x,
            y,
            text,
            class,
            anchor: "start",
            fit,
        });
    }

    /// A line of text centred on `x`.
    pub fn centred(&mut self, x: i32, y: i32, text: impl Into<String>, class: &'static str) {
        self.marks.push(Mark::Text {
            x,
            y,
            text: text.into(),
            class,
            anchor: "middle",
            fit: None,
        });
    }

    /// Opens a group (a link when `href` is given) named `label`.
    pub fn open(&mut self, href: Option<String>, label: impl Into<String>) {
        self.marks.push(Mark::Open {
            href,
            label: label.into(),
        });
    }

    /// Closes the group opened last.
    pub fn close(&mut self, link: bool) {
        self.marks.push(Mark::Close { link });
    }

    /// The marks' text, in order, for tests and for checking what a reader is shown.
    pub fn texts(&self) -> Vec<&str> {
        self.marks
            .iter()
            .filter_map(|m| match m {
                Mark::Text { text, .. } => Some(text.as_str()),
                Mark::Open { label, .. } => Some(label.as_str()),
                _ => None,
            })
            .collect()
    }
}

/// A side's colour in every drawing (the stylesheet's `--soviet` and `--finnish`).
pub fn side_colour(side: crate::core::domain::Side) -> &'static str {
    match side {
        crate::core::domain::Side::Soviet => "#9b1c1c",
        crate::core::domain::Side::Finnish => "#1f4e79",
    }
}

/// The width `text` takes at `size` pixels, estimated generously (a wide sans-serif's average
/// letter, bold), so a box sized by it holds the text in any common font.
pub fn text_width(text: &str, size: i32) -> i32 {
    let chars = text.chars().count() as i32;
    (chars * size * 62 + 99) / 100
}

/// How many characters of `size` pixels fit in `width` pixels by `text_width`'s estimate.
pub fn chars_within(width: i32, size: i32) -> usize {
    usize::try_from(width * 100 / (size * 62))
        .unwrap_or(1)
        .max(1)
}

/// `text` broken at spaces into lines of at most `max` characters; a word longer than that
/// stands on a line of its own (the drawing squeezes it to fit).
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let wanted = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if !line.is_empty() && wanted > max {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_and_the_limit() {
        assert_eq!(wrap("Border Crossing", 22), vec!["Border Crossing"]);
        assert_eq!(
            wrap("1st Platoon, 3rd Company of the 34th Infantry", 20),
            vec!["1st Platoon, 3rd", "Company of the 34th", "Infantry"]
        );
        assert_eq!(
            wrap("Jollonkorpisuursuonlaita x", 10),
            vec!["Jollonkorpisuursuonlaita", "x"]
        );
        assert_eq!(wrap("", 10), vec![""]);
        for line in wrap("a bb ccc dddd eeeee ffffff", 7) {
            assert!(line.chars().count() <= 7, "{line}");
        }
    }

    #[test]
    fn text_is_escaped_and_long_text_squeezed() {
        let mut d = Drawing::new("t", "ladder", "img", "A & B".into(), "<desc>".into());
        d.width = 100;
        d.height = 50;
        d.text_within(0, 10, "<script>alert(1)</script>", "name", 12, 40);
        d.text(0, 30, "short", "name");
        d.open(Some("#platoon-\"x\"".into()), "Sapper <Platoon>");
        d.close(true);
        let svg = d.render().expect("renders");
        assert!(!svg.contains("<script>"), "{svg}");
        assert!(!svg.contains("<desc>"), "{svg}");
        assert!(
            svg.contains("&lt;script&gt;") || svg.contains("&#60;script&#62;"),
            "{svg}"
        );
        assert!(
            svg.contains(r#"textLength="40""#),
            "the long line is squeezed: {svg}"
        );
        assert_eq!(
            svg.matches("textLength").count(),
            1,
            "the short line is not: {svg}"
        );
        assert!(svg.contains("<a href="), "{svg}");
    }
}
