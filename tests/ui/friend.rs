//! Play a friend on the page: a link that comes in is routed
//! (an invitation, the next message of a kept match, a match not held, no
//! message), where a match stands for its person, why a link is refused in
//! the person's words, and backups that keep only what replays.

use engarde::friend::game::{Audited, Cheat, FriendError, FriendMatch, JournalEntry};
use engarde::friend::wire::{ChainError, WireError};
use engarde::ui::friend::backup::{backup_plan, read_backup};
use engarde::ui::friend::{incoming, settle, standing, summary, Incoming, Kept, Problem, Standing};
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
    let id = host.id().to_string();
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
    let (mut host, guest, _, accepted) = begun();
    assert_eq!(standing(&host), Standing::Theirs, "the invitation is out");
    assert_eq!(standing(&guest), Standing::Theirs, "the acceptance is out");
    host.receive(&accepted).unwrap();
    settle(&mut host);
    let mut code = host.last_code().to_string();
    // Links pass until one side is to play.
    let mut seats = [guest, host];
    let mut turn = 0;
    while standing(&seats[turn % 2]) != Standing::Yours {
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
        (FriendError::from(WireError::Retired), Problem::OlderVersion),
        (FriendError::Wire(WireError::Retired), Problem::OlderVersion),
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
    let (a, b) = (Kept::of(&host), Kept::of(&guest));
    let file =
        |ks: &[&Kept]| serde_json::json!({ "engarde_friend_backup": 1, "matches": ks }).to_string();
    let kept = read_backup(&file(&[&a, &b])).unwrap();
    assert_eq!(kept.len(), 2);
    assert_eq!(kept[0].journal, *host.journal());
    // A journal changed in the file: nothing of the file is taken.
    let mut changed = Kept::of(&host);
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
    let further = Kept::of(&guest);
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

/// A kept match of a retired construction (the journals under
/// tests/data/friend_kept, kept by the code of that time) is refused as
/// retired when opened, and gives its messages from its journal, and its
/// record only when the version before kept it beside it
/// (`records.json`): nothing replays it, so a journal that would not
/// replay gives the same. A backup carries it as it is, read-only.
#[test]
fn a_retired_match_gives_its_kept_record_and_its_messages() {
    use engarde::ui::friend::{retired_exports, Replayed};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/friend_kept");
    let records: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("records.json")).unwrap()).unwrap();
    for name in [
        "locks-finished",
        "locks-playing",
        "proven-before-played-tokens",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap();
        let without: Kept = serde_json::from_str(&text).unwrap();
        assert!(without.replayed.is_none());
        assert_eq!(
            FriendMatch::restore(&without.journal)
                .map_err(Problem::from)
                .err(),
            Some(Problem::Retired)
        );
        // Never kept: the messages only.
        let (record, messages) = retired_exports(&without).unwrap();
        assert!(record.is_none(), "{name}");
        assert!(messages.contains("Received"), "{name}");
        assert!(!messages.contains("seed"), "no secret in the messages");
        // Kept beside it (as `Kept` serializes it): its record as kept.
        let mut with: serde_json::Value = serde_json::from_str(&text).unwrap();
        with["replayed"] = records[name].clone();
        let with: Kept = serde_json::from_value(with).unwrap();
        let kept_record = records[name]["record"].as_str().unwrap().to_string();
        assert_eq!(
            with.replayed,
            Some(Replayed {
                record: Some(kept_record.clone())
            })
        );
        let (record, again) = retired_exports(&with).unwrap();
        assert_eq!(record.as_deref(), Some(kept_record.as_str()));
        assert_eq!(again, messages);
        assert!(
            engarde::record::replay(&kept_record, false).is_ok(),
            "{name}"
        );
        // Steps that would not replay: the same, nothing replays them.
        let mut damaged = with.clone();
        damaged
            .journal
            .steps
            .truncate(damaged.journal.steps.len() / 2);
        damaged
            .journal
            .steps
            .push(JournalEntry::Dealt("broken".into()));
        let (record, messages) = retired_exports(&damaged).unwrap();
        assert_eq!(record.as_deref(), Some(kept_record.as_str()));
        assert!(messages.contains("broken"));
        // A backup carries each as it is, read-only, its id read from its
        // journal (a line that says another is not believed).
        let mut other_id = damaged.clone();
        other_id.summary.id = "0000000000000000".into();
        for k in [&without, &with, &damaged, &other_id] {
            let backup = serde_json::json!({ "engarde_friend_backup": 1, "matches": [k] });
            let (write, _) = backup_plan(&backup.to_string(), |_| None).unwrap();
            assert!(!write[0].journal.secrets.is_current());
            assert_eq!(write[0].journal, k.journal);
            assert_eq!(write[0].replayed, k.replayed);
            assert_eq!(write[0].summary.id, without.summary.id, "{name}");
            assert_eq!(
                write[0].summary.id,
                k.journal.match_id().unwrap().to_string()
            );
        }
    }
    let (host, ..) = begun();
    assert!(retired_exports(&Kept::of(&host)).is_none());
}

