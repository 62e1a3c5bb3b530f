#![cfg(feature = "friend")]
//! Matches with the proven deck (issue 38): each thing a hostile friend's
//! page could send is refused, or makes the match void, at the message that
//! carries it; a third party's copy is refused for its signature.

mod common;

use engarde::friend::game::{Cheat, FriendError, FriendMatch};
use engarde::friend::wire::{Item, Message};
use engarde::{GameRng, Preset, Side};
use rand::SeedableRng;

/// Host and guest of a match from `seed`, the host holding the guest's
/// acceptance taken, and the host's first message of round 1.
fn begun(seed: u64) -> (FriendMatch, FriendMatch, String) {
    let mut rng = GameRng::seed_from_u64(seed);
    let (mut host, invite) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
    let (guest, accepted) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    host.receive(&accepted).unwrap();
    let first = host.send();
    (host, guest, first)
}

/// Plays the first legal action whenever it is a seat's turn and passes
/// messages until `stop` says so of the code just sent and its sender
/// (guest: `true`), or the match ends. Returns the last code.
fn play_until(
    host: &mut FriendMatch,
    guest: &mut FriendMatch,
    mut code: String,
    stop: impl Fn(&Message, bool) -> bool,
) -> Option<String> {
    for turn in 0..2_000 {
        let guest_turn = turn % 2 == 0;
        let me = if guest_turn { &mut *guest } else { &mut *host };
        me.receive(&code).unwrap();
        if me.is_over() {
            return None;
        }
        while let Some(obs) = me.to_play() {
            me.play(obs.legal_actions()[0]).unwrap();
        }
        if let Some(choices) = me.choice() {
            me.play(engarde::Action::Choose(choices[0])).unwrap();
        }
        code = me.send();
        if stop(&Message::decode(&code).unwrap(), guest_turn) {
            return Some(code);
        }
    }
    None
}

/// `message` changed by `change`, signed again by `by` (the friend's own
/// page sends it).
fn forged(by: &FriendMatch, code: &str, change: impl FnOnce(&mut Message)) -> String {
    let mut message = Message::decode(code).unwrap();
    change(&mut message);
    by.sign(message)
}

fn has(message: &Message, f: impl Fn(&Item) -> bool) -> bool {
    message.items.iter().any(f)
}

#[test]
fn an_acceptance_without_a_deck_key_or_with_a_false_one_does_not_start_the_match() {
    let mut rng = GameRng::seed_from_u64(1);
    let (host, invite) = FriendMatch::invite(Preset::Basic.rules(), "Ann", &mut rng);
    let (guest, accepted) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    // Left out: a page that would play with locks instead. Refused.
    let without = forged(&guest, &accepted, |m| {
        m.items.retain(|i| !matches!(i, Item::DeckKey(_)))
    });
    let mut h = host.clone();
    assert_eq!(h.receive(&without), Err(FriendError::Unexpected));
    assert_eq!(h.journal(), host.journal());
    // A key whose proof of ownership does not check: void.
    let false_key = forged(&guest, &accepted, |m| {
        for item in &mut m.items {
            if let Item::DeckKey(k) = item {
                k[60] ^= 1;
            }
        }
    });
    let mut h = host.clone();
    assert_eq!(h.receive(&false_key), Err(FriendError::Void(Cheat::Key)));
    // The host's own key reflected: void as well.
    let reflected = forged(&guest, &accepted, |m| {
        let own = Message::decode(host.last_code()).unwrap();
        let own_key = own
            .items
            .iter()
            .find(|i| matches!(i, Item::DeckKey(_)))
            .cloned();
        for item in &mut m.items {
            if let (Item::DeckKey(k), Some(Item::DeckKey(o))) = (item, own_key.as_ref()) {
                k.clone_from(o);
            }
        }
    });
    let mut h = host.clone();
    assert_eq!(h.receive(&reflected), Err(FriendError::Void(Cheat::Key)));
}

