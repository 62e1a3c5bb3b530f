#![cfg(feature = "friend")]
//! A seat rebuilt from a snapshot of its state and the journal's steps
//! since is the seat its whole journal rebuilds, and plays on as it would
//! have; a snapshot that does not fit its journal is set aside.

use engarde::friend::game::{FriendMatch, Snapshot};
use engarde::{GameRng, Preset};
use rand::SeedableRng;

/// A seat's turn: the message taken in, its actions played (the first
/// legal one each time), and its answer sent; `None` once the match is over.
fn turn(me: &mut FriendMatch, code: &str) -> Option<String> {
    me.receive(code).unwrap();
    if me.is_over() {
        return None;
    }
    while let Some(obs) = me.to_play() {
        me.play(obs.legal_actions()[0]).unwrap();
    }
    if let Some(choices) = me.choice() {
        me.play(engarde::Action::Choose(choices[0])).unwrap();
    }
    Some(me.send())
}

/// A whole match from `seed`: each seat's snapshots as it sent, and both
/// seats at the end.
fn whole_match(seed: u64) -> (Vec<Snapshot>, Vec<Snapshot>, FriendMatch, FriendMatch) {
    let mut rng = GameRng::seed_from_u64(seed);
    let (mut host, invite) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
    let (mut guest, accepted) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    host.receive(&accepted).unwrap();
    let mut code = host.send();
    let (mut of_host, mut of_guest) = (Vec::new(), Vec::new());
    for n in 0.. {
        let (me, snaps) = if n % 2 == 0 {
            (&mut guest, &mut of_guest)
        } else {
            (&mut host, &mut of_host)
        };
        match turn(me, &code) {
            Some(next) => code = next,
            None => break,
        }
        snaps.push(me.snapshot().expect("nothing is owed once sent"));
    }
    (of_host, of_guest, host, guest)
}

#[test]
fn any_snapshot_and_the_steps_since_rebuild_the_seat_its_journal_does() {
    let (of_host, of_guest, host, guest) = whole_match(3);
    assert!(host.is_over() || guest.is_over());
    assert!(
        of_host.len() > 20,
        "a whole match: {} messages",
        of_host.len()
    );
    for (seat, snaps) in [(&host, &of_host), (&guest, &of_guest)] {
        let whole = FriendMatch::restore(seat.journal()).unwrap();
        for (i, snap) in snaps.iter().enumerate() {
            let from = FriendMatch::from_snapshot(seat.journal(), snap)
                .unwrap_or_else(|e| panic!("snapshot {i}: {e}"));
            assert_eq!(from.journal(), whole.journal(), "snapshot {i}");
            assert_eq!(from.snapshot(), whole.snapshot(), "snapshot {i}");
            assert_eq!(from.last_code(), whole.last_code(), "snapshot {i}");
            assert_eq!(
                from.played().map(engarde::record::write::record_json),
                whole.played().map(engarde::record::write::record_json),
                "snapshot {i}"
            );
        }
    }
}

#[test]
fn a_seat_rebuilt_from_its_snapshot_at_every_turn_plays_the_same_match() {
    let (_, _, host, guest) = whole_match(5);
    // The same match, each seat rebuilt before it takes each message in
    // from its snapshot of two turns before and the steps since (a message
    // taken in, actions, a message sent).
    let mut rng = GameRng::seed_from_u64(5);
    let (mut h, invite) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
    let (mut g, accepted) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    h.receive(&accepted).unwrap();
    let mut code = h.send();
    let (mut of_h, mut of_g): (Vec<Snapshot>, Vec<Snapshot>) = (Vec::new(), Vec::new());
    for n in 0.. {
        let (me, snaps) = if n % 2 == 0 {
            (&mut g, &mut of_g)
        } else {
            (&mut h, &mut of_h)
        };
        if let Some(snap) = snaps.len().checked_sub(2).map(|i| &snaps[i]) {
            let steps = me.journal().steps.len();
            *me = FriendMatch::from_snapshot(me.journal(), snap).unwrap();
            assert_eq!(me.journal().steps.len(), steps);
        }
        match turn(me, &code) {
            Some(next) => code = next,
            None => break,
        }
        snaps.extend(me.snapshot());
    }
    assert_eq!(h.journal(), host.journal());
    assert_eq!(g.journal(), guest.journal());
}