/// Two tabs on one match: a tab may write only over what it has seen (the
/// stored journal a beginning of its own); one left behind writes nothing.
#[test]
fn a_tab_left_behind_does_not_write_over_the_match() {
    let (mut host, _, _, accepted) = begun();
    let before = Kept::of(&host);
    host.receive(&accepted).unwrap();
    settle(&mut host);
    let after = Kept::of(&host);
    assert!(
        !after.behind(&before),
        "further than what is stored: it writes"
    );
    assert!(!after.behind(&after));
    assert!(
        before.behind(&after),
        "the stored match went further: the old tab does not write"
    );
    let (other, _) = FriendMatch::invite(
        engarde::ui::friend::rules_of(Preset::Advanced, 3),
        "Ann",
        &mut GameRng::seed_from_u64(1),
    );
    assert!(Kept::of(&other).behind(&before), "another match's journal");
    for lang in Lang::ALL {
        let words = lang
            .extra_texts()
            .friend_problem(lang.texts(), Problem::ElsewhereAhead);
        assert!(!words.is_empty() && !words.contains('{'), "{lang:?}");
    }
}

/// The seat plays all its person may play now: random legal actions (and
/// a random pick from the Choice card).
fn play_turn(me: &mut FriendMatch, rng: &mut GameRng) {
    use rand::Rng;
    loop {
        if let Some(choices) = me.choice() {
            let pick = choices[rng.random_range(0..choices.len())];
            me.play(engarde::Action::Choose(pick)).unwrap();
            continue;
        }
        let Some(obs) = me.to_play() else { break };
        let legal = obs.legal_actions();
        me.play(legal[rng.random_range(0..legal.len())]).unwrap();
    }
}

#[test]
fn the_table_is_shown_at_every_point_of_a_match() {
    use engarde::ui::friend::{shown, started, Shown};
    for (preset, seed) in [(Preset::Standard, 1), (Preset::Duel, 2)] {
        let mut rng = GameRng::seed_from_u64(seed);
        let rules = engarde::ui::friend::rules_of(preset, 3);
        let (host, invite) = FriendMatch::invite(rules, "Ann", &mut rng);
        // Before the friend accepts: the piste, no card yet.
        assert_eq!(shown(&host), Shown::Bare);
        assert!(!started(&host));
        let (guest, mut code) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
        assert_eq!(shown(&guest), Shown::Bare);
        let mut seats = [host, guest];
        let (mut next, mut ended_between, mut bare_after_start) = (0, 0, 0);
        for n in 0.. {
            assert!(n < 5_000, "the match ends");
            seats[next].receive(&code).unwrap();
            play_turn(&mut seats[next], &mut rng);
            for seat in &mut seats {
                match shown(seat) {
                    Shown::Ended(_) if !seat.is_over() => ended_between += 1,
                    Shown::Bare if started(seat) => bare_after_start += 1,
                    _ => {}
                }
            }
            if seats.iter().all(FriendMatch::is_over) {
                break;
            }
            assert!(
                settle(&mut seats[next]),
                "the seat that holds the turn sends"
            );
            code = seats[next].last_code().to_string();
            next = 1 - next;
        }
        assert_eq!(bare_after_start, 0, "once begun, a table always stands");
        assert!(ended_between > 0, "between rounds, the last round's end");
        // The final position at the end, on both sides.
        for seat in &mut seats {
            let Shown::Ended(end) = shown(seat) else {
                panic!("the final position is shown")
            };
            assert!(end.public().is_over());
            assert!(started(seat));
        }
    }
}