/// Issue 38's first attack: the second shuffler deals the first shuffler's
/// hand into its own positions. Two cards' places swapped (no re-masking
/// can prove that either) is refused at the deck's message, the match void;
/// the host then sends nothing, so no token of its could open a card.
#[test]
fn a_second_deck_not_proven_voids_the_match_before_any_token() {
    let (mut host, mut guest, first) = begun(2);
    guest.receive(&first).unwrap();
    let second = guest.send();
    let crafted = forged(&guest, &second, |m| {
        for item in &mut m.items {
            if let Item::MaskedSecond(deck) = item {
                let (a, b) = (deck[..66].to_vec(), deck[5 * 66..6 * 66].to_vec());
                deck[..66].copy_from_slice(&b);
                deck[5 * 66..6 * 66].copy_from_slice(&a);
            }
        }
    });
    // A third party's copy is refused for its signature and changes nothing.
    let mut unsigned = Message::decode(&crafted).unwrap();
    unsigned.items.pop();
    assert_eq!(
        host.receive(&unsigned.encode()),
        Err(FriendError::Signature)
    );
    assert_eq!(host.receive(&crafted), Err(FriendError::Void(Cheat::Deck)));
    assert!(!host.must_send() && host.observation().is_none());
    // Kept as evidence: rebuilt, the match is void too.
    assert_eq!(
        FriendMatch::restore(host.journal()).unwrap().void(),
        Some(Cheat::Deck)
    );
    // The honest deck is taken by a fresh copy of the host.
    let mut again = FriendMatch::restore(&{
        let mut j = host.journal().clone();
        j.steps.pop();
        j
    })
    .unwrap();
    again.receive(&second).unwrap();
    assert!(again.observation().is_some(), "the host's hand is open");
}

/// Issue 38's marked cards: the first shuffler's deck with one card's
/// bytes in two places is refused where it arrives.
#[test]
fn a_first_deck_not_proven_voids_the_match() {
    let (host, mut guest, first) = begun(3);
    let marked = forged(&host, &first, |m| {
        for item in &mut m.items {
            if let Item::MaskedFirst(deck) = item {
                let card = deck[..66].to_vec();
                deck[66..132].copy_from_slice(&card);
            }
        }
    });
    assert_eq!(guest.receive(&marked), Err(FriendError::Void(Cheat::Deck)));
    assert!(!guest.must_send());
}

/// A token whose proof does not check, or one for a card already open:
/// void at its message.
#[test]
fn a_false_or_repeated_token_voids_the_match_at_its_message() {
    let (host, mut guest, first) = begun(4);
    guest.receive(&first).unwrap();
    let second = guest.send();
    for (change, cheat) in [(0usize, Cheat::Share), (1, Cheat::Share)] {
        let mut h = host.clone();
        let code = forged(&guest, &second, |m| {
            let token = m.items.iter().position(|i| matches!(i, Item::Token { .. }));
            let Some(at) = token else { return };
            if change == 0 {
                if let Item::Token { token, .. } = &mut m.items[at] {
                    token[40] ^= 2;
                }
            } else {
                let copy = m.items[at].clone();
                m.items.insert(at, copy);
            }
        });
        assert_eq!(
            h.receive(&code),
            Err(FriendError::Void(cheat)),
            "case {change}"
        );
    }
}

/// At a round's end the seat that ends it shows its hand by its tokens and
/// reveals its round value. A value that does not open its commitment is
/// void; a hand left out is refused (as a missing lock was).
#[test]
fn a_round_end_without_its_hand_or_with_a_false_value_is_refused() {
    let (mut host, mut guest, first) = begun(5);
    let ends = |m: &Message, _: bool| has(m, |i| matches!(i, Item::Reveal { purpose: 1, .. }));
    let end = play_until(&mut host, &mut guest, first, ends).expect("a round ends");
    let message = Message::decode(&end).unwrap();
    let from_guest = message.header.from == engarde::friend::wire::Seat::Guest;
    let (sender, receiver) = if from_guest {
        (&guest, &host)
    } else {
        (&host, &guest)
    };
    let false_value = forged(sender, &end, |m| {
        for item in &mut m.items {
            if let Item::Reveal { purpose: 1, value } = item {
                value[0] ^= 1;
            }
        }
    });
    let mut r = receiver.clone();
    assert_eq!(
        r.receive(&false_value),
        Err(FriendError::Void(Cheat::Start))
    );
    let tokens = message
        .items
        .iter()
        .filter(|i| matches!(i, Item::Token { .. }))
        .count();
    assert!(tokens > 0, "the hand's tokens go with the round's end");
    let hidden = forged(sender, &end, |m| {
        let last = m
            .items
            .iter()
            .rposition(|i| matches!(i, Item::Token { .. }));
        if let Some(at) = last {
            m.items.remove(at);
        }
    });
    let mut r = receiver.clone();
    assert_eq!(r.receive(&hidden), Err(FriendError::Unexpected));
    assert_eq!(r.journal(), receiver.journal());
    let mut r = receiver.clone();
    r.receive(&end).unwrap();
    assert!(r.played().is_some(), "the honest end is audited");
}

