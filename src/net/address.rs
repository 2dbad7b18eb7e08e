//! Client addresses as the server's limits count them, and address ranges
//! as the operator writes them in `config.toml`.
//!
//! An IPv6 subscriber is given a whole /64 (RFC 6177), so one person can
//! use 2^64 addresses: every per-address limit (connections, the API rate,
//! password guesses) counts an IPv6 address by its /64. An IPv4 address
//! mapped into IPv6 (`::ffff:a.b.c.d`, what a dual-stack socket reports)
//! is the IPv4 address.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr};
use std::str::FromStr;

use ipnet::IpNet;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The address a per-address limit counts `ip` under: itself for IPv4,
/// its /64 for IPv6.
pub fn subscriber(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
        v4 => v4,
    }
}

/// An address or a block of them (`10.0.0.1`, `10.0.0.0/8`, `fd00::/8`):
/// what `trusted_proxies` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddrRange(IpNet);

impl AddrRange {
    /// Whether `ip` is in the range (an IPv4-mapped IPv6 address counts as
    /// its IPv4 address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        self.0.contains(&ip)
    }
}

impl FromStr for AddrRange {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if let Ok(net) = text.parse::<IpNet>() {
            return Ok(AddrRange(net.trunc()));
        }
        text.parse::<IpAddr>()
            .map(|ip| AddrRange(IpNet::from(ip)))
            .map_err(|_| format!("\"{text}\" is not an address or a block (10.0.0.1, 10.0.0.0/8)"))
    }
}

impl fmt::Display for AddrRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpNet::V4(n) if n.prefix_len() == 32 => n.addr().fmt(f),
            IpNet::V6(n) if n.prefix_len() == 128 => n.addr().fmt(f),
            net => net.fmt(f),
        }
    }
}

impl Serialize for AddrRange {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for AddrRange {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_ipv6_subscriber_is_its_64() {
        assert_eq!(subscriber(ip("2001:db8:1:2::1")), ip("2001:db8:1:2::"));
        assert_eq!(
            subscriber(ip("2001:db8:1:2:ffff:1:2:3")),
            ip("2001:db8:1:2::")
        );
        assert_ne!(subscriber(ip("2001:db8:1:3::1")), ip("2001:db8:1:2::"));
        assert_eq!(subscriber(ip("::ffff:10.1.2.3")), ip("10.1.2.3"));
        assert_eq!(subscriber(ip("10.1.2.3")), ip("10.1.2.3"));
    }

    #[test]
    fn ranges_are_single_addresses_or_blocks() {
        let one: AddrRange = "127.0.0.1".parse().unwrap();
        assert!(one.contains(ip("127.0.0.1")));
        assert!(one.contains(ip("::ffff:127.0.0.1")));
        assert!(!one.contains(ip("127.0.0.2")));
        let block: AddrRange = "10.0.0.0/8".parse().unwrap();
        assert!(block.contains(ip("10.200.3.4")));
        assert!(!block.contains(ip("11.0.0.1")));
        let v6: AddrRange = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12::1")));
        assert!(!v6.contains(ip("fe80::1")));
        // Host bits in a block are dropped, as operators mean.
        assert_eq!(
            "10.1.2.3/8".parse::<AddrRange>().unwrap().to_string(),
            "10.0.0.0/8"
        );
        assert_eq!(one.to_string(), "127.0.0.1");
        assert!("localhost".parse::<AddrRange>().is_err());
        assert!("10.0.0.0/33".parse::<AddrRange>().is_err());
    }
}
