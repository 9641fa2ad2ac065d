//! Integration tests: the real router on a real PostgreSQL, driven like a client.

mod browser;
mod common;
mod core;
mod games;
