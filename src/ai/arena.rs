//! Matches between opponents, for measurements and tests.

use web_time::{Duration, Instant};

use super::{Budget, Opponent};
use crate::engine::{BySide, Match, Rules, Side};
use crate::GameRng;

/// One side of a match: an opponent and its think budget.
pub struct Seat<'a> {
    pub opponent: &'a mut dyn Opponent,
    pub budget: Budget,
}

/// How a match went.
#[derive(Clone, Debug, Default)]
pub struct MatchStats {
    pub winner: Option<Side>,
    pub score: BySide<u8>,
    pub rounds_won: BySide<u32>,
    pub draws: u32,
    /// Every decision's think time, per side.
    pub think: BySide<Vec<Duration>>,
    pub iterations: BySide<u64>,
}

/// Plays a whole match between two seats; `first` starts round 1.
///
/// # Panics
/// If `rules` are out of range.
pub fn play_match(
    rules: Rules,
    seats: BySide<Seat<'_>>,
    first: Side,
    rng: &mut GameRng,
) -> MatchStats {
    let mut seats = seats;
    let mut game = Match::new(rules, first, rng).expect("valid rules");
    let mut stats = MatchStats::default();
    loop {
        let round = *game.round();
        if let Some(result) = round.result() {
            match result.winner {
                Some(w) => stats.rounds_won[w] += 1,
                None => stats.draws += 1,
            }
            if game.is_over() {
                break;
            }
            game.start_next_round(rng).expect("next round");
            continue;
        }
        let side = round.to_act();
        let obs = round.observation(side);
        let seat = &mut seats[side];
        let start = Instant::now();
        let decision = seat.opponent.decide(&obs, seat.budget, rng);
        stats.think[side].push(start.elapsed());
        stats.iterations[side] += u64::from(decision.iterations);
        game.play(decision.action)
            .expect("opponents play legal actions");
    }
    stats.winner = game.winner();
    stats.score = game.score();
    stats
}
