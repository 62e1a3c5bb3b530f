//! The match as the page holds it: a reducer over the person's clicks and the
//! computer's answers (the reducer itself in [`reduce`]). The engine judges
//! every action.

use rand::{Rng, SeedableRng};

use crate::ai::advice::Advice;
use crate::ai::Difficulty;
use crate::engine::{Action, BySide, IllegalAction, Match, Phase, Point, Rules, Side};
use crate::GameRng;

mod action;
mod reduce;

pub use action::GameAction;
pub(crate) use action::Moment;

use crate::ui::play::notice::Notice;
use crate::ui::play::save::{Help, Loaded, Seated, Settings};
use crate::ui::play::selection::refused::Refused;
use crate::ui::play::selection::Selection;

#[derive(Clone, Debug)]
pub struct GameState {
    pub the_match: Match,
    pub human: Side,
    pub level: Difficulty,
    pub rng: GameRng,
    pub selection: Selection,
    /// Counts new and loaded matches, so that answers for an old one are dropped.
    pub generation: u32,
    /// A message for the person (an unreadable save, an import), if any.
    pub notice: Option<Notice>,
    /// The card last picked in vain, and the engine's reasons why it cannot
    /// be played now (said in the action bar until the next pick or action).
    pub why_not: Option<Refused>,
    /// Hints asked for and moves taken back in this match (kept in the save).
    pub help: Help,
    /// A hint asked for at this moment, while the search runs.
    pub hint_asked: Option<Moment>,
    /// The moment whose hint is counted in `help` (asked again after it
    /// came late, it is not counted twice).
    pub hint_counted: Option<Moment>,
    /// The hint for the moment it was asked at (gone once play moves on).
    pub advice: Option<(Moment, Vec<Advice>)>,
    /// Two people on one device (their names): no computer; `human` is the
    /// player the table is shown to, and changes hands at each turn.
    pub people: Option<BySide<String>>,
    /// Between two people's turns: the privacy screen is up, every hand is
    /// hidden, until the next player says they hold the device.
    pub privacy: bool,
    /// Played on this device, not imported: it goes to the history.
    pub played_here: bool,
    /// The last change was a take back: the status says so until the next
    /// action.
    pub taken_back: bool,
}

impl GameState {
    /// A new match. Rules that do not validate play as the defaults, and the
    /// notice says so.
    pub fn new(settings: Settings, seed: u64) -> GameState {
        let mut rng = GameRng::seed_from_u64(seed);
        let (rules, notice) = match settings.rules.validate() {
            Ok(()) => (settings.rules, None),
            Err(e) => (Rules::default(), Some(Notice::SettingsInvalid(e))),
        };
        // Validated above (a panic message of its own: the page formats no
        // error it cannot meet).
        let Ok(the_match) = Match::new(rules, Side::White, &mut rng) else {
            unreachable!("the rules are valid")
        };
        GameState {
            the_match,
            human: settings.side,
            level: settings.level,
            rng,
            selection: Selection::None,
            generation: 0,
            notice,
            why_not: None,
            help: Help::default(),
            hint_asked: None,
            hint_counted: None,
            advice: None,
            people: None,
            privacy: false,
            played_here: true,
            taken_back: false,
        }
    }

    /// A new match between two people on one device: the device is handed
    /// to the first to act before anything is shown.
    pub fn new_people(settings: Settings, names: BySide<String>, seed: u64) -> GameState {
        let mut state = GameState::new(settings, seed);
        state.people = Some(names);
        // Whoever pressed Start may not be the first to play: nothing is
        // shown until the first player holds the device.
        state.privacy = true;
        state
    }

    /// Two people: when the side to act is not the one the table is shown
    /// to, the privacy screen goes up for the hand-over.
    fn pass_if_needed(&mut self) {
        let round = self.the_match.round();
        if self.people.is_some() && !round.is_over() && round.to_act() != self.human {
            self.privacy = true;
        }
    }

    /// Hands the device to the side to act (the privacy screen goes).
    pub(crate) fn hand_over(&mut self) {
        if self.privacy {
            self.human = self.the_match.round().to_act();
            self.privacy = false;
            self.selection = Selection::None;
        }
    }

    pub fn loaded(loaded: Loaded, seed: u64, notice: Option<Notice>) -> GameState {
        // Two people: a resumed round is handed to whoever acts.
        let privacy = loaded.people.is_some() && !loaded.the_match.round().is_over();
        GameState {
            the_match: loaded.the_match,
            human: loaded.human,
            level: loaded.level,
            rng: GameRng::seed_from_u64(seed),
            selection: Selection::None,
            generation: 0,
            notice,
            why_not: None,
            help: loaded.help,
            hint_asked: None,
            hint_counted: None,
            advice: None,
            privacy,
            people: loaded.people,
            played_here: loaded.played_here,
            taken_back: false,
        }
    }

