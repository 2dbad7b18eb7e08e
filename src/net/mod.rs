//! Bytes on the wire: the telnet line discipline and timeseal.

pub mod client_input;
pub mod telnet;
pub mod timeseal;
