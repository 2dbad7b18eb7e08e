//! The atomic game, pure: rules on shakmaty, notation, board renderers.

/// The user's language (`set lang`): piece letters on boards and in moves,
/// and which help pages are shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    Fr,
}
