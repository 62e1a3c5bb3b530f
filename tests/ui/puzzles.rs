//! The puzzles on the page: the set read with its faults left
//! out, a practice from storage checked, and each attempt judged: the
//! answer played out to a won round, any other action met by its world.

use engarde::puzzle::practice::Practice;
use engarde::puzzle::Explanation;
use engarde::ui::i18n::Lang;
use engarde::ui::puzzles::{checked, read_set, Puzzle, SetProblem, Tried, MAX_SET_BYTES};

fn shipped() -> String {
    std::fs::read_to_string("web/puzzles.json").unwrap()
}

#[test]
fn the_shipped_set_reads_and_a_broken_one_is_refused_or_thinned() {
    let set = read_set(&shipped()).unwrap();
    assert!(set.len() >= 300, "{}", set.len());
    for bad in ["", "{", "{}", "[]", "[1, 2]", "null"] {
        assert_eq!(read_set(bad), Err(SetProblem::Unreadable), "{bad:?}");
    }
    let huge = format!("[{}]", " ".repeat(MAX_SET_BYTES));
    assert_eq!(read_set(&huge), Err(SetProblem::Unreadable));
    // One broken puzzle among good ones is left out, not the set.
    let mut items: Vec<serde_json::Value> = serde_json::from_str(&shipped()).unwrap();
    items[0]["answer"] = serde_json::json!("nonsense");
    let thinned = read_set(&serde_json::to_string(&items).unwrap()).unwrap();
    assert_eq!(thinned.len(), set.len() - 1);
}

#[test]
fn a_kept_practice_that_does_not_make_sense_starts_afresh() {
    let fresh = Practice::default();
    assert_eq!(checked(None), fresh);
    let mut played = Practice::default();
    played.record("basic-1", 1200, true);
    assert_eq!(checked(Some(played.clone())), played);
    for bad in [
        Practice {
            rating: 1e9,
            ..played.clone()
        },
        Practice {
            deviation: -1.0,
            ..played.clone()
        },
        Practice {
            volatility: 7.0,
            ..played.clone()
        },
    ] {
        assert_eq!(checked(Some(bad)), fresh);
    }
}

/// Every shipped puzzle: its answer plays out to a round the person wins;
/// every other legal action meets a world where it is lost, drawn, or no
/// longer sure; an action that is not a choice is refused.
#[test]
fn every_attempt_is_judged_by_the_proof() {
    let set = read_set(&shipped()).unwrap();
    for record in &set {
        let p = Puzzle::of(record).unwrap_or_else(|| panic!("{} reads", record.id));
        match p.try_action(p.answer) {
            Some(Tried::Right { line, end }) => {
                assert_eq!(line[0], (p.side, p.answer), "{}", record.id);
                assert_eq!(end.result().unwrap().winner, Some(p.side), "{}", record.id);
            }
            other => panic!("{}: the answer gives {other:?}", record.id),
        }
        for a in p.actions().into_iter().filter(|&a| a != p.answer) {
            let Some(Tried::Wrong(w)) = p.try_action(a) else {
                panic!("{}: {a:?} is not refuted", record.id);
            };
            assert_eq!(w.line[0], (p.side, a), "{}", record.id);
            assert_eq!(w.hand.len(), p.round().hand(p.side.opponent()).len());
            assert!(
                w.end.result().is_none_or(|r| r.winner != Some(p.side)),
                "{}: {a:?} wins in its refutation",
                record.id
            );
        }
        assert_eq!(
            p.try_action(engarde::Action::Choose(engarde::Special::OpenHands)),
            None
        );
    }
}

/// Why an answer wins, in every language: whole sentences, every argument
/// filled, a count's plural form.
#[test]
fn every_explanation_is_said_in_every_language() {
    let set = read_set(&shipped()).unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for lang in Lang::ALL {
        let (t, x) = (lang.texts(), lang.extra_texts());
        for record in &set {
            kinds.insert(format!("{:?}", std::mem::discriminant(&record.explanation)));
            let said = x.explanation(t, record.explanation);
            assert!(!said.is_empty() && !said.contains('{'), "{lang:?}: {said}");
        }
        let one = x.explanation(
            t,
            Explanation::Unparryable {
                card: 4,
                count: 3,
                unseen: 1,
            },
        );
        let two = x.explanation(
            t,
            Explanation::Unparryable {
                card: 4,
                count: 3,
                unseen: 2,
            },
        );
        assert_ne!(one.replace('1', "2"), two, "{lang:?}: a count's form");
        assert!(!x.puzzle_world(&[], &[]).contains('{'));
        assert!(x.puzzle_change(-7.6).contains("\u{2212}8"), "{lang:?}");
        assert!(x.puzzle_change(12.2).contains("+12"), "{lang:?}");
    }
    assert!(kinds.len() >= 5, "{kinds:?}");
}

