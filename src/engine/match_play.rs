//! A match (R6, R7, S1–S3): a series of rounds, the score, who starts, and the
//! special-card stack. It keeps a log of every round, from which a game record
//! is written.

use std::fmt;

use rand::Rng;

use super::action::Action;
use super::card::{BySide, Side};
use super::error::IllegalAction;
use super::observation::{Observation, PastAction};
use super::round::{Phase, Round, RoundResult};
use super::rules::{Rules, Special, StarterRule};
use super::setup::{RoundSetup, SetupError};

/// One round as played: how it was set up and every action, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundLog {
    pub setup: RoundSetup,
    pub actions: Vec<(Side, Action)>,
}

/// A moment of a match a person decided at: before a round's Choice pick
/// (S4, `action: None`) or before one of its actions. Ordered as played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// The round's index, from 0.
    pub round: usize,
    /// The action's index in the round; `None`: the Choice pick before the deal.
    pub action: Option<usize>,
}

/// Why a round cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The current round is still being played.
    RoundNotOver,
    /// A player has the points to win: no round follows (I5).
    MatchOver,
    /// The setup's starter is not the one R7 prescribes.
    WrongStarter { expected: Side, given: Side },
    /// The setup's score is not the one carried over.
    WrongScore {
        expected: BySide<u8>,
        given: BySide<u8>,
    },
    /// The special card cannot be the next card of the stack (S1, S2).
    WrongSpecial { given: Option<Special>, why: String },
    /// The setup itself is impossible.
    Setup(SetupError),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::RoundNotOver => {
                f.write_str("the previous round is not over: no round may follow it")
            }
            MatchError::MatchOver => f.write_str("the match is over: no round follows (I5)"),
            MatchError::WrongStarter { expected, given } => {
                write!(f, "starter must be {expected}, not {given} (R7, I1)")
            }
            MatchError::WrongScore { expected, given } => write!(
                f,
                "score must be carried over as White {}, Black {}, not White {}, Black {} (R6)",
                expected.white, expected.black, given.white, given.black
            ),
            MatchError::WrongSpecial { given, why } => write!(
                f,
                "special card {} cannot be turned now: {why} (S1, S2)",
                given.map_or("none", Special::name)
            ),
            MatchError::Setup(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MatchError {}

impl From<SetupError> for MatchError {
    fn from(e: SetupError) -> Self {
        MatchError::Setup(e)
    }
}

/// A match in progress.
#[derive(Clone, Debug)]
pub struct Match {
    rules: Rules,
    round: Round,
    rounds: Vec<RoundLog>,
    /// The stack card turned for each round, Choice included (S2).
    turned: Vec<Special>,
    score: BySide<u8>,
    /// The current round's result has been added to the score.
    scored: bool,
    /// Each side's last action this round, with the public state before it.
    last: BySide<Option<PastAction>>,
}

impl Match {
    /// A new match: the special stack is shuffled (S1) and the first round dealt,
    /// `first` starting (R7).
    ///
    /// # Errors
    /// If an option is out of range.
    pub fn new<R: Rng + ?Sized>(
        rules: Rules,
        first: Side,
        rng: &mut R,
    ) -> Result<Match, SetupError> {
        rules.validate().map_err(SetupError::Rules)?;
        let mut turned = Vec::new();
        let special = turn_special(rules, &mut turned, rng);
        let round = Round::deal(rules, special, BySide::default(), first, rng);
        Ok(Match::beginning(round, turned))
    }

    /// A match at 0–0 beginning with `round`, the stack cards `turned` so far.
    fn beginning(round: Round, turned: Vec<Special>) -> Match {
        let mut m = Match {
            rules: round.public().rules,
            round,
            rounds: Vec::new(),
            turned,
            score: BySide::default(),
            scored: false,
            last: BySide::default(),
        };
        m.begin(round);
        m
    }

    /// A new match whose first round turns the Choice card (S4): for resuming
    /// a match saved while its first pick was awaited.
    ///
    /// # Errors
    /// If the rules are invalid or special cards are off.
    pub fn new_with_choice<R: Rng + ?Sized>(
        rules: Rules,
        first: Side,
        rng: &mut R,
    ) -> Result<Match, MatchError> {
        rules.validate().map_err(SetupError::Rules)?;
        if !rules.special_cards {
            return Err(no_special_cards());
        }
        let round = Round::deal(rules, Some(Special::Choice), BySide::default(), first, rng);
        Ok(Match::beginning(round, vec![Special::Choice]))
    }

    /// A match whose first round is set up from given cards.
    ///
    /// # Errors
    /// If the setup is impossible, or its special card is not one of the stack.
    pub fn from_setup(setup: &RoundSetup) -> Result<Match, MatchError> {
        let round = Round::set_up(setup)?;
        let mut m = Match {
            rules: setup.rules,
            round,
            rounds: Vec::new(),
            turned: Vec::new(),
            score: setup.score,
            scored: false,
            last: BySide::default(),
        };
        m.check_special(setup)?;
        m.push_turned(setup);
        m.begin(round);
        Ok(m)
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The current (or last) round.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// Every round dealt so far, the current one last. A round waiting for the
    /// Choice pick (S4) is not dealt yet, so not listed.
    pub fn rounds(&self) -> &[RoundLog] {
        &self.rounds
    }

    /// The actions of the round being played, in order: none while its
    /// Choice pick (S4) is awaited, as that round is logged once dealt.
    pub fn round_actions(&self) -> &[(Side, Action)] {
        if self.round.phase() == Phase::Choose {
            return &[];
        }
        self.rounds.last().map_or(&[], |r| &r.actions)
    }

    /// The number of the round being played, from 1.
    pub fn round_number(&self) -> usize {
        self.rounds.len() + usize::from(self.round.phase() == Phase::Choose)
    }

    /// The score, including the current round once it is over.
    pub fn score(&self) -> BySide<u8> {
        self.score
    }

    /// The stack cards turned so far, one per round (Choice as Choice).
    pub fn turned_specials(&self) -> &[Special] {
        &self.turned
    }

    /// What `side` may know now: the round's observation, with the opponent's
    /// last action this round and what was public before it.
    pub fn observation(&self, side: Side) -> Observation {
        self.round
            .observation(side)
            .after(self.last[side.opponent()])
    }

    /// The match is over when a player has the points to win (R6, I5).
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    pub fn winner(&self) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&s| self.score[s] >= self.rules.points_to_win)
    }

    /// Plays an action of the side to act in the current round.
    ///
    /// # Errors
    /// If it is illegal; nothing changes.
    pub fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        let side = self.round.to_act();
        let choosing = self.round.phase() == Phase::Choose;
        let before = PastAction::before(&self.round, action);
        self.round.play(action)?;
        self.last[side] = Some(before);
        if choosing {
            // S4: the pick is part of the setup; the round is dealt now.
            self.rounds.push(RoundLog {
                setup: RoundSetup::of_fresh_round(&self.round),
                actions: Vec::new(),
            });
        } else {
            self.rounds
                .last_mut()
                .expect("a dealt round is logged")
                .actions
                .push((side, action));
        }
        self.score_round();
        Ok(())
    }

    /// Every action of the current round, both sides', in order, each with
    /// what was public just before it (R9: every card is played face up):
    /// what either side may read from them. Empty before the round is dealt.
    pub fn round_history(&self) -> Vec<PastAction> {
        let log = match self.rounds.last() {
            Some(log) if self.round.phase() != Phase::Choose => log,
            _ => return Vec::new(),
        };
        let Ok(mut round) = Round::set_up(&log.setup) else {
            return Vec::new();
        };
        let mut past = Vec::new();
        for &(_, action) in &log.actions {
            past.push(PastAction::before(&round, action));
            if round.play(action).is_err() {
                break;
            }
        }
        past
    }

    /// Where `side` decided so far, in order: each Choice pick it made (S4)
    /// and each of its actions.
    pub fn decisions(&self, side: Side) -> Vec<Point> {
        let mut points = Vec::new();
        for (round, log) in self.rounds.iter().enumerate() {
            if log.setup.chosen && log.setup.starter == side {
                points.push(Point {
                    round,
                    action: None,
                });
            }
            let mine = log
                .actions
                .iter()
                .enumerate()
                .filter(|(_, (s, _))| *s == side);
            points.extend(mine.map(|(i, _)| Point {
                round,
                action: Some(i),
            }));
        }
        points
    }

    /// The match as it stood at `at`, replayed from its log. A round whose
    /// Choice pick is returned to gets freshly shuffled cards from `rng`:
    /// they are dealt after the pick, so nobody has seen them (S4).
    /// `None` if the match has not reached `at`.
    pub fn rewound<R: Rng + ?Sized>(&self, at: Point, rng: &mut R) -> Option<Match> {
        let mut m: Option<Match> = None;
        for (r, log) in self.rounds.iter().enumerate().take(at.round + 1) {
            if r == at.round && at.action.is_none() {
                return match m {
                    None => Match::new_with_choice(self.rules, log.setup.starter, rng).ok(),
                    Some(mut m) => m.start_choice_round(rng).ok().map(|()| m),
                };
            }
            match m.as_mut() {
                None => m = Some(Match::from_setup(&log.setup).ok()?),
                Some(m) => m.start_round(&log.setup).ok()?,
            }
            let m = m.as_mut()?;
            let played = match at.action {
                Some(i) if r == at.round => log.actions.get(..i)?,
                _ => &log.actions,
            };
            for &(_, action) in played {
                m.play(action).ok()?;
            }
        }
        m.filter(|_| at.round < self.rounds.len())
    }

    /// Shuffles the cards not yet drawn this round (what follows a take
    /// back: the next card is not the one seen before). The round's log
    /// keeps the new order, so the match still replays from it.
    pub fn shuffle_pile<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.round.pile.shuffle(rng);
        if let Some(log) = self.rounds.last_mut() {
            let drawn = log
                .setup
                .deck
                .len()
                .saturating_sub(usize::from(self.round.pile.len()));
            log.setup.deck.truncate(drawn);
            log.setup.deck.extend(self.round.pile.cards());
        }
    }

    /// What `side` saw at each of its decisions ([`Match::decisions`]), in
    /// one pass over the log: each is [`Match::rewound`]'s observation there
    /// (a Choice pick's round is dealt from `rng`; its observation shows no
    /// cards), at a cost linear in the match's length.
    pub fn decisions_seen<R: Rng + ?Sized>(
        &self,
        side: Side,
        rng: &mut R,
    ) -> Vec<(Point, Observation)> {
        let mut seen = Vec::new();
        let mut m: Option<Match> = None;
        for (round, log) in self.rounds.iter().enumerate() {
            if log.setup.chosen && log.setup.starter == side {
                let (score, starter) = m
                    .as_ref()
                    .map_or((BySide::default(), log.setup.starter), |m| {
                        (m.score, m.next_starter())
                    });
                let dealt = Round::deal(self.rules, Some(Special::Choice), score, starter, rng);
                let point = Point {
                    round,
                    action: None,
                };
                seen.push((point, dealt.observation(side)));
            }
            let started = match m.as_mut() {
                None => Match::from_setup(&log.setup)
                    .map(|new| m = Some(new))
                    .is_ok(),
                Some(m) => m.start_round(&log.setup).is_ok(),
            };
            let Some(m) = m.as_mut().filter(|_| started) else {
                break;
            };
            for (i, &(by, action)) in log.actions.iter().enumerate() {
                if by == side {
                    let point = Point {
                        round,
                        action: Some(i),
                    };
                    seen.push((point, m.observation(side)));
                }
                if m.play(action).is_err() {
                    return seen;
                }
            }
        }
        seen
    }

    /// The starter of the next round (R7, I1).
    pub fn next_starter(&self) -> Side {
        let last = self.round.public().starter;
        match (self.rules.starter, self.round.result()) {
            (
                StarterRule::Loser,
                Some(RoundResult {
                    winner: Some(w), ..
                }),
            ) => w.opponent(),
            _ => last.opponent(),
        }
    }

    /// Deals the next round.
    ///
    /// # Errors
    /// If the current round is not over, or the match is.
    pub fn start_next_round<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<(), MatchError> {
        self.check_next()?;
        let special = turn_special(self.rules, &mut self.turned, rng);
        let round = Round::deal(self.rules, special, self.score, self.next_starter(), rng);
        self.begin(round);
        Ok(())
    }

    /// Starts the next round with the Choice card turned (S4): the starter is
    /// to pick a special card, and the cards, shuffled with `rng`, are dealt
    /// after the pick. For resuming a match saved while the pick was awaited.
    ///
    /// # Errors
    /// If no round may start now, special cards are off, or the stack cannot
    /// turn the Choice card for this round (S1, S2).
    pub fn start_choice_round<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<(), MatchError> {
        self.check_next()?;
        if !self.rules.special_cards {
            return Err(no_special_cards());
        }
        self.check_turn(Special::Choice)?;
        self.turned.push(Special::Choice);
        let round = Round::deal(
            self.rules,
            Some(Special::Choice),
            self.score,
            self.next_starter(),
            rng,
        );
        self.begin(round);
        Ok(())
    }

    /// Starts the next round from given cards. Its starter, score and special
    /// card must be those the rules prescribe.
    ///
    /// # Errors
    /// What is wrong with the setup, or that no round may start now.
    pub fn start_round(&mut self, setup: &RoundSetup) -> Result<(), MatchError> {
        self.check_next()?;
        if setup.rules != self.rules {
            return Err(SetupError::OtherRules.into());
        }
        let expected = self.next_starter();
        if setup.starter != expected {
            return Err(MatchError::WrongStarter {
                expected,
                given: setup.starter,
            });
        }
        if setup.score != self.score {
            return Err(MatchError::WrongScore {
                expected: self.score,
                given: setup.score,
            });
        }
        self.check_special(setup)?;
        let round = Round::set_up(setup)?;
        self.push_turned(setup);
        self.begin(round);
        Ok(())
    }

    fn check_next(&self) -> Result<(), MatchError> {
        if !self.round.is_over() {
            Err(MatchError::RoundNotOver)
        } else if self.is_over() {
            Err(MatchError::MatchOver)
        } else {
            Ok(())
        }
    }

    fn begin(&mut self, round: Round) {
        self.round = round;
        self.scored = false;
        self.last = BySide::default();
        if round.phase() != Phase::Choose {
            self.rounds.push(RoundLog {
                setup: RoundSetup::of_fresh_round(&round),
                actions: Vec::new(),
            });
        }
        self.score_round();
    }

    /// R6, S3: the winner scores 1, or 2 under Plain ×2; a draw scores nothing.
    fn score_round(&mut self) {
        if self.scored {
            return;
        }
        if let Some(result) = self.round.result() {
            self.scored = true;
            if let Some(winner) = result.winner {
                let points = if self.round.public().special == Some(Special::PlainX2) {
                    2
                } else {
                    1
                };
                self.score[winner] += points;
            }
        }
    }

    /// The stack card a setup shows as turned.
    fn turned_card(setup: &RoundSetup) -> Option<Special> {
        if setup.chosen {
            Some(Special::Choice)
        } else {
            setup.special
        }
    }

    fn check_special(&self, setup: &RoundSetup) -> Result<(), MatchError> {
        match Self::turned_card(setup) {
            Some(card) => self.check_turn(card),
            None => Ok(()), // Round::set_up checks special cards are off.
        }
    }

    /// Whether the stack can turn `card` for the next round (S1, S2).
    fn check_turn(&self, card: Special) -> Result<(), MatchError> {
        let i = self.turned.len();
        let wrong = |why: String| {
            Err(MatchError::WrongSpecial {
                given: Some(card),
                why,
            })
        };
        if i >= Special::STACK.len() {
            let expected = self.turned[i - Special::STACK.len()];
            if card != expected {
                return wrong(format!(
                    "the stack repeats every 8 rounds, so round {} turns {expected}",
                    i + 1
                ));
            }
        } else if !unturned(&self.turned).contains(&card) {
            return wrong(format!(
                "the stack holds {} of it and all were turned",
                card.copies()
            ));
        }
        Ok(())
    }

    fn push_turned(&mut self, setup: &RoundSetup) {
        if let Some(card) = Self::turned_card(setup) {
            self.turned.push(card);
        }
    }
}

fn no_special_cards() -> MatchError {
    MatchError::WrongSpecial {
        given: Some(Special::Choice),
        why: "special cards are off in these rules".into(),
    }
}

/// The stack cards not turned yet in the stack's first pass.
fn unturned(turned: &[Special]) -> Vec<Special> {
    let mut rest = Special::STACK.to_vec();
    for s in turned {
        if let Some(i) = rest.iter().position(|r| r == s) {
            rest.remove(i);
        }
    }
    rest
}

/// Turns the next stack card (S2): after eight rounds the stack repeats.
fn turn_special<R: Rng + ?Sized>(
    rules: Rules,
    turned: &mut Vec<Special>,
    rng: &mut R,
) -> Option<Special> {
    if !rules.special_cards {
        return None;
    }
    let i = turned.len();
    let card = if i >= Special::STACK.len() {
        turned[i - Special::STACK.len()]
    } else {
        // Drawing from the unturned cards is the same as a stack shuffled once (S1).
        let rest = unturned(turned);
        rest[rng.random_range(0..rest.len())]
    };
    turned.push(card);
    Some(card)
}
