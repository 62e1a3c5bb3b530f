//! The friend screens' reducer (which screen, what went wrong, the bar's
//! question, "no direct connection", changes heard) and the person's moves
//! on a board, made and kept, or the match as stored shown.

use std::rc::Rc;

use engarde::friend::game::FriendMatch;
use engarde::ui::friend::live::frame::Presence;
use engarde::ui::friend::live::Watched;
use engarde::ui::friend::moves::{self, Move};
use engarde::ui::friend::state::{FriendScreens, FriendsAction, Screen};
use engarde::ui::friend::tools::Confirm;
use engarde::ui::friend::{rules_of, settle, standing, store, Problem, Standing};
use engarde::{Action, GameRng, Preset};
use rand::SeedableRng;
use yew::Reducible;

fn after(state: FriendScreens, actions: Vec<FriendsAction>) -> FriendScreens {
    let mut state = Rc::new(state);
    for a in actions {
        state = state.reduce(a);
    }
    Rc::unwrap_or_clone(state)
}

#[test]
fn the_screens_open_on_a_link_or_the_list() {
    assert_eq!(FriendScreens::new(true).screen, Screen::Opening);
    assert_eq!(FriendScreens::new(false).screen, Screen::List);
    let listed = after(
        FriendScreens::new(true),
        vec![FriendsAction::Show(Screen::List, Some(Problem::NotHeld))],
    );
    assert_eq!(listed.screen, Screen::List);
    assert_eq!(listed.problem, Some(Problem::NotHeld));
    assert_eq!(listed.screen.match_id(), None);
}

/// What a board shows of `m`: here, checking nothing, no link held back.
fn watched(m: &FriendMatch) -> Watched {
    Watched {
        held: Rc::new(m.clone()),
        presence: Presence::Links,
        checking: false,
        offered: None,
        link: Some(m.last_code().to_string()),
    }
}

fn heard(m: &FriendMatch, problem: Option<Problem>, no_route: bool) -> FriendsAction {
    FriendsAction::Heard {
        watched: Some(watched(m)),
        problem,
        no_route,
    }
}

#[test]
fn a_match_shown_hears_its_changes_and_keeps_what_went_wrong_until_the_next_move() {
    use FriendsAction::*;
    let m = seat_to_play(Preset::Standard);
    let (other, _) = FriendMatch::invite(
        rules_of(Preset::Standard, 3),
        "Cy",
        &mut GameRng::seed_from_u64(8),
    );
    let a = Screen::Match(m.id().to_string());
    let shown = after(FriendScreens::new(false), vec![Show(a.clone(), None)]);
    assert_eq!(shown.watched, None, "nothing shown before it is heard");
    let s = after(
        shown,
        vec![
            heard(&m, None, true),
            Ask(Confirm::Resign),
            heard(&m, Some(Problem::Forged), false),
            heard(&m, None, false),
        ],
    );
    assert_eq!(s.screen.match_id(), Some(m.id().to_string().as_str()));
    assert!(s.no_route, "said until the person's next move");
    assert_eq!(
        s.problem,
        Some(Problem::Forged),
        "a change that went well unsays nothing"
    );
    assert_eq!(s.asking, Some(Confirm::Resign), "the question stands");
    let held = s.watched.as_ref().map(|w| w.held.journal().clone());
    assert_eq!(held.as_ref(), Some(m.journal()));
    // Heard of another match (no longer shown): nothing changes.
    let stale = after(s.clone(), vec![heard(&other, Some(Problem::Damaged), true)]);
    assert_eq!(stale, s);
    // The same match shown again (a link of it read): a new word on it,
    // the question kept.
    let again = after(s.clone(), vec![Show(a.clone(), Some(Problem::Old))]);
    assert_eq!(again.problem, Some(Problem::Old));
    assert_eq!(again.asking, Some(Confirm::Resign));
    assert!(again.no_route && again.watched.is_some());
    // The move: nothing left of the question, the connection's word or
    // the problem; the match as it stands after.
    let mut played = m.clone();
    let action = played.to_play().unwrap().legal_actions()[0];
    played.play(action).unwrap();
    let moved = after(s.clone(), vec![Moved(Ok(()), Some(watched(&played)))]);
    assert_eq!(
        (moved.asking, moved.no_route, moved.problem),
        (None, false, None)
    );
    let now = moved.watched.as_ref().map(|w| w.held.actions().to_vec());
    assert_eq!(now, Some(played.actions().to_vec()));
    let refused = after(
        s.clone(),
        vec![Moved(Err(Problem::StorageRefused), Some(watched(&m)))],
    );
    assert_eq!(refused.problem, Some(Problem::StorageRefused));
    assert_eq!(after(s.clone(), vec![Cancel]).asking, None);
    // Another match: its own question, connection and watch.
    let b = Screen::Match(other.id().to_string());
    let other_shown = after(s, vec![Show(b, None)]);
    assert_eq!(
        (
            other_shown.asking,
            other_shown.no_route,
            other_shown.problem
        ),
        (None, false, None)
    );
    assert_eq!(other_shown.watched, None);
}