#[test]
fn forms_refuse_an_empty_name_and_points_out_of_range_in_every_language() {
    use engarde::ui::friend::{name_given, points_given, FormError};
    assert_eq!(name_given("  "), Err(FormError::NoName));
    assert_eq!(name_given(" Bo "), Ok("Bo"));
    for bad in ["0", "10", "", "-1", "2.5", "x", "300"] {
        assert_eq!(points_given(bad), Err(FormError::Points), "{bad:?}");
    }
    assert_eq!(points_given(" 9"), Ok(9));
    assert_eq!(points_given("1"), Ok(1));
    for lang in Lang::ALL {
        let x = lang.extra_texts();
        let (a, b) = (
            x.friend_form_error(FormError::NoName),
            x.friend_form_error(FormError::Points),
        );
        assert!(!a.is_empty() && !b.is_empty() && a != b, "{lang:?}");
    }
}

#[test]
fn when_both_ask_again_one_invitation_wins_on_both_pages() {
    use engarde::ui::friend::{theirs_wins, unanswered};
    let mut rng = GameRng::seed_from_u64(21);
    let rules = engarde::ui::friend::rules_of(Preset::Standard, 3);
    let (ann, _) = FriendMatch::invite(rules, "Ann", &mut rng);
    let (bo, bo_invites) = FriendMatch::invite(rules, "Bo", &mut rng);
    let (a, b) = (ann.id().to_string(), bo.id().to_string());
    assert_ne!(a, b);
    // Exactly one page gives way.
    assert!(theirs_wins(&a, &b) != theirs_wins(&b, &a));
    // Only an invitation nobody answered gives way; the accepting side is
    // not one.
    assert!(unanswered(&ann) && unanswered(&bo));
    let (ann_guest, answer) = FriendMatch::accept(&bo_invites, "Ann", &mut rng).unwrap();
    assert!(!unanswered(&ann_guest));
    let mut bo = bo;
    bo.receive(&answer).unwrap();
    assert!(!unanswered(&bo), "accepted: it is a match");
    assert_eq!(bo.names().black, "Ann");
    assert_eq!(standing(&ann_guest), Standing::Theirs);
}

#[test]
fn the_friend_is_named_before_they_accept_another_match() {
    use engarde::ui::friend::names_shown;
    let mut rng = GameRng::seed_from_u64(5);
    let rules = engarde::ui::friend::rules_of(Preset::Standard, 3);
    let (mut host, invite) = FriendMatch::invite(rules, "Ann", &mut rng);
    let names = names_shown(&host, "Bo");
    assert_eq!((names.white.as_str(), names.black.as_str()), ("Ann", "Bo"));
    // Their own name wins once they accept (they may have changed it).
    let (_, answer) = FriendMatch::accept(&invite, "Bob", &mut rng).unwrap();
    host.receive(&answer).unwrap();
    assert_eq!(names_shown(&host, "Bo").black, "Bob");
    // The list's buttons name the friend and say what opens.
    let x = Lang::En.extra_texts();
    let mut line = summary(&host);
    assert_eq!(x.friend_open_line(&line), "Continue with Bob");
    assert_eq!(x.friend_remove_line(&line), "Remove the match with Bob");
    line.standing = Standing::Won;
    assert_eq!(x.friend_open_line(&line), "See the match with Bob");
    line.friend.clear();
    assert_eq!(x.friend_open_line(&line), x.friend_continue);
    for lang in Lang::ALL {
        let x = lang.extra_texts();
        line.friend = "Bob".into();
        for said in [x.friend_open_line(&line), x.friend_remove_line(&line)] {
            assert!(said.contains("Bob"), "{lang:?}: {said}");
        }
    }
}

#[test]
fn the_persons_own_moves_are_told_to_them() {
    use engarde::ui::friend::said::{lines, Moment};
    use engarde::ui::friend::started;
    let mut rng = GameRng::seed_from_u64(9);
    let rules = engarde::ui::friend::rules_of(Preset::Standard, 3);
    let (mut host, invite) = FriendMatch::invite(rules, "Ann", &mut rng);
    let (guest, answer) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    host.receive(&answer).unwrap();
    settle(&mut host);
    let mut seats = [guest, host];
    let mut code = seats[1].last_code().to_string();
    let mut next = 0;
    // Until someone has played.
    while !seats.iter().any(started) {
        seats[next].receive(&code).unwrap();
        play_turn(&mut seats[next], &mut rng);
        if started(&seats[next]) {
            break;
        }
        settle(&mut seats[next]);
        code = seats[next].last_code().to_string();
        next = 1 - next;
    }
    let me = &mut seats[next];
    settle(me);
    let lang = Lang::En;
    let at = Moment {
        standing: standing(me),
        presence: engarde::ui::friend::live::frame::Presence::Links,
        no_route: false,
        link: true,
        table: true,
        checking: false,
    };
    let said = lines(lang.texts(), lang.extra_texts(), me, at);
    let name = &me.names()[me.side()];
    assert!(!said.is_empty());
    assert!(said[0].starts_with("You "), "{said:?}");
    assert!(said.iter().all(|s| !s.contains(name.as_str())), "{said:?}");
}

