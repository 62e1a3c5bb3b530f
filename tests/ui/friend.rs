//! Play a friend on the page: a link that comes in is routed
//! (an invitation, the next message of a kept match, a match not held, no
//! message), where a match stands for its person, why a link is refused in
//! the person's words, and backups that keep only what replays.

use engarde::friend::game::{Audited, Cheat, FriendError, FriendMatch, JournalEntry};
use engarde::friend::wire::{ChainError, WireError};
use engarde::ui::friend::store::{backup_plan, read_backup};
use engarde::ui::friend::{
    hex, incoming, settle, standing, summary, Incoming, Kept, Problem, Standing,
};
use engarde::ui::i18n::Lang;
use engarde::{GameRng, Preset};
use rand::SeedableRng;

/// An Advanced match to 3 points: invited, accepted, and the host's answer.
fn begun() -> (FriendMatch, FriendMatch, String, String) {
    let mut rng = GameRng::seed_from_u64(9);
    let rules = engarde::ui::friend::rules_of(Preset::Advanced, 3);
    let (host, invitation) = FriendMatch::invite(rules, "Ann", &mut rng);
    let (guest, accepted) = FriendMatch::accept(&invitation, "Bo", &mut rng).unwrap();
    (host, guest, invitation, accepted)
}

#[test]
fn a_link_that_comes_in_is_routed_by_its_match() {
    let (mut host, _, invitation, accepted) = begun();
    let id = hex(host.id());
    match incoming(&invitation, &[]) {
        Incoming::Invitation { rules, host } => {
            assert_eq!(host, "Ann");
            assert_eq!(rules.points_to_win, 3);
            assert_eq!(
                engarde::ui::friend::preset_of(rules),
                Some(Preset::Advanced)
            );
        }
        other => panic!("{other:?}"),
    }
    // Once kept, the same match's messages go to it (the match says what
    // is wrong with an old one).
    assert_eq!(
        incoming(&invitation, std::slice::from_ref(&id)),
        Incoming::Continues(id.clone())
    );
    assert_eq!(
        incoming(&accepted, std::slice::from_ref(&id)),
        Incoming::Continues(id)
    );
    // A later message of a match this browser does not hold.
    assert_eq!(incoming(&accepted, &[]), Incoming::NotHeld);
    host.receive(&accepted).unwrap();
    assert!(settle(&mut host), "the host owes its first deck");
    assert_eq!(
        incoming(host.last_code(), &["0011223344556677".into()]),
        Incoming::NotHeld
    );
    // No message at all.
    for bad in ["", "%%%", "AAAA", &accepted[..accepted.len() - 2]] {
        assert_eq!(
            incoming(bad, &[]),
            Incoming::Broken(Problem::Damaged),
            "{bad:?}"
        );
    }
}

#[test]
fn a_match_says_where_it_stands_until_a_resignation() {
    let (mut host, mut guest, _, accepted) = begun();
    assert_eq!(
        standing(&mut host),
        Standing::Theirs,
        "the invitation is out"
    );
    assert_eq!(
        standing(&mut guest),
        Standing::Theirs,
        "the acceptance is out"
    );
    host.receive(&accepted).unwrap();
    settle(&mut host);
    let mut code = host.last_code().to_string();
    // Links pass until one side is to play.
    let mut seats = [guest, host];
    let mut turn = 0;
    while standing(&mut seats[turn % 2]) != Standing::Yours {
        let me = &mut seats[turn % 2];
        me.receive(&code).unwrap();
        if standing(me) == Standing::Yours {
            break;
        }
        assert!(settle(me));
        code = me.last_code().to_string();
        turn += 1;
        assert!(turn < 10);
    }
    let me = &mut seats[turn % 2];
    let line = summary(me);
    assert_eq!(line.score, (0, 0));
    assert_eq!(
        line.friend,
        if me.side() == engarde::Side::White {
            "Bo"
        } else {
            "Ann"
        }
    );
    assert_eq!(line.standing, Standing::Yours);
    me.resign();
    assert_eq!(standing(me), Standing::YouResigned);
    assert!(settle(me), "the resignation goes with the next link");
    let code = me.last_code().to_string();
    let other = &mut seats[(turn + 1) % 2];
    other.receive(&code).unwrap();
    assert_eq!(standing(other), Standing::TheyResigned);
    assert!(!settle(other), "nothing is owed after a resignation");
    assert!(Standing::TheyResigned.is_over() && !Standing::Yours.is_over());
}

