//! Who a change reaches: the readers (roles) whose view of a campaign a command changed, and the
//! notification that tells every server process.

use crate::core::domain::Role;
use crate::dice::audience::Audience;
use uuid::Uuid;

/// The channel every command notifies, with the campaign's id and the readers whose view changed.
pub const CHANNEL: &str = "motti_campaign";

/// The readers (roles) whose view of a campaign a command changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Readers {
    /// The Soviet side's view changed.
    pub soviet: bool,
    /// The Finnish side's view changed.
    pub finnish: bool,
    /// The umpire's view changed.
    pub umpire: bool,
}

impl Readers {
    /// Every reader.
    pub const ALL: Readers = Readers {
        soviet: true,
        finnish: true,
        umpire: true,
    };

    /// Adds `role` to the readers.
    pub fn add(&mut self, role: Role) {
        match role {
            Role::Soviet => self.soviet = true,
            Role::Finnish => self.finnish = true,
            Role::Umpire => self.umpire = true,
        }
    }

    /// Adds everyone who belongs to `audience` (the umpire belongs to every audience).
    pub fn see(&mut self, audience: Audience) {
        match audience {
            Audience::Public => *self = Readers::ALL,
            Audience::Soviet => self.add(Role::Soviet),
            Audience::Finnish => self.add(Role::Finnish),
            Audience::Umpire => self.add(Role::Umpire),
        }
        self.add(Role::Umpire);
    }

    /// Whether `role` is among the readers.
    pub fn includes(self, role: Role) -> bool {
        match role {
            Role::Soviet => self.soviet,
            Role::Finnish => self.finnish,
            Role::Umpire => self.umpire,
        }
    }

    /// The notification's payload: the campaign id, then the readers' role codes.
    pub fn payload(self, campaign: Uuid) -> String {
        self.payload_of(campaign.to_string())
    }

    /// The notification payload of new table talk in a channel these readers may read: the
    /// campaign's id, the word `talk`, then the roles.
    pub fn talk_payload(self, campaign: Uuid) -> String {
        self.payload_of(format!("{campaign} talk"))
    }

    fn payload_of(self, mut text: String) -> String {
        for role in [Role::Soviet, Role::Finnish, Role::Umpire] {
            if self.includes(role) {
                text.push(' ');
                text.push_str(role.code());
            }
        }
        text
    }
}
