//! What the page says: what is asked, why a round ended, what the
//! computer did, the nearly empty pile, every refusal in every language.

use super::*;

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
        en().story(Seats::Computer { human: Side::White }, &story),
        "The draw pile ran out at distance 3: you hold one 3, the computer two 3s. The computer wins the round."
    );
    // Said from the person's side, whichever colour they play.
    let winner = round.result().unwrap().winner;
    assert_eq!(
        en().round_end(
            Seats::Computer { human: Side::White },
            1,
            winner,
            BySide::new(0, 1)
        ),
        "The computer wins round 1. Score: you 0, the computer 1."
    );
    assert_eq!(
        en().round_end(
            Seats::Computer { human: Side::Black },
            1,
            winner,
            BySide::new(0, 1)
        ),
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
    en().story(Seats::Computer { human }, &story)
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
        en().story(Seats::Computer { human: Side::White }, &s),
        "The draw pile ran out. At distance 2 both hold one 2. The computer advanced farther (squares advanced: the computer 11, you 9). The computer wins the round."
    );
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
        en().did_since(
            Seats::Computer { human: Side::White },
            &actions,
            Side::White
        ),
        ["The computer parries your two 2s.", "Then it advances 3."]
    );
    assert_eq!(
        en().did_since(
            Seats::Computer { human: Side::Black },
            &actions[..1],
            Side::Black
        ),
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
        summary::final_steps(hit.len(), &story)
            .map(|i| en().played_at(Seats::Computer { human: Side::Black }, &hit, i))
            .collect::<Vec<_>>(),
        ["The computer advances 1.", "You advance 4."]
    );
}

/// Before the draw pile runs out, a notice says how the round will then be
/// decided (docs/RULES.md §6, E3).
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

