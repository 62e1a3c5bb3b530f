//! The match's reducer: stale answers, moments, giving up, hints,
//! take back.

use super::*;

#[test]
fn the_reducer_drops_stale_and_out_of_turn_actions() {
    let settings = Settings {
        side: Side::Black,
        ..Settings::default()
    };
    let state = Rc::new(GameState::new(settings, 7));
    assert!(state.computer_to_act());
    let legal = state.the_match.round().legal_actions()[0];
    // The person cannot act for the computer.
    let same = state.clone().reduce(GameAction::Play(legal));
    assert!(Rc::ptr_eq(&same, &state));
    // An answer for another moment is dropped; the right one is played.
    let (g, r, a, w) = state.moment();
    let stale = state
        .clone()
        .reduce(GameAction::Computer(legal, (g, r, a + 1, w)));
    assert!(Rc::ptr_eq(&stale, &state));
    let played = state
        .clone()
        .reduce(GameAction::Computer(legal, (g, r, a, w)));
    assert_eq!(played.actions().len(), 1);
    // A new match changes the moment even at the same round and action.
    let fresh = played.clone().reduce(GameAction::New(settings, 8));
    assert_ne!(fresh.moment().0, played.moment().0);
    let old = fresh
        .clone()
        .reduce(GameAction::Computer(legal, (g, r, a, w)));
    assert!(Rc::ptr_eq(&old, &fresh));
}

/// A round that begins with the Choice pick (S4) is a new moment, and so is
/// the pick: the computer's turn and the save run again on each (a computer
/// to pick once waited forever, and a reload lost the pick).
#[test]
fn the_choice_pick_and_its_round_are_new_moments() {
    let mut found = 0;
    for seed in 0..100 {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut m = Match::new(Preset::Duel.rules(), Side::White, &mut rng).unwrap();
        while !m.is_over() && found < 10 {
            let before = m.clone();
            random_step(&mut m, &mut rng);
            if !before.round().is_over() || m.round().phase() != Phase::Choose {
                continue;
            }
            found += 1;
            let state = |game: &Match| {
                let loaded = save::Loaded {
                    the_match: game.clone(),
                    human: Side::White,
                    level: Difficulty::Easy,
                    help: Help::default(),
                    people: None,
                    played_here: true,
                };
                GameState::loaded(loaded, 1, None)
            };
            let (ended, waiting) = (state(&before), state(&m));
            assert_ne!(ended.moment(), waiting.moment());
            let pick = Action::Choose(Special::OpenHands);
            let picked = if waiting.computer_to_act() {
                Rc::new(waiting.clone()).reduce(GameAction::Computer(pick, waiting.moment()))
            } else {
                Rc::new(waiting.clone()).reduce(GameAction::Play(pick))
            };
            assert_eq!(picked.the_match.round().phase(), Phase::Turn);
            assert_ne!(picked.moment(), waiting.moment());
        }
    }
    assert!(found >= 10, "only {found} Choice rounds");
}

/// Giving up the round (the page's "Give up the round"): the computer wins
/// it, the story says so, the save keeps it; the person cannot give up for
/// the computer.
#[test]
fn giving_up_the_round_hands_it_to_the_computer() {
    let state = Rc::new(GameState::new(Settings::default(), 11));
    assert!(state.human_to_act());
    let human = state.human;
    let given = state.clone().reduce(GameAction::Play(Action::Forfeit));
    let round = given.the_match.round();
    let result = round.result().expect("the round is over");
    assert_eq!(result.winner, Some(human.opponent()));
    assert_eq!(result.reason, Reason::Forfeit);
    assert_eq!(given.the_match.score()[human.opponent()], 1);
    let story = summary::story(round, given.actions()).expect("a story");
    assert_eq!(
        en().story(Seats::Computer { human }, &story),
        "You gave up the round."
    );
    // The save keeps it.
    let text = save::save_text(&given.the_match, human, given.level, Help::default());
    let back = save::load(&text, (human, given.level), &mut GameRng::seed_from_u64(1)).unwrap();
    assert_eq!(back.the_match.round().result(), Some(result));
    // Not the person's turn: giving up is not theirs to do.
    let black = Rc::new(GameState::new(
        Settings {
            side: Side::Black,
            ..Settings::default()
        },
        11,
    ));
    assert!(black.computer_to_act());
    let same = black.clone().reduce(GameAction::Play(Action::Forfeit));
    assert!(Rc::ptr_eq(&same, &black));
}