/// Messages go back and forth between two new seats until one has
/// something to play: that seat, kept as the page keeps a match.
fn seat_to_play(preset: Preset) -> FriendMatch {
    let mut rng = GameRng::seed_from_u64(4);
    let (host, invite) = FriendMatch::invite(rules_of(preset, 3), "Ann", &mut rng);
    let (guest, mut code) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    let mut seats = [host, guest];
    let mut next = 0;
    for _ in 0..20 {
        seats[next].receive(&code).unwrap();
        if seats[next].to_play().is_some() {
            let seat = seats[next].clone();
            store::save(&seat).unwrap();
            return seat;
        }
        assert!(settle(&mut seats[next]), "a seat that cannot play sends");
        code = seats[next].last_code().to_string();
        next = 1 - next;
    }
    panic!("a card to play within 20 messages");
}

fn stored_steps(m: &FriendMatch) -> usize {
    let kept = store::load(&m.id().to_string()).expect("kept");
    store::restore(&kept).unwrap().journal().steps.len()
}

#[test]
fn a_move_is_made_and_kept_and_a_refused_one_changes_nothing() {
    let mut m = seat_to_play(Preset::Standard);
    let before = (m.journal().steps.len(), m.last_code().to_string());
    // A parry with no attack to answer: refused, nothing changes.
    assert!(moves::make(&mut m, Move::Play(Action::Parry)).is_err());
    assert_eq!((m.journal().steps.len(), m.last_code().to_string()), before);
    assert_eq!(stored_steps(&m), before.0);
    let a = m.to_play().unwrap().legal_actions()[0];
    assert_eq!(moves::make(&mut m, Move::Play(a)), Ok(()));
    assert!(m.actions().contains(&(m.side(), a)));
    assert_eq!(stored_steps(&m), m.journal().steps.len(), "kept as made");
    // Resigning is confirmed, then made and kept.
    assert_eq!(
        moves::make(&mut m, Move::Confirmed(Confirm::Resign)),
        Ok(())
    );
    assert_eq!(standing(&m), Standing::YouResigned);
    let kept = store::load(&m.id().to_string()).unwrap();
    assert_eq!(
        standing(&store::restore(&kept).unwrap()),
        Standing::YouResigned
    );
    // Nothing more after the end.
    let over = m.clone();
    assert!(moves::make(&mut m, Move::Confirmed(Confirm::Abandon)).is_err());
    assert_eq!(m.last_code(), over.last_code());
}

#[test]
fn a_move_in_a_tab_left_behind_is_not_kept_and_the_match_as_stored_is_shown() {
    let mut ahead = seat_to_play(Preset::Advanced);
    let mut behind = ahead.clone();
    let a = ahead.to_play().unwrap().legal_actions()[0];
    assert_eq!(moves::make(&mut ahead, Move::Play(a)), Ok(()));
    // (Another move: the same one would make the same journal.)
    let b = *behind.to_play().unwrap().legal_actions().last().unwrap();
    assert_ne!(a, b);
    assert_eq!(
        moves::make(&mut behind, Move::Play(b)),
        Err(Problem::ElsewhereAhead)
    );
    assert_eq!(behind.journal().steps.len(), ahead.journal().steps.len());
    assert_eq!(
        behind.last_code(),
        ahead.last_code(),
        "the stored match, shown"
    );
    assert_eq!(stored_steps(&ahead), ahead.journal().steps.len());
}
