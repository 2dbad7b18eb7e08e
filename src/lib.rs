//! atomicd: a FICS-compatible telnet chess server for atomic chess.

pub mod formula;
pub mod net;
pub mod rating;
