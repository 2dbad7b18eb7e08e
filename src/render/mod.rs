//! Output for one user: how text becomes bytes (`output`: layout, block
//! mode, the prompt) and how boards are drawn in the user's style
//! (`board`). Rendering happens in the session, never under the world lock.

pub mod board;
pub mod output;
