//! The puzzles on the page (issue 34): the set read with its faults left
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
