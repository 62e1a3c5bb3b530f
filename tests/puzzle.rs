//! Puzzles (src/puzzle): positions near a round's end where one action wins
//! for sure against every hidden state, found in matches and proven.

use engarde::ai::{Budget, Difficulty, Opponent};
use engarde::puzzle::{prove, Verdict};
use engarde::{GameRng, Match, Preset, Side};
use rand::SeedableRng;

#[test]
fn puzzles_are_found_in_matches_and_proven() {
    let start = std::time::Instant::now();
    let mut counts = std::collections::BTreeMap::new();
    let mut puzzles = Vec::new();
    for (m, preset) in [
        Preset::Basic,
        Preset::Standard,
        Preset::Advanced,
        Preset::Duel,
    ]
    .into_iter()
    .enumerate()
    {
        let mut rng = GameRng::seed_from_u64(m as u64);
        let mut game = Match::new(preset.rules(), Side::White, &mut rng).unwrap();
        let mut player = Difficulty::Medium.opponent();
        while !game.is_over() {
            if game.round().is_over() {
                game.start_next_round(&mut rng).unwrap();
                continue;
            }
            let side = game.round().to_act();
            let obs = game.observation(side);
            if obs.pile_len() <= 3 && obs.legal_actions().len() > 1 {
                let verdict = prove(&obs, 2);
                let name = match &verdict {
                    Verdict::Puzzle { .. } => "puzzle",
                    Verdict::NoWin => "no win",
                    Verdict::ManyWins(_) => "many wins",
                    Verdict::TooHard => "too hard",
                };
                *counts.entry(name).or_insert(0) += 1;
                if let Verdict::Puzzle {
                    answer,
                    refutations,
                    ..
                } = verdict
                {
                    assert_eq!(refutations.len(), obs.legal_actions().len() - 1);
                    puzzles.push((obs, answer));
                }
            }
            let past = game.round_history();
            let action = player
                .decide(&obs, &past, Budget::iterations(800), &mut rng)
                .action;
            game.play(action).unwrap();
        }
    }
    eprintln!("{counts:?} in {:?}", start.elapsed());
    assert!(!puzzles.is_empty(), "{counts:?}");
}

/// Every shipped puzzle is proven again: its answer is the one action that
/// wins for sure against every hidden state, and each other legal action has
/// a refutation in a world consistent with what the solver sees.
#[test]
fn every_shipped_puzzle_holds() {
    use engarde::puzzle::file::PuzzleRecord;
    let text = std::fs::read_to_string("web/puzzles.json").unwrap();
    let puzzles: Vec<PuzzleRecord> = serde_json::from_str(&text).unwrap();
    assert!(puzzles.len() >= 300, "{}", puzzles.len());
    let mut editions = std::collections::BTreeMap::new();
    for p in &puzzles {
        *editions.entry(p.rules.as_str()).or_insert(0) += 1;
        check(p).unwrap_or_else(|e| panic!("{e}"));
    }
    for edition in ["basic", "standard", "advanced", "duel"] {
        assert!(
            editions.get(edition).copied().unwrap_or(0) >= 50,
            "{editions:?}"
        );
    }
}

/// A puzzle whose answer is changed to another action does not hold.
#[test]
fn a_puzzle_that_does_not_hold_is_caught() {
    use engarde::puzzle::file::PuzzleRecord;
    let text = std::fs::read_to_string("web/puzzles.json").unwrap();
    let puzzles: Vec<PuzzleRecord> = serde_json::from_str(&text).unwrap();
    for p in puzzles.iter().take(20) {
        let mut wrong = p.clone();
        wrong.answer = p.refutations[0].action.clone();
        assert!(check(&wrong).is_err(), "{}", p.id);
        let mut no_refutation = p.clone();
        no_refutation.refutations.pop();
        assert!(check(&no_refutation).is_err(), "{}", p.id);
    }
}

fn check(p: &engarde::puzzle::file::PuzzleRecord) -> Result<(), String> {
    use engarde::record::parse;
    use engarde::Hand;
    let (game, side, answer) = p.position()?;
    let obs = game.observation(side);
    match prove(&obs, p.depth) {
        Verdict::Puzzle { answer: a, .. } if a == answer => {}
        other => {
            return Err(format!(
                "{}: the proof finds {other:?}, not {answer:?}",
                p.id
            ))
        }
    }
    let mut others: Vec<_> = obs
        .legal_actions()
        .into_iter()
        .filter(|&a| a != answer)
        .collect();
    for r in &p.refutations {
        let (_, action) = parse::action(&r.action)?;
        let Some(i) = others.iter().position(|&a| a == action) else {
            return Err(format!(
                "{}: a refutation of {action:?}, not another legal action",
                p.id
            ));
        };
        others.remove(i);
        let hidden = Hand::from_cards(
            r.opponent_hand
                .iter()
                .chain(&r.pile)
                .filter_map(|&v| engarde::Card::new(v)),
        );
        let aside = obs.unseen().minus(hidden);
        if aside.is_none() || r.opponent_hand.len() != usize::from(obs.opponent_hand_len()) {
            return Err(format!(
                "{}: the refutation's world is not consistent",
                p.id
            ));
        }
    }
    if !others.is_empty() {
        return Err(format!("{}: no refutation of {others:?}", p.id));
    }
    Ok(())
}

/// The miner is deterministic for a seed.
#[test]
fn mining_is_deterministic_for_a_seed() {
    use engarde::puzzle::mine;
    let run = || {
        let mut found = Vec::new();
        let mined = mine(Preset::Standard.rules(), 2, 9, 1_000, 2, |f| {
            found.push((f.game.observation(f.side), f.answer))
        });
        (mined, found)
    };
    let (a, b) = (run(), run());
    assert_eq!(a.0, b.0);
    assert_eq!(a.1, b.1);
    assert!(a.0.examined > 0);
}

