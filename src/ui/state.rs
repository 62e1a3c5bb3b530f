//! The match as the page holds it: a reducer over the person's clicks and the
//! computer's answers. The engine judges every action.

use std::rc::Rc;

use rand::{Rng, SeedableRng};
use yew::Reducible;

use crate::ai::Difficulty;
use crate::engine::{Action, Card, Match, Phase, Side};
use crate::GameRng;

use super::save::{Loaded, Settings};
use super::selection::{Selection, Step, Target};

#[derive(Clone, Debug)]
pub struct GameState {
    pub game: Match,
    pub human: Side,
    pub level: Difficulty,
    pub rng: GameRng,
    pub selection: Selection,
    /// Counts new and loaded matches, so that answers for an old one are dropped.
    pub generation: u32,
    /// A message for the person (an unreadable save, an import), if any.
    pub notice: Option<String>,
}

/// Where the match stands: changes with every match, round and action, and
/// when a round begins with the Choice pick (S4), which is not yet a listed
/// round. A computer answer for an older position is recognised and dropped,
/// and the page's effects (the computer's turn, the save) run on each change.
pub type Moment = (u32, usize, usize, bool);

pub enum GameAction {
    New(Settings, u64),
    Load(Box<Loaded>, u64, Option<String>),
    Pick(Card),
    Target(Target),
    Cancel,
    /// The person's action (from the action bar).
    Play(Action),
    /// The computer's answer for the moment it was asked at.
    Computer(Action, Moment),
    NextRound,
    Notice(Option<String>),
}

impl GameState {
    pub fn new(settings: Settings, seed: u64) -> GameState {
        let mut rng = GameRng::seed_from_u64(seed);
        let game = Match::new(settings.rules, Side::White, &mut rng).unwrap_or_else(|_| {
            Match::new(Default::default(), Side::White, &mut rng).expect("defaults are valid")
        });
        GameState {
            game,
            human: settings.side,
            level: settings.level,
            rng,
            selection: Selection::None,
            generation: 0,
            notice: None,
        }
    }

    pub fn loaded(loaded: Loaded, seed: u64, notice: Option<String>) -> GameState {
        GameState {
            game: loaded.game,
            human: loaded.human,
            level: loaded.level,
            rng: GameRng::seed_from_u64(seed),
            selection: Selection::None,
            generation: 0,
            notice,
        }
    }

    pub fn moment(&self) -> Moment {
        let rounds = self.game.rounds();
        (
            self.generation,
            rounds.len(),
            rounds.last().map_or(0, |r| r.actions.len()),
            self.game.round().phase() == Phase::Choose,
        )
    }

    /// Whether the computer is to act now.
    pub fn computer_to_act(&self) -> bool {
        let round = self.game.round();
        !round.is_over() && round.to_act() != self.human
    }

    pub fn human_to_act(&self) -> bool {
        let round = self.game.round();
        !round.is_over() && round.to_act() == self.human
    }

    /// A fresh seed for the computer's next decision.
    pub fn think_seed(&self) -> u64 {
        self.rng.clone().random()
    }

    /// The current round's actions so far.
    pub fn actions(&self) -> &[(Side, Action)] {
        self.game.rounds().last().map_or(&[], |r| &r.actions)
    }

    fn play(&mut self, action: Action) {
        if self.game.play(action).is_ok() {
            let _: u64 = self.rng.random();
            self.selection = Selection::None;
        }
    }
}

impl Reducible for GameState {
    type Action = GameAction;

    fn reduce(self: Rc<Self>, action: GameAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            GameAction::New(settings, seed) => {
                next = GameState::new(settings, seed);
                next.generation = self.generation + 1;
            }
            GameAction::Load(loaded, seed, notice) => {
                next = GameState::loaded(*loaded, seed, notice);
                next.generation = self.generation + 1;
            }
            GameAction::Pick(card) if self.human_to_act() => {
                next.selection = self.selection.pick(self.game.round(), card);
            }
            GameAction::Target(target) if self.human_to_act() => {
                match self.selection.at(self.game.round(), target) {
                    Some(Step::Play(a)) => next.play(a),
                    Some(Step::Select(s)) => next.selection = s,
                    None => return self,
                }
            }
            GameAction::Cancel => next.selection = Selection::None,
            GameAction::Play(a) if self.human_to_act() => next.play(a),
            GameAction::Computer(a, moment)
                if self.computer_to_act() && moment == self.moment() =>
            {
                next.play(a)
            }
            GameAction::NextRound => {
                if next.game.start_next_round(&mut next.rng).is_err() {
                    return self;
                }
                next.selection = Selection::None;
            }
            GameAction::Notice(n) => next.notice = n,
            _ => return self,
        }
        Rc::new(next)
    }
}
