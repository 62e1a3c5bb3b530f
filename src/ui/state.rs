//! The match as the page holds it: a reducer over user and computer actions.

use std::rc::Rc;

use rand::{Rng, SeedableRng};
use yew::Reducible;

use crate::ai::Difficulty;
use crate::engine::{Action, Match, Rules, Side};
use crate::GameRng;

use super::catalog;

#[derive(Clone, Debug)]
pub struct GameState {
    pub game: Match,
    pub human: Side,
    pub level: Difficulty,
    pub rng: GameRng,
    /// What happened, in words, newest last.
    pub log: Vec<String>,
    /// The last error, if an action was refused (it should not happen: only
    /// legal actions are offered).
    pub error: Option<String>,
}

pub enum GameAction {
    New {
        rules: Rules,
        human: Side,
        level: Difficulty,
        seed: u64,
    },
    Play(Action),
    NextRound,
}

impl GameState {
    pub fn new(rules: Rules, human: Side, level: Difficulty, seed: u64) -> GameState {
        let mut rng = GameRng::seed_from_u64(seed);
        let game = Match::new(rules, Side::White, &mut rng).expect("valid rules");
        GameState {
            game,
            human,
            level,
            rng,
            log: Vec::new(),
            error: None,
        }
    }

    /// Whether the computer is to act now.
    pub fn computer_to_act(&self) -> bool {
        let round = self.game.round();
        !round.is_over() && round.to_act() != self.human
    }

    /// A fresh seed for the computer's next decision.
    pub fn think_seed(&self) -> u64 {
        self.rng.clone().random()
    }
}

impl Reducible for GameState {
    type Action = GameAction;

    fn reduce(self: Rc<Self>, action: GameAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            GameAction::New {
                rules,
                human,
                level,
                seed,
            } => return Rc::new(GameState::new(rules, human, level, seed)),
            GameAction::Play(action) => {
                let by = next.game.round().to_act();
                match next.game.play(action) {
                    Ok(()) => {
                        let _: u64 = next.rng.random();
                        next.error = None;
                        next.log.push(catalog::played(by, action));
                        if let Some(r) = next.game.round().result() {
                            next.log.push(catalog::round_won(r.winner, r.reason));
                        }
                    }
                    Err(e) => next.error = Some(e.to_string()),
                }
            }
            GameAction::NextRound => {
                if let Err(e) = next.game.start_next_round(&mut next.rng) {
                    next.error = Some(e.to_string());
                }
            }
        }
        Rc::new(next)
    }
}
