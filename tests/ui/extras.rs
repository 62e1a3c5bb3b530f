//! The extras' logic: lessons, the guide's examples, history, review.

use super::*;

/// Every lesson's script replays on the engine: each taught action is legal
/// when taught, each scripted reply too; the lessons that end a round end it
/// with the person's win; every language has a sentence for each step's
/// "what to do" and "what happened".
#[test]
fn the_lesson_scripts_replay_on_the_engine() {
    use engarde::ui::lessons::LESSONS;
    for (i, lesson) in LESSONS.iter().enumerate() {
        let mut round =
            Round::set_up(&lesson.setup()).unwrap_or_else(|e| panic!("lesson {i}: {e}"));
        for (n, step) in lesson.steps.iter().enumerate() {
            let play = step.play.action().expect("card values");
            assert_eq!(
                round.to_act(),
                Side::White,
                "lesson {i} step {n}: the person acts"
            );
            assert!(
                round.legal_actions().contains(&play),
                "lesson {i} step {n}: {play:?} is illegal"
            );
            round.play(play).unwrap();
            if let Some(reply) = step.reply {
                let reply = reply.action().expect("card values");
                assert_eq!(round.to_act(), Side::Black, "lesson {i} step {n}");
                round
                    .play(reply)
                    .unwrap_or_else(|e| panic!("lesson {i} step {n}: {e}"));
            }
            assert_eq!(lesson.after(n + 1).as_ref(), Some(&round));
        }
        if i > 0 {
            assert_eq!(
                round.result().map(|r| r.winner),
                Some(Some(Side::White)),
                "lesson {i} ends with the person's win"
            );
        }
        for lang in Lang::ALL {
            assert_eq!(
                lang.extra_texts().lesson_steps(i).len(),
                2 * lesson.steps.len(),
                "{lang:?} lesson {i}"
            );
        }
    }
}

/// The guide's worked examples (docs/RULES.md §10) are positions the engine sets
/// up, and say what the engine then allows.
#[test]
fn the_guides_examples_are_real_positions() {
    let positions: Vec<Round> = engarde::ui::guide::example_positions()
        .map(|p| p.after(0).expect("the engine sets the example up"))
        .collect();
    let [x3, x2, x1, x4, x6, x5] = positions.as_slice() else {
        panic!("six examples")
    };
    let attack = |value: u8, count: u8| Action::Attack {
        card: card(value),
        count,
    };
    // X3: one or two 5s.
    assert!(
        x3.legal_actions().contains(&attack(5, 1)) && x3.legal_actions().contains(&attack(5, 2))
    );
    // X2: two 4s attack; the defender holds two 4s to parry.
    assert!(x2.legal_actions().contains(&attack(4, 2)));
    assert_eq!(x2.hand(Side::Black).count(card(4)), 2);
    // X1: lunge 3 then two 5s.
    assert!(x1.legal_actions().contains(&Action::Lunge {
        advance: card(3),
        card: card(5),
        count: 2
    }));
    // X4: one card left, distance 2.
    assert_eq!((x4.pile().len(), x4.public().distance()), (1, 2));
    // X6: White has no legal action: the round is lost (E2).
    assert!(
        x6.legal_actions().is_empty() || x6.result().is_some_and(|r| r.winner == Some(Side::Black))
    );
    // X5: the last card taken by a lunge, escaped by a retreat: position
    // decides (no card count under the default rules).
    let mut x5 = *x5;
    x5.play(Action::Lunge {
        advance: card(2),
        card: card(4),
        count: 1,
    })
    .unwrap();
    assert_eq!(x5.pile().len(), 0);
    x5.play(Action::Retreat(card(2))).unwrap();
    let result = x5.result().expect("the round ends");
    assert_eq!(
        (result.winner, result.reason),
        (Some(Side::White), Reason::Position)
    );
}

