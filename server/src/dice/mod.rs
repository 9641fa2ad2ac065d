//! motti-dice: seeds, derivation, expressions, procedures, export and verification (v2, and v1
//! for the epochs rolled before it).

pub mod audience;
pub mod chain;
pub mod derive;
pub mod entropy;
pub mod export;
pub mod expr;
pub mod generic;
pub mod live;
pub mod params;
pub mod procedure;
pub mod source;
pub mod v2;
pub mod verify;

/// `bytes` in lower-case hex, as `hex::encode` writes them but into one buffer at once: the roll
/// log writes three hashes a roll, and `hex::encode` collects its text a character at a time.
pub fn hex_of(bytes: &[u8]) -> String {
    let mut text = vec![0u8; bytes.len() * 2];
    // The buffer is exactly twice the bytes, and hex digits are ASCII: neither step can fail.
    if hex::encode_to_slice(bytes, &mut text).is_err() {
        return hex::encode(bytes);
    }
    String::from_utf8(text).unwrap_or_else(|_| hex::encode(bytes))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod hex_tests {
    #[test]
    fn hex_of_writes_what_hex_encode_writes() {
        for bytes in [&[][..], &[0], &[0xff, 0x00, 0x0a, 0xb7], &[0x5a; 32]] {
            assert_eq!(super::hex_of(bytes), hex::encode(bytes));
        }
        assert_eq!(super::hex_of(&[0xde, 0xad]), "dead");
    }
}
