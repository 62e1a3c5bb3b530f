//! Helpers for building positions in tests.
#![allow(dead_code)]

use engarde::{
    Action, BySide, Card, GameRng, Hand, Match, Preset, Round, RoundSetup, Rules, Side, Special,
};
use rand::{Rng, SeedableRng};

pub fn cards(values: &[u8]) -> Vec<Card> {
    values
        .iter()
        .map(|&v| Card::new(v).expect("test card 1-5"))
        .collect()
}

pub fn hand(values: &[u8]) -> Hand {
    Hand::from_cards(cards(values))
}

/// A position: fencers on `white`/`black`, the given hands and deck (top first);
/// every other card counts as already played (discard). `starter` is to act.
pub struct Pos {
    pub rules: Rules,
    pub special: Option<Special>,
    pub white: u8,
    pub black: u8,
    pub hands: (Vec<u8>, Vec<u8>),
    pub deck: Vec<u8>,
    pub aside: Vec<u8>,
    pub starter: Side,
}

impl Pos {
    pub fn new(preset: Preset, white: u8, black: u8, w: &[u8], b: &[u8], deck: &[u8]) -> Pos {
        Pos {
            rules: preset.rules(),
            special: None,
            white,
            black,
            hands: (w.to_vec(), b.to_vec()),
            deck: deck.to_vec(),
            aside: vec![],
            starter: Side::White,
        }
    }

    pub fn rules(mut self, rules: Rules) -> Pos {
        self.rules = rules;
        self
    }

    pub fn special(mut self, s: Special) -> Pos {
        self.rules.special_cards = true;
        self.special = Some(s);
        self
    }

    pub fn aside(mut self, aside: &[u8]) -> Pos {
        self.aside = aside.to_vec();
        self
    }

    pub fn starter(mut self, side: Side) -> Pos {
        self.starter = side;
        self
    }

    pub fn setup(&self) -> RoundSetup {
        let hands = BySide::new(hand(&self.hands.0), hand(&self.hands.1));
        let deck = cards(&self.deck);
        let aside = hand(&self.aside);
        let used = hands
            .white
            .plus(hands.black)
            .plus(Hand::from_cards(deck.clone()))
            .plus(aside);
        let discard = Hand::FULL_DECK
            .minus(used)
            .expect("at most five of each value");
        RoundSetup {
            rules: self.rules,
            special: self.special,
            chosen: false,
            score: BySide::default(),
            starter: self.starter,
            position: BySide::new(self.white, self.black),
            hands,
            deck,
            discard,
            aside,
        }
    }

    pub fn round(&self) -> Round {
        Round::set_up(&self.setup()).expect("valid test position")
    }
}

/// One of `legal`, drawn from `rng`: how every random match of the tests
/// picks its actions.
pub fn random_action(legal: &[Action], rng: &mut GameRng) -> Action {
    legal[rng.random_range(0..legal.len())]
}

/// One step of a random match: a random legal action, or the next round when
/// the current one is over.
pub fn random_step(m: &mut Match, rng: &mut GameRng) {
    if m.round().is_over() {
        m.start_next_round(rng).unwrap();
    } else {
        m.play(random_action(&m.round().legal_actions(), rng))
            .unwrap();
    }
}

/// Plays `m` to its end at random ([`random_step`]), showing `each` the
/// match before every action (not at a round's end).
pub fn play_out(m: &mut Match, rng: &mut GameRng, mut each: impl FnMut(&Match)) {
    while !m.is_over() {
        if !m.round().is_over() {
            each(m);
        }
        random_step(m, rng);
    }
}

/// A random match under `rules` from `seed`, White first, played to its
/// end or stopped after `stop` steps (possibly at a Choice pick, S4).
pub fn random_match(rules: Rules, seed: u64, stop: usize) -> Match {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut m = Match::new(rules, Side::White, &mut rng).unwrap();
    for _ in 0..stop {
        if m.is_over() {
            break;
        }
        random_step(&mut m, &mut rng);
    }
    m
}

/// After a round's end: the next round, or a new Advanced match (White
/// first) when the match is over.
pub fn next_round_or_match(game: &mut Match, rng: &mut GameRng) {
    if game.is_over() {
        *game = Match::new(Preset::Advanced.rules(), Side::White, rng).unwrap();
    } else {
        game.start_next_round(rng).unwrap();
    }
}