/// The history keeps a match once, drops the oldest beyond its bound, and
/// counts per level and rules: played, won, lost, streaks, help per match.
#[test]
fn the_history_is_bounded_and_its_statistics_add_up() {
    use engarde::ui::history::{append, read, stats, Entry, KEEP};
    let finished: Vec<Match> = (0..10)
        .map(|seed| random_match(Preset::Standard.rules(), seed, usize::MAX))
        .collect();
    let help = |i: usize| Help {
        hints: i as u32 % 3,
        takebacks: i as u32 % 2,
    };
    let mut text = String::new();
    let mut kept = Vec::new();
    for (i, m) in finished.iter().enumerate() {
        let level = if i < 6 {
            Difficulty::Easy
        } else {
            Difficulty::Hard
        };
        let e = Entry::of(m, Side::White, level, help(i), i as u64).unwrap();
        let (added, dropped) = append(&text, &e);
        assert!(dropped.is_empty());
        // The same match again (a reload at its end) is not added twice.
        assert_eq!(append(&added, &e), (added.clone(), vec![]));
        text = added;
        kept.push(e);
    }
    // A line that does not read is skipped, not lost.
    let damaged = format!("{text}\n{{\"code\":\"x\", oops\n");
    assert_eq!(read(&damaged), kept);
    let s = stats(&kept);
    assert_eq!(s.len(), 2);
    let easy: Vec<&Entry> = kept
        .iter()
        .filter(|e| e.level == Difficulty::Easy)
        .collect();
    assert_eq!(s[0].played, 6);
    assert_eq!(s[0].won, easy.iter().filter(|e| e.won).count() as u32);
    assert_eq!(s[0].won + s[0].lost, 6);
    let mut run = 0;
    let mut best = 0;
    for e in &easy {
        run = if e.won { run + 1 } else { 0 };
        best = best.max(run);
    }
    assert_eq!((s[0].streak, s[0].best_streak), (run, best));
    let hints: u32 = easy.iter().map(|e| e.help.hints).sum();
    assert_eq!(s[0].hints_tenths, hints * 10 / 6);
    // A match in progress is not an entry; the bound drops the oldest.
    let unfinished = played_match(1, 5);
    assert!(Entry::of(
        &unfinished,
        Side::White,
        Difficulty::Easy,
        Help::default(),
        0
    )
    .is_none());
    let mut dropped = Vec::new();
    for i in 0..KEEP {
        let mut e = kept[i % kept.len()].clone();
        e.code = format!("m{i}");
        let (t, d) = append(&text, &e);
        text = t;
        dropped.extend(d);
    }
    assert_eq!(read(&text).len(), KEEP);
    assert_eq!(dropped.len(), kept.len());
    assert_eq!(dropped[0], kept[0].code);
}

/// The review shows every state of the table and finds each of the
/// person's decisions with what the person saw then (and nothing more).
#[test]
fn the_review_steps_through_every_state_and_decision() {
    let mut rng = GameRng::seed_from_u64(3);
    for (preset, human) in [(Preset::Advanced, Side::White), (Preset::Duel, Side::Black)] {
        let m = random_match(preset.rules(), 11, usize::MAX);
        let r = own_review(&m, human);
        let steps = r.steps();
        let actions: usize = m.rounds().iter().map(|l| l.actions.len() + 1).sum();
        assert_eq!(steps.len(), actions);
        assert_eq!(steps.last().unwrap().table, *m.round());
        let decisions = r.decisions(&steps);
        assert_eq!(decisions.len(), m.decisions(human).len());
        for d in &decisions {
            let step = &steps[d.step];
            match d.at.action {
                Some(_) => assert_eq!(step.played, Some((human, d.chosen))),
                None => assert_eq!(step.played, None),
            }
            // What the person saw: their own hand, never the computer's.
            let before = &steps[d.step.saturating_sub(1)];
            if d.at.action.is_some() {
                assert_eq!(d.seen.hand(), before.table.hand(human));
                assert_eq!(
                    d.seen,
                    m.rewound(d.at, &mut rng).unwrap().observation(human)
                );
            }
        }
    }
}

