//! A picture of the printed map under the board: what an upload must be, how it is read and
//! written again, and where it lies under the grid. Pure functions: no I/O.
//!
//! An upload is read only when its first bytes say PNG, JPEG or WebP and nothing follows the
//! picture's end (so a file that is also an archive or a page is refused). Its header is checked
//! against `MAX_SIDE_IN` and `MAX_PIXELS` before a pixel is decoded, and the decoder may hold at
//! most `MAX_ALLOC` bytes, so a decompression bomb or a header claiming 100,000 × 100,000 is
//! refused at the cost of reading its header. What is kept is the picture alone, at most
//! `MAX_SIDE` pixels a side, written again as a JPEG: no metadata, comment or trailing byte of
//! the upload survives.

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage};
use std::io::Cursor;

/// The largest upload read, in bytes.
pub const MAX_BYTES: usize = 25 * 1024 * 1024;
/// The widest or tallest picture read, in pixels.
pub const MAX_SIDE_IN: u32 = 16_384;
/// The most pixels a picture read may have (60 megapixels).
pub const MAX_PIXELS: u64 = 60_000_000;
/// The most bytes the decoder may hold at once.
pub const MAX_ALLOC: u64 = 256 * 1024 * 1024;
/// The widest or tallest picture kept; larger ones are scaled down.
pub const MAX_SIDE: u32 = 4096;
/// The media type of every kept picture.
pub const CONTENT_TYPE: &str = "image/jpeg";
/// The JPEG quality pictures are kept at.
const QUALITY: u8 = 88;

/// A picture as kept.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The JPEG bytes.
    pub bytes: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Why an upload is not kept, in words a person can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    /// Nothing was sent.
    #[error("The file is empty: choose a PNG, JPEG or WebP picture of the map.")]
    Empty,
    /// More than `MAX_BYTES`.
    #[error("The file is larger than 25 MB: save the picture smaller and send it again.")]
    TooLarge,
    /// Not PNG, JPEG or WebP by its first bytes.
    #[error(
        "This is not a PNG, JPEG or WebP picture: save the map in one of these and send it again."
    )]
    NotAPicture,
    /// The file does not end where its picture ends: cut short, or something appended.
    #[error(
        "The file does not end where its picture ends (it is cut short, or something is appended to it): save it again as a plain PNG, JPEG or WebP."
    )]
    Trailing,
    /// Too wide, too tall or too many pixels.
    #[error(
        "The picture is too large to read ({0}): at most 16384 pixels a side and 60 megapixels."
    )]
    TooManyPixels(String),
    /// The decoder failed.
    #[error("The picture cannot be read ({0}): it may be cut short or damaged; save it again.")]
    Damaged(String),
}

/// The format of an upload by its first bytes, if it is one we read.
pub fn format_of(bytes: &[u8]) -> Option<ImageFormat> {
    match image::guess_format(bytes).ok()? {
        f @ (ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP) => Some(f),
        _ => None,
    }
}

/// Whether the file ends where its picture ends.
fn ends_at_picture(format: ImageFormat, bytes: &[u8]) -> bool {
    const IEND: [u8; 12] = [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82];
    match format {
        ImageFormat::Png => bytes.ends_with(&IEND),
        ImageFormat::Jpeg => bytes.ends_with(&[0xFF, 0xD9]),
        ImageFormat::WebP => bytes
            .get(4..8)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .is_some_and(|b| u64::from(u32::from_le_bytes(b)) + 8 == bytes.len() as u64),
        _ => false,
    }
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE_IN);
    limits.max_image_height = Some(MAX_SIDE_IN);
    limits.max_alloc = Some(MAX_ALLOC);
    limits
}

fn damaged(e: image::ImageError) -> PictureError {
    match e {
        image::ImageError::Limits(l) => PictureError::TooManyPixels(l.to_string()),
        other => PictureError::Damaged(other.to_string()),
    }
}

/// Reads an upload and writes it again as the picture kept: at most `MAX_SIDE` a side, a JPEG,
/// transparency laid on white.
pub fn read(bytes: &[u8]) -> Result<Picture, PictureError> {
    if bytes.is_empty() {
        return Err(PictureError::Empty);
    }
    if bytes.len() > MAX_BYTES {
        return Err(PictureError::TooLarge);
    }
    let format = format_of(bytes).ok_or(PictureError::NotAPicture)?;
    if !ends_at_picture(format, bytes) {
        return Err(PictureError::Trailing);
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits());
    let decoder = reader.into_decoder().map_err(damaged)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(PictureError::TooManyPixels(format!(
            "{width} × {height} pixels"
        )));
    }
    if decoder.total_bytes() > MAX_ALLOC {
        return Err(PictureError::TooManyPixels(format!(
            "{width} × {height} pixels"
        )));
    }
    let mut image = DynamicImage::from_decoder(decoder).map_err(damaged)?;
    if image.width() > MAX_SIDE || image.height() > MAX_SIDE {
        image = image.thumbnail(MAX_SIDE, MAX_SIDE);
    }
    let rgb = on_white(image);
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, QUALITY)
        .encode_image(&rgb)
        .map_err(|e| PictureError::Damaged(e.to_string()))?;
    Ok(Picture {
        bytes: out,
        width: rgb.width(),
        height: rgb.height(),
    })
}

/// The picture in 8-bit RGB, any transparency laid over white.
fn on_white(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    let mut out = RgbImage::new(rgba.width(), rgba.height());
    for (to, from) in out.pixels_mut().zip(rgba.pixels()) {
        let a = u16::from(from.0[3]);
        for c in 0..3 {
            let v = (u16::from(from.0[c]) * a + 255 * (255 - a)) / 255;
            to.0[c] = u8::try_from(v).unwrap_or(255);
        }
    }
    out
}

/// A point, in pixels.
pub type Point = (f64, f64);

/// The SVG `matrix(a b c d e f)` that lays the picture under the board so that picture point
/// `p1` lands on board point `b1` and `p2` on `b2`: a scale, a turn and a shift, no shear.
/// `None` when the two picture points are the same.
pub fn placement(p1: Point, b1: Point, p2: Point, b2: Point) -> Option<[f64; 6]> {
    let (dpx, dpy) = (p2.0 - p1.0, p2.1 - p1.1);
    let (dbx, dby) = (b2.0 - b1.0, b2.1 - b1.1);
    let norm = dpx * dpx + dpy * dpy;
    if norm < 1e-9 {
        return None;
    }
    // The complex ratio (db / dp) is the scale and turn.
    let a = (dbx * dpx + dby * dpy) / norm;
    let b = (dby * dpx - dbx * dpy) / norm;
    let e = b1.0 - (a * p1.0 - b * p1.1);
    let f = b1.1 - (b * p1.0 + a * p1.1);
    Some([a, b, -b, a, e, f])
}

#[cfg(test)]
#[path = "picture_tests.rs"]
mod tests;
