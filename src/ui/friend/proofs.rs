//! Friend play's proofs off the page's thread: the friend's message is
//! taken in by a worker that runs friend play's own module (`friends.js`,
//! its `serve_proofs`): there its shuffle arguments and tokens are checked,
//! and the deck this seat owes next is made and proven. The worker answers with the
//! journal's new steps and the match's state after them; the page takes
//! that state whole ([`FriendMatch::replay_steps`]: the message decoded and
//! its proofs checked once, there) and keeps it. Meanwhile the board says
//! the message is being checked. A page whose worker cannot start, or does
//! not answer within [`PATIENCE`], reads the message itself.

use std::cell::RefCell;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::arrival::Problem;
use super::standing::settle;
use super::store;
use crate::friend::game::{FriendMatch, Journal, JournalEntry, Snapshot};
use crate::friend::wire::MatchId;
use crate::ui::worker::{self, Channel, Kind};

/// What the page asks: take in `code`, into the match its journal keeps,
/// or into the match the worker took a message into last (live play's
/// next message: no rebuild, no whole journal posted) with the steps the
/// page took since.
#[derive(Debug, Serialize, Deserialize)]
pub enum Request {
    Whole {
        journal: Journal,
        /// The snapshot kept beside it, if any ([`store::snapshot`]).
        #[serde(default)]
        snapshot: Option<String>,
        code: String,
    },
    Since {
        game: MatchId,
        base: usize,
        steps: Vec<JournalEntry>,
        code: String,
    },
}

/// What the worker answers: the journal's new steps, the match's state
/// after them, and what went wrong (nothing changed, but for a cheat: the
/// match void, its evidence kept); or that it does not hold the match
/// asked of it.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    Taken {
        steps: Vec<JournalEntry>,
        problem: Option<Problem>,
        /// The worker's time, in milliseconds: rebuilding the match (none
        /// when it held it), then taking the message in (the benchmark's,
        /// e2e/bench-friend.mjs).
        #[serde(default)]
        millis: (u32, u32),
        /// The match after the steps ([`Snapshot::to_text`]), when it has
        /// one to give (none for a void match: its steps are replayed).
        #[serde(default)]
        after: Option<String>,
    },
    NotHeld,
}

/// The match the worker holds, as the page last knew it: its id, its
/// journal's length and last step.
type Synced = (MatchId, usize, Option<JournalEntry>);

thread_local! {
    static CHANNEL: RefCell<Option<Channel>> = const { RefCell::new(None) };
    /// The page's side: what the worker holds.
    static SYNCED: RefCell<Option<Synced>> = const { RefCell::new(None) };
    /// The worker's side: the match it took a message into last (live
    /// play's next message needs no rebuild).
    static LAST: RefCell<Option<FriendMatch>> = const { RefCell::new(None) };
}

/// The friend screens' own module serves the proofs' worker: one copy of
/// the curve arithmetic, which the page also runs when no worker starts.
static PROOFS: Kind = Kind {
    script: "friends",
    glue: "self.engardeFriendsGlue",
    entry: Some("serve_proofs"),
    called: "friend play's proofs worker",
    channel: &CHANNEL,
};

/// What the proofs' worker made of the friend's message, for the match as
/// it stood: [`receive`] takes it into the match.
pub struct Checked {
    code: String,
    /// The match's journal's length when it was asked.
    before: usize,
    reply: Option<Reply>,
}

impl Checked {
    /// The worker's `reply` to the message `code`, asked of the match `m`
    /// as it stands (`None`: no answer, the worker could not start or
    /// died).
    pub fn of(m: &FriendMatch, code: String, reply: Option<Reply>) -> Checked {
        Checked {
            code,
            before: m.journal().steps.len(),
            reply,
        }
    }
}

/// Checks the friend's message `code` for the match `m` in the proofs'
/// worker (its proofs checked there, off the page's thread).
pub(crate) async fn check(m: Rc<FriendMatch>, code: String) -> Checked {
    let (game, before) = (m.id(), m.journal().steps.len());
    let mut reply = match since(&m, &code) {
        Some(request) => ask(&request).await,
        None => Some(Reply::NotHeld),
    };
    // (No answer at all: the worker failed or took too long; the page reads
    // the message itself rather than wait again.)
    if reply == Some(Reply::NotHeld) {
        let journal = m.journal().clone();
        let snapshot = store::snapshot(&game.to_string());
        reply = ask(&Request::Whole {
            journal,
            snapshot,
            code: code.clone(),
        })
        .await;
    }
    SYNCED.with(|s| s.borrow_mut().take());
    Checked {
        code,
        before,
        reply,
    }
}

