//! The web app's logic, natively: the card-then-target flow, the round
//! summary in words, what is expected now, saves, and the reducer.
#![cfg(feature = "web")]

mod common;

use std::rc::Rc;

use common::{random_match, random_step, Pos};
use engarde::ai::Difficulty;
use engarde::record::Problem;
use engarde::ui::i18n::RecordProblem;
use engarde::ui::i18n::{Lang, Prompt, Texts};
use engarde::ui::save::{self, Help, Settings};
use engarde::ui::selection::{Selection, Step, Target};
use engarde::ui::state::{GameAction, GameState, Notice};
use engarde::ui::summary::{self, Story};
use engarde::{Action, BySide, Card, GameRng, Match, Phase, Preset, Reason, Round, Side, Special};
use rand::{Rng, SeedableRng};
use yew::Reducible;

fn card(v: u8) -> Card {
    Card::new(v).unwrap()
}

fn en() -> &'static Texts {
    Lang::En.texts()
}

/// What the page asks of `human` now, in English.
fn asked(round: &Round, human: Side) -> String {
    en().prompt(Prompt::of(round, human).expect("the round goes on"))
}

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
                Step::Play(a) => out.push(a),
                Step::Select(s) => todo.push(s),
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
            round.play(legal[rng.random_range(0..legal.len())]).unwrap();
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
        Some(Step::Play(Action::Attack {
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
    let Some(Step::Select(lunge)) = three.at(&round, Target::Square(8)) else {
        panic!("the advance square starts the lunge");
    };
    assert_eq!(lunge.ghost(&round), Some(8));
    // The square again just advances.
    assert_eq!(
        lunge.at(&round, Target::Square(8)),
        Some(Step::Play(Action::Advance(card(3))))
    );
    let fives = lunge.pick(&round, card(5)).pick(&round, card(5));
    assert_eq!(
        fives.at(&round, Target::Opponent),
        Some(Step::Play(Action::Lunge {
            advance: card(3),
            card: card(5),
            count: 2
        }))
    );
    // A 1 cannot attack from square 8.
    assert_eq!(lunge.pick(&round, card(1)), lunge);
}

#[test]
fn expected_text_names_the_parry_and_the_escape() {
    let mut round = Pos::new(
        Preset::Advanced,
        5,
        13,
        &[3, 5, 5, 1, 1],
        &[5, 5, 2, 4, 4],
        &[1, 2, 3, 1],
    )
    .round();
    round
        .play(Action::Lunge {
            advance: card(3),
            card: card(5),
            count: 2,
        })
        .unwrap();
    assert_eq!(
        asked(&round, Side::Black),
        "Defend against two 5s: parry or retreat."
    );
    assert_eq!(Prompt::of(&round, Side::White), Some(Prompt::Wait));
    // Black picks a 2: it can only retreat with it, and the hint says so.
    let picked = Selection::None.pick(&round, card(2));
    let targets = picked.targets(&round);
    let squares = targets.iter().any(|(t, _)| matches!(t, Target::Square(_)));
    let opponent = targets.iter().any(|(t, _)| *t == Target::Opponent);
    assert!(squares && !opponent, "{targets:?}");
    assert_eq!(
        en().hint(picked, &round).as_deref(),
        Some("Now pick a highlighted square to retreat.")
    );
    assert_eq!(en().hint(Selection::None, &round), None);
    let start = Pos::new(
        Preset::Standard,
        1,
        23,
        &[3, 5, 5, 1, 1],
        &[5, 5, 2, 4, 4],
        &[1, 2],
    )
    .round();
    assert_eq!(asked(&start, Side::White), "Your turn: you can advance.");
    let near = Pos::new(
        Preset::Advanced,
        6,
        10,
        &[3, 4, 5, 1, 1],
        &[5, 5, 2, 4, 2],
        &[1, 2],
    )
    .round();
    assert_eq!(
        asked(&near, Side::White),
        "Your turn: you can advance, retreat, attack or lunge."
    );
}

#[test]
fn card_count_story_says_who_holds_what() {
    // White advances 1 taking the last card: distance 3, White holds one 3,
    // Black two: Black wins the count (E3 step 3).
    let mut round = Pos::new(
        Preset::Advanced,
        8,
        12,
        &[1, 3, 4, 4, 5],
        &[3, 3, 2, 2, 1],
        &[2],
    )
    .round();
    round.play(Action::Advance(card(1))).unwrap();
    let story = summary::story(&round, &[(Side::White, Action::Advance(card(1)))]).unwrap();
    assert_eq!(
        story,
        Story::CardCount {
            winner: Side::Black,
            distance: 3,
            counts: BySide::new(1, 2)
        }
    );
    assert_eq!(
        en().story(&story, Side::White),
        "The draw pile ran out at distance 3: you hold one 3, the computer two 3s. The computer wins the round."
    );
    // Said from the person's side, whichever colour they play.
    let winner = round.result().unwrap().winner;
    assert_eq!(
        en().round_end(1, winner, Side::White, 0, 1),
        "The computer wins round 1. Score: you 0, the computer 1."
    );
    assert_eq!(
        en().round_end(1, winner, Side::Black, 1, 0),
        "You win round 1. Score: you 1, the computer 0."
    );
}

/// White attacks with `count` cards of `value`, ending the round; the story as
/// `human` reads it.
fn white_attack_story(round: &mut Round, value: u8, count: u8, human: Side) -> String {
    let attack = Action::Attack {
        card: card(value),
        count,
    };
    round.play(attack).unwrap();
    let story = summary::story(round, &[(Side::White, attack)]).unwrap();
    en().story(&story, human)
}

#[test]
fn hit_story_names_the_attack() {
    let mut round = Pos::new(
        Preset::Standard,
        8,
        12,
        &[4, 4, 4, 1, 2],
        &[3, 3, 5, 5, 1],
        &[1, 2, 3],
    )
    .round();
    assert_eq!(
        white_attack_story(&mut round, 4, 3, Side::Black),
        "The computer attacked with three 4s and you could not parry: the computer wins the round."
    );
    let mut basic = Pos::new(
        Preset::Basic,
        8,
        11,
        &[3, 4, 4, 1, 2],
        &[3, 3, 5, 5, 1],
        &[1, 2, 3],
    )
    .round();
    assert_eq!(
        white_attack_story(&mut basic, 3, 1, Side::White),
        "You attacked with one 3, and in the Basic game every attack hits: you win the round."
    );
}

#[test]
fn position_story_after_a_tied_count() {
    // White advances 1 to square 10 taking the last card: distance 2, both
    // hold one 2 (E3 step 3 tied), Black advanced 11 squares, White 9.
    let mut round = Pos::new(
        Preset::Advanced,
        9,
        12,
        &[1, 2, 4, 4, 5],
        &[2, 3, 3, 5, 5],
        &[3],
    )
    .round();
    round.play(Action::Advance(card(1))).unwrap();
    let s = summary::story(&round, &[]).unwrap();
    assert_eq!(
        s,
        Story::Position {
            winner: Some(Side::Black),
            advances: BySide::new(9, 11),
            tied_count: Some((2, 1)),
            empty_hand: false,
        }
    );
    assert_eq!(
        en().story(&s, Side::White),
        "The draw pile ran out. At distance 2 both hold one 2. The computer advanced farther: 11 squares against 9. The computer wins the round."
    );
}

fn played_match(seed: u64, actions: usize) -> Match {
    random_match(Preset::Duel.rules(), seed, actions)
}

#[test]
fn a_save_reads_back_to_the_same_match_and_seats() {
    let mut rng = GameRng::seed_from_u64(99);
    for seed in 0..20 {
        let m = played_match(seed, 40 + seed as usize * 7);
        let text = save::save_text(
            &m,
            Side::Black,
            Difficulty::Hard,
            Help {
                hints: seed as u32 % 3,
                takebacks: seed as u32 % 2,
            },
        );
        let loaded = save::load(&text, (Side::White, Difficulty::Easy), &mut rng).unwrap();
        assert_eq!(loaded.human, Side::Black);
        assert_eq!(loaded.level, Difficulty::Hard);
        // The hints asked for are kept (a record extension), and only when any.
        assert_eq!(loaded.help.hints, seed as u32 % 3);
        assert_eq!(loaded.help.takebacks, seed as u32 % 2);
        assert_eq!(text.contains("\"takebacks\""), seed % 2 != 0);
        assert_eq!(text.contains("\"hints\""), seed % 3 != 0);
        assert_eq!(loaded.game.round(), m.round());
        assert_eq!(loaded.game.score(), m.score());
        assert_eq!(
            save::save_text(&loaded.game, Side::Black, Difficulty::Hard, loaded.help),
            text
        );
    }
}

/// A Duel match saved while the Choice card waits for the starter's pick (S4)
/// comes back to that pick: same score, starter and stack, nothing dealt.
#[test]
fn a_save_while_the_choice_pick_waits_comes_back_to_the_pick() {
    let mut found = 0;
    for seed in 0..200 {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut m = Match::new(Preset::Duel.rules(), Side::White, &mut rng).unwrap();
        while !m.is_over() && m.round().phase() != Phase::Choose {
            random_step(&mut m, &mut rng);
        }
        if m.is_over() {
            continue;
        }
        found += 1;
        let text = save::save_text(&m, Side::White, Difficulty::Medium, Help::default());
        assert!(text.contains("\"awaiting_choice\":true"), "{text}");
        let loaded = save::load(&text, (Side::White, Difficulty::Easy), &mut rng).unwrap();
        let (a, b) = (loaded.game.round().public(), m.round().public());
        assert_eq!(loaded.game.round().phase(), Phase::Choose);
        assert_eq!(
            (a.starter, a.to_act, a.score, a.special),
            (b.starter, b.to_act, b.score, b.special)
        );
        assert_eq!(loaded.game.turned_specials(), m.turned_specials());
        assert_eq!(loaded.game.round().hand(Side::White).len(), 0);
        assert_eq!(
            save::save_text(
                &loaded.game,
                Side::White,
                Difficulty::Medium,
                Help::default()
            ),
            text
        );
        // The pick is then played as usual.
        let mut game = loaded.game;
        game.play(Action::Choose(Special::TenCards)).unwrap();
        assert_eq!(game.round().hand(Side::White).len(), 10);
    }
    assert!(found >= 20, "only {found} matches reached a pick");
    // Without special cards there is no Choice card to wait for.
    let m = played_match(3, 30);
    let text = save::save_text(&m, Side::White, Difficulty::Medium, Help::default());
    let odd = text.replacen('{', "{\"awaiting_choice\":true,", 1);
    let err = save::load(
        &odd,
        (Side::White, Difficulty::Easy),
        &mut GameRng::seed_from_u64(1),
    )
    .unwrap_err();
    assert!(err.message.starts_with("awaiting_choice:"), "{err}");
    assert_eq!(err.problem, Problem::Rules);
}

#[test]
fn unreadable_saves_say_what_and_where() {
    let mut rng = GameRng::seed_from_u64(99);
    let m = played_match(3, 30);
    let good = save::save_text(&m, Side::White, Difficulty::Medium, Help::default());
    let cut = &good[..good.len() / 2];
    let err = save::load(cut, (Side::White, Difficulty::Easy), &mut rng).unwrap_err();
    assert!(err.message.contains("malformed JSON"));
    assert!(
        matches!(err.problem, Problem::Json { line: 1, .. }),
        "{err:?}"
    );
    let other = good.replace("engarde/1", "engarde/9");
    let err = save::load(&other, (Side::White, Difficulty::Easy), &mut rng).unwrap_err();
    assert!(err.message.contains("unsupported format"));
    assert_eq!(err.problem, Problem::Format);
    let bad = good.replacen("\"do\":\"advance\"", "\"do\":\"fly\"", 1);
    let err = save::load(&bad, (Side::White, Difficulty::Easy), &mut rng).unwrap_err();
    assert!(err.to_string().starts_with("round 0, action"), "{err}");
    assert_eq!(err.problem, Problem::Shape { field: "action" });
    // The page says it counting from 1, in the person's language.
    let notice = Notice::SaveUnreadable(RecordProblem::Record(err));
    let words = en().notice(&notice);
    assert!(words.contains("round 1, action "), "{words}");
    let german = Lang::De.texts().notice(&notice);
    assert!(german.contains("Runde 1, Aktion "), "{german}");
    // Without players, the fallback seats apply.
    let plain = engarde::record::write::record_json(&m);
    let loaded = save::load(&plain, (Side::Black, Difficulty::Easy), &mut rng).unwrap();
    assert_eq!(
        (loaded.human, loaded.level),
        (Side::Black, Difficulty::Easy)
    );
}

#[test]
fn settings_survive_a_round_trip_and_garbage_gives_defaults() {
    let mut rules = Preset::Duel.rules();
    rules.points_to_win = 3;
    let s = Settings {
        rules,
        level: Difficulty::Hard,
        side: Side::Black,
        tracker: false,
        opponent: save::Opponent::Person,
    };
    assert_eq!(Settings::from_json(&s.to_json()), s);
    assert_eq!(Settings::from_json("{not json"), Settings::default());
}

/// Remembered rules that do not validate are kept as read; a match started
/// with them plays the default rules and says so (it once did so silently).
#[test]
fn settings_that_do_not_validate_are_reported_not_replaced_silently() {
    let s = Settings {
        level: Difficulty::Hard,
        ..Settings::default()
    };
    let bad_points = s
        .to_json()
        .replace("\"points_to_win\":5", "\"points_to_win\":42");
    let read = Settings::from_json(&bad_points);
    assert_eq!(read.rules.points_to_win, 42);
    assert_eq!(read.level, Difficulty::Hard);
    let state = GameState::new(read, 3);
    assert_eq!(state.game.rules(), engarde::Rules::default());
    assert_eq!(
        state.notice,
        Some(Notice::SettingsInvalid(engarde::RulesError::PointsToWin(
            42
        )))
    );
    let said = en().notice(state.notice.as_ref().unwrap());
    assert!(
        said.contains("42") && said.contains("default rules"),
        "{said}"
    );
    // Valid settings start without a notice.
    assert_eq!(GameState::new(s, 3).notice, None);
}

#[test]
fn the_reducer_drops_stale_and_out_of_turn_actions() {
    let settings = Settings {
        side: Side::Black,
        ..Settings::default()
    };
    let state = Rc::new(GameState::new(settings, 7));
    assert!(state.computer_to_act());
    let legal = state.game.round().legal_actions()[0];
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
                    game: game.clone(),
                    human: Side::White,
                    level: Difficulty::Easy,
                    help: Help::default(),
                    people: None,
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
            assert_eq!(picked.game.round().phase(), Phase::Turn);
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
    let round = given.game.round();
    let result = round.result().expect("the round is over");
    assert_eq!(result.winner, Some(human.opponent()));
    assert_eq!(result.reason, Reason::Forfeit);
    assert_eq!(given.game.score()[human.opponent()], 1);
    let story = summary::story(round, given.actions()).expect("a story");
    assert_eq!(en().story(&story, human), "You gave up the round.");
    // The save keeps it.
    let text = save::save_text(&given.game, human, given.level, Help::default());
    let back = save::load(&text, (human, given.level), &mut GameRng::seed_from_u64(1)).unwrap();
    assert_eq!(back.game.round().result(), Some(result));
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
                game: m.clone(),
                human: Side::White,
                level: Difficulty::Easy,
                help: Help::default(),
                people: None,
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
    assert_eq!(copy.game.round(), state.game.round());
    let after = Rc::new(state.clone()).reduce(GameAction::Play(far));
    assert_eq!(after.game.round(), state.game.round());
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
    let Step::Play(parry) = step else {
        panic!("{step:?}")
    };
    assert_eq!(
        en().target_opponent(parry, round.public().pending),
        "Target the opponent: Parry with one 2"
    );
    // In every language the hint is one sentence of its own.
    for lang in Lang::ALL {
        let hint = lang.texts().hint(picked, &round).unwrap();
        assert_eq!(hint, lang.texts().hint_parry, "{lang:?}");
    }
}

/// When the computer parries and then moves, the page says both, and the
/// round's summary tells its last steps without repeating the hit.
#[test]
fn the_computers_whole_turn_and_the_last_steps_are_told() {
    let two = card(2);
    let actions = [
        (
            Side::White,
            Action::Attack {
                card: two,
                count: 2,
            },
        ),
        (Side::Black, Action::Parry),
        (Side::Black, Action::Advance(card(3))),
    ];
    assert_eq!(
        en().computer_did(&actions, Side::White),
        ["The computer parries your two 2s.", "Then it advances 3."]
    );
    assert_eq!(
        en().computer_did(&actions[..1], Side::Black),
        ["The computer attacks with two 2s."]
    );
    let hit = [
        (Side::White, Action::Advance(card(1))),
        (Side::Black, Action::Advance(card(4))),
        (
            Side::White,
            Action::Attack {
                card: two,
                count: 1,
            },
        ),
    ];
    let story = Story::Hit {
        attacker: Side::White,
        kind: engarde::AttackKind::Attack,
        card: two,
        count: 1,
        answerable: true,
    };
    assert_eq!(
        en().final_steps(&hit, Side::Black, &story),
        ["The computer advances 1.", "You advance 4."]
    );
}

/// Before the draw pile runs out, a notice says how the round will then be
/// decided (RULES.md §6, E3).
#[test]
fn a_nearly_empty_draw_pile_is_announced() {
    let near = Pos::new(
        Preset::Advanced,
        5,
        15,
        &[1, 2, 3, 4, 5],
        &[1, 2, 3, 4, 5],
        &[1, 2],
    )
    .round();
    let said = en().pile_low(&near).expect("two cards left");
    assert!(said.starts_with("Only 2 left in the draw pile."), "{said}");
    assert!(said.contains("equal to the distance"), "{said}");
    let far = Pos::new(
        Preset::Advanced,
        5,
        15,
        &[1, 2, 3, 4, 5],
        &[1, 2, 3, 4, 5],
        &[1, 2, 3, 4, 5],
    )
    .round();
    assert_eq!(en().pile_low(&far), None);
}

/// "Why not" (issue 14): a card that cannot be played is explained by the
/// engine's own refusals, in every language, instead of doing nothing.
#[test]
fn a_card_that_cannot_be_played_says_why() {
    use engarde::ui::selection::why_not;
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
            game: Match::from_setup(&pos.setup()).unwrap(),
            human: Side::White,
            level: Difficulty::Easy,
            help: Help::default(),
            people: None,
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

/// Every refusal of the engine has a sentence of its own in every language.
#[test]
fn every_refusal_is_said_in_every_language() {
    use engarde::IllegalAction as E;
    use engarde::{AttackKind, Level, Pending};
    let side = Side::White;
    let pending = |kind| Pending {
        kind,
        card: card(4),
        count: 2,
    };
    let all = [
        E::RoundOver,
        E::MustChoose { side },
        E::NoChoice {
            side,
            action: Action::Choose(Special::Plain),
        },
        E::MustAnswer {
            side,
            pending: pending(AttackKind::Attack),
        },
        E::MustAnswer {
            side,
            pending: pending(AttackKind::Lunge),
        },
        E::NothingToParry { side },
        E::MissingCards {
            side,
            card: card(3),
            needed: 2,
            held: 1,
        },
        E::AdvancePastOpponent {
            side,
            card: card(3),
            lands_on: true,
        },
        E::AdvancePastOpponent {
            side,
            card: card(3),
            lands_on: false,
        },
        E::RetreatOffPiste {
            side,
            card: card(3),
        },
        E::NoRetreatCard { side },
        E::RetreatFromAttack { side },
        E::WrongDistance {
            side,
            card: card(3),
            distance: 4,
        },
        E::NoAttackCards { side },
        E::BasicAttackCount { side, count: 2 },
        E::NoLunge {
            side,
            level: Level::Standard,
        },
        E::CannotParry {
            side,
            pending: pending(AttackKind::Attack),
            held: 1,
        },
    ];
    for lang in Lang::ALL {
        let said: Vec<String> = all.iter().map(|&e| lang.texts().refusal(e)).collect();
        for (e, s) in all.iter().zip(&said) {
            assert!(!s.contains('{') && s.len() > 10, "{lang:?} {e:?}: {s}");
        }
        let mut distinct = said.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), said.len(), "{lang:?}: {said:?}");
    }
}

/// A hint (issue 14) is asked on the person's turn, counted once per ask,
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
    let obs = asked.game.observation(asked.human);
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
    let said = en().advice_reason(advice[0].reason);
    assert!(!said.is_empty() && !said.contains('{'), "{said}");
}

