//! The card-then-target flow: what a pick and a target make, and why a
//! pick or a target is refused.

use super::*;

/// Every action the card-then-target flow can complete from `round`: pick
/// cards (any number of clicks), then targets, following Select steps.
fn reachable(round: &Round) -> Vec<Action> {
    let mut out = Vec::new();
    let mut todo = vec![Selection::None];
    let mut seen = vec![];
    while let Some(sel) = todo.pop() {
        if seen.contains(&sel) {
            continue;
        }
        seen.push(sel);
        for c in Card::ALL {
            let next = sel.pick(round, c);
            if next != sel {
                todo.push(next);
            }
        }
        for (_, step) in sel.targets(round) {
            match step {
                PickStep::Play(a) => out.push(a),
                PickStep::Select(s) => todo.push(s),
            }
        }
    }
    out
}

fn random_rounds(n: u64) -> impl Iterator<Item = Round> {
    (0..n).flat_map(|seed| {
        let mut rng = GameRng::seed_from_u64(seed);
        let preset = Preset::ALL[(seed % 4) as usize];
        let special = (preset == Preset::Duel).then(|| {
            [
                Special::Plain,
                Special::ThreeCards,
                Special::TenCards,
                Special::NoRetreat,
            ][(seed / 4 % 4) as usize]
        });
        let mut round = Round::deal(
            preset.rules(),
            special,
            BySide::default(),
            Side::White,
            &mut rng,
        );
        let mut states = vec![round];
        while !round.is_over() {
            let legal = round.legal_actions();
            round.play(random_action(&legal, &mut rng)).unwrap();
            states.push(round);
        }
        states
    })
}

#[test]
fn the_card_flow_reaches_exactly_the_legal_actions() {
    let mut checked = 0;
    for round in random_rounds(300) {
        if round.is_over() || round.phase() == Phase::Choose {
            continue;
        }
        let legal = round.legal_actions();
        let mut reached = reachable(&round);
        for a in &reached {
            assert!(legal.contains(a), "{a:?} offered but illegal in {round:?}");
        }
        reached.sort_by_key(|a| format!("{a:?}"));
        reached.dedup();
        assert_eq!(
            reached.len(),
            legal.len(),
            "not every legal action reachable: {round:?}"
        );
        checked += 1;
    }
    assert!(checked > 2000, "only {checked} positions");
}

#[test]
fn the_action_bar_filters_by_the_picked_card() {
    for round in random_rounds(60).filter(|r| r.phase() == Phase::Turn) {
        let all = Selection::None.actions(&round);
        assert_eq!(all, round.legal_actions());
        for c in Card::ALL {
            let sel = Selection::None.pick(&round, c);
            if sel == Selection::None {
                assert!(!Selection::None.can_pick(&round, c));
                continue;
            }
            for a in sel.actions(&round) {
                assert!(all.contains(&a));
                assert!(
                    a.cards(None).count(c) > 0,
                    "{a:?} does not use the picked {c}"
                );
            }
        }
    }
}

#[test]
fn picking_equal_cards_counts_up_then_cycles() {
    // X2: two 4s at distance 4, a third 4 in hand.
    let round = Pos::new(
        Preset::Advanced,
        8,
        12,
        &[4, 4, 4, 1, 2],
        &[3, 3, 5, 5, 1],
        &[1, 2],
    )
    .round();
    let one = Selection::None.pick(&round, card(4));
    assert_eq!(
        one,
        Selection::Cards {
            card: card(4),
            count: 1
        }
    );
    let two = one.pick(&round, card(4));
    let three = two.pick(&round, card(4));
    assert_eq!(
        three,
        Selection::Cards {
            card: card(4),
            count: 3
        }
    );
    assert_eq!(three.pick(&round, card(4)), one);
    assert_eq!(
        two.at(&round, Target::Opponent),
        Some(PickStep::Play(Action::Attack {
            card: card(4),
            count: 2
        }))
    );
    // A card that is not in hand cannot be picked.
    assert_eq!(one.pick(&round, card(5)), one);
}

#[test]
fn a_lunge_is_advance_square_then_attack_cards_then_opponent() {
    // X1: distance 8, a 3 and two 5s.
    let round = Pos::new(
        Preset::Advanced,
        5,
        13,
        &[3, 5, 5, 1, 1],
        &[2, 2, 2, 4, 4],
        &[1, 2, 3],
    )
    .round();
    let three = Selection::None.pick(&round, card(3));
    let Some(PickStep::Select(lunge)) = three.at(&round, Target::Square(8)) else {
        panic!("the advance square starts the lunge");
    };
    assert_eq!(lunge.ghost(&round), Some(8));
    // The square again just advances.
    assert_eq!(
        lunge.at(&round, Target::Square(8)),
        Some(PickStep::Play(Action::Advance(card(3))))
    );
    let fives = lunge.pick(&round, card(5)).pick(&round, card(5));
    assert_eq!(
        fives.at(&round, Target::Opponent),
        Some(PickStep::Play(Action::Lunge {
            advance: card(3),
            card: card(5),
            count: 2
        }))
    );
    // A 1 cannot attack from square 8.
    assert_eq!(lunge.pick(&round, card(1)), lunge);
}

