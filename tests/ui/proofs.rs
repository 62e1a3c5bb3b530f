//! Friend play's proofs worker: the friend's message taken in
//! there (its proofs checked, the next deck proven), then its steps taken
//! into the page's match, is the message taken in on the page; the worker
//! keeps the match for the next message, and says when it does not hold
//! the one asked of.

use engarde::friend::game::{FriendMatch, JournalEntry, Snapshot};
use engarde::friend::wire::{Item, Message};
use engarde::ui::friend::proofs::{answer, Reply, Request};
use engarde::ui::friend::{settle, Problem};
use engarde::{GameRng, Preset};
use rand::{Rng, SeedableRng};

/// What the worker makes of `request` (for `m`, the message `code`), taken
/// into a copy of `m` as the page takes it; and `m` taking `code` in itself.
fn both_ways(m: &FriendMatch, code: &str, request: Request) -> (FriendMatch, FriendMatch, Reply) {
    let reply = answer(request);
    let mut page = m.clone();
    if let Reply::Taken {
        steps,
        problem,
        after,
        ..
    } = &reply
    {
        assert!(matches!(problem, None | Some(Problem::Void(_))) || steps.is_empty());
        let after = after.as_deref().map(|t| Snapshot::from_text(t).unwrap());
        page.replay_steps(steps, after.as_ref()).unwrap();
    }
    let mut direct = m.clone();
    if direct.receive(code).is_ok() {
        settle(&mut direct);
    }
    assert_eq!(page.snapshot(), direct.snapshot(), "the same state");
    (page, direct, reply)
}

/// The request with `m`'s whole journal, and its snapshot if `snapshot`.
fn whole(m: &FriendMatch, code: &str, snapshot: bool) -> Request {
    Request::Whole {
        journal: m.journal().clone(),
        snapshot: m.snapshot().filter(|_| snapshot).map(|s| s.to_text()),
        code: code.to_string(),
    }
}

/// A whole proven match, the host's every message taken in through the
/// worker: from what it holds, with the steps the page took since (the
/// person's actions, the message sent), or (every fourth) from the whole
/// journal, half of those with its snapshot. The page takes the worker's
/// state after the message whole where it gives one (the steps replayed
/// where not). The host ends exactly as if it had read each message itself.
#[test]
fn a_message_taken_in_by_the_worker_is_the_message_taken_in_on_the_page() {
    let (mut decks, mut since, mut snapshots, mut whole_states) = (0, 0, 0, 0);
    // The host's journal as the worker holds it (its length).
    let mut held: Option<usize> = None;
    let rules = engarde::ui::friend::rules_of(Preset::Advanced, 2);
    let (host, guest) = whole_match(21, rules, |host, code, n| {
        let request = match held {
            Some(base) if n % 4 != 0 => {
                since += 1;
                Request::Since {
                    game: host.id(),
                    base,
                    steps: host.journal().steps[base..].to_vec(),
                    code: code.to_string(),
                }
            }
            _ => {
                let request = whole(host, code, n % 8 == 4);
                if let Request::Whole {
                    snapshot: Some(_), ..
                } = &request
                {
                    snapshots += 1;
                }
                request
            }
        };
        let (page, direct, reply) = both_ways(host, code, request);
        let Reply::Taken {
            steps,
            problem,
            after,
            ..
        } = reply
        else {
            panic!("message {n}: the worker holds the host's match");
        };
        assert_eq!(problem, None);
        whole_states += usize::from(after.is_some());
        decks += steps
            .iter()
            .filter(|s| matches!(s, JournalEntry::Dealt(_)))
            .count();
        assert_eq!(page.journal(), direct.journal(), "message {n}");
        assert_eq!(page.last_code(), direct.last_code(), "message {n}");
        *host = page;
        held = Some(host.journal().steps.len());
    });
    assert!(host.is_over() && guest.is_over(), "the match ends");
    assert!(decks >= 2, "decks made in the worker: {decks}");
    assert!(since >= 5, "requests from what the worker held: {since}");
    assert!(snapshots >= 2, "requests with a snapshot: {snapshots}");
    assert!(
        whole_states >= 10,
        "answers with the state taken whole: {whole_states}"
    );
    assert_eq!(
        engarde::record::write::record_json(host.played().unwrap()),
        engarde::record::write::record_json(guest.played().unwrap())
    );
}

