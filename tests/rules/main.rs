//! One test (at least) per rule id of docs/RULES.md: R1–R22, E1–E4 (E3 steps 1–4),
//! S1–S8, I1–I10, the worked examples X1–X6 of §10, and the preset table of §8.
//! Each test is named after the rule it checks.

#[path = "../common/mod.rs"]
mod common;

use std::collections::HashSet;

use common::{hand, random_action, Pos};
use engarde::*;
use rand::SeedableRng;

mod interpretations; // §9 Interpretations
mod match_play; // §2 Match
mod material; // §1 Material
mod presets; // §8 Presets
mod round_end; // §6 End of a round
mod round_setup; // §3 Round set-up
mod special_cards; // §7 Duel special cards
mod terms; // §4 Terms
mod turns; // §5 Turns
mod worked_examples; // §10 Worked examples

// Helpers shared by every section.

fn c(v: u8) -> Card {
    Card::new(v).expect("card value 1-5")
}

fn adv(v: u8) -> Action {
    Action::Advance(c(v))
}

fn ret(v: u8) -> Action {
    Action::Retreat(c(v))
}

fn att(v: u8, count: u8) -> Action {
    Action::Attack { card: c(v), count }
}

fn lunge(advance: u8, v: u8, count: u8) -> Action {
    Action::Lunge {
        advance: c(advance),
        card: c(v),
        count,
    }
}

fn pending(kind: AttackKind, v: u8, count: u8) -> Pending {
    Pending {
        kind,
        card: c(v),
        count,
    }
}

fn set(actions: impl IntoIterator<Item = Action>) -> HashSet<Action> {
    actions.into_iter().collect()
}

fn legal(round: &Round) -> HashSet<Action> {
    set(round.legal_actions())
}

/// Plays an action that must be legal (and listed as legal).
fn play(round: &mut Round, action: Action) {
    assert!(
        round.legal_actions().contains(&action),
        "{action:?} should be listed as legal; legal: {:?}",
        round.legal_actions()
    );
    round
        .play(action)
        .unwrap_or_else(|e| panic!("{action:?} should be legal: {e}"));
}

/// Plays an action that must be illegal: returns the error, and checks the
/// round is unchanged and the action is not listed as legal.
fn refuse(round: &mut Round, action: Action) -> IllegalAction {
    let before = *round;
    assert!(
        !round.legal_actions().contains(&action),
        "{action:?} should not be listed as legal"
    );
    let err = round
        .play(action)
        .expect_err(&format!("{action:?} should be illegal"));
    assert_eq!(
        *round, before,
        "an illegal action must leave the round unchanged"
    );
    err
}

fn outcome(round: &Round) -> (Option<Side>, Reason) {
    let r = round.result().expect("the round should be over");
    assert_eq!(round.phase(), Phase::Over);
    assert!(round.legal_actions().is_empty(), "no action after the end");
    (r.winner, r.reason)
}

fn pos(round: &Round) -> (u8, u8) {
    let p = round.public().position();
    (p.white, p.black)
}

/// All cards not in `used`, ascending: a deck that completes the 25 cards.
fn rest(used: &[&[u8]]) -> Vec<u8> {
    let mut counts = [5u8; 5];
    for part in used {
        for &v in *part {
            counts[(v - 1) as usize] -= 1;
        }
    }
    let mut out = Vec::new();
    for (i, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            out.push(i as u8 + 1);
        }
    }
    out
}

/// A position whose deck holds every card not in the hands.
fn full(preset: Preset, white: u8, black: u8, w: &[u8], b: &[u8]) -> Pos {
    Pos::new(preset, white, black, w, b, &rest(&[w, b]))
}

