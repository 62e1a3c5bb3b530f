//! One test (at least) per rule id of RULES.md: R1–R22, E1–E4 (E3 steps 1–4),
//! S1–S8, I1–I10, the worked examples X1–X6 of §10, and the preset table of §8.
//! Each test is named after the rule it checks.

mod common;

use std::collections::HashSet;

use common::{hand, Pos};
use engarde::*;
use rand::{Rng, SeedableRng};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

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
    let p = round.public().position;
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
                let n = if rules.level == Level::Basic { 1 } else { 3 };
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
        let a = actions[rng.random_range(0..actions.len())];
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

// ---------------------------------------------------------------------------
// §8 Presets
// ---------------------------------------------------------------------------

#[test]
fn presets_have_exactly_the_options_of_the_section_8_table() {
    let b = Preset::Basic.rules();
    assert_eq!(b.level, Level::Basic);
    assert!(b.final_strike);
    assert!(!b.final_count);
    assert_eq!(b.starter, StarterRule::Alternate);
    assert!(!b.special_cards);

    let s = Preset::Standard.rules();
    assert_eq!(s.level, Level::Standard);
    assert!(s.final_count);
    assert_eq!(s.starter, StarterRule::Alternate);
    assert!(!s.special_cards);

    let a = Preset::Advanced.rules();
    assert_eq!(a.level, Level::Advanced);
    assert!(a.final_count);
    assert!(!a.count_after_retreat);
    assert_eq!(a.starter, StarterRule::Alternate);
    assert!(!a.special_cards);

    let d = Preset::Duel.rules();
    assert_eq!(d.level, Level::Standard);
    assert!(!d.final_count);
    assert_eq!(d.starter, StarterRule::Loser);
    assert!(d.special_cards);

    // The default is `advanced`; every preset plays to 5 points (R6).
    assert_eq!(Rules::default(), a);
    for p in Preset::ALL {
        assert_eq!(p.rules().points_to_win, 5, "{p:?}");
        assert_eq!(p.rules().preset(), Some(p));
        assert_eq!(Preset::from_name(p.name()), Some(p));
        assert!(p.rules().validate().is_ok());
    }
    // Ferti's reading (count even after a retreat) is advanced plus one option.
    let ferti = rules_with(|r| r.count_after_retreat = true);
    assert_eq!(ferti.preset(), None);
}

// ---------------------------------------------------------------------------
// §1 Material
// ---------------------------------------------------------------------------

#[test]
fn r1_piste_has_23_squares_centre_12() {
    assert_eq!((FIRST_SQUARE, CENTRE_SQUARE, LAST_SQUARE), (1, 12, 23));
    // Squares outside 1–23 are refused.
    let mut off = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    off.position = BySide::new(0, 23);
    assert!(Round::set_up(&off).is_err());
    off.position = BySide::new(1, 24);
    assert!(Round::set_up(&off).is_err());
    // The ends of the piste: White on 1 and Black on 23 cannot go back.
    let mut r = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    assert!(!legal(&r).iter().any(|a| matches!(a, Action::Retreat(_))));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::RetreatOffPiste {
            side: Side::White,
            card: c(1)
        }
    );
    let mut r = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .starter(Side::Black)
        .round();
    assert!(!legal(&r).iter().any(|a| matches!(a, Action::Retreat(_))));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::RetreatOffPiste {
            side: Side::Black,
            card: c(1)
        }
    );
    // From the far end of the piste the whole length can be retreated: Black on 18
    // may go back 5 to square 23, not further.
    let mut r = full(Preset::Advanced, 1, 18, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .starter(Side::Black)
        .round();
    play(&mut r, ret(5));
    assert_eq!(pos(&r), (1, 23));
}

#[test]
fn r2_twenty_five_cards_five_of_each_value() {
    assert_eq!(Card::new(0), None);
    assert_eq!(Card::new(6), None);
    assert_eq!(Card::ALL.map(Card::value), [1, 2, 3, 4, 5]);
    assert_eq!(Hand::FULL_DECK.len(), 25);
    for card in Card::ALL {
        assert_eq!(Hand::FULL_DECK.count(card), 5);
    }
    // A deal uses exactly the 25 cards.
    for seed in 0..10 {
        let r = Round::deal(
            Preset::Advanced.rules(),
            None,
            score(0, 0),
            Side::White,
            &mut rng(seed),
        );
        let all = r
            .hand(Side::White)
            .plus(r.hand(Side::Black))
            .plus(r.pile().contents());
        assert_eq!(all, Hand::FULL_DECK);
    }
    // A set-up with a sixth 5 (or a missing card) is refused.
    let good = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    assert!(Round::set_up(&good).is_ok());
    let mut six = good.clone();
    six.discard.add(c(5), 1);
    assert!(Round::set_up(&six).is_err());
    let mut short = good.clone();
    short.deck.pop();
    assert!(Round::set_up(&short).is_err());
}

#[test]
fn r3_white_starts_on_1_black_on_23() {
    for seed in 0..5 {
        for starter in Side::BOTH {
            let r = Round::deal(
                Preset::Advanced.rules(),
                None,
                score(0, 0),
                starter,
                &mut rng(seed),
            );
            assert_eq!(pos(&r), (1, 23));
            assert_eq!(r.distance(), 22);
            assert_eq!(r.to_act(), starter);
        }
    }
    // Every round of a match starts there again.
    let mut g = rng(3);
    let mut m = Match::new(Preset::Advanced.rules(), Side::White, &mut g).unwrap();
    for _ in 0..3 {
        assert_eq!(pos(m.round()), (1, 23));
        play_out(&mut m, &mut g);
        if m.is_over() {
            break;
        }
        m.start_next_round(&mut g).unwrap();
    }
}

#[test]
fn r4_score_track_from_zero_to_points_to_win() {
    let m = Match::new(Preset::Advanced.rules(), Side::White, &mut rng(1)).unwrap();
    assert_eq!(m.score(), score(0, 0));
    assert_eq!(m.rules().points_to_win, 5);
    for points in 1..=9 {
        assert!(rules_with(|r| r.points_to_win = points).validate().is_ok());
    }
    assert!(rules_with(|r| r.points_to_win = 0).validate().is_err());
    assert!(rules_with(|r| r.points_to_win = 10).validate().is_err());
    assert!(Match::new(
        rules_with(|r| r.points_to_win = 0),
        Side::White,
        &mut rng(1)
    )
    .is_err());
    // A round cannot start with a score already at the target.
    let mut s = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    s.score = score(4, 4);
    assert!(Round::set_up(&s).is_ok());
    s.score = score(5, 0);
    assert!(Round::set_up(&s).is_err());
}

#[test]
fn r5_duel_edition_has_eight_special_cards() {
    assert_eq!(Special::STACK.len(), 8);
    // Only with special cards does a round carry one.
    let m = Match::new(Preset::Duel.rules(), Side::White, &mut rng(2)).unwrap();
    let turned = m.turned_specials();
    assert_eq!(turned.len(), 1);
    assert!(Special::STACK.contains(&turned[0]));
    let m = Match::new(Preset::Advanced.rules(), Side::White, &mut rng(2)).unwrap();
    assert!(m.turned_specials().is_empty());
    assert_eq!(m.round().public().special, None);
    // A set-up needs its special card exactly when special cards are on.
    let p = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]);
    let mut s = p.setup();
    s.special = Some(Special::Plain);
    assert!(Round::set_up(&s).is_err());
    let mut s = p.setup();
    s.rules.special_cards = true;
    assert!(Round::set_up(&s).is_err());
}

// ---------------------------------------------------------------------------
// §2 Match
// ---------------------------------------------------------------------------

#[test]
fn r6_winner_scores_one_first_to_points_wins_draw_scores_nothing() {
    let rules = Preset::Advanced.rules();
    // Round 1: White starts and wins.
    let mut m = first_round(rules, None, false, Side::White, Outcome::StarterWins);
    assert_eq!(m.score(), score(1, 0));
    assert!(!m.is_over());
    // A drawn round scores nothing.
    next_round(&mut m, None, false, Side::Black, Outcome::Draw);
    assert_eq!(m.round().result().unwrap().winner, None);
    assert_eq!(m.score(), score(1, 0));
    // White wins three more: 4–0, not over yet.
    next_round(&mut m, None, false, Side::White, Outcome::StarterWins);
    next_round(&mut m, None, false, Side::Black, Outcome::StarterLoses);
    next_round(&mut m, None, false, Side::White, Outcome::StarterWins);
    assert_eq!(m.score(), score(4, 0));
    assert!(!m.is_over());
    assert_eq!(m.winner(), None);
    // The fifth point wins the match.
    next_round(&mut m, None, false, Side::Black, Outcome::StarterLoses);
    assert_eq!(m.score(), score(5, 0));
    assert!(m.is_over());
    assert_eq!(m.winner(), Some(Side::White));

    // Option: points to win. With 2, the second point ends the match.
    let rules = rules_with(|r| r.points_to_win = 2);
    let mut m = first_round(rules, None, false, Side::White, Outcome::StarterLoses);
    assert_eq!(m.score(), score(0, 1));
    assert!(!m.is_over());
    next_round(&mut m, None, false, Side::Black, Outcome::StarterWins);
    assert_eq!(m.score(), score(0, 2));
    assert_eq!(m.winner(), Some(Side::Black));
    // With 1, a single round is the match.
    let m = first_round(
        rules_with(|r| r.points_to_win = 1),
        None,
        false,
        Side::White,
        Outcome::StarterWins,
    );
    assert_eq!(m.winner(), Some(Side::White));
}