mod practice {
    use engarde::puzzle::file::PuzzleRecord;
    use engarde::puzzle::practice::{practise, Practice, KEEP};
    use engarde::GameRng;
    use rand::SeedableRng;

    fn shipped() -> Vec<PuzzleRecord> {
        serde_json::from_str(&std::fs::read_to_string("web/puzzles.json").unwrap()).unwrap()
    }

    #[test]
    fn the_rating_follows_the_attempts() {
        let mut a = Practice::default();
        let mut b = Practice::default();
        let up_hard = a.record("x", 1800, true);
        let up_easy = b.record("y", 1200, true);
        assert!(up_hard > up_easy && up_easy > 0.0, "{up_hard} {up_easy}");
        assert!(a.deviation < 350.0, "one attempt makes the rating surer");
        let down = a.record("z", 1200, false);
        assert!(down < 0.0);
        assert_eq!(a.streak, 0);
        assert_eq!(a.best_streak, 1);
        for i in 0..KEEP + 10 {
            a.record(&format!("p{i}"), 1500, i % 3 != 0);
        }
        assert_eq!(a.attempts.len(), KEEP);
        assert!(a
            .attempts
            .last()
            .unwrap()
            .id
            .ends_with(&(KEEP + 9).to_string()));
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_unsolved_and_of_the_theme() {
        let puzzles = shipped();
        let mut rng = GameRng::seed_from_u64(1);
        let mut practice = Practice::default();
        let first = practice.next(&puzzles, None, &mut rng).unwrap();
        let nearest = puzzles
            .iter()
            .map(|p| (f64::from(p.rating) - 1500.0).abs())
            .fold(f64::INFINITY, f64::min);
        assert!((f64::from(first.rating) - 1500.0).abs() <= nearest + 400.0);
        practice.record(&first.id, first.rating, true);
        let parry = puzzles
            .iter()
            .filter(|p| p.themes.iter().any(|t| t == "parry") && !practice.solved(&p.id))
            .count();
        let mut offered = 0;
        while let Some(next) = practice.next(&puzzles, Some("parry"), &mut rng) {
            assert!(next.themes.iter().any(|t| t == "parry"));
            assert!(!practice.solved(&next.id));
            assert_ne!(Some(&next.id), practice.attempts.last().map(|a| &a.id));
            practice.record(&next.id, next.rating, true);
            offered += 1;
        }
        assert_eq!(offered, parry, "every parry puzzle once, then none");
        assert!(practice
            .next(&puzzles, Some("no such theme"), &mut rng)
            .is_none());
    }

    /// "Practise this": a decision at a shipped puzzle's position is one; the
    /// start of a match is not.
    #[test]
    fn a_decision_becomes_a_puzzle_when_it_is_one() {
        let p = &shipped()[0];
        let (game, side, answer) = p.position().unwrap();
        let found = practise(&game, side, p.depth).unwrap();
        assert_eq!(found.answer, answer);
        let mut rng = GameRng::seed_from_u64(3);
        let start = engarde::Match::new(
            engarde::Preset::Advanced.rules(),
            engarde::Side::White,
            &mut rng,
        )
        .unwrap();
        assert!(practise(&start, engarde::Side::White, 2).is_none());
    }
}

/// Every shipped puzzle plays out on the page: its answer, then the
/// opponent's most stubborn defence and the solver's sure wins, ends the
/// round won; and each refutation's world is found again, where the wrong
/// action and the replies leave the round lost, drawn, or no longer a sure
/// win.
#[test]
fn every_shipped_puzzle_plays_out_and_every_refutation_shows() {
    use engarde::puzzle::file::PuzzleRecord;
    use engarde::puzzle::play::{play_out, world};
    use engarde::record::parse;
    use engarde::{Card, Hand};
    let text = std::fs::read_to_string("web/puzzles.json").unwrap();
    let puzzles: Vec<PuzzleRecord> = serde_json::from_str(&text).unwrap();
    let mut longer = 0;
    for p in &puzzles {
        let (game, side, answer) = p.position().unwrap();
        let line = play_out(game.round(), side, answer, p.depth)
            .unwrap_or_else(|| panic!("{}: no play-out", p.id));
        assert_eq!(line[0], answer, "{}", p.id);
        longer += usize::from(line.len() > 1);
        let mut round = *game.round();
        for &a in &line {
            round.play(a).unwrap();
        }
        assert_eq!(
            round.result().map(|r| r.winner),
            Some(Some(side)),
            "{}",
            p.id
        );
        let obs = game.observation(side);
        for r in &p.refutations {
            let cards = |v: &[u8]| v.iter().filter_map(|&v| Card::new(v)).collect::<Vec<_>>();
            let hand = Hand::from_cards(cards(&r.opponent_hand));
            let mut state = world(&obs, hand, &cards(&r.pile))
                .unwrap_or_else(|| panic!("{}: the refutation's world", p.id));
            state.play(parse::action(&r.action).unwrap().1).unwrap();
            for reply in &r.replies {
                state.play(parse::action(reply).unwrap().1).unwrap();
            }
            let fails = match state.result() {
                Some(result) => result.winner != Some(side),
                None => !matches!(
                    prove(&state.observation(side), p.depth - 1),
                    Verdict::Puzzle { .. } | Verdict::ManyWins(_)
                ),
            };
            assert!(
                fails,
                "{}: the refutation of {:?} does not show",
                p.id, r.action
            );
        }
    }
    // Some answers are the first of several decisions.
    assert!(longer > 0);
}