/// A resignation mid-round shows the resigner's hand by its tokens, and
/// the round so far is audited at that message.
#[test]
fn a_resignation_shows_the_hand_and_is_audited_at_its_message() {
    let (mut host, mut guest, first) = begun(6);
    let dealt =
        |m: &Message, guest_turn: bool| guest_turn && has(m, |i| matches!(i, Item::Action(_)));
    let code = play_until(&mut host, &mut guest, first, dealt).expect("the guest plays");
    host.receive(&code).unwrap();
    while let Some(obs) = host.to_play() {
        host.play(obs.legal_actions()[0]).unwrap();
    }
    let code = host.send();
    guest.receive(&code).unwrap();
    guest.resign();
    let resignation = guest.send();
    let message = Message::decode(&resignation).unwrap();
    assert!(
        has(&message, |i| matches!(i, Item::Token { .. })),
        "its hand goes with it"
    );
    let without = forged(&guest, &resignation, |m| {
        m.items.retain(|i| !matches!(i, Item::Token { .. }))
    });
    let mut h = host.clone();
    assert_eq!(h.receive(&without), Err(FriendError::Unexpected));
    let mut h = host.clone();
    h.receive(&resignation).unwrap();
    assert_eq!((h.resigned(), h.void()), (Some(Side::Black), None));
}

/// Real messages of a match, each with bytes changed and signed again by
/// the sender (so that the change reaches the items and their proofs), fed
/// to the receiver: never a panic; refused with the receiver unchanged, or
/// void with the evidence kept, or taken.
#[test]
fn mutated_real_messages_never_panic_and_change_nothing_when_refused() {
    use rand::Rng;
    let (mut host, mut guest, first) = begun(7);
    // The messages of round 1 and the start of round 2, with the receiver
    // as it stood before each.
    let mut cases: Vec<(String, FriendMatch, FriendMatch)> = Vec::new();
    let mut code = first;
    let mut guest_turn = true;
    for _ in 0..40 {
        let (me, sender) = if guest_turn {
            (&mut guest, &host)
        } else {
            (&mut host, &guest)
        };
        cases.push((code.clone(), me.clone(), sender.clone()));
        me.receive(&code).unwrap();
        if me.is_over() {
            break;
        }
        while let Some(obs) = me.to_play() {
            me.play(obs.legal_actions()[0]).unwrap();
        }
        if let Some(choices) = me.choice() {
            me.play(engarde::Action::Choose(choices[0])).unwrap();
        }
        code = me.send();
        guest_turn = !guest_turn;
    }
    let mut rng = GameRng::seed_from_u64(70);
    let (mut refused, mut void, mut taken) = (0, 0, 0);
    for _ in 0..4_000 {
        let (code, receiver, sender) = &cases[rng.random_range(0..cases.len())];
        let mut message = Message::decode(code).unwrap();
        let Some(item) = message
            .items
            .iter_mut()
            .find(|i| !matches!(i, Item::Signature(_)))
        else {
            continue;
        };
        // A byte of one item's content changed (decks, tokens, keys,
        // actions, values), or the item moved to the end.
        match item {
            Item::MaskedFirst(b) | Item::MaskedSecond(b) | Item::DeckKey(b) | Item::Action(b) => {
                let at = rng.random_range(0..b.len());
                b[at] ^= 1 << rng.random_range(0..8);
            }
            Item::Token { token, position } => {
                if rng.random::<bool>() {
                    let at = rng.random_range(0..token.len());
                    token[at] ^= 1 << rng.random_range(0..8);
                } else {
                    *position = rng.random_range(0..30);
                }
            }
            Item::Reveal { value, .. } | Item::Commit { digest: value, .. } => value[0] ^= 1,
            _ => {
                let moved = message.items.remove(0);
                let last = message.items.len() - 1;
                message.items.insert(last, moved);
            }
        }
        let forged = sender.sign(message);
        let mut r = receiver.clone();
        match r.receive(&forged) {
            Ok(()) => taken += 1,
            Err(FriendError::Void(_)) => {
                assert!(r.void().is_some());
                assert_eq!(r.journal().steps.len(), receiver.journal().steps.len() + 1);
                void += 1;
            }
            Err(_) => {
                assert_eq!(r.journal(), receiver.journal(), "refused: nothing changed");
                refused += 1;
            }
        }
    }
    eprintln!("mutated messages: {refused} refused, {void} void, {taken} taken");
    assert!(
        void > 300 && refused > 300,
        "{void} void, {refused} refused"
    );
}
