//! Everything the page holds, in one reducer: the match ([`GameState`],
//! itself a reducer), what is shown (the table, the start screen, the
//! extras, the new-game form, a confirmation) and the remembered settings.
//! Pure: the browser's side (storage, downloads, the clipboard) follows
//! this state in effects (`super::effects`).

use std::rc::Rc;

use yew::Reducible;

use crate::engine::{Action, BySide};
use crate::ui::extras::Opened;
use crate::ui::match_state::{GameAction, GameState, Moment};
use crate::ui::play::notice::{Notice, RecordProblem};
use crate::ui::play::save::{Adversary, Loaded, Settings};

/// What the page shows: the match, or the start screen of a first visit, or
/// a part of the extras (fetched on first use, `crate::ui::extras`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Welcome,
    Table,
    Extras(Opened),
}

/// What would show hidden cards, asked about first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reveal {
    Export,
    Copy,
}

#[derive(Clone, Debug)]
pub struct Page {
    pub game: Rc<GameState>,
    /// The new-game settings last started with (and the tracker's switch).
    pub settings: Settings,
    /// The names two people gave last.
    pub names: BySide<String>,
    pub mode: Mode,
    /// The new-game form is open.
    pub show_settings: bool,
    /// "Settings" (language, colours) is open.
    pub show_preferences: bool,
    /// Exporting or copying a match in progress waits for a yes.
    pub confirm: Option<Reveal>,
    /// The record is to go out (numbered: each request is done once).
    pub outgoing: Option<(u32, Reveal)>,
    /// The action under the pointer or focus, at the moment it was there:
    /// where it leads is shown on the piste.
    pub preview: Option<(Moment, Action)>,
    /// The start screen was left in this visit (later visits open on the
    /// match).
    pub welcomed: bool,
    /// The page was opened from a shared link (`#r=…`, good or broken),
    /// which the address bar holds until the person leaves for the table.
    pub from_link: bool,
}

pub enum PageAction {
    /// A step of the match.
    Game(GameAction),
    Open(Mode),
    /// The start screen's "Learn to play": straight into the first lesson.
    Learn,
    /// The start screen's "Play against the computer": the new-game form.
    Play,
    /// "Play a first match" (the start screen, the last lesson): the
    /// recommended match at once, with a seed; over a match in progress, the
    /// new-game form (which asks first).
    FirstMatch(u64),
    ShowSettings(bool),
    ShowPreferences(bool),
    /// A new match with these settings (and two people's names), and a seed.
    Start(Settings, BySide<String>, u64),
    /// The same match again, with a seed.
    Rematch(u64),
    ToggleTracker,
    /// Export or copy the record (asked first while the match goes on).
    Reveal(Reveal),
    /// The answer to the confirmation.
    Confirm(bool),
    Preview(Option<Action>),
    /// An imported file, read ([`crate::ui::play::reader::read`]), or why it
    /// could not be; and a seed.
    Import(Box<Result<Loaded, RecordProblem>>, u64),
    /// The shared link the page opened does not open (what is wrong, said
    /// by the extras): the start screen says so.
    LinkBroken(String),
}

impl Page {
    /// The page as it opens.
    pub fn new(game: GameState, settings: Settings, names: BySide<String>, mode: Mode) -> Page {
        // Settings that did not work are shown with the notice saying so.
        let show_settings = matches!(game.notice, Some(Notice::SettingsInvalid(_)));
        Page {
            game: Rc::new(game),
            settings,
            names,
            welcomed: false,
            mode,
            show_settings,
            show_preferences: false,
            confirm: None,
            outgoing: None,
            preview: None,
            from_link: false,
        }
    }

    /// The previewed action, if it is still about this moment.
    pub(crate) fn preview_now(&self) -> Option<Action> {
        self.preview
            .filter(|(m, _)| *m == self.game.moment())
            .map(|(_, a)| a)
    }

    fn game(&mut self, action: GameAction) {
        self.game = Rc::clone(&self.game).reduce(action);
    }

    /// A new match with these settings, and the table on screen (whatever
    /// was shown: the start screen, a lesson, a review).
    fn start(&mut self, settings: Settings, names: BySide<String>, seed: u64) {
        self.settings = settings;
        self.welcomed = true;
        self.mode = Mode::Table;
        if settings.opponent == Adversary::Person {
            self.names = names.clone();
            self.game(GameAction::NewPeople(settings, names, seed));
        } else {
            self.game(GameAction::New(settings, seed));
        }
    }

    fn send(&mut self, what: Reveal) {
        let n = self.outgoing.map_or(0, |(n, _)| n + 1);
        self.outgoing = Some((n, what));
    }
}

impl Reducible for Page {
    type Action = PageAction;

    fn reduce(self: Rc<Self>, action: PageAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            PageAction::Game(a) => next.game(a),
            PageAction::Open(mode) => next.mode = mode,
            PageAction::LinkBroken(said) => {
                next.mode = Mode::Welcome;
                next.game(GameAction::Notice(Some(Notice::Link(said))));
            }
            PageAction::Learn => {
                next.welcomed = true;
                next.mode = Mode::Extras(Opened::FirstLesson);
            }
            PageAction::Play => {
                next.welcomed = true;
                next.mode = Mode::Table;
                next.show_settings = true;
            }
            PageAction::FirstMatch(seed) => {
                if self.game.in_progress() {
                    next.mode = Mode::Table;
                    next.show_settings = true;
                } else {
                    next.start(self.settings.first_match(), self.names.clone(), seed);
                }
            }
            PageAction::ShowSettings(show) => next.show_settings = show,
            PageAction::ShowPreferences(show) => next.show_preferences = show,
            PageAction::Start(settings, names, seed) => {
                next.show_settings = false;
                next.start(settings, names, seed);
            }
            PageAction::Rematch(seed) => {
                let game = &self.game;
                let settings = Settings {
                    rules: game.the_match.rules(),
                    side: game.human,
                    level: game.level,
                    ..self.settings
                };
                next.game(match &game.people {
                    Some(names) => GameAction::NewPeople(settings, names.clone(), seed),
                    None => GameAction::New(settings, seed),
                });
            }
            PageAction::ToggleTracker => next.settings.tracker = !next.settings.tracker,
            // A match in progress: the record would show the computer's
            // hand and the draw pile's order, so the person is asked first.
            PageAction::Reveal(what) if self.game.the_match.is_over() => next.send(what),
            PageAction::Reveal(what) => next.confirm = Some(what),
            PageAction::Confirm(yes) => {
                if let (true, Some(what)) = (yes, self.confirm) {
                    next.send(what);
                }
                next.confirm = None;
            }
            PageAction::Preview(a) => next.preview = a.map(|a| (self.game.moment(), a)),
            PageAction::Import(read, seed) => {
                next.game(match *read {
                    Ok(mut loaded) => {
                        // Reviewable and playable, but not the person's own.
                        loaded.played_here = false;
                        let notice = Notice::Imported(loaded.the_match.rounds().len());
                        GameAction::Load(Box::new(loaded), seed, Some(notice))
                    }
                    Err(why) => GameAction::Notice(Some(Notice::ImportFailed(why))),
                });
            }
        }
        Rc::new(next)
    }
}
