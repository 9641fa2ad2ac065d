//! The map picture: hostile uploads refused with a sentence and nothing kept; good PNG, JPEG and
//! WebP kept written again (no metadata of the upload survives); the picture served to the
//! campaign's participants only, with its tag; the grid fitted to two hexes on it.

use crate::common::{Sides, TestApp};
use image::{ImageEncoder, Rgb, RgbImage};
use reqwest::StatusCode;
use serde_json::json;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const SECRET: &[u8] = b"Kollaa-secret-4711";

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for b in bytes {
        crc ^= u32::from(*b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A PNG chunk: length, type, data, CRC.
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = u32::try_from(data.len())
        .expect("small")
        .to_be_bytes()
        .to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

fn map_image(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 200) as u8])
    })
}

/// A PNG of `width` × `height` with a `tEXt` chunk holding `SECRET` after its header.
pub fn png_with_secret(width: u32, height: u32) -> Vec<u8> {
    let img = map_image(width, height);
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(img.as_raw(), width, height, image::ExtendedColorType::Rgb8)
        .expect("encodes");
    let mut text = b"Comment\0".to_vec();
    text.extend_from_slice(SECRET);
    let at = 8 + 25;
    out.splice(at..at, chunk(b"tEXt", &text));
    out
}

fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let img = map_image(width, height);
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 80)
        .write_image(img.as_raw(), width, height, image::ExtendedColorType::Rgb8)
        .expect("encodes");
    out
}

fn webp(width: u32, height: u32) -> Vec<u8> {
    let img = map_image(width, height);
    let mut out = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut out)
        .write_image(img.as_raw(), width, height, image::ExtendedColorType::Rgb8)
        .expect("encodes");
    out
}

/// A decompression bomb: 8000 × 8000 grey pixels (64 megapixels) in a few dozen kilobytes.
fn bomb() -> Vec<u8> {
    let side = 8000;
    let pixels = vec![0u8; side * side];
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new_with_quality(
        &mut out,
        image::codecs::png::CompressionType::Fast,
        image::codecs::png::FilterType::NoFilter,
    )
    .write_image(&pixels, 8000, 8000, image::ExtendedColorType::L8)
    .expect("encodes");
    out
}

/// A small PNG whose header claims 100,000 × 100,000 pixels.
fn huge_header() -> Vec<u8> {
    let mut png = png_with_secret(8, 8);
    let mut ihdr = png[12..29].to_vec();
    ihdr[4..8].copy_from_slice(&100_000u32.to_be_bytes());
    ihdr[8..12].copy_from_slice(&100_000u32.to_be_bytes());
    png[12..29].copy_from_slice(&ihdr);
    png[29..33].copy_from_slice(&crc32(&ihdr).to_be_bytes());
    png
}

const BOUNDARY: &str = "map-picture-boundary-8d2f";

