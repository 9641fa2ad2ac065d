//! Links that work without signing in, to unsubscribe a target or confirm an e-mail address: the
//! target's id and an HMAC-SHA256 of it (a confirmation's with a prefix, so that neither link
//! opens the other) under a secret the server keeps in its database (the same for every process).

use crate::db;
use crate::dice::derive::keyed_mac;
use hmac::Mac;
use sqlx::PgPool;
use uuid::Uuid;

/// The name of the secret in `server_secrets`.
const SECRET: &str = "unsubscribe";

/// The server's signing key, made the first time it is needed.
pub async fn key(db: &PgPool) -> anyhow::Result<[u8; 32]> {
    let mut fresh = [0u8; 32];
    getrandom::fill(&mut fresh).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    let stored = db::notify::secret(db, SECRET, &fresh).await?;
    stored
        .as_slice()
        .try_into()
        .map_err(|_| anyhow::anyhow!("the stored unsubscribe key is not 32 bytes"))
}

/// What a confirmation link signs before the target's id.
const CONFIRM: &[u8] = b"confirm ";

fn signed(key: &[u8; 32], prefix: &[u8], target: Uuid) -> String {
    let mut mac = keyed_mac(key);
    mac.update(prefix);
    mac.update(target.as_bytes());
    format!("{target}.{}", hex::encode(mac.finalize().into_bytes()))
}

fn check(key: &[u8; 32], prefix: &[u8], token: &str) -> Option<Uuid> {
    let (id, signature) = token.split_once('.')?;
    let target: Uuid = id.parse().ok()?;
    let mut check = keyed_mac(key);
    check.update(prefix);
    check.update(target.as_bytes());
    let given = hex::decode(signature).ok()?;
    check.verify_slice(&given).ok()?;
    Some(target)
}

/// The token of the unsubscribe link of `target`.
pub fn token(key: &[u8; 32], target: Uuid) -> String {
    signed(key, b"", target)
}

/// The target a token unsubscribes, if its signature holds.
pub fn verify(key: &[u8; 32], token: &str) -> Option<Uuid> {
    check(key, b"", token)
}

/// The token of the link that confirms the address of `target`.
pub fn confirm_token(key: &[u8; 32], target: Uuid) -> String {
    signed(key, CONFIRM, target)
}

/// The target a confirmation token confirms, if its signature holds.
pub fn verify_confirm(key: &[u8; 32], token: &str) -> Option<Uuid> {
    check(key, CONFIRM, token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_opens_only_its_own_target() {
        let key = [7u8; 32];
        let a = Uuid::new_v4();
        let b = Uuid::new_v4();
        let t = token(&key, a);
        assert_eq!(verify(&key, &t), Some(a));
        let forged = t.replace(&a.to_string(), &b.to_string());
        assert_eq!(verify(&key, &forged), None);
        assert_eq!(verify(&[8u8; 32], &t), None);
        assert_eq!(verify(&key, "nonsense"), None);
        assert_eq!(verify(&key, &format!("{a}.zz")), None);
        let c = confirm_token(&key, a);
        assert_eq!(verify_confirm(&key, &c), Some(a));
        assert_eq!(
            verify(&key, &c),
            None,
            "a confirmation does not unsubscribe"
        );
        assert_eq!(
            verify_confirm(&key, &t),
            None,
            "an unsubscribe does not confirm"
        );
    }
}
