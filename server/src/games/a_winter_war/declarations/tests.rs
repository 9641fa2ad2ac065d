//! A Winter War's declarations: catalogue, hooks and the secrecy of airborne plans.