/// With a card picked, a square it does not go to and an opponent it cannot
/// attack say why too (the engine's reasons, or where the card goes).
#[test]
fn a_target_that_the_picked_card_cannot_reach_says_why() {
    use engarde::ui::selection::why_not_target;
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

/// The guide's worked examples (RULES.md §10) are positions the engine sets
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

/// White on 3 (two squares behind), Black on 7: distance 4; White holds two
/// 5s, a 1, a 2 and a 3 (the "why not" tests).
fn close_quarters() -> Pos {
    Pos::new(
        Preset::Advanced,
        3,
        7,
        &[5, 5, 1, 2, 3],
        &[1, 2, 3, 4, 4],
        &[1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5],
    )
}

/// "Take back" returns exactly to the person's previous decision (the
/// record and what the person sees are those of that moment), again and
/// again, across rounds' ends and the Choice pick (S4), in every preset; an
/// answer asked for before it is dropped.
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
            while !state.game.is_over() {
                if !made.is_empty() && taken < 40 && rng.random_ratio(1, 4) {
                    let before = state.moment();
                    let (record, seen, choosing) = made.pop().unwrap();
                    state = (*Rc::new(state).reduce(GameAction::TakeBack)).clone();
                    taken += 1;
                    assert_eq!(record_json(&state.game), record);
                    assert_eq!(state.game.observation(human), seen);
                    assert!(state.human_to_act());
                    assert_eq!(state.help.takebacks, taken);
                    picks += usize::from(choosing);
                    // The computer's answer for the moment before is dropped.
                    assert_ne!(state.moment(), before);
                    continue;
                }
                if state.game.round().is_over() {
                    state.game.start_next_round(&mut rng).unwrap();
                    continue;
                }
                if state.human_to_act() {
                    let choosing = state.game.round().phase() == Phase::Choose;
                    made.push((
                        record_json(&state.game),
                        state.game.observation(human),
                        choosing,
                    ));
                }
                let legal = state.game.round().legal_actions();
                state.play(legal[rng.random_range(0..legal.len())]).unwrap();
            }
            assert!(taken > 5, "{preset:?} {seed}: only {taken} take-backs");
            let text = save::save_text(&state.game, human, state.level, state.help);
            assert!(text.contains(&format!("\"takebacks\":{taken}")), "{text}");
        }
    }
    assert!(picks > 0, "no take-back returned to a Choice pick");
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
    use engarde::ui::review::Reviewed;
    let mut rng = GameRng::seed_from_u64(3);
    for (preset, human) in [(Preset::Advanced, Side::White), (Preset::Duel, Side::Black)] {
        let m = random_match(preset.rules(), 11, usize::MAX);
        let r = Reviewed {
            game: m.clone(),
            human,
            level: Difficulty::Hard,
            help: Help::default(),
        };
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
                assert_eq!(d.seen.hand, before.table.hand(human));
                assert_eq!(
                    d.seen,
                    m.rewound(d.at, &mut rng).unwrap().observation(human)
                );
            }
        }
    }
}

