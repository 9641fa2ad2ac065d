//! Web plumbing every area's handlers share: who is calling, campaign access, extractors, the
//! form reader, page rendering, health checks, rate limiting and the OpenAPI finishing touches.

pub mod access;
pub mod api_doc;
pub mod auth;
pub mod body_limit;
pub mod drawing;
pub mod errors;
pub mod etag;
pub mod extract;
pub mod form;
pub mod health;
pub mod live;
pub mod pages;
pub mod ratelimit;
pub mod view_cache;

pub use access::{CampaignAccess, KeptAccess};
pub use extract::ApiJson;