#[test]
fn r7_round_one_white_then_alternate_or_loser() {
    // Round 1: White (the app may also choose).
    for rules in [Preset::Advanced.rules(), Preset::Duel.rules()] {
        let m = Match::new(rules, Side::White, &mut rng(4)).unwrap();
        assert_eq!(m.round().public().starter, Side::White);
        let m = Match::new(rules, Side::Black, &mut rng(4)).unwrap();
        assert_eq!(m.round().public().starter, Side::Black);
    }

    // starter = alternate: whatever the results.
    let rules = Preset::Advanced.rules();
    let mut m = first_round(rules, None, false, Side::White, Outcome::StarterWins);
    assert_eq!(m.next_starter(), Side::Black);
    // The wrong starter is refused.
    let (bad, _) = scenario(rules, None, Side::White, m.score(), Outcome::StarterWins);
    assert_eq!(
        m.start_round(&bad),
        Err(MatchError::WrongStarter {
            expected: Side::Black,
            given: Side::White
        })
    );
    next_round(&mut m, None, false, Side::Black, Outcome::StarterWins);
    assert_eq!(m.next_starter(), Side::White);
    next_round(&mut m, None, false, Side::White, Outcome::StarterLoses);
    assert_eq!(m.next_starter(), Side::Black);
    next_round(&mut m, None, false, Side::Black, Outcome::Draw);
    assert_eq!(m.next_starter(), Side::White);

    // starter = loser: the loser of the previous round starts.
    let rules = rules_with(|r| r.starter = StarterRule::Loser);
    let mut m = first_round(rules, None, false, Side::White, Outcome::StarterWins);
    assert_eq!(m.next_starter(), Side::Black); // Black lost
    next_round(&mut m, None, false, Side::Black, Outcome::StarterLoses);
    assert_eq!(m.next_starter(), Side::Black); // Black lost again
    let (bad, _) = scenario(rules, None, Side::White, m.score(), Outcome::StarterWins);
    assert!(matches!(
        m.start_round(&bad),
        Err(MatchError::WrongStarter {
            expected: Side::Black,
            given: Side::White
        })
    ));
    next_round(&mut m, None, false, Side::Black, Outcome::StarterWins);
    assert_eq!(m.next_starter(), Side::White); // White lost

    // Dealt rounds follow the same rule.
    for (rules, seed) in [
        (Preset::Advanced.rules(), 10),
        (rules_with(|r| r.starter = StarterRule::Loser), 11),
    ] {
        let mut g = rng(seed);
        let mut m = Match::new(rules, Side::White, &mut g).unwrap();
        let mut rounds = 0;
        while !m.is_over() {
            play_out(&mut m, &mut g);
            let prev = *m.round().public();
            let result = m.round().result().unwrap();
            if m.is_over() {
                break;
            }
            m.start_next_round(&mut g).unwrap();
            let expected = match (rules.starter, result.winner) {
                (StarterRule::Loser, Some(w)) => w.opponent(),
                _ => prev.starter.opponent(),
            };
            assert_eq!(m.round().public().starter, expected);
            assert_eq!(m.round().to_act(), expected);
            rounds += 1;
        }
        assert!(rounds >= 4);
    }
}

// ---------------------------------------------------------------------------
// §3 Round set-up
// ---------------------------------------------------------------------------

#[test]
fn r8_deal_five_each_rest_is_draw_pile() {
    let mut hands = HashSet::new();
    for seed in 0..8 {
        let r = Round::deal(
            Preset::Advanced.rules(),
            None,
            score(0, 0),
            Side::White,
            &mut rng(seed),
        );
        assert_eq!(r.hand(Side::White).len(), 5);
        assert_eq!(r.hand(Side::Black).len(), 5);
        assert_eq!(r.pile().len(), 15);
        assert!(r.aside().is_empty());
        assert_eq!(r.public().played, Hand::EMPTY);
        assert_eq!(pos(&r), (1, 23));
        hands.insert((r.hand(Side::White), r.pile().cards().collect::<Vec<_>>()));
    }
    // Shuffled: different seeds give different deals.
    assert!(hands.len() > 1);
    // 3 or 10 under the special cards.
    let r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::ThreeCards),
        score(0, 0),
        Side::White,
        &mut rng(1),
    );
    assert_eq!(
        (r.hand(Side::White).len(), r.hand(Side::Black).len()),
        (3, 3)
    );
    assert_eq!(r.pile().len(), 19);
    let r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::TenCards),
        score(0, 0),
        Side::White,
        &mut rng(1),
    );
    assert_eq!(
        (r.hand(Side::White).len(), r.hand(Side::Black).len()),
        (10, 10)
    );
    assert_eq!(r.pile().len(), 0);
    assert_eq!(r.aside().len(), 5);
    // A set-up with a hand of the wrong size is refused.
    let bad = Pos::new(
        Preset::Advanced,
        1,
        23,
        &[1, 2, 3, 4],
        &[1, 2, 3, 4, 5],
        &rest(&[&[1, 2, 3, 4], &[1, 2, 3, 4, 5]]),
    )
    .setup();
    assert!(Round::set_up(&bad).is_err());
}

#[test]
fn r9_public_information_squares_score_pile_hand_sizes_played_cards() {
    let mut s = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    s.score = score(2, 3);
    let mut r = Round::set_up(&s).unwrap();
    play(&mut r, adv(3));
    play(&mut r, adv(4));
    let o = r.observation(Side::Black);
    assert_eq!(o.side, Side::Black);
    assert_eq!((o.public.position.white, o.public.position.black), (4, 19));
    assert_eq!(o.public.score, score(2, 3));
    assert_eq!(o.pile_len, 13);
    assert_eq!(o.opponent_hand_len, 5);
    assert_eq!(o.hand, r.hand(Side::Black));
    assert_eq!(o.hand.len(), 5);
    // Every card played, face up.
    assert_eq!(o.public.played, hand(&[3, 4]));
    assert_eq!(r.observation(Side::White).public.played, hand(&[3, 4]));
    // Unseen: all but the played cards and the own hand.
    assert_eq!(
        o.unseen(),
        Hand::FULL_DECK
            .minus(hand(&[3, 4]))
            .unwrap()
            .minus(r.hand(Side::Black))
            .unwrap()
    );
    // Parried cards are played too.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    play(&mut r, Action::Parry);
    assert_eq!(
        r.observation(Side::White).public.played,
        hand(&[4, 4, 4, 4])
    );
}

#[test]
fn r10_opponent_hand_and_pile_order_are_hidden() {
    let w: &[u8] = &[1, 2, 3, 4, 5];
    let b1: &[u8] = &[1, 1, 2, 2, 3];
    let b2: &[u8] = &[1, 1, 2, 2, 4];
    let deck1 = rest(&[w, b1]);
    let mut deck2 = rest(&[w, b2]);
    deck2.reverse();
    let r1 = Pos::new(Preset::Advanced, 3, 20, w, b1, &deck1).round();
    let r2 = Pos::new(Preset::Advanced, 3, 20, w, b2, &deck2).round();
    assert_ne!(r1, r2);
    // White cannot tell the two rounds apart.
    let o1 = r1.observation(Side::White);
    let o2 = r2.observation(Side::White);
    assert_eq!(o1, o2);
    assert_eq!(o1.opponent_hand, None);
    assert_eq!(o1.opponent_hand_len, 5);
    assert_eq!(o1.pile_len, 15);
    // Black sees its own hand, but not White's.
    assert_eq!(r1.observation(Side::Black).hand, hand(b1));
    assert_eq!(r1.observation(Side::Black).opponent_hand, None);
}

// ---------------------------------------------------------------------------
// §4 Terms
// ---------------------------------------------------------------------------

