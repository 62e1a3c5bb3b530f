//! Computer opponents. They see only an [`Observation`](crate::Observation).

pub mod random;