fn rng(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

fn score(white: u8, black: u8) -> BySide<u8> {
    BySide::new(white, black)
}

/// How a scripted match round should end.
#[derive(Copy, Clone, Debug)]
enum Outcome {
    /// The starter has no legal action at once (E2).
    StarterLoses,
    /// The starter attacks with three cards nobody can parry (E1).
    StarterWins,
    /// The starter's move takes the last card with equal advances (E3 step 4).
    Draw,
}

/// A round set-up (and the starter's action, if any) that ends as `outcome`
/// says, with the given rules, special card, starter and score.
fn scenario(
    rules: Rules,
    special: Option<Special>,
    starter: Side,
    sc: BySide<u8>,
    outcome: Outcome,
) -> (RoundSetup, Option<Action>) {
    let ten = special == Some(Special::TenCards);
    let h = Special::hand_size(special).min(5) as usize;
    let white_starts = starter == Side::White;
    // (white square, black square, starter's hand, other hand, deck, action)
    let (ws, bs, mine, theirs, deck, action): (u8, u8, Vec<u8>, Vec<u8>, Vec<u8>, Option<Action>) =
        match outcome {
            Outcome::StarterLoses => {
                let (ws, bs) = if white_starts { (1, 2) } else { (22, 23) };
                (
                    ws,
                    bs,
                    vec![2, 2, 3, 3, 4],
                    vec![2, 3, 4, 4, 5],
                    vec![],
                    None,
                )
            }
            Outcome::StarterWins => {
                let (ws, bs) = if white_starts { (1, 4) } else { (20, 23) };
                let n = if rules.level == RulesLevel::Basic {
                    1
                } else {
                    3
                };
                (
                    ws,
                    bs,
                    vec![3, 3, 3, 1, 2],
                    vec![1, 2, 4, 4, 5],
                    vec![],
                    Some(att(3, n)),
                )
            }
            Outcome::Draw if ten => {
                // The starter holds no card: E4 ends the round at once, advances 8–8.
                (9, 15, vec![], vec![1, 3, 5, 5, 5], vec![], None)
            }
            Outcome::Draw => {
                let (ws, bs) = if white_starts { (9, 14) } else { (10, 15) };
                (
                    ws,
                    bs,
                    vec![1, 2, 2, 3, 3],
                    vec![1, 3, 5, 5, 5],
                    vec![2],
                    Some(adv(1)),
                )
            }
        };
    let mine: Vec<u8> = mine.into_iter().take(h).collect();
    let theirs: Vec<u8> = theirs.into_iter().take(h).collect();
    let (w, b) = if white_starts {
        (mine, theirs)
    } else {
        (theirs, mine)
    };
    let mut p = Pos::new(Preset::Advanced, ws, bs, &w, &b, &[]).rules(rules);
    if ten {
        let aside: Vec<u8> = rest(&[&w, &b]).into_iter().take(5).collect();
        p = p.aside(&aside);
    } else if deck.is_empty() {
        p.deck = rest(&[&w, &b]);
    } else {
        p.deck = deck;
    }
    if let Some(s) = special {
        p = p.special(s);
    }
    p = p.starter(starter);
    let mut setup = p.setup();
    setup.rules = rules;
    setup.score = sc;
    (setup, action)
}

/// Starts a match with a scripted first round and plays it out.
fn first_round(
    rules: Rules,
    special: Option<Special>,
    chosen: bool,
    starter: Side,
    outcome: Outcome,
) -> Match {
    let (mut setup, action) = scenario(rules, special, starter, score(0, 0), outcome);
    setup.chosen = chosen;
    let mut m = Match::from_setup(&setup).expect("valid first round");
    if let Some(a) = action {
        m.play(a).expect("scripted action is legal");
    }
    assert!(m.round().is_over());
    m
}

/// Starts the next scripted round with the given starter and plays it out.
fn next_round(
    m: &mut Match,
    special: Option<Special>,
    chosen: bool,
    starter: Side,
    outcome: Outcome,
) {
    let (mut setup, action) = scenario(m.rules(), special, starter, m.score(), outcome);
    setup.chosen = chosen;
    m.start_round(&setup)
        .unwrap_or_else(|e| panic!("round should start: {e}"));
    if let Some(a) = action {
        m.play(a).expect("scripted action is legal");
    }
    assert!(m.round().is_over());
}

/// Plays random legal actions until the current round of `m` ends.
fn play_out(m: &mut Match, rng: &mut GameRng) {
    let mut steps = 0;
    while !m.round().is_over() {
        let actions = m.round().legal_actions();
        assert!(!actions.is_empty(), "a round not over has a legal action");
        let a = random_action(&actions, rng);
        m.play(a).expect("listed action is legal");
        steps += 1;
        assert!(steps < 1000, "a round must end");
    }
}

fn rules_with(f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = Preset::Advanced.rules();
    f(&mut r);
    r
}
