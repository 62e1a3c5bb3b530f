//! Sure wins (src/ai/sure.rs): hard and expert play an action that wins the
//! round in every world the cards allow whenever one exists near a round's
//! end; hints offer only such actions there and the review marks missing
//! one a blunder. Easy and medium may miss them (docs/OPPONENT.md).

use engarde::ai::advice::{advise, judge, Mark};
use engarde::ai::{sure, Budget, Difficulty, Opponent, SearchOpponent};
use engarde::puzzle::file::PuzzleRecord;
use engarde::{GameRng, Match, Observation, PastAction, Preset, Side};
use rand::SeedableRng;

/// Decisions near a round's end (three cards or fewer to draw, a choice)
/// from matches between medium players in every edition, with the round's
/// history and every sure win the check finds there (`None`: too many
/// worlds to check).
fn positions() -> Vec<(Observation, Vec<PastAction>, Option<Vec<engarde::Action>>)> {
    let mut out = Vec::new();
    for (m, preset) in Preset::ALL.into_iter().enumerate() {
        for k in 0..3u64 {
            let mut rng = GameRng::seed_from_u64(500 + 10 * m as u64 + k);
            let mut game = Match::new(preset.rules(), Side::White, &mut rng).unwrap();
            let mut medium = Difficulty::Medium.opponent();
            while !game.is_over() {
                if game.round().is_over() {
                    game.start_next_round(&mut rng).unwrap();
                    continue;
                }
                let side = game.round().to_act();
                let obs = game.observation(side);
                let past = game.round_history();
                if obs.pile_len() <= 3 && obs.legal_actions().len() > 1 {
                    out.push((obs, past.clone(), sure::sure_wins(&obs, 10 * sure::NODES)));
                }
                let action = medium
                    .decide(&obs, &past, Budget::iterations(500), &mut rng)
                    .action;
                game.play(action).unwrap();
            }
        }
    }
    out
}

#[test]
fn hard_and_expert_play_every_shipped_puzzles_answer() {
    let text = std::fs::read_to_string("web/puzzles.json").unwrap();
    let set: Vec<PuzzleRecord> = serde_json::from_str(&text).unwrap();
    assert!(set.len() >= 300);
    for level in [Difficulty::Hard, Difficulty::Expert] {
        let mut player = level.opponent();
        let missed: Vec<&str> = set
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                let (game, side, answer) = p.position().unwrap();
                let mut rng = GameRng::seed_from_u64(*i as u64);
                let d = player.decide(
                    &game.observation(side),
                    &game.round_history(),
                    level.budget(),
                    &mut rng,
                );
                d.action != answer
            })
            .map(|(_, p)| p.id.as_str())
            .collect();
        assert!(missed.is_empty(), "{level} missed {missed:?}");
    }
}

/// Where several actions win for sure, hard and expert play one of them;
/// where none does, the check changes nothing: the same seeded decision as
/// the same make-up without it.
#[test]
fn any_sure_win_is_played_and_none_changes_nothing() {
    let (mut several, mut none) = (0, 0);
    for (i, (obs, past, wins)) in positions().into_iter().enumerate() {
        let seed = i as u64;
        let budget = Budget::iterations(400);
        for level in [Difficulty::Hard, Difficulty::Expert] {
            let decide = |makeup| {
                SearchOpponent::new(makeup)
                    .decide(&obs, &past, budget, &mut GameRng::seed_from_u64(seed))
                    .action
            };
            let makeup = level.strength().makeup;
            let action = decide(makeup);
            match &wins {
                Some(w) if w.len() > 1 => {
                    assert!(
                        w.contains(&action),
                        "{level} played {action:?}, not one of {w:?}"
                    );
                    several += 1;
                }
                Some(w) if w.len() == 1 => assert_eq!(action, w[0], "{level}"),
                Some(_) => {
                    let without = decide(engarde::ai::Makeup {
                        sure_wins: false,
                        ..makeup
                    });
                    assert_eq!(action, without, "{level}: no sure win, no change");
                    none += 1;
                }
                None => {}
            }
        }
    }
    assert!(several > 10 && none > 10, "several {several}, none {none}");
}

/// At a sure-win position the hint offers only sure wins, each with a
/// chance of 1; the review leaves a sure win unmarked and marks any other
/// action a blunder, naming a sure win as the better choice.
#[test]
fn hints_and_the_review_know_sure_wins() {
    let mut checked = 0;
    for (i, (obs, _, wins)) in positions().into_iter().enumerate() {
        let Some(wins) = wins.filter(|w| !w.is_empty()) else {
            continue;
        };
        checked += 1;
        let seed = i as u64;
        let budget = Budget::iterations(300);
        let hint = advise(&obs, budget, &mut GameRng::seed_from_u64(seed));
        assert!(!hint.is_empty());
        for advice in &hint {
            assert!(
                wins.contains(&advice.action),
                "{hint:?} offers more than {wins:?}"
            );
            assert_eq!(advice.chance, 1.0);
        }
        let good = judge(&obs, wins[0], budget, &mut GameRng::seed_from_u64(seed));
        assert_eq!(good.mark(), None, "{good:?}");
        assert_eq!(good.best, wins[0]);
        if let Some(&other) = obs.legal_actions().iter().find(|a| !wins.contains(a)) {
            let bad = judge(&obs, other, budget, &mut GameRng::seed_from_u64(seed));
            assert_eq!(bad.mark(), Some(Mark::Blunder), "{other:?}: {bad:?}");
            assert!(wins.contains(&bad.best) && bad.missed_sure_win);
        }
    }
    assert!(checked > 20, "{checked}");
}
