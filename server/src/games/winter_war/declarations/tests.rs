//! Winter War's declarations: catalogue, actions and the fog of war.
