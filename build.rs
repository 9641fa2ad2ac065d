//! Rebuilds the server when a migration is added or changed: `sqlx::migrate!` embeds the
//! `migrations` directory when the crate compiles, and a stable compiler does not watch it.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
