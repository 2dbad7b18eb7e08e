//! atomicd: a FICS-compatible telnet chess server for atomic chess.
pub mod tourney;