/// Takes the message `checked` into `m` and keeps it ([`store::receive`]):
/// the worker's steps if the match is still as it was asked, else the page
/// reads it itself. What went wrong, if anything.
pub fn receive(m: &mut FriendMatch, checked: Checked) -> Option<Problem> {
    let Checked {
        code,
        before,
        reply,
    } = checked;
    match reply {
        // (The match went on meanwhile: the steps are not for it.)
        Some(Reply::Taken {
            steps,
            problem,
            millis: (rebuilt, taken),
            after,
        }) if m.journal().steps.len() == before => {
            let kind = if code.len() > 800 { "deck" } else { "move" };
            crate::ui::shell::note_time("__engardeProofsRebuiltMs", kind, f64::from(rebuilt));
            crate::ui::shell::note_time("__engardeProofsTakenMs", kind, f64::from(taken));
            let after = after.and_then(|text| Snapshot::from_text(&text).ok());
            let said = store::receive_checked(m, &code, &steps, after.as_ref(), problem);
            let now = m.journal().steps.len();
            if said.is_none() && now == before + steps.len() {
                let last = m.journal().steps.last().cloned();
                SYNCED.with(|s| *s.borrow_mut() = Some((m.id(), now, last)));
            }
            said
        }
        _ => store::receive(m, &code),
    }
}

/// The request for the match the worker holds, with the steps taken here
/// since, if it holds `m` as it was.
fn since(m: &FriendMatch, code: &str) -> Option<Request> {
    let (game, base, last) = SYNCED.with(|s| s.borrow().clone())?;
    let steps = &m.journal().steps;
    let same =
        m.id() == game && base <= steps.len() && base > 0 && steps.get(base - 1) == last.as_ref();
    same.then(|| Request::Since {
        game,
        base,
        steps: steps[base..].to_vec(),
        code: code.to_string(),
    })
}

/// How long the page waits for the worker's answer before it reads the
/// message itself: well beyond the worker's start and a late match's
/// rebuild on a slow phone (docs/FRIEND.md), so that only a worker that
/// hangs is given up on.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// The worker's answer, if it gives one that reads within [`PATIENCE`].
async fn ask(request: &Request) -> Option<Reply> {
    let json = serde_json::to_string(request).ok()?;
    let Some(text) = worker::ask_within(&PROOFS, json, PATIENCE).await else {
        // Hung, failed or foreign: from now on the page reads the friend's
        // messages itself, at once.
        if worker::give_up(&PROOFS) {
            let said = "did not answer in time: the page does without it";
            web_sys::console::warn_2(&PROOFS.called.into(), &said.into());
        }
        return None;
    };
    serde_json::from_str(&text).ok()
}

/// The worker's side: answers each request ([`Request`] in JSON).
pub fn serve() {
    worker::serve(|json| {
        let request: Request = serde_json::from_str(json).ok()?;
        serde_json::to_string(&answer(request)).ok()
    });
}

/// The worker's answer: the message taken into the match asked of, with
/// what the seat then owes ([`settle`]). It keeps that match for the next
/// request.
pub fn answer(request: Request) -> Reply {
    let began = web_time::Instant::now();
    let last = LAST.with(|l| l.borrow_mut().take());
    let (held, code) = match request {
        Request::Whole {
            journal,
            snapshot,
            code,
        } => {
            let held = last.filter(|m| *m.journal() == journal);
            let snapshot = snapshot.and_then(|t| Snapshot::from_text(&t).ok());
            let rebuilt = || FriendMatch::restore_from(&journal, snapshot.as_ref()).ok();
            (held.or_else(rebuilt), code)
        }
        Request::Since {
            game,
            base,
            steps,
            code,
        } => {
            let held = last.filter(|m| m.id() == game && m.journal().steps.len() == base);
            (
                held.and_then(|mut m| m.replay_steps(&steps, None).ok().map(|()| m)),
                code,
            )
        }
    };
    let Some(mut m) = held else {
        return Reply::NotHeld;
    };
    let rebuilt = began.elapsed();
    let before = m.journal().steps.len();
    let problem = match m.receive(&code) {
        Ok(()) => {
            settle(&mut m);
            None
        }
        Err(e) => Some(Problem::from(e)),
    };
    let steps = m.journal().steps[before..].to_vec();
    let after = problem.is_none().then(|| m.snapshot()).flatten();
    LAST.with(|l| *l.borrow_mut() = Some(m));
    let millis = |d: std::time::Duration| u32::try_from(d.as_millis()).unwrap_or(u32::MAX);
    Reply::Taken {
        steps,
        problem,
        millis: (millis(rebuilt), millis(began.elapsed() - rebuilt)),
        after: after.map(|s| s.to_text()),
    }
}
