//! Bytes on the wire: the telnet line discipline.

pub mod telnet;
