//! Simultaneous exhibitions (`simopen`, `simmatch` …): one exhibitor
//! against many players at once.

/// The most boards one exhibitor may play at once.
pub const MAX_BOARDS: usize = 30;
