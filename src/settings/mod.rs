//! What a user has chosen, below the world: variables (`set`), interface
//! variables (`iset`), and the lists (channels, censor, noplay, notify).
//!
//! The world reads them to decide *who* receives what (open, tell, the
//! lists); the renderers read them to decide how a line looks for one
//! user. Neither owns them: they are plain values, saved by the store.

pub mod ivars;
pub mod lists;
pub mod vars;
