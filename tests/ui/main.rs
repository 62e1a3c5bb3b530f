//! The web app's logic, natively, one module per feature: the
//! card-then-target flow, the page's words, saves, the reducers and the
//! page's view model, the extras, two people on one device, the puzzles.
#![cfg(feature = "web")]

#[path = "../common/mod.rs"]
mod common;
mod extras;
mod flow;
mod friend;
mod held;
mod live;
mod page;
mod parts;
mod people;
mod proofs;
mod puzzles;
mod reducer;
mod saves;
mod screens;
mod session;
mod settings;
mod words;

use std::rc::Rc;

use common::{random_action, random_match, random_step, Pos};
use engarde::ai::Difficulty;
use engarde::record::Problem;
use engarde::ui::i18n::{Lang, Texts};
use engarde::ui::match_state::{GameAction, GameState};
use engarde::ui::play::notice::{Notice, RecordProblem};
use engarde::ui::play::prompt::Prompt;
use engarde::ui::play::save::{self, Help, Settings};
use engarde::ui::play::seats::{Seats, Who};
use engarde::ui::play::selection::{PickStep, Selection, Target};
use engarde::ui::play::summary::{self, Story};
use engarde::{Action, BySide, Card, GameRng, Match, Phase, Preset, Reason, Round, Side, Special};
use rand::{Rng, SeedableRng};
use yew::Reducible;

fn card(v: u8) -> Card {
    Card::new(v).unwrap()
}

fn en() -> &'static Texts {
    Lang::En.texts()
}

/// What the page asks of `human` now, in English.
fn asked(round: &Round, human: Side) -> String {
    en().prompt(Prompt::of(round, human).expect("the round goes on"))
}

fn played_match(seed: u64, actions: usize) -> Match {
    random_match(Preset::Duel.rules(), seed, actions)
}

/// White on 3 (two squares behind), Black on 7: distance 4; White holds two
/// 5s, a 1, a 2 and a 3 (the "why not" tests).
fn close_quarters() -> Pos {
    Pos::new(
        Preset::Advanced,
        3,
        7,
        &[5, 5, 1, 2, 3],
        &[1, 2, 3, 4, 4],
        &[1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5],
    )
}
