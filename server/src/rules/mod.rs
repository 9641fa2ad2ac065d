//! Pure game rules, no I/O: state in, events out; dice only through `crate::dice::source`.