#[test]
fn a_page_that_beats_and_falls_silent_is_gone() {
    use engarde::ui::friend::live::beat::{silent, EVERY, LOOK, SILENT};
    use engarde::ui::friend::live::frame::Frame;
    use std::time::Duration;
    assert_eq!(Frame::read("h"), Ok(Frame::Beat));
    assert_eq!(Frame::read(&Frame::Beat.text()), Ok(Frame::Beat));
    // A page that never beat (an older one) is never timed.
    assert!(!silent(None, 1e12));
    assert!(!silent(Some(1_000.0), 2_500.0));
    assert!(silent(Some(1_000.0), 2_700.0));
    // Noticed within 2 s: silent for SILENT, seen at the next look.
    assert!(SILENT + LOOK <= Duration::from_millis(1_800));
    // A hidden page beats about once a second: not taken for gone; a page
    // in front beats several times within the silence allowed.
    assert!(SILENT >= Duration::from_millis(1_500));
    assert!(EVERY * 3 < SILENT);
}

#[test]
fn round_one_says_whom_the_lot_drew_on_both_pages() {
    use engarde::ui::friend::live::frame::Presence;
    use engarde::ui::friend::said::{lines, Moment};
    let lang = Lang::En;
    let (t, x) = (lang.texts(), lang.extra_texts());
    let at = |m: &mut FriendMatch| Moment {
        standing: standing(m),
        presence: Presence::Links,
        no_route: false,
        link: true,
        table: false,
        checking: false,
    };
    let said = |m: &mut FriendMatch| {
        let at = at(m);
        lines(t, x, m, at)
    };
    // Several draws: each starter comes up, both pages agree (R7).
    let mut starters = Vec::new();
    for seed in 0..12 {
        let mut rng = GameRng::seed_from_u64(seed);
        let rules = engarde::ui::friend::rules_of(Preset::Standard, 3);
        let (mut host, invite) = FriendMatch::invite(rules, "Ann", &mut rng);
        let (mut guest, answer) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
        // Nothing is drawn before the host's answer.
        assert!(guest.round_start().is_none());
        assert!(said(&mut guest).iter().all(|s| !s.contains("lot")));
        host.receive(&answer).unwrap();
        settle(&mut host);
        guest.receive(host.last_code()).unwrap();
        settle(&mut guest);
        let starter = host.round_start().unwrap().starter();
        assert_eq!(guest.round_start().unwrap().starter(), starter);
        let (on_host, on_guest) = (said(&mut host), said(&mut guest));
        let host_line = if starter == engarde::Side::White {
            "Drawn by lot: you start the first round.".to_string()
        } else {
            "Drawn by lot: Bo starts the first round.".to_string()
        };
        let guest_line = if starter == engarde::Side::White {
            "Drawn by lot: Ann starts the first round.".to_string()
        } else {
            "Drawn by lot: you start the first round.".to_string()
        };
        assert_eq!(on_host.first(), Some(&host_line), "{on_host:?}");
        assert_eq!(on_guest.first(), Some(&guest_line), "{on_guest:?}");
        // Said until the person's own first action, not after it.
        let mut seats = [host, guest];
        let mut next = 0;
        while seats[next].actions().is_empty() {
            let code = seats[1 - next].last_code().to_string();
            seats[next].receive(&code).unwrap();
            play_turn(&mut seats[next], &mut rng);
            settle(&mut seats[next]);
            next = 1 - next;
        }
        let seat = &mut seats[next];
        assert!(seat.actions().iter().all(|&(by, _)| by == starter));
        assert!(
            said(seat).iter().all(|s| !s.contains("lot")),
            "{:?}",
            said(seat)
        );
        starters.push(starter);
    }
    assert!(starters.contains(&engarde::Side::White) && starters.contains(&engarde::Side::Black));
    // Every language says it, the friend by name.
    for lang in Lang::ALL {
        let x = lang.extra_texts();
        assert!(x.friend_drawn_starter(false, "Bert").contains("Bert"));
        assert!(!x.friend_drawn_starter(true, "Bert").contains("Bert"));
        assert!(!x.friend_lot.is_empty());
    }
}

