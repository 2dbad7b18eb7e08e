//! Bytes on the wire: the telnet line discipline and timeseal, and the
//! byte streams a session runs on (a TCP socket, or a pipe to a WebSocket).

pub mod address;
pub mod client_input;
pub mod pipe;
pub mod socket;
pub mod telnet;
pub mod timeseal;
pub mod timing;