#[test]
fn each_refusal_has_its_own_words_in_every_language() {
    let cases = [
        (FriendError::Wire(WireError::Damaged), Problem::Damaged),
        (FriendError::Wire(WireError::Character(3)), Problem::Damaged),
        (FriendError::Wire(WireError::Version(9)), Problem::Version),
        (FriendError::Chain(ChainError::Old), Problem::Old),
        (FriendError::Chain(ChainError::OwnMessage), Problem::Own),
        (FriendError::Chain(ChainError::Ahead), Problem::Ahead),
        (FriendError::Chain(ChainError::Forked), Problem::Forked),
        (FriendError::Chain(ChainError::OtherMatch), Problem::NotHeld),
        (FriendError::Signature, Problem::Forged),
        (FriendError::Void(Cheat::Deck), Problem::Void(Cheat::Deck)),
        (FriendError::Void(Cheat::Share), Problem::Void(Cheat::Share)),
        (FriendError::Void(Cheat::Shown), Problem::Void(Cheat::Shown)),
        (FriendError::Void(Cheat::Start), Problem::Void(Cheat::Start)),
        (
            FriendError::Void(Cheat::Audit(Audited::Deck)),
            Problem::Void(Cheat::Audit(Audited::Deck)),
        ),
        (
            FriendError::Void(Cheat::Audit(Audited::Action)),
            Problem::Void(Cheat::Audit(Audited::Action)),
        ),
        (
            FriendError::Void(Cheat::Audit(Audited::Shown)),
            Problem::Void(Cheat::Audit(Audited::Shown)),
        ),
        (FriendError::Kept, Problem::Kept),
        (FriendError::Over, Problem::Over),
        (FriendError::Unexpected, Problem::Misfit),
        (FriendError::NotYourTurn, Problem::Misfit),
        (FriendError::Void(Cheat::Key), Problem::Void(Cheat::Key)),
        (
            FriendError::Void(Cheat::Played),
            Problem::Void(Cheat::Played),
        ),
        (FriendError::Chance, Problem::Void(Cheat::Chance)),
        (FriendError::OlderVersion, Problem::OlderVersion),
        (FriendError::Retired, Problem::Retired),
    ];
    for lang in Lang::ALL {
        let (t, x) = (lang.texts(), lang.extra_texts());
        let mut said = std::collections::HashSet::new();
        for (error, problem) in cases {
            assert_eq!(Problem::from(error), problem);
            let words = x.friend_problem(t, problem);
            assert!(
                !words.is_empty() && !words.contains('{'),
                "{lang:?} {problem:?}: {words}"
            );
            said.insert(words);
        }
        // Each of the 23 problems reads differently.
        assert_eq!(said.len(), 23, "{lang:?}");
    }
}