/// Duel, round 2 or later: while the Choice card waits for its pick (S4),
/// the round has no actions yet (the previous round's were once shown).
#[test]
fn a_later_rounds_choice_pick_shows_no_earlier_actions() {
    let mut found = 0;
    for seed in 0..200 {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut m = Match::new(Preset::Duel.rules(), Side::White, &mut rng).unwrap();
        let waiting = |m: &Match| m.round().phase() == Phase::Choose && !m.rounds().is_empty();
        while !m.is_over() && !waiting(&m) {
            random_step(&mut m, &mut rng);
        }
        if m.is_over() {
            continue;
        }
        found += 1;
        assert!(!m.rounds().last().unwrap().actions.is_empty());
        let state = GameState::loaded(
            save::Loaded {
                the_match: m.clone(),
                human: Side::White,
                level: Difficulty::Easy,
                help: Help::default(),
                people: None,
                played_here: true,
            },
            1,
            None,
        );
        assert_eq!(state.actions(), &[]);
        assert_eq!(m.round_number(), m.rounds().len() + 1);
        assert!(summary::last_cards(state.actions()).is_none());
    }
    assert!(found >= 5, "only {found} later Choice picks");
}

/// A hint is asked on the person's turn, counted once per ask,
/// shown only for the moment it was asked at, and dropped once play moves on.
#[test]
fn a_hint_is_counted_and_belongs_to_its_moment() {
    use engarde::ai::advice::advise;
    use engarde::ai::Budget;
    let state = Rc::new(GameState::new(Settings::default(), 21));
    assert!(state.human_to_act());
    let asked = state.clone().reduce(GameAction::AskHint);
    assert_eq!(asked.help.hints, 1);
    assert_eq!(asked.hint_asked, Some(asked.moment()));
    // Asking again while it looks changes nothing.
    let again = asked.clone().reduce(GameAction::AskHint);
    assert!(Rc::ptr_eq(&again, &asked));
    let obs = asked.the_match.observation(asked.human);
    let advice = advise(
        &obs,
        Budget::iterations(200),
        &mut GameRng::seed_from_u64(1),
    );
    let shown = asked
        .clone()
        .reduce(GameAction::Hint(advice.clone(), asked.moment()));
    assert_eq!(shown.advice_now(), Some(advice.as_slice()));
    assert_eq!(shown.hint_asked, None);
    // Playing the suggestion moves on: the hint is gone, the count stays.
    let played = shown.reduce(GameAction::Play(advice[0].action));
    assert_eq!(played.advice_now(), None);
    assert_eq!(played.help.hints, 1);
    let said = en().advice_reason(advice[0].reason, advice[0].chance);
    assert!(!said.is_empty() && !said.contains('{'), "{said}");
}

/// "Take back" returns exactly to the person's previous decision (what the
/// person sees is that of that moment, the record is too but for the order
/// of the cards not yet drawn, which are shuffled again, and it replays to
/// the match on screen), again and again, across rounds' ends and the Choice
/// pick (S4), in every preset; an answer asked for before it is dropped.
#[test]
fn take_back_returns_exactly_to_the_previous_decision() {
    use engarde::record::write::record_json;
    let mut picks = 0;
    for preset in Preset::ALL {
        for seed in 0..8 {
            let human = if seed % 2 == 0 {
                Side::White
            } else {
                Side::Black
            };
            let settings = Settings {
                rules: preset.rules(),
                side: human,
                ..Settings::default()
            };
            let mut state = GameState::new(settings, seed);
            let mut rng = GameRng::seed_from_u64(seed + 100);
            let mut made = Vec::new();
            let mut taken = 0;
            assert!(state.previous_decision().is_none());
            while !state.the_match.is_over() {
                if !made.is_empty() && taken < 40 && rng.random_ratio(1, 4) {
                    let before = state.moment();
                    let (record, seen, choosing): (String, _, bool) = made.pop().unwrap();
                    state = (*Rc::new(state).reduce(GameAction::TakeBack)).clone();
                    taken += 1;
                    let now = record_json(&state.the_match);
                    assert_eq!(without_piles(&now), without_piles(&record));
                    let replayed = engarde::record::replay(&now, false).unwrap().the_match;
                    // (At a Choice pick the cards are dealt after it, S4.)
                    if !choosing {
                        assert_eq!(replayed.round(), state.the_match.round());
                    }
                    assert_eq!(state.the_match.observation(human), seen);
                    assert!(state.human_to_act());
                    assert_eq!(state.help.takebacks, taken);
                    picks += usize::from(choosing);
                    // The computer's answer for the moment before is dropped.
                    assert_ne!(state.moment(), before);
                    continue;
                }
                if state.the_match.round().is_over() {
                    state.the_match.start_next_round(&mut rng).unwrap();
                    continue;
                }
                if state.human_to_act() {
                    let choosing = state.the_match.round().phase() == Phase::Choose;
                    made.push((
                        record_json(&state.the_match),
                        state.the_match.observation(human),
                        choosing,
                    ));
                }
                let legal = state.the_match.round().legal_actions();
                state.play(random_action(&legal, &mut rng)).unwrap();
            }
            assert!(taken > 5, "{preset:?} {seed}: only {taken} take-backs");
            let text = save::save_text(&state.the_match, human, state.level, state.help);
            assert!(text.contains(&format!("\"takebacks\":{taken}")), "{text}");
        }
    }
    assert!(picks > 0, "no take-back returned to a Choice pick");
}

