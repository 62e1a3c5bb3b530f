//! The referee: what the command line (`engarde play`, `engarde bot`, the
//! benchmarks) and the tests use to seat players at a match and to talk
//! to bots. The page never uses it.
//!
//! - [`arena`]: matches between players (computer opponents, external bots,
//!   people), where a player that fails loses the round;
//! - [`protocol`]: bot protocol v1 (docs/FORMATS.md), the JSON lines a
//!   referee and a bot exchange.

pub mod arena;
pub mod protocol;