/// An action the engine refuses is a typed error, the match is unchanged,
/// and the page says what happened (it was once ignored in silence).
#[test]
fn a_refused_action_is_an_error_and_a_notice() {
    let state = GameState::new(Settings::default(), 5);
    assert!(state.human_to_act());
    let far = Action::Attack {
        card: card(5),
        count: 1,
    };
    let mut copy = state.clone();
    assert!(copy.play(far).is_err());
    assert_eq!(copy.the_match.round(), state.the_match.round());
    let after = Rc::new(state.clone()).reduce(GameAction::Play(far));
    assert_eq!(after.the_match.round(), state.the_match.round());
    let Some(Notice::Refused(action, _)) = &after.notice else {
        panic!("no notice: {:?}", after.notice);
    };
    assert_eq!(*action, far);
    let said = en().notice(after.notice.as_ref().unwrap());
    assert!(
        said.contains("Attack with one 5") && said.contains("nothing was played"),
        "{said}"
    );
}

/// Answering an attack with the parry's cards picked: one sentence, to
/// parry (it once read "Parry with one 2. Now pick the opponent to attack.").
#[test]
fn answering_with_the_parry_cards_picked_says_to_parry() {
    let mut round = Pos::new(
        Preset::Standard,
        10,
        12,
        &[2, 3, 4, 5, 1],
        &[2, 3, 3, 5, 1],
        &[1, 2, 3, 4],
    )
    .round();
    round
        .play(Action::Attack {
            card: card(2),
            count: 1,
        })
        .unwrap();
    assert_eq!(asked(&round, Side::Black), "Defend against one 2: parry.");
    let picked = Selection::None.pick(&round, card(2));
    assert_eq!(
        en().hint(picked, &round).as_deref(),
        Some("Now pick the opponent to parry.")
    );
    // The opponent as a target says it is a parry, with its cards.
    let (_, step) = picked.targets(&round)[0];
    let PickStep::Play(parry) = step else {
        panic!("{step:?}")
    };
    assert_eq!(
        en().target_opponent(parry, round.public().pending()),
        "Target the opponent: Parry with one 2"
    );
    // In every language the hint is one sentence of its own.
    for lang in Lang::ALL {
        let hint = lang.texts().hint(picked, &round).unwrap();
        assert_eq!(hint, lang.texts().hint_parry, "{lang:?}");
    }
}

/// "Why not": a card that cannot be played is explained by the
/// engine's own refusals, in every language, instead of doing nothing.
#[test]
fn a_card_that_cannot_be_played_says_why() {
    use engarde::ui::play::selection::refused::why_not;
    use engarde::IllegalAction as E;
    // White 3, Black 7: a 5 passes the opponent, leaves the piste, and is not
    // the distance (4).
    let pos = close_quarters();
    let round = pos.round();
    let reasons = why_not(&round, Selection::None, card(5));
    let side = Side::White;
    assert_eq!(
        reasons,
        [
            E::AdvancePastOpponent {
                side,
                card: card(5),
                lands_on: false
            },
            E::RetreatOffPiste {
                side,
                card: card(5)
            },
            E::WrongDistance {
                side,
                card: card(5),
                distance: 4
            },
        ]
    );
    assert_eq!(
        en().why_not(card(5), &reasons),
        "Your 5 cannot be played now. Advancing 5 would pass the opponent. Retreating 5 would leave the piste. An attack needs cards equal to the distance, 4, and this card is a 5."
    );
    assert!(why_not(&round, Selection::None, card(1)).is_empty());
    // Picking it changes nothing but says why; the next pick clears it.
    let state = Rc::new(GameState::loaded(
        save::Loaded {
            the_match: Match::from_setup(&pos.setup()).unwrap(),
            human: Side::White,
            level: Difficulty::Easy,
            help: Help::default(),
            people: None,
            played_here: true,
        },
        1,
        None,
    ));
    let refused = state.clone().reduce(GameAction::Pick(card(5)));
    assert_eq!(refused.selection, Selection::None);
    assert_eq!(
        refused.why_not.as_ref().map(|w| (w.card, w.reasons.len())),
        Some((card(5), 3))
    );
    let next = refused.reduce(GameAction::Pick(card(1)));
    assert_eq!(next.why_not, None);
    assert_ne!(next.selection, Selection::None);
}

/// With a card picked, a square it does not go to and an opponent it cannot
/// attack say why too (the engine's reasons, or where the card goes).
#[test]
fn a_target_that_the_picked_card_cannot_reach_says_why() {
    use engarde::ui::play::selection::refused::why_not_target;
    use engarde::IllegalAction as E;
    // White 3, Black 7 (distance 4), White picks a 1: it goes to 4 or 2.
    let round = close_quarters().round();
    let one = Selection::None.pick(&round, card(1));
    let far = why_not_target(&round, one, Target::Square(10)).unwrap();
    assert_eq!(
        (far.card, far.square, far.reasons.len()),
        (card(1), Some(10), 0)
    );
    assert_eq!(
        en().refused_pick(&far),
        "With a 1 your fencer moves by 1, forward or back, so not to square 10. Pick a highlighted square."
    );
    let attack = why_not_target(&round, one, Target::Opponent).unwrap();
    assert_eq!(
        attack.reasons,
        [E::WrongDistance {
            side: Side::White,
            card: card(1),
            distance: 4
        }]
    );
    assert!(en()
        .refused_pick(&attack)
        .contains("equal to the distance, 4"));
    assert_eq!(
        why_not_target(&round, Selection::None, Target::Opponent),
        None
    );
}
