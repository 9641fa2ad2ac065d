//! Winter War (World at War #77) in assisted play: the pure rules its campaigns are built on.

pub mod declarations;
pub mod rules;

pub use declarations::WinterWar;