/// The review's words at each step: the deal or what was played, where in
/// the round, the verdict once judged; the analysis counts each mark and
/// stops running when every decision is judged.
#[test]
fn the_review_says_each_step_and_its_verdict() {
    use engarde::ai::advice::{Mark, Verdict};
    use engarde::ui::review::model::{deals, step_words, AnalysisAction};
    use engarde::ui::review::Analysis;
    use yew::Reducible;
    let (t, x) = (Lang::En.texts(), Lang::En.extra_texts());
    let m = random_match(Preset::Standard.rules(), 4, usize::MAX);
    let r = own_review(&m, Side::White);
    let steps = r.steps();
    let decisions = r.decisions(&steps);
    let mut analysis = Rc::new(Analysis {
        verdicts: vec![None; decisions.len()],
        running: false,
        late: false,
    });
    assert_eq!(deals(&steps).len(), m.rounds().len());
    let first = step_words(t, x, &r, &steps[0], 0, &decisions, &analysis);
    assert_eq!(first.said, x.review_deal(1));
    assert_eq!((first.place, first.last, first.verdict), (None, None, None));
    let d = &decisions[0];
    let at = step_words(t, x, &r, &steps[d.step], d.step, &decisions, &analysis);
    assert!(at.place.is_some() && at.verdict.is_none(), "{at:?}");
    analysis = analysis.reduce(AnalysisAction::Start);
    let blunder = Verdict {
        best: d.chosen,
        before: 0.9,
        after: Some(0.1),
        missed_sure_win: false,
    };
    // A verdict that came late stops the run and says so; started again,
    // it runs and the message goes.
    analysis = analysis.reduce(AnalysisAction::Late);
    assert!(!analysis.running && analysis.late);
    analysis = analysis.reduce(AnalysisAction::Start);
    assert!(analysis.running && !analysis.late);
    analysis = analysis.reduce(AnalysisAction::Verdict(0, blunder));
    let judged = step_words(t, x, &r, &steps[d.step], d.step, &decisions, &analysis);
    assert_eq!(judged.verdict.map(|(m, _)| m), Some(Some(Mark::Blunder)));
    assert_eq!(analysis.counts(), [0, 0, 1]);
    // A better action than the chosen: the verdict names it and says, in
    // one line, what it gains (the hint's reason for it).
    let other = d
        .seen
        .legal_actions()
        .into_iter()
        .find(|&a| a != d.chosen)
        .expect("a choice");
    let better = Verdict {
        best: other,
        ..blunder
    };
    let b = analysis.clone().reduce(AnalysisAction::Verdict(0, better));
    let said = step_words(t, x, &r, &steps[d.step], d.step, &decisions, &b);
    let lines = said.verdict.expect("judged").1;
    let why = t.advice_reason(engarde::ai::advice::reason(&d.seen, other), 0.9);
    assert_eq!(lines.last(), Some(&why), "{lines:?}");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("The analysis recommends")));
    assert_eq!(
        analysis.points(&decisions),
        vec![(d.step, 0.9, Some(Mark::Blunder))]
    );
    for k in 1..decisions.len() {
        analysis = analysis.reduce(AnalysisAction::Verdict(k, blunder));
    }
    assert!(
        analysis.complete() && !analysis.running,
        "done when all are judged"
    );
}

/// A shared match's review names its player by their side, never "you"
/// (whoever opens a link may not be who played); two people's review names
/// them; the person's own review says "you". The names travel in the code.
#[test]
fn a_review_names_the_players_as_the_one_looking_knows_them() {
    use engarde::ai::advice::Verdict;
    use engarde::ui::review::model::step_words;
    use engarde::ui::review::Analysis;
    use engarde::ui::review::Reviewed;
    let (t, x) = (Lang::En.texts(), Lang::En.extra_texts());
    let m = random_match(Preset::Standard.rules(), 4, usize::MAX);
    let own = own_review(&m, Side::White);
    let shared = Reviewed {
        shared: true,
        ..own.clone()
    };
    let people = Reviewed {
        people: Some(BySide::new("Anna".to_string(), "Bo".to_string())),
        ..own.clone()
    };
    let steps = own.steps();
    let decisions = own.decisions(&steps);
    let d = &decisions[0];
    let judged = Rc::new(Analysis {
        verdicts: (0..decisions.len())
            .map(|_| {
                Some(Verdict {
                    best: d.chosen,
                    before: 0.5,
                    after: Some(0.4),
                    missed_sure_win: false,
                })
            })
            .collect(),
        running: false,
        late: false,
    });
    let words = |r: &Reviewed| {
        let w = step_words(t, x, r, &steps[d.step], d.step, &decisions, &judged);
        let (_, lines) = w.verdict.expect("judged");
        format!("{} {}", w.said, lines.join(" "))
    };
    let mine = words(&own);
    assert!(
        mine.starts_with("You ") && mine.contains("Your chance"),
        "{mine}"
    );
    for (r, name) in [(&shared, "White"), (&people, "Anna")] {
        let said = words(r);
        assert!(!said.to_lowercase().contains("you"), "{said}");
        assert!(
            said.starts_with(name) && said.contains(&format!("The chance of {name}")),
            "{said}"
        );
        assert_eq!(
            x.analyse(r.player(t)),
            format!("Analyse the decisions of {name}")
        );
    }
    assert_eq!(x.analyse(own.player(t)), "Analyse my decisions");
    // Two people's review keeps their names in its link and its record.
    let text = engarde::record::link::decode(&people.code()).expect("the code reads");
    let back = engarde::ui::play::save::load(
        &text,
        (Side::Black, Difficulty::Easy),
        &mut GameRng::seed_from_u64(1),
    )
    .expect("the record reads");
    assert_eq!(back.people, people.people);
    assert!(people.text().contains("person:Anna"));
}

