//! Matches between players: computer opponents, external bots, people. A player
//! that fails (crashes, answers garbage or an illegal action, or too late)
//! loses the round; the referee itself never fails on a player's output.

use rand::Rng;
use web_time::{Duration, Instant};

use crate::ai::{Budget, Opponent};
use crate::engine::{Action, BySide, Match, Phase, Rules, Side, Special};
use crate::GameRng;

/// Anyone who can take a seat at a match.
pub trait Player {
    /// The action for `side`, which is to act in `game`'s current round.
    ///
    /// # Errors
    /// Why the player could not give a legal action; it then loses the round.
    fn act(&mut self, game: &Match, side: Side, rng: &mut GameRng) -> Result<Action, String>;

    /// Called when a round ends (and so also when the match ends).
    fn round_over(&mut self, _game: &Match, _side: Side) {}

    /// Search iterations spent on the last action, if the player searches.
    fn last_iterations(&self) -> u32 {
        0
    }
}

/// A computer opponent in a seat: it is given only its side's observation.
pub struct AiSeat<O: Opponent + ?Sized> {
    pub budget: Budget,
    iterations: u32,
    pub opponent: Box<O>,
}

impl<O: Opponent + ?Sized> AiSeat<O> {
    pub fn new(opponent: Box<O>, budget: Budget) -> Self {
        AiSeat {
            budget,
            iterations: 0,
            opponent,
        }
    }
}

impl<O: Opponent + ?Sized> Player for AiSeat<O> {
    fn act(&mut self, game: &Match, side: Side, rng: &mut GameRng) -> Result<Action, String> {
        let obs = game.observation(side);
        let past = game.round_history();
        let decision = self.opponent.decide(&obs, &past, self.budget, rng);
        self.iterations = decision.iterations;
        Ok(decision.action)
    }

    fn last_iterations(&self) -> u32 {
        self.iterations
    }
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
    /// Why a side lost rounds by failing, one entry per failure.
    pub failures: BySide<Vec<String>>,
}

/// Plays a whole match; `first` starts round 1. Returns the stats and the match
/// (whose record can be written).
///
/// # Panics
/// If `rules` are out of range.
pub fn play_match(
    rules: Rules,
    mut seats: BySide<&mut dyn Player>,
    first: Side,
    rng: &mut GameRng,
) -> (MatchStats, Match) {
    let mut game = Match::new(rules, first, rng).expect("valid rules");
    let mut stats = MatchStats::default();
    loop {
        let round = *game.round();
        if let Some(result) = round.result() {
            match result.winner {
                Some(w) => stats.rounds_won[w] += 1,
                None => stats.draws += 1,
            }
            for side in Side::BOTH {
                seats[side].round_over(&game, side);
            }
            if game.is_over() {
                break;
            }
            game.start_next_round(rng).expect("next round");
            continue;
        }
        let side = round.to_act();
        let start = Instant::now();
        let answer = seats[side].act(&game, side, rng);
        stats.think[side].push(start.elapsed());
        stats.iterations[side] += u64::from(seats[side].last_iterations());
        let failure = match answer {
            Ok(Action::Forfeit) => Some("forfeited".to_string()),
            Ok(action) => match game.play(action) {
                Ok(()) => None,
                Err(e) => Some(format!("illegal action: {e}")),
            },
            Err(why) => Some(why),
        };
        if let Some(why) = failure {
            stats.failures[side].push(why);
            if game.round().phase() == Phase::Choose {
                // The round must be dealt before it can be lost: pick for the player.
                let pick = Special::CHOICES[rng.random_range(0..Special::CHOICES.len())];
                game.play(Action::Choose(pick)).expect("a pick is legal");
            }
            if !game.round().is_over() {
                game.play(Action::Forfeit)
                    .expect("forfeit is always accepted");
            }
        }
    }
    stats.winner = game.winner();
    stats.score = game.score();
    (stats, game)
}