    pub fn moment(&self) -> Moment {
        let rounds = self.the_match.rounds();
        (
            self.generation,
            rounds.len(),
            rounds.last().map_or(0, |r| r.actions.len()),
            self.the_match.round().phase() == Phase::Choose,
        )
    }

    /// The match with who plays it.
    fn seated(&self) -> Seated<'_> {
        Seated {
            the_match: &self.the_match,
            human: self.human,
            level: self.level,
            help: self.help,
            people: self.people.as_ref(),
        }
    }

    /// The match as a record, with who plays it (the save, the export).
    pub fn save_text(&self) -> String {
        self.seated().text()
    }

    pub fn in_progress(&self) -> bool {
        !self.the_match.is_over()
            && (self.the_match.rounds().len() > 1 || !self.actions().is_empty())
    }

    /// Whether the computer is to act now.
    pub fn computer_to_act(&self) -> bool {
        let round = self.the_match.round();
        self.people.is_none() && !round.is_over() && round.to_act() != self.human
    }

    /// Whether the person the table is shown to is to act now (two people:
    /// once the device is in their hands).
    pub fn human_to_act(&self) -> bool {
        let round = self.the_match.round();
        !self.privacy && !round.is_over() && round.to_act() == self.human
    }

    /// A fresh seed for the computer's next decision.
    pub(crate) fn think_seed(&self) -> u64 {
        self.rng.clone().random()
    }

    /// The hint for now, if one was given at this moment.
    pub fn advice_now(&self) -> Option<&[Advice]> {
        self.advice
            .as_ref()
            .filter(|(m, _)| *m == self.moment())
            .map(|(_, a)| a.as_slice())
    }

    /// The current round's actions so far (none at its Choice pick).
    pub fn actions(&self) -> &[(Side, Action)] {
        self.the_match.round_actions()
    }

    /// Where "Take back" returns to: the person's last decision, if any
    /// (a Choice pick or an action).
    pub fn previous_decision(&self) -> Option<Point> {
        self.the_match.decisions(self.human).last().copied()
    }

    /// Returns to the person's previous decision: the match as it stood then,
    /// with the cards not yet drawn shuffled again (a round's Choice pick is
    /// dealt afresh after it, S4), so that taking back does not show the next
    /// card. Counted in the save; answers asked for later positions are
    /// dropped.
    ///
    /// # Errors
    /// `NothingToTakeBack` when the person has not decided yet.
    pub(crate) fn take_back(&mut self) -> Result<(), NothingToTakeBack> {
        let at = self.previous_decision().ok_or(NothingToTakeBack)?;
        self.the_match = self
            .the_match
            .rewound(at, &mut self.rng)
            .ok_or(NothingToTakeBack)?;
        if at.action.is_some() {
            self.the_match.shuffle_pile(&mut self.rng);
        }
        self.help.takebacks += 1;
        self.taken_back = true;
        self.generation += 1;
        self.selection = Selection::None;
        self.hint_asked = None;
        self.advice = None;
        Ok(())
    }

    /// Plays `action`.
    ///
    /// # Errors
    /// The engine's refusal; the match is unchanged.
    pub fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.the_match.play(action)?;
        self.taken_back = false;
        let _: u64 = self.rng.random();
        self.selection = Selection::None;
        self.pass_if_needed();
        Ok(())
    }

    /// Plays `action`, or says why not.
    fn play_or_notice(&mut self, action: Action) {
        if let Err(why) = self.play(action) {
            self.selection = Selection::None;
            self.notice = Some(Notice::Refused(action, why));
        }
    }

    /// Plays the computer's `action` (`None`: the worker did not answer);
    /// should the engine refuse it (a bug, or a worker of another build),
    /// or should there be none, a legal action drawn at random is played
    /// instead and the person is told: the computer always answers. (The
    /// card counter would cost the first load 1.6 kB for a fault that the
    /// worker's restart and the build check make rare.)
    fn play_computer(&mut self, action: Option<Action>) {
        if let Some(action) = action {
            if self.play(action).is_ok() {
                return;
            }
        }
        let legal = self.the_match.round().legal_actions();
        let Some(&instead) = legal.get(self.rng.clone().random_range(0..legal.len().max(1))) else {
            return;
        };
        self.notice = Some(match (self.play(instead), action) {
            (Ok(()), Some(_)) => Notice::ComputerRefused,
            (Ok(()), None) => Notice::WorkerFailed,
            (Err(why), _) => Notice::Refused(instead, why),
        });
    }
}

/// The person has made no decision yet in this match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct NothingToTakeBack;