#[test]
fn r11_distance_is_black_minus_white_and_forward_is_towards_opponent() {
    let mut r = full(Preset::Advanced, 4, 15, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    assert_eq!(r.distance(), 11);
    assert_eq!(r.public().distance(), 11);
    play(&mut r, adv(2)); // White forward: up the piste
    assert_eq!(pos(&r), (6, 15));
    assert_eq!(r.distance(), 9);
    play(&mut r, adv(3)); // Black forward: down the piste
    assert_eq!(pos(&r), (6, 12));
    assert_eq!(r.distance(), 6);
    // Fencers side by side (d = 1) is the closest possible; crossed is refused.
    let mut s = full(Preset::Advanced, 4, 15, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    s.position = BySide::new(11, 12);
    assert_eq!(Round::set_up(&s).unwrap().distance(), 1);
    s.position = BySide::new(12, 12);
    assert!(Round::set_up(&s).is_err());
    s.position = BySide::new(13, 12);
    assert!(Round::set_up(&s).is_err());
}

/// R12's geometry lives in one place, the engine's: where a move lands, the
/// room to retreat (none under No retreat, S8), and how far a fencer advanced.
#[test]
fn r12_landing_squares_and_the_room_to_retreat_come_from_the_engine() {
    let r = full(Preset::Advanced, 3, 20, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    let p = r.public();
    assert_eq!(p.square_after(Side::White, c(4), true), Some(7));
    assert_eq!(p.square_after(Side::White, c(2), false), Some(1));
    assert_eq!(
        p.square_after(Side::White, c(3), false),
        None,
        "off the piste"
    );
    assert_eq!(p.square_after(Side::Black, c(4), true), Some(16));
    assert_eq!(p.square_after(Side::Black, c(3), false), Some(23));
    assert_eq!(p.square_after(Side::Black, c(4), false), None);
    assert_eq!(p.landing(adv(5)), Some(8));
    assert_eq!(p.landing(ret(2)), Some(1));
    assert_eq!(
        p.landing(Action::Lunge {
            advance: c(2),
            card: c(5),
            count: 1
        }),
        Some(5)
    );
    assert_eq!(p.landing(att(5, 1)), None);
    assert_eq!(
        (
            p.room_to_retreat(Side::White),
            p.room_to_retreat(Side::Black)
        ),
        (2, 3)
    );
    assert_eq!(
        (p.advance_of(Side::White), p.advance_of(Side::Black)),
        (2, 3)
    );
    assert_eq!(squares_behind(Side::Black, 12), 11);
    // Every legal move lands where the engine then puts the fencer.
    for a in legal(&r) {
        if let Some(square) = p.landing(a) {
            let mut after = r;
            play(&mut after, a);
            assert_eq!(after.public().position[Side::White], square, "{a:?}");
        }
    }
    let no_retreat = full(Preset::Duel, 3, 20, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .special(Special::NoRetreat)
        .round();
    assert_eq!(no_retreat.public().room_to_retreat(Side::White), 0);
    assert_eq!(no_retreat.public().advance_of(Side::White), 2);
}

#[test]
fn r12_advance_may_not_pass_or_land_on_opponent_retreat_stays_on_piste() {
    // White 3, Black 7: distance 4, White has 2 squares behind.
    let mut r = full(Preset::Advanced, 3, 7, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    let moves: HashSet<Action> = legal(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Advance(_) | Action::Retreat(_)))
        .collect();
    assert_eq!(moves, set([adv(1), adv(2), adv(3), ret(1), ret(2)]));
    assert_eq!(
        refuse(&mut r, adv(4)),
        IllegalAction::AdvancePastOpponent {
            side: Side::White,
            card: c(4),
            lands_on: true
        }
    );
    assert_eq!(
        refuse(&mut r, adv(5)),
        IllegalAction::AdvancePastOpponent {
            side: Side::White,
            card: c(5),
            lands_on: false
        }
    );
    assert_eq!(
        refuse(&mut r, ret(3)),
        IllegalAction::RetreatOffPiste {
            side: Side::White,
            card: c(3)
        }
    );
    // White 3 − 2 = 1 is still on the piste.
    let mut back = r;
    play(&mut back, ret(2));
    assert_eq!(pos(&back), (1, 7));
    // 3 + 3 = 6 < 7: legal.
    play(&mut r, adv(3));
    assert_eq!(pos(&r), (6, 7));
    // Black at distance 1: no advance at all; retreats up to square 23.
    let moves: HashSet<Action> = legal(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Advance(_) | Action::Retreat(_)))
        .collect();
    assert_eq!(moves, set([ret(1), ret(2), ret(3), ret(4), ret(5)]));
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::AdvancePastOpponent {
            side: Side::Black,
            card: c(1),
            lands_on: true
        }
    );
    assert_eq!(
        refuse(&mut r, adv(2)),
        IllegalAction::AdvancePastOpponent {
            side: Side::Black,
            card: c(2),
            lands_on: false
        }
    );
    // Black on 21: retreat 2 reaches 23, retreat 3 would leave the piste.
    let mut r = full(Preset::Advanced, 3, 21, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .starter(Side::Black)
        .round();
    assert_eq!(
        refuse(&mut r, ret(3)),
        IllegalAction::RetreatOffPiste {
            side: Side::Black,
            card: c(3)
        }
    );
    play(&mut r, ret(2));
    assert_eq!(pos(&r), (3, 23));
    // A move needs the card.
    let mut r = full(Preset::Advanced, 3, 21, &[1, 1, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    assert_eq!(
        refuse(&mut r, adv(2)),
        IllegalAction::MissingCards {
            side: Side::White,
            card: c(2),
            needed: 1,
            held: 0
        }
    );
}

#[test]
fn r13_attack_cards_equal_distance_and_attacker_does_not_move() {
    // White 5, Black 8: distance 3.
    let mut r = full(Preset::Standard, 5, 8, &[3, 3, 1, 2, 4], &[3, 3, 1, 2, 5]).round();
    assert_eq!(
        refuse(&mut r, att(4, 1)),
        IllegalAction::WrongDistance {
            side: Side::White,
            card: c(4),
            distance: 3
        }
    );
    assert_eq!(
        refuse(&mut r, att(3, 0)),
        IllegalAction::NoAttackCards { side: Side::White }
    );
    assert_eq!(
        refuse(&mut r, att(3, 3)),
        IllegalAction::MissingCards {
            side: Side::White,
            card: c(3),
            needed: 3,
            held: 2
        }
    );
    let attacks: HashSet<Action> = legal(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    assert_eq!(attacks, set([att(3, 1), att(3, 2)]));
    play(&mut r, att(3, 2));
    assert_eq!(pos(&r), (5, 8), "attacking never moves the attacker");
    assert_eq!(r.public().pending, Some(pending(AttackKind::Attack, 3, 2)));
    assert_eq!(r.phase(), Phase::Answer);
    assert_eq!(r.to_act(), Side::Black);
}

#[test]
fn r14_refill_to_hand_size_at_end_of_turn_from_top_of_pile() {
    let w: &[u8] = &[1, 2, 3, 4, 5];
    let b: &[u8] = &[1, 2, 3, 4, 5];
    let deck: &[u8] = &[5, 4, 3, 2, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5];
    let mut r = Pos::new(Preset::Advanced, 1, 23, w, b, deck).round();
    play(&mut r, adv(2));
    assert_eq!(
        r.hand(Side::White),
        hand(&[1, 3, 4, 5, 5]),
        "drew the top card, a 5"
    );
    assert_eq!(r.pile().len(), 14);
    play(&mut r, adv(3));
    assert_eq!(
        r.hand(Side::Black),
        hand(&[1, 2, 4, 4, 5]),
        "drew the next card, a 4"
    );
    assert_eq!(r.pile().len(), 13);
    // After an attack of two cards, two are drawn.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    assert_eq!(r.hand(Side::White).len(), 5);
    assert_eq!(r.pile().len(), 13);
    // Never right after a parry (see R18): Black holds 3.
    play(&mut r, Action::Parry);
    assert_eq!(r.hand(Side::Black).len(), 3);
    assert_eq!(r.pile().len(), 13);
    // After a lunge (two cards) the lunger draws two.
    let mut r = full(Preset::Advanced, 1, 6, &[1, 2, 3, 3, 4], &[5, 5, 1, 2, 4]).round();
    play(&mut r, lunge(2, 3, 1));
    assert_eq!(r.hand(Side::White).len(), 5);
    assert_eq!(r.pile().len(), 13);
}

// ---------------------------------------------------------------------------
// §5 Turns
// ---------------------------------------------------------------------------

#[test]
fn r15_basic_one_card_per_turn_hit_wins_at_once_without_parry_or_refill() {
    // White 5, Black 8: distance 3. White holds two 3s, but a hit is one card.
    let mut r = full(Preset::Basic, 5, 8, &[3, 3, 1, 2, 4], &[3, 1, 2, 5, 5]).round();
    assert_eq!(
        legal(&r),
        set([adv(1), adv(2), ret(1), ret(2), ret(3), ret(4), att(3, 1)])
    );
    assert_eq!(
        refuse(&mut r, att(3, 2)),
        IllegalAction::BasicAttackCount {
            side: Side::White,
            count: 2
        }
    );
    assert_eq!(
        refuse(&mut r, lunge(1, 2, 1)),
        IllegalAction::NoLunge {
            side: Side::White,
            level: Level::Basic
        }
    );
    // A move is followed by a refill.
    let mut moved = r;
    play(&mut moved, adv(1));
    assert_eq!(moved.hand(Side::White).len(), 5);
    assert_eq!(moved.pile().len(), 14);
    assert_eq!(moved.to_act(), Side::Black);
    assert_eq!(moved.phase(), Phase::Turn);
    // The hit: Black holds a 3 but there is no parry at Basic level.
    let pile = r.pile().len();
    play(&mut r, att(3, 1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    assert_eq!(r.hand(Side::White).len(), 4, "no refill after the hit");
    assert_eq!(r.pile().len(), pile);
}

#[test]
fn r16_standard_move_or_direct_attack_then_refill() {
    // White 5, Black 8: distance 3.
    let mut r = full(Preset::Standard, 5, 8, &[3, 3, 1, 2, 4], &[3, 3, 1, 2, 5]).round();
    assert_eq!(
        legal(&r),
        set([
            adv(1),
            adv(2),
            ret(1),
            ret(2),
            ret(3),
            ret(4),
            att(3, 1),
            att(3, 2)
        ])
    );
    assert_eq!(
        refuse(&mut r, lunge(1, 2, 1)),
        IllegalAction::NoLunge {
            side: Side::White,
            level: Level::Standard
        }
    );
    play(&mut r, att(3, 2));
    assert_eq!(r.hand(Side::White).len(), 5);
    assert_eq!(r.pile().len(), 13);
    assert_eq!(r.phase(), Phase::Answer);
    assert_eq!(r.to_act(), Side::Black);
    assert_eq!(r.public().pending, Some(pending(AttackKind::Attack, 3, 2)));
}

#[test]
fn r17_parry_needs_n_cards_of_value_v() {
    // Two 4s parried by two 4s.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    assert_eq!(legal(&r), set([Action::Parry]));
    play(&mut r, Action::Parry);
    assert_eq!(r.hand(Side::Black), hand(&[1, 2, 5]));
    assert!(!r.is_over());
    // Only one 4: hit at once.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 3, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    // Three equal cards can never be parried (only two are left).
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 4, 1, 2], &[4, 4, 1, 2, 3]).round();
    play(&mut r, att(4, 3));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    // A parry with too few cards is refused (Black may still retreat from a lunge).
    // White 3, Black 9: lunge 1 then two 5s; Black holds one 5.
    let mut r = full(Preset::Advanced, 3, 9, &[1, 5, 5, 2, 3], &[5, 1, 2, 3, 4]).round();
    play(&mut r, lunge(1, 5, 2));
    let p = pending(AttackKind::Lunge, 5, 2);
    assert_eq!(
        refuse(&mut r, Action::Parry),
        IllegalAction::CannotParry {
            side: Side::Black,
            pending: p,
            held: 1
        }
    );
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::MustAnswer {
            side: Side::Black,
            pending: p
        }
    );
}

#[test]
fn r18_after_parry_no_refill_and_defender_must_take_turn() {
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    let pile = r.pile().len();
    play(&mut r, Action::Parry);
    assert_eq!(r.phase(), Phase::Turn);
    assert_eq!(r.to_act(), Side::Black);
    assert_eq!(r.public().pending, None);
    assert_eq!(r.hand(Side::Black).len(), 3, "no refill after the parry");
    assert_eq!(r.pile().len(), pile);
    // Black's own turn with the cards left (no 4s left: moves only).
    assert_eq!(legal(&r), set([adv(1), adv(2), ret(1), ret(2), ret(5)]));
    assert_eq!(
        refuse(&mut r, Action::Parry),
        IllegalAction::NothingToParry { side: Side::Black }
    );
    // The refill comes at the end of that turn: three cards.
    play(&mut r, adv(1));
    assert_eq!(pos(&r), (5, 8));
    assert_eq!(r.hand(Side::Black).len(), 5);
    assert_eq!(r.pile().len(), pile - 3);
    assert_eq!(r.to_act(), Side::White);
    // Same under Advanced rules (R18 via R20).
    let mut r = full(Preset::Advanced, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    play(&mut r, Action::Parry);
    assert_eq!((r.phase(), r.to_act()), (Phase::Turn, Side::Black));
    assert_eq!(r.hand(Side::Black).len(), 3);
}

#[test]
fn r19_advanced_keeps_everything_of_standard() {
    // Same position as R16: the standard actions are all there, plus lunges.
    let mut r = full(Preset::Advanced, 5, 8, &[3, 3, 1, 2, 4], &[3, 3, 1, 2, 5]).round();
    let l = legal(&r);
    for a in [
        adv(1),
        adv(2),
        ret(1),
        ret(2),
        ret(3),
        ret(4),
        att(3, 1),
        att(3, 2),
    ] {
        assert!(l.contains(&a), "{a:?}");
    }
    // Lunges: advance 1 then 2s (one held), advance 2 then 1s (one held).
    assert_eq!(l.len(), 10, "8 standard actions plus 2 lunges, got {l:?}");
    assert!(l.contains(&lunge(1, 2, 1)));
    assert!(l.contains(&lunge(2, 1, 1)));
    // Direct attack and parry work as in Standard.
    play(&mut r, att(3, 2));
    assert_eq!(legal(&r), set([Action::Parry]));
    play(&mut r, Action::Parry);
    assert_eq!((r.phase(), r.to_act()), (Phase::Turn, Side::Black));
}

#[test]
fn r20_lunge_is_a_legal_advance_then_attack_at_the_new_distance() {
    // White 1, Black 6: distance 5.
    let w: &[u8] = &[1, 2, 3, 3, 4];
    let b: &[u8] = &[5, 5, 1, 2, 4];
    let mut r = full(Preset::Advanced, 1, 6, w, b).round();
    let lunges: HashSet<Action> = legal(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Lunge { .. }))
        .collect();
    assert_eq!(
        lunges,
        set([
            lunge(1, 4, 1),
            lunge(2, 3, 1),
            lunge(2, 3, 2),
            lunge(3, 2, 1),
            lunge(4, 1, 1)
        ])
    );
    // The attack must equal the new distance.
    assert_eq!(
        refuse(&mut r, lunge(2, 2, 1)),
        IllegalAction::WrongDistance {
            side: Side::White,
            card: c(2),
            distance: 3
        }
    );
    assert_eq!(
        refuse(&mut r, lunge(3, 2, 2)),
        IllegalAction::MissingCards {
            side: Side::White,
            card: c(2),
            needed: 2,
            held: 1
        }
    );
    assert_eq!(
        refuse(&mut r, lunge(1, 4, 0)),
        IllegalAction::NoAttackCards { side: Side::White }
    );
    play(&mut r, lunge(2, 3, 2));
    assert_eq!(pos(&r), (3, 6), "the lunger moved 2");
    assert_eq!(r.public().pending, Some(pending(AttackKind::Lunge, 3, 2)));
    assert_eq!(r.hand(Side::White).len(), 5, "refill after the lunge");
    assert_eq!(r.pile().len(), 12);
    assert_eq!((r.phase(), r.to_act()), (Phase::Answer, Side::Black));
    assert_eq!(r.public().played, hand(&[2, 3, 3]));

    // The advance must be legal; a lunge using the same value twice needs both cards.
    // White 1, Black 5: distance 4.
    let mut r = full(Preset::Advanced, 1, 5, &[2, 4, 1, 1, 3], &[5, 5, 1, 2, 4]).round();
    assert_eq!(
        refuse(&mut r, lunge(4, 1, 1)),
        IllegalAction::AdvancePastOpponent {
            side: Side::White,
            card: c(4),
            lands_on: true
        }
    );
    assert_eq!(
        refuse(&mut r, lunge(2, 2, 1)),
        IllegalAction::MissingCards {
            side: Side::White,
            card: c(2),
            needed: 2,
            held: 1
        }
    );
    let mut r = full(Preset::Advanced, 1, 5, &[2, 2, 1, 1, 3], &[5, 5, 1, 2, 4]).round();
    play(&mut r, lunge(2, 2, 1));
    assert_eq!(pos(&r), (3, 5));
    assert_eq!(r.public().pending, Some(pending(AttackKind::Lunge, 2, 1)));
}

#[test]
fn r21_lunge_may_be_escaped_by_retreat_even_if_parry_possible() {
    // White 3, Black 9: lunge 1 then two 5s; Black can parry and can retreat.
    let mut r = full(Preset::Advanced, 3, 9, &[1, 5, 5, 2, 3], &[5, 5, 1, 2, 3]).round();
    play(&mut r, lunge(1, 5, 2));
    assert_eq!(pos(&r), (4, 9));
    assert_eq!(
        legal(&r),
        set([Action::Parry, ret(1), ret(2), ret(3), ret(5)])
    );
    let pile = r.pile().len();
    play(&mut r, ret(2));
    // The retreat is Black's whole turn: refill, then White's turn again.
    assert_eq!(pos(&r), (4, 11));
    assert_eq!(r.public().pending, None);
    assert_eq!(r.hand(Side::Black).len(), 5);
    assert_eq!(r.pile().len(), pile - 1);
    assert_eq!((r.phase(), r.to_act()), (Phase::Turn, Side::White));
    assert!(!r.is_over());
    // A retreat from a lunge must stay on the piste.
    let mut r = full(Preset::Advanced, 13, 20, &[1, 5, 5, 2, 3], &[4, 4, 4, 3, 1]).round();
    play(&mut r, lunge(2, 5, 1));
    assert_eq!(legal(&r), set([ret(1), ret(3)]));
    assert_eq!(
        refuse(&mut r, ret(4)),
        IllegalAction::RetreatOffPiste {
            side: Side::Black,
            card: c(4)
        }
    );
    // Neither parry nor retreat: hit. Black on 23 holds one 5 only.
    let mut r = full(Preset::Advanced, 17, 23, &[1, 5, 5, 2, 3], &[1, 2, 3, 4, 5]).round();
    play(&mut r, lunge(1, 5, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
}

#[test]
fn r22_direct_attack_cannot_be_escaped_by_retreat() {
    // White 5, Black 9: direct attack with one 4.
    let mut r = full(Preset::Advanced, 5, 9, &[4, 1, 2, 3, 5], &[4, 1, 2, 3, 5]).round();
    play(&mut r, att(4, 1));
    assert_eq!(legal(&r), set([Action::Parry]));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::RetreatFromAttack { side: Side::Black }
    );
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::MustAnswer {
            side: Side::Black,
            pending: pending(AttackKind::Attack, 4, 1)
        }
    );
    // Without a 4, Black is hit although it has room to retreat.
    let mut r = full(Preset::Advanced, 5, 9, &[4, 1, 2, 3, 5], &[1, 1, 2, 3, 5]).round();
    play(&mut r, att(4, 1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
}

// ---------------------------------------------------------------------------
// §6 End of a round
// ---------------------------------------------------------------------------

#[test]
fn e1_unparried_attack_is_a_hit_for_the_attacker() {
    // Direct attack (Standard), Black attacking White.
    let mut r = full(Preset::Standard, 5, 8, &[1, 1, 2, 2, 4], &[3, 3, 1, 2, 5])
        .starter(Side::Black)
        .round();
    play(&mut r, att(3, 1));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Hit));
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::RoundOver,
        "nothing after the hit"
    );
    // A lunge neither parried nor escaped (Black on 23, no 5s).
    let mut r = full(Preset::Advanced, 17, 23, &[1, 5, 5, 2, 3], &[1, 2, 3, 4, 4]).round();
    play(&mut r, lunge(1, 5, 1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    // A lunge that can be escaped is no hit.
    let mut r = full(Preset::Advanced, 16, 22, &[1, 5, 5, 2, 3], &[1, 2, 3, 4, 4]).round();
    play(&mut r, lunge(1, 5, 1));
    assert!(!r.is_over());
    assert_eq!(legal(&r), set([ret(1)]));
}

#[test]
fn e2_player_with_no_legal_action_loses() {
    // At the start of a turn: White on 1, Black on 2, White holds no 1.
    let mut r = full(Preset::Advanced, 1, 2, &[2, 2, 3, 3, 4], &[2, 3, 4, 4, 5]).round();
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::NoLegalAction));
    assert_eq!(refuse(&mut r, adv(2)), IllegalAction::RoundOver);
    // Same position with a 1: White can attack, the round goes on.
    let r = full(Preset::Advanced, 1, 2, &[1, 2, 3, 3, 4], &[2, 3, 4, 4, 5]).round();
    assert!(!r.is_over());
    assert_eq!(legal(&r), set([att(1, 1)]));
    // Black on 23 at distance 2 with only 3s–5s, at every level.
    for preset in [Preset::Basic, Preset::Standard, Preset::Advanced] {
        let r = full(preset, 21, 23, &[1, 1, 2, 4, 5], &[3, 3, 4, 4, 5])
            .starter(Side::Black)
            .round();
        assert_eq!(
            outcome(&r),
            (Some(Side::White), Reason::NoLegalAction),
            "{preset:?}"
        );
    }
}

#[test]
fn e3_step1_final_attack_is_answered_then_round_ends() {
    // White 14, Black 18: distance 4. The deck holds one card.
    let w: &[u8] = &[4, 4, 1, 1, 2];
    let b: &[u8] = &[4, 4, 4, 5, 5];
    let mut r = Pos::new(Preset::Advanced, 14, 18, w, b, &[1]).round();
    play(&mut r, att(4, 2));
    assert!(r.pile().is_empty());
    assert!(r.public().final_answer);
    assert_eq!((r.phase(), r.to_act()), (Phase::Answer, Side::Black));
    assert_eq!(legal(&r), set([Action::Parry]));
    play(&mut r, Action::Parry);
    // No own turn follows the parry: the card count decides (Black keeps one 4).
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::CardCount));

    // Without the card count, position decides (White is deeper: 13 vs 5).
    let rules = rules_with(|r| r.final_count = false);
    let mut r = Pos::new(Preset::Advanced, 14, 18, w, b, &[1])
        .rules(rules)
        .round();
    play(&mut r, att(4, 2));
    play(&mut r, Action::Parry);
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));

    // Standard level: the same.
    let mut r = Pos::new(Preset::Standard, 14, 18, w, b, &[1]).round();
    play(&mut r, att(4, 2));
    play(&mut r, Action::Parry);
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::CardCount));

    // The final attack cannot be parried: a hit (E1), not a count.
    let mut r = Pos::new(Preset::Advanced, 14, 18, w, &[4, 5, 5, 3, 3], &[1]).round();
    play(&mut r, att(4, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));

    // A final lunge retreated from: no own turn follows either (see X5, I8).
    let mut r = Pos::new(
        Preset::Advanced,
        5,
        10,
        &[1, 4, 5, 5, 2],
        &[1, 3, 3, 2, 2],
        &[3, 3],
    )
    .round();
    play(&mut r, lunge(1, 4, 1));
    assert!(r.public().final_answer);
    play(&mut r, ret(1));
    assert!(r.is_over());
}