/// A move's answer names what the opponent would need to strike back where
/// none of those cards is unseen: the card, the distance, how many are in
/// the solver's hand and played (five in all), in every language; the
/// rating shows a "?" while provisional.
#[test]
fn a_moves_answer_names_the_cards_the_opponent_would_need() {
    use engarde::puzzle::Need;
    let set = read_set(&shipped()).unwrap();
    let mut named = 0;
    for record in &set {
        let (game, side, answer) = record.position().unwrap();
        let obs = game.observation(side);
        let Some(need) = Need::after(&obs, answer).filter(|n| n.unseen == 0) else {
            continue;
        };
        named += 1;
        assert_eq!(need.held + need.played, 5, "{}: {need:?}", record.id);
        for lang in Lang::ALL {
            let said = lang.extra_texts().puzzle_need(Some(need)).unwrap();
            assert!(!said.contains('{'), "{lang:?}: {said}");
            for number in [need.distance, need.card.value(), need.held, need.played] {
                assert!(said.contains(&number.to_string()), "{lang:?}: {said}");
            }
        }
        let unseen = Need { unseen: 1, ..need };
        assert_eq!(Lang::ALL[0].extra_texts().puzzle_need(Some(unseen)), None);
    }
    assert!(named >= 10, "{named}");
    let x = Lang::ALL[0].extra_texts();
    let fresh = Practice::default();
    assert!(fresh.provisional());
    assert!(x
        .puzzle_rating(fresh.rating, 0, fresh.provisional())
        .contains("1500?"));
    assert!(!x.puzzle_rating(1500.0, 0, false).contains('?'));
}

/// "Practise this": a decision where one action wins for sure is kept once
/// as a puzzle with that answer; one far from the round's end is not a
/// puzzle; only marked mistakes near the end are offered.
#[test]
fn practise_this_keeps_a_proven_decision_once() {
    use engarde::ai::advice::Mark;
    use engarde::ui::puzzles::{may_practise, practise, Practised, MAX_MISTAKES};
    let set = read_set(&shipped()).unwrap();
    let mut mistakes = Vec::new();
    for record in set.iter().take(12) {
        let p = Puzzle::of(record).unwrap();
        // The person played another action there.
        let wrong = p.actions().into_iter().find(|&a| a != p.answer).unwrap();
        let mut game = p.the_match.clone();
        game.play(wrong).unwrap();
        let at = *game.decisions(p.side).last().unwrap();
        let seen = p.the_match.observation(p.side);
        assert!(may_practise(&seen, Some(Mark::Mistake)), "{}", record.id);
        assert!(!may_practise(&seen, Some(Mark::Inaccuracy)));
        assert!(!may_practise(&seen, None));
        let before = mistakes.len();
        assert_eq!(
            practise(&game, at, p.side, &mut mistakes),
            Practised::Kept,
            "{}",
            record.id
        );
        assert_eq!(mistakes.len(), before + 1);
        let kept = Puzzle::of(mistakes.last().unwrap()).unwrap();
        assert_eq!(kept.answer, p.answer);
        assert!(kept.record.id.starts_with("mine-"));
        assert_eq!(
            practise(&game, at, p.side, &mut mistakes),
            Practised::AlreadyKept
        );
        // The match's first decision, with a full draw pile: not a puzzle.
        let first = game.decisions(p.side)[0];
        assert_eq!(
            practise(&game, first, p.side, &mut mistakes),
            Practised::NotAPuzzle
        );
    }
    // Kept ones read back as a set; the list keeps the latest few.
    let text = serde_json::to_string(&mistakes).unwrap();
    assert_eq!(read_set(&text).unwrap(), mistakes);
    let mut full = vec![mistakes[0].clone(); MAX_MISTAKES];
    for (i, m) in full.iter_mut().enumerate() {
        m.code = format!("{i}");
    }
    let p = Puzzle::of(&set[0]).unwrap();
    let mut game = p.the_match.clone();
    game.play(p.answer).unwrap();
    let at = *game.decisions(p.side).last().unwrap();
    assert_eq!(practise(&game, at, p.side, &mut full), Practised::Kept);
    assert_eq!(full.len(), MAX_MISTAKES);
    assert_eq!(full[0].code, "1", "the oldest went");
}

/// The end-to-end tests' match with a mistake to practise
/// (`e2e/data/mistake.json`): a shipped puzzle's position in a match's first
/// round, where the person played an action that lost the round at once.
/// `LANG_BLESS=1` writes it.
#[test]
fn the_e2e_match_with_a_mistake_is_current() {
    use engarde::ai::Difficulty;
    use engarde::ui::play::save::{save_text, Help};
    let set = read_set(&shipped()).unwrap();
    let made = set
        .iter()
        .filter_map(Puzzle::of)
        .filter(|p| {
            p.the_match.round_number() == 1 && p.preset() == Some(engarde::Preset::Standard)
        })
        .find_map(|p| {
            let lost = p.actions().into_iter().find(|&a| {
                let mut g = p.the_match.clone();
                g.play(a).is_ok()
                    && g.round()
                        .result()
                        .is_some_and(|r| r.winner == Some(p.side.opponent()))
            })?;
            let mut game = p.the_match.clone();
            game.play(lost).ok()?;
            Some(save_text(&game, p.side, Difficulty::Easy, Help::default()))
        })
        .expect("a first-round puzzle with an action that loses at once");
    let path = "e2e/data/mistake.json";
    if std::env::var_os("LANG_BLESS").is_some() {
        std::fs::write(path, &made).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(path).unwrap_or_default(),
        made,
        "LANG_BLESS=1 cargo test --all-features --test ui"
    );
}