/// A multipart body with `bytes` as the file field `picture`.
fn multipart(bytes: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"picture\"; filename=\"map.png\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

fn picture_path(t: &Sides) -> String {
    format!("/campaigns/{}/table/map-picture", t.id)
}

/// Sends `bytes` as the umpire's picture; the status and the page's text.
async fn send(t: &Sides, token: &str, bytes: &[u8]) -> (StatusCode, String) {
    let res = t
        .app
        .browser()
        .post(format!("{}{}", t.app.url, picture_path(t)))
        .bearer_auth(token)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(multipart(bytes))
        .send()
        .await
        .expect("answers");
    let status = res.status();
    (status, res.text().await.unwrap_or_default())
}

async fn fetch(t: &Sides, token: Option<&str>, tag: Option<&str>) -> reqwest::Response {
    let mut req = t
        .app
        .api()
        .get(format!("{}{}/image", t.app.url, picture_path(t)));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    if let Some(tag) = tag {
        req = req.header("if-none-match", tag);
    }
    req.send().await.expect("answers")
}

async fn historical() -> Sides {
    let app = Arc::new(TestApp::spawn().await);
    let campaign = json!({
        "name": "Pictured",
        "game": "winter_war",
        "scenario": { "pack": "winter-war-historical" },
    });
    Sides::open(&app, campaign, "").await
}

async fn kept_rows(t: &Sides) -> i64 {
    sqlx::query_scalar("select count(*) from map_pictures")
        .fetch_one(&t.app.db)
        .await
        .expect("counts")
}

#[tokio::test]
async fn hostile_pictures_are_refused_with_a_sentence_and_nothing_is_kept() {
    let t = historical().await;
    let mut polyglot_html = png_with_secret(16, 16);
    polyglot_html.extend_from_slice(b"<html><script>alert(document.cookie)</script></html>");
    let mut polyglot_zip = png_with_secret(16, 16);
    polyglot_zip.extend_from_slice(b"PK\x03\x04\x14\x00\x00\x00\x08\x00evil.html");
    let mut html_with_magic = b"\x89PNG\r\n\x1a\n".to_vec();
    html_with_magic.extend_from_slice(b"<html><body>hello</body></html>");
    let mut truncated = png_with_secret(200, 200);
    truncated.truncate(truncated.len() / 2);
    let mut over = b"\x89PNG\r\n\x1a\n".to_vec();
    over.resize(30 * 1024 * 1024, 7);
    let cases: Vec<(&str, Vec<u8>, StatusCode, &str)> = vec![
        (
            "bomb",
            bomb(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "too large to read",
        ),
        (
            "huge header",
            huge_header(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "too large to read",
        ),
        (
            "svg",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "not a PNG, JPEG or WebP",
        ),
        (
            "png + html",
            polyglot_html,
            StatusCode::UNPROCESSABLE_ENTITY,
            "does not end where its picture ends",
        ),
        (
            "png + zip",
            polyglot_zip,
            StatusCode::UNPROCESSABLE_ENTITY,
            "does not end where its picture ends",
        ),
        (
            "html with png magic",
            html_with_magic,
            StatusCode::UNPROCESSABLE_ENTITY,
            "does not end where its picture ends",
        ),
        (
            "truncated",
            truncated,
            StatusCode::UNPROCESSABLE_ENTITY,
            "does not end where its picture ends",
        ),
        (
            "empty",
            Vec::new(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "The file is empty",
        ),
        (
            "30 MB",
            over,
            StatusCode::PAYLOAD_TOO_LARGE,
            "larger than 25 MB",
        ),
    ];
    for (name, bytes, want, words) in cases {
        let (status, page) = send(&t, &t.umpire, &bytes).await;
        assert_eq!(status, want, "{name}: {page}");
        assert!(page.contains(words), "{name}: {words} in {page}");
        assert_eq!(kept_rows(&t).await, 0, "{name} kept nothing");
    }
    // A picture sent as the body itself rather than as the form's file: asked for the form.
    let res = t
        .app
        .browser()
        .post(format!("{}{}", t.app.url, picture_path(&t)))
        .bearer_auth(&t.umpire)
        .header("content-type", "image/png")
        .body(png_with_secret(16, 16))
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.unwrap_or_default();
    assert!(
        page.contains("Choose a PNG, JPEG or WebP picture"),
        "{page}"
    );
    assert_eq!(kept_rows(&t).await, 0, "wrong content type kept nothing");
    // A cut picture whose end is still there: the decoder finds it damaged.
    let whole = png_with_secret(200, 200);
    let mut cut = whole[..whole.len() / 2].to_vec();
    cut.extend_from_slice(&whole[whole.len() - 12..]);
    let (status, page) = send(&t, &t.umpire, &cut).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(page.contains("cannot be read"), "{page}");
    assert_eq!(kept_rows(&t).await, 0);
    // The players may not send one at all.
    let (status, _) = send(&t, &t.finn, &png_with_secret(16, 16)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(kept_rows(&t).await, 0);
}

/// A body declared at 200 MB is refused from its header, before the server reads it.
#[tokio::test]
async fn a_200_mb_body_is_refused_before_it_is_read() {
    let t = historical().await;
    let addr = t.app.url.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("connects");
    let head = format!(
        "POST {} HTTP/1.1\r\nHost: {addr}\r\nOrigin: {}\r\nSec-Fetch-Site: same-origin\r\nAuthorization: Bearer {}\r\nContent-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {}\r\n\r\n",
        picture_path(&t),
        t.app.url,
        t.umpire,
        200 * 1024 * 1024
    );
    stream.write_all(head.as_bytes()).await.expect("writes");
    stream
        .write_all(&vec![0u8; 64 * 1024])
        .await
        .expect("writes");
    let mut answer = vec![0u8; 4096];
    let n = tokio::time::timeout(std::time::Duration::from_secs(10), stream.read(&mut answer))
        .await
        .expect("answers without waiting for the body")
        .expect("reads");
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert_eq!(kept_rows(&t).await, 0);
}

#[tokio::test]
async fn good_pictures_are_kept_written_again_and_served_to_participants_only() {
    let t = historical().await;
    for (name, bytes) in [
        ("png", png_with_secret(600, 400)),
        ("jpeg", jpeg(600, 400)),
        ("webp", webp(600, 400)),
        ("large png", png_with_secret(5000, 300)),
    ] {
        let (status, page) = send(&t, &t.umpire, &bytes).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{name}: {page}");
        let res = fetch(&t, Some(&t.finn), None).await;
        assert_eq!(res.status(), StatusCode::OK, "{name}");
        assert_eq!(res.headers()["content-type"], "image/jpeg");
        let served = res.bytes().await.expect("bytes");
        assert!(served.starts_with(&[0xFF, 0xD8]), "{name} is a JPEG");
        assert!(!served.windows(SECRET.len()).any(|w| w == SECRET), "{name}");
        let read = image::load_from_memory(&served).expect("reads");
        let want = if name == "large png" {
            (4096, 246)
        } else {
            (600, 400)
        };
        assert_eq!((read.width(), read.height()), want, "{name}");
    }
    assert_eq!(kept_rows(&t).await, 1, "one picture per campaign");

    // Tag, revalidation and caching.
    let res = fetch(&t, Some(&t.soviet), None).await;
    assert_eq!(res.headers()["cache-control"], "private, no-cache");
    let tag = res.headers()["etag"].to_str().expect("tag").to_owned();
    assert!(tag.starts_with('"') && tag.ends_with('"'), "{tag}");
    let again = fetch(&t, Some(&t.soviet), Some(&tag)).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(again.headers()["etag"], tag.as_str());
    assert_eq!(again.headers()["cache-control"], "private, no-cache");
    let stale = fetch(&t, Some(&t.soviet), Some("\"0000\"")).await;
    assert_eq!(stale.status(), StatusCode::OK);

    // Nobody else: anonymous, a stranger, the umpire of another campaign.
    let (_, stranger) = t.app.user("stranger").await;
    let (_, rival) = t.app.user("rival").await;
    t.app.campaign(&rival, "winter_war").await;
    assert_eq!(fetch(&t, None, None).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        fetch(&t, Some(&stranger), None).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        fetch(&t, Some(&rival), None).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        fetch(&t, Some(&stranger), Some(&tag)).await.status(),
        StatusCode::NOT_FOUND
    );

    // Removed: gone for everyone.
    let res = t
        .app
        .browser()
        .post(format!("{}{}/remove", t.app.url, picture_path(&t)))
        .bearer_auth(&t.umpire)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("")
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        fetch(&t, Some(&t.finn), None).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(kept_rows(&t).await, 0);
}

async fn fit(t: &Sides, fields: &[(&str, &str)]) -> (StatusCode, String) {
    let res = t
        .app
        .browser()
        .post(format!("{}{}/fit", t.app.url, picture_path(t)))
        .bearer_auth(&t.umpire)
        .form(fields)
        .send()
        .await
        .expect("answers");
    let status = res.status();
    (status, res.text().await.unwrap_or_default())
}

/// The board is drawn over the picture once two hexes are placed on it, scaled so they land
/// where they were put; a refused fit comes back filled in with its sentence.
#[tokio::test]
async fn the_grid_is_fitted_to_two_hexes_on_the_picture() {
    let t = historical().await;
    let board = format!("/campaigns/{}/board.svg", t.id);
    let svg_of = |token: &str| {
        let (app, board, token) = (Arc::clone(&t.app), board.clone(), token.to_owned());
        async move {
            app.api()
                .get(format!("{}{board}", app.url))
                .bearer_auth(token)
                .send()
                .await
                .expect("board")
                .text()
                .await
                .expect("svg")
        }
    };
    assert_eq!(
        send(&t, &t.umpire, &png_with_secret(800, 600)).await.0,
        StatusCode::SEE_OTHER
    );
    assert!(!svg_of(&t.finn).await.contains("<image"), "not fitted yet");
    let page = t.app.html(&signed(&t).await, &picture_path(&t)).await;
    let etag = page
        .split("name=\"etag\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("the form carries the picture's tag")
        .to_owned();
    let hex_a = page
        .split("id=\"hex_a\" name=\"hex_a\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("hex a")
        .to_owned();
    let hex_b = page
        .split("id=\"hex_b\" name=\"hex_b\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("hex b")
        .to_owned();

    let (status, page) = fit(
        &t,
        &[
            ("etag", &etag),
            ("hex_a", "9999"),
            ("x_a", "10"),
            ("y_a", "10"),
            ("hex_b", &hex_b),
            ("x_b", "700"),
            ("y_b", "500"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(page.contains("is not a hex of this map"), "{page}");
    assert!(page.contains("value=\"9999\""), "filled in: {page}");
    let (status, page) = fit(
        &t,
        &[
            ("etag", &etag),
            ("hex_a", &hex_a),
            ("x_a", "10"),
            ("y_a", "10"),
            ("hex_b", &hex_b),
            ("x_b", "900"),
            ("y_b", "500"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(page.contains("from 0 to 800"), "{page}");

    let (status, page) = fit(
        &t,
        &[
            ("etag", &etag),
            ("hex_a", &hex_a),
            ("x_a", "40"),
            ("y_a", "30"),
            ("hex_b", &hex_b),
            ("x_b", "760"),
            ("y_b", "570"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    for token in [&t.finn, &t.soviet, &t.umpire] {
        let svg = svg_of(token).await;
        let doc = roxmltree::Document::parse(&svg).expect("well-formed");
        let image = doc
            .descendants()
            .find(|n| n.has_tag_name("image"))
            .expect("the picture under the board");
        let href = image.attribute("href").expect("href");
        assert!(
            href.starts_with(&format!("/campaigns/{}/table/map-picture/image", t.id)),
            "{href}"
        );
        // Where the two picture points land is where the two hexes' centres are.
        let m: Vec<f64> = image
            .attribute("transform")
            .expect("transform")
            .trim_start_matches("matrix(")
            .trim_end_matches(')')
            .split(' ')
            .map(|v| v.parse().expect("number"))
            .collect();
        let land = |x: f64, y: f64| (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
        for (hex, (x, y)) in [(&hex_a, (40.0, 30.0)), (&hex_b, (760.0, 570.0))] {
            let (lx, ly) = land(x, y);
            let (cx, cy) = centre(&doc, hex);
            assert!(
                (lx - cx).abs() < 0.5 && (ly - cy).abs() < 0.5,
                "{hex}: {lx},{ly} vs {cx},{cy}"
            );
        }
    }
    // A new picture drops the fit.
    assert_eq!(
        send(&t, &t.umpire, &jpeg(640, 480)).await.0,
        StatusCode::SEE_OTHER
    );
    assert!(!svg_of(&t.finn).await.contains("<image"));
    let (status, page) = fit(
        &t,
        &[
            ("etag", &etag),
            ("hex_a", &hex_a),
            ("x_a", "40"),
            ("y_a", "30"),
            ("hex_b", &hex_b),
            ("x_b", "600"),
            ("y_b", "470"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{page}");
    assert!(page.contains("The picture changed"), "{page}");
}

/// The centre of hex `id`'s polygon in the board drawing.
fn centre(doc: &roxmltree::Document<'_>, id: &str) -> (f64, f64) {
    let group = doc
        .descendants()
        .find(|n| n.attribute("data-hex") == Some(id))
        .unwrap_or_else(|| panic!("hex {id}"));
    let polygon = group
        .children()
        .find(|n| n.has_tag_name("polygon"))
        .expect("polygon");
    let points: Vec<(f64, f64)> = polygon
        .attribute("points")
        .expect("points")
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect();
    let n = points.len() as f64;
    (
        points.iter().map(|p| p.0).sum::<f64>() / n,
        points.iter().map(|p| p.1).sum::<f64>() / n,
    )
}

async fn signed(t: &Sides) -> reqwest::Client {
    t.app.signed_in("umpire", "map picture test").await
}