#[test]
fn e3_step2_basic_final_strike() {
    // Basic, White 10, Black 15. White's advance 2 takes the last card: distance 3.
    let w: &[u8] = &[2, 1, 1, 4, 4];
    let mut r = Pos::new(Preset::Basic, 10, 15, w, &[3, 5, 5, 5, 1], &[2]).round();
    play(&mut r, adv(2));
    assert_eq!(pos(&r), (12, 15));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::FinalStrike));
    // Black holds no 3: no strike; position decides (White 11 vs Black 8).
    let mut r = Pos::new(Preset::Basic, 10, 15, w, &[5, 5, 5, 1, 1], &[2]).round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
    // Option final_strike off: no strike, even though Black holds a 3.
    let rules = Rules {
        final_strike: false,
        ..Preset::Basic.rules()
    };
    let mut r = Pos::new(Preset::Basic, 10, 15, w, &[3, 5, 5, 5, 1], &[2])
        .rules(rules)
        .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
    // Black's move takes the last card: White may strike.
    let mut r = Pos::new(Preset::Basic, 8, 13, &[3, 5, 5, 5, 1], w, &[2])
        .starter(Side::Black)
        .round();
    play(&mut r, adv(2));
    assert_eq!(pos(&r), (8, 11));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::FinalStrike));
}