#[test]
fn a_snapshot_that_does_not_fit_its_journal_is_set_aside() {
    let (of_host, of_guest, host, _) = whole_match(7);
    let whole = FriendMatch::restore(host.journal()).unwrap();
    let mut shorter = host.journal().clone();
    let last = of_host.last().unwrap();
    shorter.steps.truncate(last.steps() - 1);
    // Another journal, a journal that lost a step, the other seat's.
    for (journal, snap) in [(&shorter, last), (host.journal(), &of_guest[3])] {
        assert!(FriendMatch::from_snapshot(journal, snap).is_err());
    }
    // A journal whose last step before the snapshot's place differs.
    let mut changed = host.journal().clone();
    let at = last.steps() - 1;
    assert!(FriendMatch::from_snapshot(&changed, last).is_ok());
    changed.steps[at] = engarde::friend::game::JournalEntry::Abandoned;
    assert!(FriendMatch::from_snapshot(&changed, last).is_err());
    // Set aside, the whole journal rebuilds the seat.
    let rebuilt = FriendMatch::restore_from(host.journal(), Some(&of_guest[3])).unwrap();
    assert_eq!(rebuilt.snapshot(), whole.snapshot());
    // Kept as text, it reads back; garbage, cut or changed text does not.
    let text = last.to_text();
    assert_eq!(&Snapshot::from_text(&text).unwrap(), last);
    for garbage in [
        "",
        "not a snapshot!",
        &text[..text.len() / 2],
        &text[..text.len() - 3],
    ] {
        assert!(Snapshot::from_text(garbage).is_err(), "{garbage:.20}");
    }
}

/// A snapshot kept by this version of the page, with its journal.
const KEPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/friend_snapshot.json"
);

/// A snapshot kept in storage by the page before an update reads back in
/// the new one only if its layout is the same: one kept by this layout (a
/// round in play, both decks) is in `tests/data`, and rebuilds its seat.
/// When a type a snapshot holds changes, this fails: change the snapshot's
/// `FORMAT` (older snapshots are then set aside) and write the file again
/// with `ENGARDE_WRITE_SNAPSHOT=1 cargo test --features friend --test snapshot`.
#[test]
fn a_snapshot_kept_before_an_update_reads_back_or_is_set_aside() {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    use engarde::friend::game::Journal;

    if std::env::var_os("ENGARDE_WRITE_SNAPSHOT").is_some() {
        let (of_host, _, host, _) = whole_match(3);
        let mid = &of_host[of_host.len() / 4];
        let mut journal = host.journal().clone();
        journal.steps.truncate(mid.steps() + 3);
        let kept = serde_json::to_string(&(journal, mid.to_text())).unwrap();
        std::fs::write(KEPT, kept + "\n").unwrap();
    }
    let text = std::fs::read_to_string(KEPT).unwrap();
    let (journal, kept): (Journal, String) = serde_json::from_str(&text).unwrap();
    let snap = Snapshot::from_text(&kept).expect(
        "the snapshot's layout changed: change its FORMAT and write the file again (see above)",
    );
    assert!(snap.steps() > 10 && snap.steps() < journal.steps.len());
    assert!(
        whole_round_in_play(&kept),
        "a round in play, with its decks"
    );
    let from = FriendMatch::from_snapshot(&journal, &snap).unwrap();
    let whole = FriendMatch::restore(&journal).unwrap();
    assert_eq!(from.journal(), whole.journal());
    assert_eq!(from.snapshot(), whole.snapshot());
    assert_eq!(from.last_code(), whole.last_code());
    // Of another format: set aside.
    let mut bytes = URL_SAFE_NO_PAD.decode(&kept).unwrap();
    for format in [0, bytes[0].wrapping_add(1), 0xff] {
        bytes[0] = format;
        assert!(Snapshot::from_text(&URL_SAFE_NO_PAD.encode(&bytes)).is_err());
    }
}

/// Whether a snapshot's text is long enough to hold a round's two decks
/// (25 points of 64 bytes each).
fn whole_round_in_play(text: &str) -> bool {
    text.len() > 2 * 25 * 64 * 4 / 3
}
