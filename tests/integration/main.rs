//! Integration tests: the real router on a real PostgreSQL, driven like a client.

// The 100-line limit on functions (`clippy.toml`) is for the code, benchmarks included: a test
// that plays a game or a browser session through from start to end may tell it in one place.
#![allow(clippy::too_many_lines)]

mod browser;
mod common;
mod core;
mod games;