#[test]
fn e3_step3_card_count_decides() {
    // White 5, Black 12. White's advance 2 takes the last card: distance 5.
    // White holds two 5s, Black one; Black is deeper (11 vs 6).
    let w: &[u8] = &[2, 5, 5, 1, 1];
    let b: &[u8] = &[5, 3, 3, 4, 4];
    let mut r = Pos::new(Preset::Advanced, 5, 12, w, b, &[4]).round();
    play(&mut r, adv(2));
    assert_eq!(r.distance(), 5);
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    let mut r = Pos::new(Preset::Standard, 5, 12, w, b, &[4]).round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    // Option off (Duel; Basic): position decides instead.
    let rules = rules_with(|r| r.final_count = false);
    let mut r = Pos::new(Preset::Advanced, 5, 12, w, b, &[4])
        .rules(rules)
        .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    let mut r = Pos::new(Preset::Duel, 5, 12, w, b, &[4])
        .special(Special::Plain)
        .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // The card drawn by the refill counts too: White draws the last 5 (2 vs 1).
    let mut r = Pos::new(Preset::Advanced, 5, 12, &[2, 5, 1, 1, 4], b, &[5]).round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
}

#[test]
fn e3_step4_position_decides_equal_is_draw() {
    // Equal counts (one 5 each): the deeper fencer, Black (11 vs 6), wins.
    let mut r = Pos::new(
        Preset::Advanced,
        5,
        12,
        &[2, 5, 1, 1, 3],
        &[5, 3, 4, 4, 2],
        &[4],
    )
    .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // Equal counts (one 4 each) and equal advances (9 and 9): draw.
    let mut r = Pos::new(
        Preset::Advanced,
        9,
        14,
        &[1, 2, 4, 3, 3],
        &[1, 3, 5, 5, 4],
        &[2],
    )
    .round();
    play(&mut r, adv(1));
    assert_eq!(pos(&r), (10, 14));
    assert_eq!(outcome(&r), (None, Reason::Draw));
    // Equal counts (one 4 each), White deeper (10 vs 8).
    let mut r = Pos::new(
        Preset::Advanced,
        10,
        15,
        &[1, 2, 4, 3, 3],
        &[1, 3, 5, 5, 4],
        &[2],
    )
    .round();
    play(&mut r, adv(1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
}

#[test]
fn e4_ten_cards_round_ends_when_a_player_must_act_with_empty_hand() {
    // White 12, Black 15. White plays its only card; Black moves; White has none.
    let ten = |w: &[u8], b: &[u8]| {
        Pos::new(Preset::Advanced, 12, 15, w, b, &[])
            .special(Special::TenCards)
            .aside(&[5, 5, 5, 5, 5])
            .round()
    };
    let mut r = ten(&[1], &[1, 1]);
    play(&mut r, adv(1));
    assert_eq!(r.hand(Side::White).len(), 0);
    assert!(!r.is_over(), "White's empty hand only matters on its turn");
    assert_eq!(r.to_act(), Side::Black);
    play(&mut r, adv(1));
    assert_eq!(pos(&r), (13, 14));
    // White must act with no card: position (12 vs 9), no count (Black holds a 1 = d).
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
    // A pending attack is answered as usual: White with no card is hit.
    let mut r = ten(&[1], &[2, 1]);
    play(&mut r, adv(1));
    play(&mut r, att(2, 1));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Hit));
    // Equal advances: draw.
    let r = Pos::new(Preset::Advanced, 9, 15, &[], &[1, 1], &[])
        .special(Special::TenCards)
        .aside(&[5, 5, 5, 5, 5])
        .round();
    assert_eq!(outcome(&r), (None, Reason::Draw));
}

// ---------------------------------------------------------------------------
// §7 Duel special cards
// ---------------------------------------------------------------------------

#[test]
fn s1_eight_special_cards_shuffled_once() {
    let mut stack = Special::STACK.to_vec();
    stack.sort();
    assert_eq!(
        stack,
        vec![
            Special::Plain,
            Special::Plain,
            Special::PlainX2,
            Special::Choice,
            Special::ThreeCards,
            Special::TenCards,
            Special::OpenHands,
            Special::NoRetreat
        ]
    );
    assert_eq!(Special::Plain.copies() + Special::PlainX2.copies(), 3);
    // Matches turn the stack's cards: the first eight rounds turn each card once.
    let rules = Rules {
        points_to_win: 9,
        ..Preset::Duel.rules()
    };
    let mut firsts = HashSet::new();
    let mut full_passes = 0;
    for seed in 0..20 {
        let mut g = rng(seed);
        let mut m = Match::new(rules, Side::White, &mut g).unwrap();
        loop {
            play_out(&mut m, &mut g);
            if m.is_over() {
                break;
            }
            m.start_next_round(&mut g).unwrap();
        }
        let turned = m.turned_specials().to_vec();
        firsts.insert(turned[0]);
        let n = turned.len().min(8);
        let mut first: Vec<Special> = turned[..n].to_vec();
        first.sort();
        if n == 8 {
            assert_eq!(first, stack, "seed {seed}");
            full_passes += 1;
        } else {
            let mut left = stack.clone();
            for s in first {
                let i = left.iter().position(|&x| x == s).expect("a stack card");
                left.remove(i);
            }
        }
    }
    assert!(full_passes > 0);
    assert!(firsts.len() > 2, "the stack is shuffled: {firsts:?}");
    // Scripted: a third Plain within the first eight rounds is refused.
    let rules = Rules {
        points_to_win: 9,
        starter: StarterRule::Alternate,
        ..Preset::Duel.rules()
    };
    let mut m = first_round(
        rules,
        Some(Special::Plain),
        false,
        Side::White,
        Outcome::StarterLoses,
    );
    next_round(
        &mut m,
        Some(Special::Plain),
        false,
        Side::Black,
        Outcome::StarterLoses,
    );
    let (s, _) = scenario(
        rules,
        Some(Special::Plain),
        Side::White,
        m.score(),
        Outcome::StarterLoses,
    );
    assert!(matches!(
        m.start_round(&s),
        Err(MatchError::WrongSpecial { .. })
    ));
}

#[test]
fn s2_special_card_applies_whole_round_then_goes_to_bottom() {
    // Scripted: the ninth round turns the first round's card again, and so on.
    let rules = Rules {
        points_to_win: 9,
        starter: StarterRule::Alternate,
        ..Preset::Duel.rules()
    };
    let order: [(Special, bool); 8] = [
        (Special::Plain, false),
        (Special::ThreeCards, true), // Choice, picked Three cards
        (Special::PlainX2, false),
        (Special::TenCards, false),
        (Special::OpenHands, false),
        (Special::Plain, false),
        (Special::NoRetreat, false),
        (Special::ThreeCards, false),
    ];
    let turned: Vec<Special> = order
        .iter()
        .map(|&(s, chosen)| if chosen { Special::Choice } else { s })
        .collect();
    let starter = |i: usize| if i % 2 == 0 { Side::White } else { Side::Black };
    let mut m = first_round(
        rules,
        Some(order[0].0),
        order[0].1,
        starter(0),
        Outcome::StarterLoses,
    );
    for (i, &(s, chosen)) in order.iter().enumerate().skip(1) {
        // A card already turned in this pass is refused.
        if i == 4 {
            let (bad, _) = scenario(
                rules,
                Some(Special::TenCards),
                starter(i),
                m.score(),
                Outcome::StarterLoses,
            );
            assert!(matches!(
                m.start_round(&bad),
                Err(MatchError::WrongSpecial { .. })
            ));
        }
        next_round(&mut m, Some(s), chosen, starter(i), Outcome::StarterLoses);
        assert_eq!(m.round().public().special, Some(s));
        assert_eq!(m.round().public().chosen, chosen);
    }
    assert_eq!(m.turned_specials(), &turned[..]);
    assert!(!m.is_over());
    // Round 9 must be the card of round 1 (Plain).
    let (bad, _) = scenario(
        rules,
        Some(Special::OpenHands),
        starter(8),
        m.score(),
        Outcome::StarterLoses,
    );
    assert!(matches!(
        m.start_round(&bad),
        Err(MatchError::WrongSpecial { .. })
    ));
    next_round(
        &mut m,
        Some(Special::Plain),
        false,
        starter(8),
        Outcome::StarterLoses,
    );
    // Round 10 must be Choice again: Three cards turned directly is refused.
    let (bad, _) = scenario(
        rules,
        Some(Special::ThreeCards),
        starter(9),
        m.score(),
        Outcome::StarterLoses,
    );
    assert!(matches!(
        m.start_round(&bad),
        Err(MatchError::WrongSpecial { .. })
    ));
    next_round(
        &mut m,
        Some(Special::NoRetreat),
        true,
        starter(9),
        Outcome::StarterLoses,
    );
    assert_eq!(m.turned_specials().len(), 10);
    assert_eq!(m.turned_specials()[8], Special::Plain);
    assert_eq!(m.turned_specials()[9], Special::Choice);

    // Dealt matches: round k + 8 turns the card of round k, and the card is in
    // force for the whole round.
    let mut checked = 0;
    for seed in 0..20 {
        let mut g = rng(100 + seed);
        let mut m = Match::new(rules, Side::White, &mut g).unwrap();
        loop {
            while !m.round().is_over() {
                let actions = m.round().legal_actions();
                let a = actions[g.random_range(0..actions.len())];
                let choosing = m.round().phase() == Phase::Choose;
                let before = m.round().public().special;
                m.play(a).unwrap();
                if !choosing {
                    assert_eq!(m.round().public().special, before, "for the whole round");
                }
            }
            let turned = *m.turned_specials().last().unwrap();
            let p = m.round().public();
            if turned == Special::Choice {
                assert!(p.chosen);
                assert!(Special::CHOICES.contains(&p.special.unwrap()));
            } else {
                assert_eq!(p.special, Some(turned));
                assert!(!p.chosen);
            }
            if m.is_over() {
                break;
            }
            m.start_next_round(&mut g).unwrap();
        }
        let t = m.turned_specials();
        for i in 8..t.len() {
            assert_eq!(t[i], t[i - 8], "seed {seed}, round {}", i + 1);
            checked += 1;
        }
    }
    assert!(checked > 0, "some match lasted more than eight rounds");
}

