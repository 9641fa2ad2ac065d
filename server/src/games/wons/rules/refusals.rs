//! Every refusal of the WoNS rules as a `Refusal`: which kind of "no" it is and its stable code.

use super::aftermath::ReportError;
use super::battle::BattleError;
use super::battle_sheet::SheetError;
use super::heroes::HeroError;
use super::hour::HourError;
use super::orders::OrderError;
use super::support::SupportError;
use super::umpire::UmpireError;
use crate::core::refusal::{Refusal, RefusalKind};
use RefusalKind::{AgainstTheRules, NoSuchThing, NotNow};

impl Refusal for OrderError {
    fn kind(&self) -> RefusalKind {
        match self {
            OrderError::Closed(_) | OrderError::AlreadyReady | OrderError::NotReady => NotNow,
            _ => AgainstTheRules,
        }
    }
    fn code(&self) -> &'static str {
        match self {
            OrderError::NotReady => "not_ready",
            OrderError::DefaultsUnconfirmed(_) => "confirm_defaults",
            _ if self.kind() == NotNow => "orders_closed",
            _ => "illegal_order",
        }
    }
}

impl Refusal for HourError {
    fn kind(&self) -> RefusalKind {
        NotNow
    }
    fn code(&self) -> &'static str {
        "cannot_resolve"
    }
}

impl Refusal for BattleError {
    fn kind(&self) -> RefusalKind {
        match self {
            BattleError::Unknown(_) => NoSuchThing,
            BattleError::AlreadyDecided(_) => NotNow,
            _ => AgainstTheRules,
        }
    }
    fn code(&self) -> &'static str {
        match self {
            BattleError::Unknown(_) => "not_found",
            BattleError::AlreadyDecided(_) => "battle_decided",
            _ => "invalid_result",
        }
    }
}

impl Refusal for UmpireError {
    fn kind(&self) -> RefusalKind {
        match self {
            UmpireError::Ended => NotNow,
            _ => AgainstTheRules,
        }
    }
    fn code(&self) -> &'static str {
        match self {
            UmpireError::Ended => "campaign_ended",
            UmpireError::NoSuchValue(_) | UmpireError::NothingToReveal(_) => "unknown_target",
            UmpireError::OwnToReveal(_) => "own_target",
            _ => "invalid_correction",
        }
    }
}

impl Refusal for ReportError {
    fn kind(&self) -> RefusalKind {
        match self {
            ReportError::Battle(b) => b.kind(),
            ReportError::AlreadyRolled(_) | ReportError::NotDecided(_) | ReportError::NoCapture => {
                NotNow
            }
            _ => AgainstTheRules,
        }
    }
    fn code(&self) -> &'static str {
        match self {
            ReportError::Battle(b) => b.code(),
            ReportError::AlreadyRolled(_) => "already_rolled",
            ReportError::NotDecided(_) => "battle_pending",
            ReportError::NoCapture => "rule_off",
            _ => "invalid_report",
        }
    }
}

impl Refusal for SupportError {
    fn kind(&self) -> RefusalKind {
        match self {
            SupportError::UnknownBattle(_) => NoSuchThing,
            SupportError::Decided(_) | SupportError::NoPoints(..) | SupportError::NoTurnZero => {
                NotNow
            }
            _ => AgainstTheRules,
        }
    }
    fn code(&self) -> &'static str {
        match self {
            SupportError::UnknownBattle(_) => "not_found",
            SupportError::Decided(_) => "battle_decided",
            SupportError::NoPoints(..) => "no_support_points",
            SupportError::NoTurnZero => "rule_off",
            _ => "support_refused",
        }
    }
}

impl Refusal for SheetError {
    fn kind(&self) -> RefusalKind {
        match self {
            SheetError::UnknownBattle(_) => NoSuchThing,
            SheetError::RuleOff(..)
            | SheetError::Decided(_)
            | SheetError::AlreadyRolled(..)
            | SheetError::TurnZeroRecorded(_) => NotNow,
            _ => AgainstTheRules,
        }
    }
    fn code(&self) -> &'static str {
        match self {
            SheetError::UnknownBattle(_) => "not_found",
            SheetError::RuleOff(..) => "rule_off",
            SheetError::Decided(_)
            | SheetError::AlreadyRolled(..)
            | SheetError::TurnZeroRecorded(_) => "sheet_closed",
            _ => "sheet_refused",
        }
    }
}

impl Refusal for HeroError {
    fn kind(&self) -> RefusalKind {
        AgainstTheRules
    }
    fn code(&self) -> &'static str {
        match self {
            HeroError::WrongSide { .. } => "wrong_side",
            HeroError::NoEqualRank { .. } => "no_equal_rank",
            HeroError::NoSuchElement { .. } => "unknown_element",
            HeroError::NotNow(_) => "hero_unavailable",
        }
    }
}
