//! atomicd: a FICS-compatible telnet chess server for atomic chess.
//!
//! The map of the house is in the README's architecture section: `net`
//! turns bytes into lines, `session` runs one connection, `commands` turns a
//! line into a reply, `world` is the live server state, `chess` the pure
//! game, and `store` the SQLite database on its own thread. `web` serves
//! the same world over HTTP and WebSocket.

pub mod account;
pub mod analysis;
pub mod bot;
pub mod chess;
pub mod commands;
pub mod config;
pub mod event;
pub mod export;
pub mod formula;
pub mod help;
pub mod house;
pub mod load;
pub mod logs;
pub mod mail;
pub mod meters;
pub mod net;
pub mod own_account;
pub mod password;
pub mod random;
pub mod rating;
pub mod reload;
pub mod render;
pub mod server;
pub mod session;
pub mod settings;
pub mod shared;
pub mod signup;
pub mod store;
pub mod throttle;
pub mod timefmt;
pub mod tourney;
pub mod user;
pub mod web;
pub mod world;

pub use config::Config;
pub use server::{ServerHandle, StartError, start};