#[test]
fn s3_plain_changes_nothing_plain_x2_scores_two() {
    // Plain: an ordinary round.
    let r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::Plain),
        score(0, 0),
        Side::White,
        &mut rng(5),
    );
    assert_eq!(r.hand(Side::White).len(), 5);
    assert_eq!(r.pile().len(), 15);
    assert_eq!(r.observation(Side::White).opponent_hand, None);
    let rules = Preset::Duel.rules();
    let mut m = first_round(
        rules,
        Some(Special::Plain),
        false,
        Side::White,
        Outcome::StarterLoses,
    );
    assert_eq!(m.score(), score(0, 1));
    // Plain ×2: the winner scores 2 (White lost, so White starts).
    next_round(
        &mut m,
        Some(Special::PlainX2),
        false,
        Side::White,
        Outcome::StarterWins,
    );
    assert_eq!(m.score(), score(2, 1));
    // A drawn Plain ×2 round scores nothing.
    let m = first_round(
        rules,
        Some(Special::PlainX2),
        false,
        Side::White,
        Outcome::Draw,
    );
    assert_eq!(m.score(), score(0, 0));
}

#[test]
fn s4_choice_starter_picks_before_the_deal() {
    let rules = Preset::Duel.rules();
    let mut r = Round::deal(
        rules,
        Some(Special::Choice),
        score(0, 0),
        Side::Black,
        &mut rng(6),
    );
    assert_eq!(r.phase(), Phase::Choose);
    assert_eq!(r.to_act(), Side::Black, "the starting player picks");
    assert!(r.hand(Side::White).is_empty() && r.hand(Side::Black).is_empty());
    assert_eq!(r.pile().len(), 25);
    assert_eq!(
        legal(&r),
        set([
            Action::Choose(Special::ThreeCards),
            Action::Choose(Special::TenCards),
            Action::Choose(Special::OpenHands),
            Action::Choose(Special::NoRetreat)
        ])
    );
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::MustChoose { side: Side::Black }
    );
    for s in [Special::Plain, Special::PlainX2, Special::Choice] {
        refuse(&mut r, Action::Choose(s));
    }
    play(&mut r, Action::Choose(Special::TenCards));
    assert_eq!(r.public().special, Some(Special::TenCards));
    assert!(r.public().chosen);
    assert_eq!(r.hand(Side::White).len(), 10);
    assert_eq!(r.hand(Side::Black).len(), 10);
    assert_eq!(r.aside().len(), 5);
    assert_eq!((r.phase(), r.to_act()), (Phase::Turn, Side::Black));
    assert!(matches!(
        refuse(&mut r, Action::Choose(Special::ThreeCards)),
        IllegalAction::NoChoice {
            side: Side::Black,
            ..
        }
    ));
    // In a match: Choice is what the stack turned; the round is the picked card's.
    let mut found = false;
    for seed in 0..100 {
        let mut g = rng(seed);
        let mut m = Match::new(rules, Side::White, &mut g).unwrap();
        if m.round().phase() != Phase::Choose {
            continue;
        }
        found = true;
        assert!(m.rounds().is_empty(), "nothing dealt before the pick");
        m.play(Action::Choose(Special::ThreeCards)).unwrap();
        assert_eq!(m.turned_specials(), &[Special::Choice]);
        assert_eq!(m.round().public().special, Some(Special::ThreeCards));
        assert_eq!(m.round().hand(Side::White).len(), 3);
        assert_eq!(m.rounds().len(), 1);
        break;
    }
    assert!(found);
}

#[test]
fn s4_impossible_pick_is_refused_as_no_choice() {
    let mut r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::Choice),
        score(0, 0),
        Side::White,
        &mut rng(6),
    );
    for s in [Special::Plain, Special::PlainX2, Special::Choice] {
        let action = Action::Choose(s);
        assert_eq!(
            refuse(&mut r, action),
            IllegalAction::NoChoice {
                side: Side::White,
                action
            }
        );
    }
}

#[test]
fn s5_three_cards_deal_and_refill_to_three() {
    let mut r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::ThreeCards),
        score(0, 0),
        Side::White,
        &mut rng(7),
    );
    assert_eq!(r.hand(Side::White).len(), 3);
    assert_eq!(r.hand(Side::Black).len(), 3);
    assert_eq!(r.pile().len(), 19);
    let a = r.legal_actions()[0];
    play(&mut r, a);
    assert_eq!(r.hand(Side::White).len(), 3);
    assert_eq!(r.pile().len(), 18);
    // After a two-card attack: refill to 3, drawing 2.
    let mut r = Pos::new(
        Preset::Duel,
        5,
        9,
        &[4, 4, 1],
        &[4, 4, 2],
        &rest(&[&[4, 4, 1], &[4, 4, 2]]),
    )
    .special(Special::ThreeCards)
    .round();
    play(&mut r, att(4, 2));
    assert_eq!(r.hand(Side::White).len(), 3);
    assert_eq!(r.pile().len(), 17);
    play(&mut r, Action::Parry);
    assert_eq!(r.hand(Side::Black).len(), 1);
    play(&mut r, adv(2));
    assert_eq!(r.hand(Side::Black).len(), 3);
    // A five-card hand is refused under Three cards.
    let bad = full(Preset::Duel, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .special(Special::ThreeCards)
        .setup();
    assert!(Round::set_up(&bad).is_err());
}

#[test]
fn s6_ten_cards_nobody_draws() {
    let mut r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::TenCards),
        score(0, 0),
        Side::White,
        &mut rng(8),
    );
    assert_eq!(r.hand(Side::White).len(), 10);
    assert_eq!(r.hand(Side::Black).len(), 10);
    assert_eq!(r.aside().len(), 5);
    assert!(r.pile().is_empty());
    let all = r
        .hand(Side::White)
        .plus(r.hand(Side::Black))
        .plus(r.aside());
    assert_eq!(all, Hand::FULL_DECK);
    // The set-aside cards are unseen by both players.
    assert_eq!(r.observation(Side::White).aside_len, 5);
    assert_eq!(r.observation(Side::White).unseen().len(), 15);
    // Moves do not draw, and an empty pile does not end the round (no E3).
    for expected in [9, 9, 8, 8] {
        let a = *r
            .legal_actions()
            .iter()
            .find(|a| matches!(a, Action::Advance(_) | Action::Retreat(_)))
            .expect("a move");
        let side = r.to_act();
        play(&mut r, a);
        assert_eq!(r.hand(side).len(), expected);
        assert!(!r.is_over());
    }
    assert_eq!(r.aside().len(), 5);
    // A set-up with a draw pile, or without five cards aside, is refused.
    let p = Pos::new(
        Preset::Duel,
        1,
        23,
        &[1, 2, 3, 4, 5],
        &[1, 2, 3, 4, 5],
        &[5],
    )
    .special(Special::TenCards)
    .aside(&[2, 2, 2, 3, 3]);
    assert!(Round::set_up(&p.setup()).is_err());
    let p = Pos::new(Preset::Duel, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5], &[])
        .special(Special::TenCards)
        .aside(&[2, 2, 2, 3]);
    assert!(Round::set_up(&p.setup()).is_err());
}

#[test]
fn s7_open_hands_both_hands_visible() {
    let r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::OpenHands),
        score(0, 0),
        Side::White,
        &mut rng(9),
    );
    for side in Side::BOTH {
        let o = r.observation(side);
        assert_eq!(o.opponent_hand, Some(r.hand(side.opponent())));
        // Only the draw pile is unseen.
        assert_eq!(o.unseen(), r.pile().contents());
    }
    // Not under other cards.
    for s in [Special::Plain, Special::NoRetreat, Special::ThreeCards] {
        let r = Round::deal(
            Preset::Duel.rules(),
            Some(s),
            score(0, 0),
            Side::White,
            &mut rng(9),
        );
        assert_eq!(r.observation(Side::White).opponent_hand, None);
    }
}

#[test]
fn s8_no_retreat_forbids_backward_moves_and_lunge_escape() {
    // White 5, Black 12: plenty of room behind both.
    let mut r = full(Preset::Duel, 5, 12, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .special(Special::NoRetreat)
        .round();
    assert!(!legal(&r).iter().any(|a| matches!(a, Action::Retreat(_))));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::NoRetreatCard { side: Side::White }
    );
    // Advanced with No retreat: a lunge can only be parried.
    let mut r = full(Preset::Advanced, 3, 9, &[1, 5, 5, 2, 3], &[5, 5, 1, 2, 3])
        .special(Special::NoRetreat)
        .round();
    play(&mut r, lunge(1, 5, 2));
    assert_eq!(legal(&r), set([Action::Parry]));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::NoRetreatCard { side: Side::Black }
    );
    // No parry: hit, although Black has room behind.
    let mut r = full(Preset::Advanced, 3, 9, &[1, 5, 5, 2, 3], &[5, 4, 1, 2, 3])
        .special(Special::NoRetreat)
        .round();
    play(&mut r, lunge(1, 5, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    // A player whose only moves are backward has no legal action (E2).
    let r = full(Preset::Duel, 10, 12, &[3, 3, 4, 4, 5], &[1, 1, 2, 2, 5])
        .special(Special::NoRetreat)
        .round();
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::NoLegalAction));
}

