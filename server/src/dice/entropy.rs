//! Player entropy: participants' public client seeds and the value `E` every roll mixes in.

use crate::core::domain::Role;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use uuid::Uuid;

/// The longest client seed, in UTF-8 bytes.
pub const MAX_CLIENT_SEED_BYTES: usize = 200;

/// Why a client seed was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClientSeedError {
    /// Nothing was given.
    #[error("a client seed cannot be empty: type any text from 1 to 200 bytes")]
    Empty,
    /// More than 200 bytes were given.
    #[error(
        "a client seed can be at most 200 bytes of UTF-8 text (200 plain letters or digits; ä, ö and other accented letters count two, most other scripts three or four), and this one is {0} bytes: shorten it"
    )]
    TooLong(usize),
    /// A NUL or other control character was given.
    #[error(
        "a client seed cannot hold control characters (such as NUL, tab or a line break): use letters, digits, spaces and punctuation"
    )]
    Control,
}

/// A participant's client seed: any UTF-8 text of 1 to 200 bytes, public to the campaign.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ClientSeed(String);

impl ClientSeed {
    /// Checks the text a participant entered; it is kept exactly as given (no trimming).
    pub fn parse(text: impl Into<String>) -> Result<Self, ClientSeedError> {
        let text = text.into();
        match text.len() {
            0 => Err(ClientSeedError::Empty),
            n if n > MAX_CLIENT_SEED_BYTES => Err(ClientSeedError::TooLong(n)),
            // A line break would split the seed's line of the entropy set in two.
            _ if text.chars().any(char::is_control) => Err(ClientSeedError::Control),
            _ => Ok(ClientSeed(text)),
        }
    }

    /// The seed's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for ClientSeed {
    type Error = ClientSeedError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        ClientSeed::parse(text)
    }
}

impl From<ClientSeed> for String {
    fn from(seed: ClientSeed) -> String {
        seed.0
    }
}

impl fmt::Display for ClientSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One participant's line of an entropy set: `role:participant_id:client_seed`.
pub fn entropy_line(role: Role, participant_id: Uuid, seed: &ClientSeed) -> String {
    format!(
        "{}:{}:{}",
        role.code(),
        participant_id.hyphenated(),
        seed.as_str()
    )
}

/// `E` for a set of lines: SHA-256 of the lines sorted by their bytes, each followed by `\n`.
/// The order the lines are given in does not matter.
pub fn entropy_of_lines(lines: &[String]) -> [u8; 32] {
    let mut sorted: Vec<&String> = lines.iter().collect();
    sorted.sort();
    let mut hash = Sha256::new();
    for line in sorted {
        hash.update(line.as_bytes());
        hash.update(b"\n");
    }
    hash.finalize().into()
}

/// The client seeds in effect for a roll, as the sorted lines that define `E`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntropySet {
    lines: Vec<String>,
}

impl EntropySet {
    /// The set made of each participant's client seed (participants without one are left out).
    pub fn from_seeds<'a>(seeds: impl IntoIterator<Item = (Role, Uuid, &'a ClientSeed)>) -> Self {
        EntropySet::from_lines(
            seeds
                .into_iter()
                .map(|(role, id, seed)| entropy_line(role, id, seed)),
        )
    }

    /// The set made of ready lines, for instance as stored or exported.
    pub fn from_lines(lines: impl IntoIterator<Item = String>) -> Self {
        let mut lines: Vec<String> = lines.into_iter().collect();
        // `str` orders by bytes, which is exactly the order the scheme asks for.
        lines.sort();
        EntropySet { lines }
    }

    /// The lines, sorted by their UTF-8 bytes.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// `E`.
    pub fn hash(&self) -> [u8; 32] {
        entropy_of_lines(&self.lines)
    }

    /// `E` as lowercase hex, the key of the set in an export.
    pub fn hash_hex(&self) -> String {
        hex::encode(self.hash())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_seed_length_limits() {
        assert_eq!(ClientSeed::parse(""), Err(ClientSeedError::Empty));
        assert!(ClientSeed::parse("x").is_ok());
        assert!(ClientSeed::parse("a".repeat(200)).is_ok());
        assert_eq!(
            ClientSeed::parse("a".repeat(201)),
            Err(ClientSeedError::TooLong(201))
        );
        // 100 two-byte letters are 200 bytes; one more is 202.
        assert!(ClientSeed::parse("ä".repeat(100)).is_ok());
        assert_eq!(
            ClientSeed::parse("ä".repeat(101)),
            Err(ClientSeedError::TooLong(202))
        );
    }

    #[test]
    fn control_characters_are_refused() {
        for bad in ["a\0b", "motti\n", "\tsisu", "x\u{7f}", "y\u{85}"] {
            assert_eq!(
                ClientSeed::parse(bad),
                Err(ClientSeedError::Control),
                "{bad:?}"
            );
        }
        assert!(ClientSeed::parse("Mannerheim-linja, 1939 ☃").is_ok());
    }

    #[test]
    fn client_seed_errors_say_what_to_do() {
        assert!(
            ClientSeedError::Empty
                .to_string()
                .contains("1 to 200 bytes")
        );
        assert!(
            ClientSeedError::TooLong(250)
                .to_string()
                .contains("250 bytes")
        );
    }

    #[test]
    fn client_seed_keeps_spaces_and_refuses_bad_json() {
        let seed = ClientSeed::parse(" sisu ").unwrap();
        assert_eq!(seed.as_str(), " sisu ");
        assert!(serde_json::from_str::<ClientSeed>("\"\"").is_err());
        let back: ClientSeed = serde_json::from_str("\"motti\"").unwrap();
        assert_eq!(back.as_str(), "motti");
    }

    #[test]
    fn line_uses_role_code_and_lowercase_uuid() {
        let id = Uuid::parse_str("3F0C8F5E-0000-4000-8000-00000000000A").unwrap();
        let seed = ClientSeed::parse("Motti").unwrap();
        assert_eq!(
            entropy_line(Role::Umpire, id, &seed),
            "umpire:3f0c8f5e-0000-4000-8000-00000000000a:Motti"
        );
    }

    #[test]
    fn order_of_lines_does_not_matter() {
        let a = vec!["b".to_string(), "a".to_string()];
        let b = vec!["a".to_string(), "b".to_string()];
        assert_eq!(entropy_of_lines(&a), entropy_of_lines(&b));
        assert_eq!(EntropySet::from_lines(a).lines(), &b[..]);
    }
}
