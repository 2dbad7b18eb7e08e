//! Output for one user: events and refusals as text in their language
//! (`fics`, from the message catalogue `catalogue`, shaped by their `view`),
//! how text becomes bytes (`output`: layout, block mode, the prompt) and how
//! boards are drawn in the user's style (`board`). Rendering happens in the session, never under the world lock.

pub mod board;
pub mod catalogue;
pub mod challenge;
pub mod errors;
pub mod fics;
pub mod gui;
pub mod json;
pub mod output;
pub mod view;