// ---------------------------------------------------------------------------
// §9 Interpretations
// ---------------------------------------------------------------------------

#[test]
fn i1_loser_rule_draw_makes_starter_alternate() {
    let rules = rules_with(|r| r.starter = StarterRule::Loser);
    let mut m = first_round(rules, None, false, Side::White, Outcome::Draw);
    assert_eq!(m.score(), score(0, 0));
    assert_eq!(m.next_starter(), Side::Black);
    next_round(&mut m, None, false, Side::Black, Outcome::Draw);
    assert_eq!(m.next_starter(), Side::White);
    next_round(&mut m, None, false, Side::White, Outcome::StarterLoses);
    assert_eq!(m.next_starter(), Side::White); // loser starts again
                                               // Duel preset (loser rule) with special cards.
    let mut m = first_round(
        Preset::Duel.rules(),
        Some(Special::Plain),
        false,
        Side::Black,
        Outcome::Draw,
    );
    assert_eq!(m.next_starter(), Side::White);
    let mut g = rng(12);
    m.start_next_round(&mut g).unwrap();
    assert_eq!(m.round().public().starter, Side::White);
}

#[test]
fn i2_defender_who_parries_then_has_no_legal_action_loses() {
    // White 20, Black 23: distance 3. After parrying the 3, Black holds 4s and 5s.
    for preset in [Preset::Standard, Preset::Advanced] {
        let mut r = full(preset, 20, 23, &[3, 1, 1, 2, 2], &[3, 4, 4, 5, 5]).round();
        play(&mut r, att(3, 1));
        assert_eq!(legal(&r), set([Action::Parry]));
        play(&mut r, Action::Parry);
        assert_eq!(
            outcome(&r),
            (Some(Side::White), Reason::NoLegalAction),
            "{preset:?}"
        );
        assert_eq!(r.hand(Side::Black).len(), 4);
    }
}

#[test]
fn i3_pile_running_out_mid_refill_keeps_drawn_cards() {
    // White attacks with two cards; the pile has one: White keeps four.
    let mut r = Pos::new(
        Preset::Advanced,
        14,
        18,
        &[4, 4, 1, 1, 2],
        &[4, 4, 4, 5, 5],
        &[3],
    )
    .round();
    play(&mut r, att(4, 2));
    assert_eq!(r.hand(Side::White), hand(&[1, 1, 2, 3]));
    assert!(r.pile().is_empty());
    assert!(r.public().final_answer, "taking the last card triggers E3");
    // A lunge of three cards with two left in the pile: White keeps four.
    let mut r = Pos::new(
        Preset::Advanced,
        1,
        7,
        &[2, 4, 4, 1, 1],
        &[5, 5, 5, 3, 3],
        &[2, 3],
    )
    .round();
    play(&mut r, lunge(2, 4, 2));
    assert_eq!(r.hand(Side::White), hand(&[1, 1, 2, 3]));
    assert!(r.pile().is_empty());
    assert!(r.public().final_answer);
    assert_eq!(r.phase(), Phase::Answer);
}

#[test]
fn i4_nobody_may_pass() {
    // The only legal action is a retreat: it must be taken.
    // White 5, Black 7: distance 2, White holds only 3s and 4s.
    let mut r = full(Preset::Advanced, 5, 7, &[3, 3, 4, 4, 4], &[1, 1, 2, 5, 5]).round();
    assert_eq!(legal(&r), set([ret(3), ret(4)]));
    play(&mut r, ret(4));
    assert_eq!(pos(&r), (1, 7));
    // Random rounds: whoever is to act in a round not over has a legal action,
    // and `legal_actions` agrees with `check` on every conceivable action.
    let mut universe = Vec::new();
    for v in 1..=5 {
        universe.push(adv(v));
        universe.push(ret(v));
        for n in 0..=5 {
            universe.push(att(v, n));
            for a in 1..=5 {
                universe.push(lunge(a, v, n));
            }
        }
    }
    universe.push(Action::Parry);
    universe.extend(Special::STACK.map(Action::Choose));
    let specials = [
        None,
        Some(Special::Choice),
        Some(Special::ThreeCards),
        Some(Special::TenCards),
        Some(Special::NoRetreat),
    ];
    let mut g = rng(13);
    for preset in [Preset::Basic, Preset::Standard, Preset::Advanced] {
        for special in specials {
            let mut rules = preset.rules();
            rules.special_cards = special.is_some();
            for _ in 0..20 {
                let mut r = Round::deal(rules, special, score(0, 0), Side::White, &mut g);
                let mut steps = 0;
                while !r.is_over() {
                    let l = legal(&r);
                    assert!(!l.is_empty(), "{:?}", r.public());
                    for &a in &universe {
                        assert_eq!(r.check(a).is_ok(), l.contains(&a), "{a:?} in {r:?}");
                    }
                    assert!(r.distance() >= 1);
                    let list = r.legal_actions();
                    let a = list[g.random_range(0..list.len())];
                    play(&mut r, a);
                    steps += 1;
                    assert!(steps < 200);
                }
                assert!(r.legal_actions().is_empty());
            }
        }
    }
}

#[test]
fn i5_score_may_pass_target_and_match_ends_at_once() {
    let rules = Preset::Duel.rules();
    let (mut s, _) = scenario(
        rules,
        Some(Special::PlainX2),
        Side::Black,
        score(4, 3),
        Outcome::StarterLoses,
    );
    s.score = score(4, 3);
    let mut m = Match::from_setup(&s).unwrap();
    assert_eq!(m.score(), score(6, 3));
    assert!(m.is_over());
    assert_eq!(m.winner(), Some(Side::White));
    // No round follows.
    assert_eq!(
        m.start_next_round(&mut rng(1)).unwrap_err(),
        MatchError::MatchOver
    );
    let (next, _) = scenario(
        rules,
        Some(Special::Plain),
        Side::Black,
        m.score(),
        Outcome::StarterLoses,
    );
    assert_eq!(m.start_round(&next).unwrap_err(), MatchError::MatchOver);
    // While a round is being played, no next round either.
    let mut m = Match::new(Preset::Advanced.rules(), Side::White, &mut rng(2)).unwrap();
    assert_eq!(
        m.start_next_round(&mut rng(3)).unwrap_err(),
        MatchError::RoundNotOver
    );
}

#[test]
fn i6_automatic_hit_and_no_legal_action_and_final_strike() {
    // A defender who cannot parry is hit at once, after the attacker's refill.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 3, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    assert_eq!(r.hand(Side::White).len(), 5, "the attacker refilled first");
    assert_eq!(r.pile().len(), 13);
    assert_eq!(r.hand(Side::Black).len(), 5, "Black played nothing");
    // No legal action: lost at once, nothing played (X6 position).
    let mut r = full(Preset::Advanced, 2, 7, &[4, 4, 4, 5, 5], &[2, 1, 1, 3, 3])
        .starter(Side::Black)
        .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::NoLegalAction));
    assert_eq!(r.hand(Side::White), hand(&[4, 4, 4, 5, 5]));
    // The Basic final strike is automatic: Black's 3 is not played.
    let mut r = Pos::new(
        Preset::Basic,
        10,
        15,
        &[2, 1, 1, 4, 4],
        &[3, 5, 5, 5, 1],
        &[2],
    )
    .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::FinalStrike));
    assert_eq!(r.hand(Side::Black), hand(&[1, 3, 5, 5, 5]));
}

#[test]
fn i7_final_count_at_any_level_final_strike_only_at_basic() {
    // White 7, Black 12; White's advance 3 takes the last card: distance 2.
    // White then holds two 2s, Black one 2; Black is deeper (11 vs 9).
    let w: &[u8] = &[3, 2, 2, 1, 1];
    let b: &[u8] = &[2, 1, 5, 5, 5];
    let basic = |rules: Rules| {
        let mut r = Pos::new(Preset::Basic, 7, 12, w, b, &[4])
            .rules(rules)
            .round();
        play(&mut r, adv(3));
        outcome(&r)
    };
    // Basic preset: Black strikes with its 2.
    assert_eq!(
        basic(Preset::Basic.rules()),
        (Some(Side::Black), Reason::FinalStrike)
    );
    // Basic with final_count set (and no final strike): the count is made.
    let counted = Rules {
        final_count: true,
        final_strike: false,
        ..Preset::Basic.rules()
    };
    assert_eq!(basic(counted), (Some(Side::White), Reason::CardCount));
    // Basic with neither: position.
    let neither = Rules {
        final_strike: false,
        ..Preset::Basic.rules()
    };
    assert_eq!(basic(neither), (Some(Side::Black), Reason::Position));
    // Basic with both: the strike comes first (step 2 before step 3).
    let both = Rules {
        final_count: true,
        ..Preset::Basic.rules()
    };
    assert_eq!(basic(both), (Some(Side::Black), Reason::FinalStrike));

    // final_strike set at Standard/Advanced level has no effect.
    // White 9, Black 14: after White's advance 3 White is deeper (11 vs 9);
    // Black holds a 2 = d, White none.
    for preset in [Preset::Standard, Preset::Advanced] {
        let rules = Rules {
            final_strike: true,
            final_count: false,
            ..preset.rules()
        };
        let mut r = Pos::new(preset, 9, 14, &[3, 1, 1, 4, 4], b, &[5])
            .rules(rules)
            .round();
        play(&mut r, adv(3));
        assert_eq!(
            outcome(&r),
            (Some(Side::White), Reason::Position),
            "{preset:?}"
        );
    }
}

#[test]
fn i8_retreat_taking_last_card_still_counts() {
    // White 5, Black 10. White lunges 1 then one 4 and draws two of the three
    // cards left; Black retreats 1 and draws the last: an ordinary last turn.
    // Distance 5: White holds two 5s, Black none; Black is deeper (12 vs 5).
    let w: &[u8] = &[1, 4, 5, 5, 2];
    let b: &[u8] = &[1, 3, 3, 2, 2];
    let mut r = Pos::new(Preset::Advanced, 5, 10, w, b, &[3, 3, 1]).round();
    assert!(!r.public().rules.count_after_retreat);
    play(&mut r, lunge(1, 4, 1));
    assert!(!r.public().final_answer);
    assert_eq!(r.pile().len(), 1);
    play(&mut r, ret(1));
    assert!(r.pile().is_empty());
    assert_eq!(pos(&r), (6, 11));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    // Without the card count, position.
    let rules = rules_with(|r| r.final_count = false);
    let mut r = Pos::new(Preset::Advanced, 5, 10, w, b, &[3, 3, 1])
        .rules(rules)
        .round();
    play(&mut r, lunge(1, 4, 1));
    play(&mut r, ret(1));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
}