/// The chance graph: a column per judged decision, never narrower than a
/// finger (44 units, drawn 1:1 on a touch screen) and filling the graph
/// when there are few; a round's number where its first decision is; the
/// decision shown marked; higher chances higher up.
#[test]
fn the_chance_graph_gives_each_decision_a_finger_wide_column() {
    use engarde::ai::advice::Mark;
    use engarde::ui::review::model::{GraphLayout, GRAPH_AXIS, GRAPH_COLUMN, GRAPH_COLUMN_FINE};
    let few = GraphLayout::of(
        &[(1, 0.5, None), (3, 0.9, Some(Mark::Blunder))],
        &[0],
        3,
        GRAPH_COLUMN,
    );
    assert!(few.width >= 800, "{}", few.width);
    assert_eq!(few.rounds, vec![(GRAPH_AXIS, 1)]);
    assert!(few.columns[1].y < few.columns[0].y, "0.9 above 0.5");
    assert_eq!(
        few.columns.iter().map(|c| c.current).collect::<Vec<_>>(),
        [false, true]
    );
    // A long match: 60 decisions over three rounds dealt at steps 0, 50, 100.
    let points: Vec<_> = (0..60).map(|i| (i * 2 + 1, 0.5, None)).collect();
    let long = GraphLayout::of(&points, &[0, 50, 100], 0, GRAPH_COLUMN);
    assert!(long.columns.iter().all(|c| c.width >= GRAPH_COLUMN));
    assert_eq!(long.width, GRAPH_AXIS + 60 * long.columns[0].width);
    for pair in long.columns.windows(2) {
        assert_eq!(
            pair[0].left + pair[0].width,
            pair[1].left,
            "columns touch, never overlap"
        );
    }
    let numbers: Vec<usize> = long.rounds.iter().map(|&(_, r)| r).collect();
    assert_eq!(numbers, [1, 2, 3]);
    assert_eq!(
        long.rounds[1].0, long.columns[25].left,
        "round 2's first decision is at step 51"
    );
    assert!(long.columns.iter().all(|c| !c.current));
    // For a mouse, narrower columns: the long match fits a desktop's width.
    let fine = GraphLayout::of(&points, &[0, 50, 100], 0, GRAPH_COLUMN_FINE);
    assert!(fine.width < 1100 && fine.columns.iter().all(|c| c.width >= GRAPH_COLUMN_FINE));
}

/// The lessons' place read from storage is kept only if it is a lesson's
/// step (garbage there once panicked the lessons on every opening).
#[test]
fn a_stored_lesson_place_out_of_range_opens_the_list() {
    use engarde::ui::lessons::LessonProgress;
    use engarde::ui::lessons::{checked, LESSONS};
    let at = |at| checked(LessonProgress { finished: 3, at }).at;
    assert_eq!(at(Some((0, 0))), Some((0, 0)));
    let last = LESSONS.len() - 1;
    let end = LESSONS[last].steps.len();
    assert_eq!(at(Some((last, end))), Some((last, end)));
    assert_eq!(at(Some((last, end + 1))), None);
    assert_eq!(at(Some((LESSONS.len(), 0))), None);
    assert_eq!(at(Some((usize::MAX, usize::MAX))), None);
    assert_eq!(
        checked(LessonProgress {
            finished: 3,
            at: Some((99, 0))
        })
        .finished,
        3
    );
}

