//! Red Winter (GMT, the battle of Tolvajärvi) in assisted play: its pure rules on the assisted kit.

pub mod declarations;
pub mod rules;

pub use declarations::RedWinter;
