//! Two people on one device: hand-overs and names.

use super::*;

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
            opponent: save::Adversary::Person,
            ..Settings::default()
        };
        let mut rng = GameRng::seed_from_u64(40 + i as u64);
        let mut state = Rc::new(GameState::new_people(settings, names.clone(), 9 + i as u64));
        let (mut hand_overs, mut steps) = (0, 0);
        while !state.the_match.is_over() {
            steps += 1;
            assert!(steps < 5_000, "{preset:?}: the match ends");
            assert!(!state.computer_to_act(), "no computer between two people");
            let round = state.the_match.round();
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
                        || same.the_match.round_actions() == state.the_match.round_actions()
                );
                state = state.reduce(GameAction::HandOver);
                hand_overs += 1;
                assert!(!state.privacy);
                assert_eq!(state.human, state.the_match.round().to_act());
            } else if round.is_over() {
                state = state.reduce(GameAction::NextRound);
                assert!(
                    state.the_match.is_over() || state.privacy,
                    "{preset:?}: a new deal is handed over"
                );
            } else {
                assert!(state.human_to_act());
                let legal = round.legal_actions();
                let action = random_action(&legal, &mut rng);
                let before = state.human;
                state = state.reduce(GameAction::Play(action));
                let after = state.the_match.round();
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
            save::people_save_text(&loaded.the_match, &names, loaded.help),
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
    let seats = Seats::People(&names);
    assert_eq!(
        seats.who(Side::White),
        Who::Person {
            name: "Anna",
            side: Side::White
        }
    );
    let line = t.played(seats.who(Side::Black), Action::Advance(card(3)), None);
    assert_eq!(line, "Black advances 3.");
    // A name is never read as a placeholder.
    let odd = BySide::new("{n}".to_string(), "B".to_string());
    assert_eq!(
        t.played(
            Seats::People(&odd).who(Side::White),
            Action::Retreat(card(2)),
            None
        ),
        "{n} retreats 2."
    );
    // A player without a name is called by their side alone, never "Black (Black)".
    assert_eq!(
        t.about(t.pass_to, seats.who(Side::White)),
        "Pass the device to Anna (White)."
    );
    assert_eq!(
        t.about(t.pass_to, seats.who(Side::Black)),
        "Pass the device to Black."
    );
    assert_eq!(t.score_line(seats, Side::Black, 2, 5), "Black: 2 of 5");
    let end = t.round_end(seats, 2, Some(Side::White), BySide::new(2, 1));
    assert_eq!(end, "Anna wins round 2. Score: White 2 – Black 1.");
    let mut told = 0;
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let mut rng = GameRng::seed_from_u64(i as u64);
        let mut m = random_match(preset.rules(), i as u64, 0);
        while !m.is_over() {
            if let Some(story) = summary::story(m.round(), m.round_actions()) {
                let said = t.story(seats, &story);
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