/// A backup file is checked as if its messages came now, and replaces a
/// kept match only when it goes on from it: a crafted step, a match
/// behind the kept one, or another match under its id change nothing; the
/// same file twice writes nothing the second time.
#[test]
fn a_backup_is_checked_like_messages_and_taken_only_when_it_goes_on() {
    use engarde::friend::game::Begun;
    let (mut host, mut guest, _, accepted) = begun();
    host.receive(&accepted).unwrap();
    settle(&mut host);
    let (a, b) = (Kept::of(&mut host), Kept::of(&mut guest));
    let file =
        |ks: &[&Kept]| serde_json::json!({ "engarde_friend_backup": 1, "matches": ks }).to_string();
    let kept = read_backup(&file(&[&a, &b])).unwrap();
    assert_eq!(kept.len(), 2);
    assert_eq!(kept[0].journal, *host.journal());
    // A journal changed in the file: nothing of the file is taken.
    let mut changed = Kept::of(&mut host);
    changed.journal.steps.insert(0, JournalEntry::Sent);
    assert_eq!(
        read_backup(&file(&[&changed, &b])).err(),
        Some(Problem::BackupUnchecked)
    );
    for bad in [
        "",
        "[]",
        "{}",
        "{\"engarde_friend_backup\": 1, \"matches\": []}",
    ] {
        assert_eq!(
            read_backup(bad).err(),
            Some(Problem::BackupUnreadable),
            "{bad:?}"
        );
    }
    // Nothing kept here: both written, marked restored.
    let (write, n) = backup_plan(&file(&[&a, &b]), |_| None).unwrap();
    assert_eq!((write.len(), n), (2, 2));
    assert!(write.iter().all(|k| k.restored));
    // Restored twice: the second time nothing is written. (Both seats of
    // one match share its id: a browser keeps one of them.)
    let held = |id: &str| (id == a.summary.id).then(|| a.clone());
    assert_eq!(backup_plan(&file(&[&a]), held).unwrap().0.len(), 0);
    // The kept match went further: the older file is refused.
    guest.receive(host.last_code()).unwrap();
    settle(&mut guest);
    let further = Kept::of(&mut guest);
    let ahead = |id: &str| (id == further.summary.id).then(|| further.clone());
    assert_eq!(
        backup_plan(&file(&[&b]), ahead).err(),
        Some(Problem::BackupBehind)
    );
    // And the file that goes on from what is kept replaces it.
    let behind = |id: &str| (id == b.summary.id).then(|| b.clone());
    assert_eq!(backup_plan(&file(&[&further]), behind).unwrap().0.len(), 1);
    // Another match under a kept one's id.
    let mut foreign = a.clone();
    if let Begun::Invited { name, .. } = &mut foreign.journal.begun {
        *name = "Eve".into();
    }
    let other = |id: &str| (id == foreign.summary.id).then(|| foreign.clone());
    assert_eq!(
        backup_plan(&file(&[&a]), other).err(),
        Some(Problem::BackupForeign)
    );
    // What is kept reads back and rebuilds the same state.
    let text = serde_json::to_string(&a).unwrap();
    let back: Kept = serde_json::from_str(&text).unwrap();
    let rebuilt = FriendMatch::restore(&back.journal).unwrap();
    assert_eq!(rebuilt.last_code(), host.last_code());
}

/// A kept match of an older construction (the journals under
/// tests/data/friend_kept, kept by the code of that time) is refused as
/// retired when opened, and still gives its record and messages.
#[test]
fn a_retired_match_gives_its_record_and_messages() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/friend_kept");
    for file in [
        "locks-finished.json",
        "locks-playing.json",
        "proven-before-played-tokens.json",
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let kept: Kept = serde_json::from_str(&text).unwrap();
        assert_eq!(
            FriendMatch::restore(&kept.journal)
                .map_err(Problem::from)
                .err(),
            Some(Problem::Retired)
        );
        let (record, messages) = engarde::ui::friend::retired_exports(&kept).unwrap();
        let record = record.unwrap();
        assert!(engarde::record::replay(&record, false).is_ok(), "{file}");
        assert!(messages.contains("Received"), "{file}");
        assert!(!messages.contains("seed"), "no secret in the messages");
        // A backup may carry it; it stays read-only.
        let backup = serde_json::json!({ "engarde_friend_backup": 1, "matches": [kept] });
        let (write, _) = backup_plan(&backup.to_string(), |_| None).unwrap();
        assert!(!write[0].journal.secrets.is_current());
    }
    let (mut host, ..) = begun();
    assert!(engarde::ui::friend::retired_exports(&Kept::of(&mut host)).is_none());
}

/// Two tabs on one match: a tab may write only over what it has seen (the
/// stored journal a beginning of its own); one left behind writes nothing.
#[test]
fn a_tab_left_behind_does_not_write_over_the_match() {
    let (mut host, _, _, accepted) = begun();
    let before = Kept::of(&mut host);
    host.receive(&accepted).unwrap();
    settle(&mut host);
    let after = Kept::of(&mut host);
    assert!(
        !after.behind(&before),
        "further than what is stored: it writes"
    );
    assert!(!after.behind(&after));
    assert!(
        before.behind(&after),
        "the stored match went further: the old tab does not write"
    );
    let (mut other, _) = FriendMatch::invite(
        engarde::ui::friend::rules_of(Preset::Advanced, 3),
        "Ann",
        &mut GameRng::seed_from_u64(1),
    );
    assert!(
        Kept::of(&mut other).behind(&before),
        "another match's journal"
    );
    for lang in Lang::ALL {
        let words = lang
            .extra_texts()
            .friend_problem(lang.texts(), Problem::ElsewhereAhead);
        assert!(!words.is_empty() && !words.contains('{'), "{lang:?}");
    }
}