/// A record with every round's draw pile left out.
fn without_piles(record: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(record).unwrap();
    for round in value["rounds"].as_array_mut().unwrap() {
        round["setup"].as_object_mut().unwrap().remove("deck");
    }
    value
}

/// Taking back and playing the same action again does not draw the same
/// card more often than chance: the cards not yet drawn are shuffled again.
#[test]
fn a_take_back_does_not_show_the_next_card() {
    let (mut same, mut tries) = (0, 0);
    for seed in 0..200 {
        let mut state = GameState::new(Settings::default(), seed);
        // The person's first move draws a card; take it back, play it again.
        let Some(&action) = state
            .the_match
            .round()
            .legal_actions()
            .iter()
            .find(|a| matches!(a, Action::Advance(_)))
        else {
            continue;
        };
        let drawn = |state: &GameState| state.the_match.round().hand(Side::White);
        state.play(action).unwrap();
        let first = drawn(&state);
        state = (*Rc::new(state).reduce(GameAction::TakeBack)).clone();
        // Said on the status line (a live region) until the next action.
        let said = engarde::ui::page::model::status(en(), &state);
        assert!(said.starts_with(en().taken_back), "{said}");
        state.play(action).unwrap();
        let said = engarde::ui::page::model::status(en(), &state);
        assert!(!said.contains(en().taken_back), "{said}");
        tries += 1;
        same += usize::from(drawn(&state) == first);
    }
    // The pile holds 15 cards of five values: a new card matches the old
    // one about one time in four or five, never nearly always.
    assert!(tries > 150, "{tries}");
    assert!(same * 2 < tries, "the same card {same} times in {tries}");
}

/// The computer always answers (everyday faults): a move the engine refuses, or
/// none at all (the worker did not answer), is replaced by a legal action,
/// which is played, and the person is told; the moment moves on; a late
/// fallback for a moment gone changes nothing.
#[test]
fn a_refused_or_missing_computer_move_is_replaced_by_a_legal_one() {
    let settings = Settings {
        side: Side::Black,
        ..Settings::default()
    };
    let state = Rc::new(GameState::new(settings, 11));
    assert!(state.computer_to_act());
    let legal = state.the_match.round().legal_actions();
    let refused = (1..=5)
        .filter_map(Card::new)
        .flat_map(|c| [Action::Advance(c), Action::Retreat(c)])
        .find(|a| !legal.contains(a))
        .expect("some move is illegal at the start");
    let after = state
        .clone()
        .reduce(GameAction::Computer(refused, state.moment()));
    assert_ne!(after.moment(), state.moment(), "the computer moved");
    assert_eq!(after.actions().len(), 1);
    assert!(legal.contains(&after.actions()[0].1));
    assert_eq!(after.notice, Some(Notice::ComputerRefused));
    let said = en().notice(&Notice::ComputerRefused);
    assert!(!said.is_empty() && !said.contains('{'));
    let fallback = state
        .clone()
        .reduce(GameAction::ComputerFallback(state.moment()));
    assert_eq!(fallback.actions().len(), 1);
    assert!(legal.contains(&fallback.actions()[0].1));
    assert_eq!(fallback.notice, Some(Notice::WorkerFailed));
    let late = fallback
        .clone()
        .reduce(GameAction::ComputerFallback(state.moment()));
    assert!(Rc::ptr_eq(&late, &fallback));
}

/// A hint that does not come in time is given up with a message; asked
/// again at the same moment it is not counted twice; a late answer for it
/// is dropped, and a late notice for another moment changes nothing.
#[test]
fn a_late_hint_is_given_up_and_counted_once() {
    let state = Rc::new(GameState::new(Settings::default(), 21));
    let asked = state.clone().reduce(GameAction::AskHint);
    let moment = asked.moment();
    let late = asked.clone().reduce(GameAction::HintLate(moment));
    assert_eq!(late.hint_asked, None);
    assert_eq!(late.notice, Some(Notice::HintLate));
    assert_eq!(late.help.hints, 1);
    let again = late.clone().reduce(GameAction::AskHint);
    assert_eq!(again.hint_asked, Some(moment));
    assert_eq!(again.help.hints, 1, "the same moment's hint counts once");
    let (g, r, a, w) = moment;
    let other = again.clone().reduce(GameAction::HintLate((g, r, a + 1, w)));
    assert!(Rc::ptr_eq(&other, &again));
    // Played on, a new moment's hint counts again.
    let legal = again.the_match.round().legal_actions()[0];
    let next = again.reduce(GameAction::Play(legal));
    assert_eq!(next.help.hints, 1);
}
