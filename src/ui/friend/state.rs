//! The friend screens' state, pure: which screen shows ([`Screen`]), the
//! match shown as its board shows it ([`Watched`]: the match, where its
//! connection stands, what it awaits), what went wrong getting there or
//! with that match, the question its bar asks, and whether "no direct
//! connection" is said. It changes only by a [`FriendsAction`]; what an
//! action follows from (a link read, a move kept) is done outside.

use std::rc::Rc;

use yew::Reducible;

use super::arrival::Problem;
use super::live::Watched;
use super::tools::Confirm;
use crate::engine::Rules;
use crate::friend::parts::Progress;

#[derive(Clone, Debug, PartialEq)]
pub enum Screen {
    List,
    Invite,
    Invitation {
        code: String,
        /// The host's connection offer, if it came with the invitation.
        offer: Option<String>,
        rules: Rules,
        host: String,
    },
    /// The match held under this id.
    Match(String),
    /// A link is being read (handed to another tab if one holds its match).
    Opening,
    /// The link went to the tab that holds its match.
    Elsewhere,
    /// Parts of a message came, not all yet.
    Parts(Progress),
}

impl Screen {
    /// The id of the match shown, if one is.
    pub fn match_id(&self) -> Option<&str> {
        match self {
            Screen::Match(id) => Some(id),
            _ => None,
        }
    }
}

/// The friend screens as they stand.
#[derive(Clone, Debug, PartialEq)]
pub struct FriendScreens {
    pub screen: Screen,
    /// What went wrong: with the link just read, the move just made, or a
    /// message of the friend's to the match shown.
    pub problem: Option<Problem>,
    /// The question the match's bar asks before doing it.
    pub asking: Option<Confirm>,
    /// "No direct connection" is said, until the person's next move.
    pub no_route: bool,
    /// The match shown, as last heard (none before its board first hears).
    pub watched: Option<Watched>,
}

/// What changes the friend screens.
#[derive(Clone, Debug, PartialEq)]
pub enum FriendsAction {
    /// Shows `screen`, with what went wrong getting there, if anything.
    Show(Screen, Option<Problem>),
    /// The bar asks before doing it (the same button again does it).
    Ask(Confirm),
    /// The question is withdrawn.
    Cancel,
    /// The match shown changed (`watched`, as it stands now): with what
    /// went wrong with the friend's message, if anything, and whether "no
    /// direct connection" is now to be said.
    Heard {
        watched: Option<Watched>,
        problem: Option<Problem>,
        no_route: bool,
    },
    /// The person's move on the match shown: kept, or what went wrong;
    /// the match as it stands after.
    Moved(Result<(), Problem>, Option<Watched>),
}

impl FriendScreens {
    /// The screens as the page opens them: a link being read (`opening`),
    /// or the list.
    pub fn new(opening: bool) -> FriendScreens {
        FriendScreens {
            screen: if opening {
                Screen::Opening
            } else {
                Screen::List
            },
            problem: None,
            asking: None,
            no_route: false,
            watched: None,
        }
    }

    /// `watched` is of the match shown (or of none).
    fn shows(&self, watched: Option<&Watched>) -> bool {
        watched.is_none_or(|w| self.screen.match_id() == Some(&w.held.id().to_string()))
    }
}

impl Reducible for FriendScreens {
    type Action = FriendsAction;

    fn reduce(self: Rc<Self>, action: FriendsAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            FriendsAction::Show(screen, problem) => {
                // Another screen, or another match: its question and what
                // was said of the connection go with the one before.
                if screen != self.screen {
                    next.asking = None;
                    next.no_route = false;
                    next.watched = None;
                }
                next.screen = screen;
                next.problem = problem;
            }
            FriendsAction::Ask(what) => next.asking = Some(what),
            FriendsAction::Cancel => next.asking = None,
            FriendsAction::Heard {
                watched,
                problem,
                no_route,
            } => {
                // (Heard of a match no longer shown: nothing changes.)
                if !self.shows(watched.as_ref()) {
                    return self;
                }
                // (A change that went well does not unsay what went wrong.)
                if problem.is_some() {
                    next.problem = problem;
                }
                next.no_route |= no_route;
                next.watched = watched;
            }
            FriendsAction::Moved(outcome, watched) => {
                if !self.shows(watched.as_ref()) {
                    return self;
                }
                next.asking = None;
                next.no_route = false;
                next.problem = outcome.err();
                next.watched = watched;
            }
        }
        Rc::new(next)
    }
}
