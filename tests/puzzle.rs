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