#[test]
fn the_start_screens_line_says_who_waits_and_ignores_garbage() {
    use engarde::ui::friend::waiting::{line, read, Waiting};
    let row = |friend: &str, standing| engarde::ui::friend::Summary {
        id: "00".into(),
        friend: friend.into(),
        score: (0, 0),
        standing,
        last: None,
    };
    let kept = [
        row("Ann", Standing::Theirs),
        row("Bo", Standing::Yours),
        row("Cy", Standing::Won),
        row("Di", Standing::Yours),
    ];
    assert_eq!(line(&kept).as_deref(), Some("2 Bo"));
    assert_eq!(line(&kept[2..3]), None);
    assert_eq!(line(&[]), None);
    let bo = Waiting {
        count: 1,
        friend: "Bo",
    };
    let kept_line = line(&kept[..2]).unwrap();
    assert_eq!(read(&kept_line), Some(bo));
    // A name with spaces, as given; none kept.
    assert_eq!(read("1 Bo Ek").map(|w| w.friend), Some("Bo Ek"));
    assert_eq!(read("1 ").map(|w| w.friend), Some(""));
    // Garbage is ignored, never read as someone waiting.
    for bad in [
        "",
        " ",
        "1",
        "0 Bo",
        "-1 Bo",
        "x",
        "Bo 1",
        "1.5 Bo",
        "99999999999 Bo",
        "{\"n\":1}",
    ] {
        assert_eq!(read(bad), None, "{bad:?}");
    }
    // Said with the friend's name; several friends (or no name) together.
    let en = Lang::En.texts();
    assert_eq!(en.friend_waits_for(bo), "Bo is waiting for you.");
    let two = Waiting { count: 2, ..bo };
    assert_eq!(
        en.friend_waits_for(two),
        "Your friends are waiting for you."
    );
    let nameless = Waiting { friend: "", ..bo };
    assert_eq!(
        en.friend_waits_for(nameless),
        "Your friends are waiting for you."
    );
    for lang in Lang::ALL {
        assert!(lang.texts().friend_waits_for(bo).contains("Bo"), "{lang:?}");
    }
}

#[test]
fn the_bar_offers_nothing_to_give_up_before_the_deal() {
    use engarde::ui::friend::live::frame::Presence;
    use engarde::ui::friend::tools::{again, tools, Confirm, Facts, Tools};
    let waiting = Facts {
        standing: Standing::Theirs,
        checking: false,
        in_play: false,
        begun: false,
        accepted: true,
        presence: Presence::Links,
        offered: false,
        asking: None,
    };
    // Before the deal: the position only, no resign, no abandon.
    assert_eq!(tools(waiting), Tools::default());
    assert_eq!(
        tools(Facts {
            standing: Standing::Yours,
            ..waiting
        }),
        Tools::default()
    );
    // Dealt: resign; abandoned only once begun, and not while the friend is here.
    let dealt = Facts {
        in_play: true,
        ..waiting
    };
    assert!(tools(dealt).resign && !tools(dealt).abandon);
    let begun = Facts {
        begun: true,
        ..dealt
    };
    assert!(tools(begun).abandon);
    assert!(
        !tools(Facts {
            presence: Presence::Here,
            ..begun
        })
        .abandon
    );
    assert!(
        !tools(Facts {
            standing: Standing::Yours,
            ..begun
        })
        .abandon
    );
    // While the friend's message is checked: nothing to do.
    assert_eq!(
        tools(Facts {
            checking: true,
            ..begun
        }),
        Tools::default()
    );
    // Asked first: cancel beside.
    assert!(
        tools(Facts {
            asking: Some(Confirm::Resign),
            ..begun
        })
        .cancel
    );
    // Over: no resign; another match after a verdict, unless the friend asked.
    let won = Facts {
        standing: Standing::Won,
        ..begun
    };
    assert!(!tools(won).resign && tools(won).again);
    assert!(
        !tools(Facts {
            offered: true,
            ..won
        })
        .again
    );
    for over in [Standing::Void, Standing::Abandoned] {
        assert!(
            !again(over)
                && !tools(Facts {
                    standing: over,
                    ..won
                })
                .again
        );
    }
}