/// Two people on one device, every preset: the device changes hands at
/// every change of the side to act and at every new deal; while the privacy
/// screen is up nobody can act; the computer never does; the save carries
/// both names and reads back as the same match between the same people.
#[test]
fn two_people_play_every_preset_to_the_end_through_hand_overs() {
    let names = BySide::new("Anna".to_string(), String::new());
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let settings = Settings {
            rules: preset.rules(),
            opponent: save::Opponent::Person,
            ..Settings::default()
        };
        let mut rng = GameRng::seed_from_u64(40 + i as u64);
        let mut state = Rc::new(GameState::new_people(settings, names.clone(), 9 + i as u64));
        let (mut hand_overs, mut steps) = (0, 0);
        while !state.game.is_over() {
            steps += 1;
            assert!(steps < 5_000, "{preset:?}: the match ends");
            assert!(!state.computer_to_act(), "no computer between two people");
            let round = state.game.round();
            if state.privacy {
                assert!(!round.is_over());
                assert!(
                    !state.human_to_act(),
                    "nobody acts behind the privacy screen"
                );
                // A stale click on the table does nothing.
                let legal = round.legal_actions();
                let same = state.clone().reduce(GameAction::Play(legal[0]));
                assert!(
                    Rc::ptr_eq(&same, &state)
                        || same.game.round_actions() == state.game.round_actions()
                );
                state = state.reduce(GameAction::HandOver);
                hand_overs += 1;
                assert!(!state.privacy);
                assert_eq!(state.human, state.game.round().to_act());
            } else if round.is_over() {
                state = state.reduce(GameAction::NextRound);
                assert!(
                    state.game.is_over() || state.privacy,
                    "{preset:?}: a new deal is handed over"
                );
            } else {
                assert!(state.human_to_act());
                let legal = round.legal_actions();
                let action = legal[rng.random_range(0..legal.len())];
                let before = state.human;
                state = state.reduce(GameAction::Play(action));
                let after = state.game.round();
                let passes = !after.is_over() && after.to_act() != before;
                assert_eq!(
                    state.privacy, passes,
                    "{preset:?}: privacy after {action:?}"
                );
            }
        }
        assert!(hand_overs > 2, "{preset:?}: the device changed hands");
        // The record names both; read back, the same people play on.
        let text = state.save_text();
        let record: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(record["players"]["white"], "person:Anna");
        assert_eq!(record["players"]["black"], "person:");
        let loaded = save::load(&text, (Side::White, Difficulty::Easy), &mut rng).unwrap();
        assert_eq!(loaded.people, Some(names.clone()));
        assert_eq!(
            save::people_save_text(&loaded.game, &names, loaded.help),
            text
        );
    }
}