/// A whole match from `seed` under `rules`, the host's every message (the
/// `n`th of the match) taken in by `host_receives`, the guest's directly;
/// each person plays at random. Both seats at the end.
fn whole_match(
    seed: u64,
    rules: engarde::Rules,
    mut host_receives: impl FnMut(&mut FriendMatch, &str, usize),
) -> (FriendMatch, FriendMatch) {
    let mut rng = GameRng::seed_from_u64(seed);
    let (mut host, invitation) = FriendMatch::invite(rules, "Ann", &mut rng);
    let (mut guest, mut code) = FriendMatch::accept(&invitation, "Bo", &mut rng).unwrap();
    let mut host_next = true;
    for n in 0..2_000 {
        if host_next {
            host_receives(&mut host, &code, n);
        } else {
            guest.receive(&code).unwrap();
            settle(&mut guest);
        }
        let me = if host_next { &mut host } else { &mut guest };
        continue_match(me, &mut rng);
        if host.is_over() && guest.is_over() {
            break;
        }
        let me = if host_next { &mut host } else { &mut guest };
        // (What the seat owed with nothing to play went out as it took
        // the message in, as on the page: `settle`.)
        settle(me);
        code = me.last_code().to_string();
        host_next = !host_next;
    }
    (host, guest)
}

/// The person plays what they may, at random.
fn continue_match(m: &mut FriendMatch, rng: &mut GameRng) {
    loop {
        if let Some(c) = m.choice() {
            m.play(engarde::Action::Choose(c[0])).unwrap();
            continue;
        }
        let Some(obs) = m.to_play() else { return };
        let legal = obs.legal_actions();
        m.play(legal[rng.random_range(0..legal.len())]).unwrap();
    }
}

/// A message refused (sent again) changes nothing and says why; a cheat
/// comes back as its evidence, which makes the page's match void; a match
/// the worker does not hold is said so.
#[test]
fn the_worker_says_what_went_wrong_and_keeps_a_cheat_as_evidence() {
    let mut rng = GameRng::seed_from_u64(4);
    let rules = engarde::ui::friend::rules_of(Preset::Standard, 2);
    let (mut host, invitation) = FriendMatch::invite(rules, "Ann", &mut rng);
    let (mut guest, accepted) = FriendMatch::accept(&invitation, "Bo", &mut rng).unwrap();
    host.receive(&accepted).unwrap();
    settle(&mut host);
    // The acceptance again: old.
    let (_, _, reply) = both_ways(&host, &accepted, whole(&host, &accepted, false));
    assert!(
        matches!(&reply, Reply::Taken { steps, problem: Some(Problem::Old), .. } if steps.is_empty()),
        "{reply:?}"
    );
    // Another match's id, or a length the worker's match does not have.
    for (game, base) in [
        (
            engarde::friend::wire::MatchId([9; 8]),
            host.journal().steps.len(),
        ),
        (host.id(), 1),
    ] {
        let reply = answer(Request::Since {
            game,
            base,
            steps: Vec::new(),
            code: accepted.clone(),
        });
        assert_eq!(reply, Reply::NotHeld);
    }
    // The guest's second deck with its argument changed, signed by the
    // guest's page: void at that message, kept as evidence.
    guest.receive(host.last_code()).unwrap();
    settle(&mut guest);
    let mut message = Message::decode(guest.last_code()).unwrap();
    let deck = message.items.iter_mut().find_map(|i| match i {
        Item::MaskedSecond(bytes) => Some(bytes),
        _ => None,
    });
    let deck = deck.expect("the second deck");
    let last = deck.len() - 1;
    deck[last] ^= 1;
    let forged = guest.sign(message);
    let (page, _, reply) = both_ways(&host, &forged, whole(&host, &forged, true));
    let Reply::Taken { steps, problem, .. } = reply else {
        panic!("the whole journal is always held");
    };
    assert!(matches!(problem, Some(Problem::Void(_))), "{problem:?}");
    assert!(matches!(steps.as_slice(), [JournalEntry::Void(c)] if *c == forged));
    assert!(page.void().is_some(), "the page's match is void");
    assert_eq!(Some(Problem::Void(page.void().unwrap())), problem);
}

/// The page's side: the worker's answer taken into the match
/// (`proofs::receive`), or, when the worker gave none (it could not start,
/// or died), the message read on the page; either way the match ends as
/// if the page had read every message itself, and its friend's with it.
#[test]
fn the_page_takes_the_workers_answer_in_or_reads_the_message_itself() {
    use engarde::ui::friend::proofs::{receive, Checked};
    let (mut answered, mut unanswered) = (0, 0);
    let rules = engarde::ui::friend::rules_of(Preset::Standard, 2);
    let (host, guest) = whole_match(22, rules, |host, code, n| {
        let reply = (n % 3 != 0).then(|| answer(whole(host, code, n % 2 == 0)));
        match reply {
            Some(_) => answered += 1,
            None => unanswered += 1,
        }
        let mut direct = host.clone();
        direct.receive(code).unwrap();
        settle(&mut direct);
        let checked = Checked::of(host, code.to_string(), reply);
        assert_eq!(receive(host, checked), None, "message {n}");
        assert_eq!(host.journal(), direct.journal(), "message {n}");
    });
    assert!(host.is_over() && guest.is_over(), "the match ends");
    assert!(answered > 3 && unanswered > 3, "{answered} / {unanswered}");
    assert_eq!(
        engarde::record::write::record_json(host.played().unwrap()),
        engarde::record::write::record_json(guest.played().unwrap())
    );
}