/// The reviews' analyses are a bounded cache: each use makes a key the
/// most recent, the least recently used go first beyond the cache's size.
#[test]
fn cached_analyses_are_dropped_least_recently_used_first() {
    use engarde::ui::storage::cache::{forget, used, ANALYSES_KEPT};
    let mut order = String::new();
    for k in 0..ANALYSES_KEPT {
        let (next, dropped) = used(&order, &format!("k{k}"));
        assert!(dropped.is_empty());
        order = next;
    }
    // k0 used again: k1 is now the least recent, and goes first.
    let (order, dropped) = used(&order, "k0");
    assert!(dropped.is_empty());
    assert_eq!(order.lines().next(), Some("k1"));
    let (order, dropped) = used(&order, "new");
    assert_eq!(dropped, vec!["k1".to_string()]);
    assert_eq!(order.lines().last(), Some("new"));
    assert_eq!(order.lines().count(), ANALYSES_KEPT);
    assert_eq!(forget(&order, "k2").lines().count(), ANALYSES_KEPT - 1);
    assert!(!forget(&order, "k2").lines().any(|k| k == "k2"));
}

/// A match to review as the person's own, against Hard.
fn own_review(m: &Match, human: Side) -> engarde::ui::review::Reviewed {
    engarde::ui::review::Reviewed {
        the_match: m.clone(),
        human,
        level: Difficulty::Hard,
        help: Help::default(),
        people: None,
        shared: false,
    }
}

/// A verdict that missed a sure win says so, naming the sure win, in every
/// language; the same chances without it name the computer's choice.
#[test]
fn a_missed_sure_win_is_said_with_its_action() {
    use engarde::ai::advice::Verdict;
    use engarde::{Action, Card};
    let best = Action::Attack {
        card: Card::new(3).unwrap(),
        count: 2,
    };
    let chosen = Action::Advance(Card::new(1).unwrap());
    let missed = Verdict {
        best,
        before: 1.0,
        after: Some(0.9),
        missed_sure_win: true,
    };
    for lang in Lang::ALL {
        let (t, x) = (lang.texts(), lang.extra_texts());
        let named = t.action(best, None);
        let lines = x.judged(t, &missed, chosen, None, None);
        let sure = lines.last().unwrap();
        assert!(
            sure.contains(&named) && !sure.contains('{'),
            "{lang:?}: {sure}"
        );
        let plain = x.judged(
            t,
            &Verdict {
                missed_sure_win: false,
                ..missed
            },
            chosen,
            None,
            None,
        );
        assert_ne!(plain.last(), Some(sure), "{lang:?}");
    }
}

/// The history names rules as a person set them: a preset, a preset to
/// other points ("Basic to 3 points"), else "Custom"; the review's graph
/// says each decision's mark with its chance.
#[test]
fn rules_and_marks_are_named_as_set() {
    use engarde::ai::advice::Mark;
    use engarde::engine::Preset;
    let (t, x) = (Lang::En.texts(), Lang::En.extra_texts());
    assert_eq!(x.rules_name(t, Preset::Standard.rules()), "Standard");
    let mut basic = Preset::Basic.rules();
    basic.points_to_win = 3;
    assert_eq!(x.rules_name(t, basic), "Basic to 3 points");
    basic.points_to_win = 1;
    assert_eq!(x.rules_name(t, basic), "Basic to 1 point");
    let mut custom = Preset::Basic.rules();
    custom.final_count = !custom.final_count;
    assert_eq!(x.rules_name(t, custom), t.custom);
    for lang in Lang::ALL {
        let (t, x) = (lang.texts(), lang.extra_texts());
        let named = x.rules_name(t, basic);
        assert!(
            named.starts_with(t.preset(Some(Preset::Basic))) && named.contains('1'),
            "{named}"
        );
        let marked = x.graph_point(6, 0.53, Some(Mark::Mistake));
        assert!(
            marked.contains(x.mark(Mark::Mistake)) && marked.contains("53"),
            "{marked}"
        );
        assert!(!x.graph_point(6, 0.53, None).contains(x.mark(Mark::Mistake)));
    }
}