/// Between two people each is named (their name, else their side), in the
/// log, the end of a round and why it was won; never "you" or "the computer".
#[test]
fn two_people_are_named_in_the_log_and_the_story() {
    let t = en();
    let names = BySide::new("Anna".to_string(), " ".to_string());
    assert_eq!(t.person(&names, Side::White), "Anna");
    assert_eq!(t.person(&names, Side::Black), "Black");
    let line = t.person_played(&names, Side::Black, Action::Advance(card(3)), None);
    assert_eq!(line, "Black advances 3.");
    // A name is never read as a placeholder.
    let odd = BySide::new("{n}".to_string(), "B".to_string());
    assert_eq!(
        t.person_played(&odd, Side::White, Action::Retreat(card(2)), None),
        "{n} retreats 2."
    );
    // A player without a name is called by their side alone, never "Black (Black)".
    assert_eq!(
        t.about_person(t.pass_to, &names, Side::White, &[]),
        "Pass the device to Anna (White)."
    );
    assert_eq!(
        t.about_person(t.pass_to, &names, Side::Black, &[]),
        "Pass the device to Black."
    );
    assert_eq!(
        t.about_person(
            t.score_person,
            &names,
            Side::Black,
            &[("points", &2), ("of", &5)]
        ),
        "Black: 2 of 5"
    );
    let end = t.people_round_end(&names, 2, Some(Side::White), BySide::new(2, 1));
    assert_eq!(end, "Anna wins round 2. Score: White 2 – Black 1.");
    let mut told = 0;
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let mut rng = GameRng::seed_from_u64(i as u64);
        let mut m = random_match(preset.rules(), i as u64, 0);
        while !m.is_over() {
            if let Some(story) = summary::story(m.round(), m.round_actions()) {
                let said = t.people_story(&names, &story);
                let lower = said.to_lowercase();
                assert!(
                    !lower.contains("you") && !lower.contains("computer") && !said.contains('{'),
                    "{said}"
                );
                told += 1;
            }
            random_step(&mut m, &mut rng);
        }
    }
    assert!(told > 20);
}