#[test]
fn i9_ten_cards_empty_hand_after_parry_ends_by_position() {
    // White 5, Black 10: distance 5. White attacks with one 5 and keeps two;
    // Black parries with its only card and must act with an empty hand.
    let mut r = Pos::new(Preset::Advanced, 5, 10, &[5, 5, 5], &[5], &[])
        .special(Special::TenCards)
        .aside(&[1, 1, 1, 1, 1])
        .round();
    play(&mut r, att(5, 1));
    assert_eq!(r.hand(Side::White).len(), 2, "nobody draws");
    play(&mut r, Action::Parry);
    // E4 by position (Black 13 vs White 4): not E2 (White, no legal action) and
    // not the card count (White holds two 5s = d).
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // Basic with Ten cards: no final strike either; the round ends by E4.
    let mut r = Pos::new(Preset::Basic, 10, 15, &[2], &[3, 3], &[])
        .special(Special::TenCards)
        .aside(&[1, 1, 1, 1, 1])
        .round();
    play(&mut r, adv(2));
    assert!(!r.is_over(), "no last card, no final strike");
    play(&mut r, att(3, 1));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Hit));
    // At the start of the round too: an empty hand ends it at once by position.
    let r = Pos::new(Preset::Advanced, 10, 15, &[], &[3, 3], &[])
        .special(Special::TenCards)
        .aside(&[1, 1, 1, 1, 1])
        .round();
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
}

#[test]
fn i10_advance_equal_to_distance_is_illegal_but_attacks() {
    // White 8, Black 11: distance 3; White holds a 3.
    let mut r = full(Preset::Advanced, 8, 11, &[3, 1, 4, 5, 5], &[1, 2, 4, 5, 5]).round();
    assert_eq!(
        refuse(&mut r, adv(3)),
        IllegalAction::AdvancePastOpponent {
            side: Side::White,
            card: c(3),
            lands_on: true
        }
    );
    assert!(legal(&r).contains(&att(3, 1)));
    // At Basic level too: the 3 hits.
    let mut r = full(Preset::Basic, 8, 11, &[3, 1, 4, 5, 5], &[1, 2, 4, 5, 5]).round();
    refuse(&mut r, adv(3));
    play(&mut r, att(3, 1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
}

// ---------------------------------------------------------------------------
// §10 Worked examples
// ---------------------------------------------------------------------------

#[test]
fn x1_lunge_3_then_two_5s_parried_by_two_5s_or_retreat() {
    // Distance 8 (White 5, Black 13).
    let w: &[u8] = &[3, 5, 5, 1, 1];
    let mut r = full(Preset::Advanced, 5, 13, w, &[5, 5, 2, 2, 4]).round();
    assert!(legal(&r).contains(&lunge(3, 5, 2)));
    play(&mut r, lunge(3, 5, 2));
    assert_eq!(pos(&r), (8, 13));
    assert_eq!(r.public().pending, Some(pending(AttackKind::Lunge, 5, 2)));
    assert_eq!(legal(&r), set([Action::Parry, ret(2), ret(4), ret(5)]));
    let mut parried = r;
    play(&mut parried, Action::Parry);
    assert_eq!(parried.hand(Side::Black), hand(&[2, 2, 4]));
    assert_eq!(
        (parried.phase(), parried.to_act()),
        (Phase::Turn, Side::Black)
    );
    let mut escaped = r;
    play(&mut escaped, ret(5));
    assert_eq!(pos(&escaped), (8, 18));
    assert_eq!(
        (escaped.phase(), escaped.to_act()),
        (Phase::Turn, Side::White)
    );
    // With one 5, Black cannot parry: retreat is its only answer.
    let mut r = full(Preset::Advanced, 5, 13, w, &[5, 2, 2, 4, 1]).round();
    play(&mut r, lunge(3, 5, 2));
    assert_eq!(legal(&r), set([ret(1), ret(2), ret(4), ret(5)]));
    assert!(matches!(
        refuse(&mut r, Action::Parry),
        IllegalAction::CannotParry { held: 1, .. }
    ));
    // Under Standard rules the lunge does not exist.
    let mut r = full(Preset::Standard, 5, 13, w, &[5, 5, 2, 2, 4]).round();
    assert_eq!(
        refuse(&mut r, lunge(3, 5, 2)),
        IllegalAction::NoLunge {
            side: Side::White,
            level: Level::Standard
        }
    );
}

#[test]
fn x2_parry_two_4s_then_last_4_cannot_be_parried() {
    for preset in [Preset::Standard, Preset::Advanced] {
        // White 5, Black 9: distance 4. White has two 4s, Black three.
        let mut r = full(preset, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 4, 1, 2]).round();
        play(&mut r, att(4, 2));
        play(&mut r, Action::Parry);
        assert_eq!(r.hand(Side::Black), hand(&[1, 2, 4]), "three cards left");
        assert!(legal(&r).contains(&att(4, 1)));
        play(&mut r, att(4, 1));
        assert_eq!(r.public().played.count(c(4)), 5, "all five 4s are out");
        assert_eq!(r.hand(Side::White).count(c(4)), 0);
        assert_eq!(outcome(&r), (Some(Side::Black), Reason::Hit), "{preset:?}");
    }
}

#[test]
fn x3_white_8_black_13_attack_with_one_or_two_5s() {
    for preset in [Preset::Standard, Preset::Advanced] {
        let mut r = full(preset, 8, 13, &[5, 5, 1, 2, 3], &[5, 1, 2, 3, 4]).round();
        assert_eq!(r.distance(), 5);
        let attacks: HashSet<Action> = legal(&r)
            .into_iter()
            .filter(|a| matches!(a, Action::Attack { .. }))
            .collect();
        assert_eq!(attacks, set([att(5, 1), att(5, 2)]), "{preset:?}");
        refuse(&mut r, att(5, 3));
        let mut one = r;
        play(&mut one, att(5, 1));
        assert_eq!(
            one.public().pending,
            Some(pending(AttackKind::Attack, 5, 1))
        );
        play(&mut r, att(5, 2));
        assert_eq!(r.public().pending, None);
        assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    }
}

#[test]
fn x4_last_card_at_distance_2_more_2s_then_deeper_then_draw() {
    // White's advance 3 takes the last card; distance 2 afterwards.
    // More 2s wins (White two, Black one), though Black is deeper (11 vs 9).
    let mut r = Pos::new(
        Preset::Advanced,
        7,
        12,
        &[3, 2, 2, 1, 1],
        &[2, 1, 5, 5, 5],
        &[4],
    )
    .round();
    play(&mut r, adv(3));
    assert_eq!((r.distance(), r.pile().len()), (2, 0));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    // Equal 2s (one each): the deeper fencer, Black.
    let mut r = Pos::new(
        Preset::Advanced,
        7,
        12,
        &[3, 2, 1, 1, 4],
        &[2, 1, 5, 5, 5],
        &[4],
    )
    .round();
    play(&mut r, adv(3));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // Equal 2s and equal advances (10 and 10): draw.
    let mut r = Pos::new(
        Preset::Advanced,
        8,
        13,
        &[3, 2, 1, 1, 4],
        &[2, 1, 5, 5, 5],
        &[4],
    )
    .round();
    play(&mut r, adv(3));
    assert_eq!(pos(&r), (11, 13));
    assert_eq!(outcome(&r), (None, Reason::Draw));
}

#[test]
fn x5_retreat_from_final_lunge_skips_card_count() {
    // White 5, Black 10. White lunges 1 then one 4, taking the last two cards.
    // Black retreats 1: distance 5; White holds two 5s, Black none; Black is deeper.
    let w: &[u8] = &[1, 4, 5, 5, 2];
    let b: &[u8] = &[1, 3, 3, 2, 2];
    let mut r = Pos::new(Preset::Advanced, 5, 10, w, b, &[3, 3]).round();
    play(&mut r, lunge(1, 4, 1));
    assert!(r.public().final_answer);
    assert_eq!(legal(&r), set([ret(1), ret(2), ret(3)]));
    play(&mut r, ret(1));
    assert_eq!(pos(&r), (6, 11));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // Ferti (count_after_retreat = true): the count is made.
    let rules = rules_with(|r| r.count_after_retreat = true);
    let mut r = Pos::new(Preset::Advanced, 5, 10, w, b, &[3, 3])
        .rules(rules)
        .round();
    play(&mut r, lunge(1, 4, 1));
    play(&mut r, ret(1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    // A parry of the final lunge is followed by the count (White keeps a 4).
    let mut r = Pos::new(
        Preset::Advanced,
        5,
        10,
        &[1, 4, 4, 5, 2],
        &[1, 4, 3, 2, 2],
        &[3, 3],
    )
    .round();
    play(&mut r, lunge(1, 4, 1));
    play(&mut r, Action::Parry);
    assert_eq!(r.distance(), 4);
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
}

#[test]
fn x6_only_cards_off_piste_or_past_opponent_loses() {
    // White 2, Black 7. Black advances 2: distance 3. White holds 4s and 5s:
    // forward passes Black, backward leaves the piste, no 3 to attack.
    let mut r = full(Preset::Advanced, 2, 7, &[4, 4, 4, 5, 5], &[2, 1, 1, 3, 3])
        .starter(Side::Black)
        .round();
    play(&mut r, adv(2));
    assert_eq!(pos(&r), (2, 5));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::NoLegalAction));
    // With a 1 White could retreat, and the round would go on.
    let r2 = full(Preset::Advanced, 2, 7, &[4, 4, 4, 5, 1], &[2, 1, 1, 3, 3])
        .starter(Side::Black)
        .round();
    let mut r2 = r2;
    play(&mut r2, adv(2));
    assert!(!r2.is_over());
    assert_eq!(legal(&r2), set([adv(1), ret(1)]));
}