/// Every refusal of the engine has a sentence of its own in every language.
#[test]
fn every_refusal_is_said_in_every_language() {
    use engarde::IllegalAction as E;
    use engarde::{AttackKind, Pending, RulesLevel};
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
            level: RulesLevel::Standard,
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

/// What each language calls the facts a rules text states: the
/// lunge, its absence, the special cards, the loser starting, position alone
/// deciding at the end of the draw pile.
struct Facts {
    lang: Lang,
    lunge: &'static str,
    no_lunge: &'static str,
    special: &'static str,
    loser_starts: &'static str,
    position_alone: &'static str,
    /// The wrong definition of the distance (squares between the fencers).
    squares_between: &'static str,
}

const FACTS: [Facts; 4] = [
    Facts {
        lang: Lang::En,
        lunge: "lunge",
        no_lunge: "no lunge",
        special: "special card",
        loser_starts: "loser of a round starts",
        position_alone: "position alone decides",
        squares_between: "squares between",
    },
    Facts {
        lang: Lang::Nl,
        lunge: "indirecte aanval",
        no_lunge: "zonder indirecte aanval",
        special: "speciale kaart",
        loser_starts: "wie een ronde verliest, begint",
        position_alone: "beslist alleen de positie",
        squares_between: "vakjes tussen",
    },
    Facts {
        lang: Lang::De,
        lunge: "Ausfall",
        no_lunge: "ohne Ausfall",
        special: "Sonderkarte",
        loser_starts: "wer eine Runde verliert, beginnt",
        position_alone: "entscheidet allein die Stellung",
        squares_between: "Felder zwischen",
    },
    Facts {
        lang: Lang::Fr,
        lunge: "fente",
        no_lunge: "sans fente",
        special: "carte spéciale",
        loser_starts: "perdant d’une manche commence",
        position_alone: "seule la position décide",
        squares_between: "cases entre",
    },
];

/// Checks that `text`, describing `rules`, states no fact they contradict:
/// the lunge only with the Advanced level (and named absent otherwise if
/// named at all), the special cards, the loser starting and position alone
/// deciding exactly when the rules say so.
fn states_the_rules(f: &Facts, rules: engarde::Rules, text: &str, what: &str) {
    use engarde::engine::{RulesLevel, StarterRule};
    let lunge = rules.level == RulesLevel::Advanced;
    let says = |s: &str| text.contains(s);
    let who = format!("{:?} {what}: {text}", f.lang);
    if lunge {
        assert!(!says(f.no_lunge), "says there is no lunge: {who}");
    } else if says(f.lunge) {
        assert!(
            says(f.no_lunge),
            "speaks of the lunge as if it were played: {who}"
        );
    }
    assert_eq!(says(f.special), rules.special_cards, "special cards: {who}");
    assert_eq!(
        says(f.loser_starts),
        rules.starter == StarterRule::Loser,
        "who starts: {who}"
    );
    let position_alone = !rules.final_count && !rules.final_strike;
    if says(f.position_alone) {
        assert!(position_alone, "position alone: {who}");
    }
    if rules.special_cards {
        assert_eq!(
            says(f.position_alone),
            position_alone,
            "the pile's end: {who}"
        );
    }
}

/// Every text that describes an edition states its rules as the engine
/// plays them, in every language: the new-game form's preset descriptions
/// and the guide's editions (a Duel is the Standard game: no lunge). The
/// distance is the difference of the squares, never the squares between.
#[test]
fn rules_texts_agree_with_the_rules_in_force() {
    for f in &FACTS {
        let (t, x) = (f.lang.texts(), f.lang.extra_texts());
        for (preset, text) in Preset::ALL.into_iter().zip(x.presets_help) {
            states_the_rules(f, preset.rules(), text, &format!("{preset:?} description"));
        }
        states_the_rules(f, Preset::Duel.rules(), x.guide_duel, "guide, Duel");
        for (preset, texts) in [
            (Preset::Basic, &x.guide_basic[..]),
            (Preset::Standard, &x.guide_standard[..]),
        ] {
            for text in texts {
                let who = format!("{:?} {preset:?} guide: {text}", f.lang);
                assert!(
                    !text.contains(f.lunge) || text.contains(f.no_lunge),
                    "{who}"
                );
            }
        }
        let everything = [t.strings(), x.strings()].concat();
        for text in everything {
            assert!(!text.contains(f.squares_between), "{:?}: {text}", f.lang);
        }
    }
}

/// A hint's reason says what the rules in force make of the move: beyond a
/// direct attack but within a lunge (Advanced), out of any reach (no
/// lunge), the draw pile's last card taken (the round then ends, decided as
/// the rules say), and a parryable attack that wins whatever the answer.
#[test]
fn hint_reasons_follow_the_rules_in_force() {
    use engarde::ai::advice::{reason, PileEnd, Why};
    let t = en();
    // White on 3, Black on 15: advancing 4 leaves distance 8.
    let deck = [1, 2, 3, 1, 2, 3, 4, 5];
    for (preset, expected) in [
        (Preset::Advanced, Why::LungeReach { distance: 8 }),
        (Preset::Standard, Why::OutOfReach { distance: 8 }),
    ] {
        let round = Pos::new(preset, 3, 15, &[4, 1, 1, 2, 2], &[5, 5, 3, 3, 1], &deck).round();
        let obs = round.observation(Side::White);
        let why = reason(&obs, Action::Advance(card(4)));
        assert_eq!(why, expected, "{preset:?}");
        let said = t.advice_reason(why, 0.6);
        match preset {
            Preset::Advanced => assert!(said.contains("lunge can"), "{said}"),
            _ => assert!(said.contains("any attack"), "{said}"),
        }
    }
    // One card left in the draw pile: the move's refill takes it.
    for (preset, end, words) in [
        (Preset::Basic, PileEnd::Strike, "may still strike"),
        (
            Preset::Advanced,
            PileEnd::Count,
            "holds more cards of value 8 wins",
        ),
        (
            Preset::Duel,
            PileEnd::Position,
            "advanced farther wins the round",
        ),
    ] {
        let mut pos = Pos::new(preset, 3, 15, &[4, 1, 1, 2, 2], &[5, 5, 3, 3, 1], &[3]);
        if preset == Preset::Duel {
            pos = pos.special(Special::Plain);
        }
        let round = pos.round();
        let obs = round.observation(Side::White);
        assert!(obs.takes_last_card(Action::Advance(card(4))));
        let why = reason(&obs, Action::Advance(card(4)));
        assert_eq!(why, Why::LastCard { distance: 8, end }, "{preset:?}");
        let said = t.advice_reason(why, 0.5);
        assert!(said.contains(words), "{preset:?}: {said}");
    }
    // Two cards left: a move draws one, and the round goes on.
    let round = Pos::new(
        Preset::Advanced,
        3,
        15,
        &[4, 1, 1, 2, 2],
        &[5, 5, 3, 3, 1],
        &[3, 4],
    )
    .round();
    assert!(!round
        .observation(Side::White)
        .takes_last_card(Action::Advance(card(4))));
    // A parryable attack, won whatever the computer answers.
    let why = Why::Parryable {
        card: card(3),
        count: 1,
        unseen: 2,
    };
    assert!(t.advice_reason(why, 1.0).contains("won whatever it does"));
    assert!(t
        .advice_reason(why, 0.7)
        .starts_with("The computer may parry."));
}

/// A retreat that answers a lunge is named as the escape it is, in every
/// language; any other retreat is a retreat.
#[test]
fn an_escape_from_a_lunge_is_named() {
    let lunge = Action::Lunge {
        advance: card(3),
        card: card(5),
        count: 1,
    };
    let t = en();
    assert_eq!(
        t.played(Who::Computer, Action::Retreat(card(4)), Some(lunge)),
        "The computer escapes your lunge: it retreats 4."
    );
    assert_eq!(
        t.played(Who::Computer, Action::Retreat(card(4)), Some(Action::Parry)),
        "The computer retreats 4."
    );
    for lang in [Lang::Nl, Lang::De, Lang::Fr] {
        let t = lang.texts();
        let escape = t.played(Who::Computer, Action::Retreat(card(4)), Some(lunge));
        let retreat = t.played(Who::Computer, Action::Retreat(card(4)), None);
        assert_ne!(escape, retreat, "{lang:?}");
        assert!(escape.contains('4') && !escape.contains('{'), "{escape}");
    }
}
