use super::*;
use image::{ImageEncoder, Rgba, RgbaImage};

fn png(width: u32, height: u32) -> Vec<u8> {
    let img = RgbaImage::from_pixel(width, height, Rgba([10, 120, 200, 128]));
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(img.as_raw(), width, height, image::ExtendedColorType::Rgba8)
        .expect("encodes");
    out
}

#[test]
fn a_png_is_kept_as_a_jpeg_of_the_same_size() {
    let kept = read(&png(40, 30)).expect("reads");
    assert_eq!((kept.width, kept.height), (40, 30));
    assert_eq!(format_of(&kept.bytes), Some(ImageFormat::Jpeg));
}

#[test]
fn a_large_picture_is_scaled_to_the_longest_side_allowed() {
    let kept = read(&png(MAX_SIDE * 2, 100)).expect("reads");
    assert_eq!(kept.width, MAX_SIDE);
    assert!(kept.height <= 51 && kept.height >= 49, "{}", kept.height);
}

#[test]
fn empty_text_and_trailing_bytes_are_refused() {
    assert_eq!(read(b"").unwrap_err(), PictureError::Empty);
    assert_eq!(
        read(b"<svg xmlns='http://www.w3.org/2000/svg'/>").unwrap_err(),
        PictureError::NotAPicture
    );
    let mut polyglot = png(4, 4);
    polyglot.extend_from_slice(b"<html><script>alert(1)</script></html>");
    assert_eq!(read(&polyglot).unwrap_err(), PictureError::Trailing);
}

#[test]
fn a_cut_png_is_damaged() {
    let mut cut = png(64, 64);
    let end = cut.split_off(cut.len() - 12);
    cut.truncate(cut.len() / 2);
    cut.extend_from_slice(&end);
    assert!(matches!(read(&cut), Err(PictureError::Damaged(_))));
}

#[test]
fn two_points_land_where_they_are_put() {
    let (p1, b1, p2, b2) = ((100.0, 50.0), (30.0, 40.0), (300.0, 250.0), (430.0, 240.0));
    let [a, b, c, d, e, f] = placement(p1, b1, p2, b2).expect("two points");
    for (p, want) in [(p1, b1), (p2, b2)] {
        let got = (a * p.0 + c * p.1 + e, b * p.0 + d * p.1 + f);
        assert!(
            (got.0 - want.0).abs() < 1e-9 && (got.1 - want.1).abs() < 1e-9,
            "{got:?}"
        );
    }
    assert!(placement(p1, b1, p1, b2).is_none());
}
