//! The page's reducer and view model: what is shown, asked and said, from
//! the state alone.

use super::*;
use engarde::ui::extras::Opened;
use engarde::ui::page::model;
use engarde::ui::page::page_state::{Mode, Page, PageAction, Reveal};

fn page(seed: u64) -> Rc<Page> {
    let game = GameState::new(Settings::default(), seed);
    Rc::new(Page::new(
        game,
        Settings::default(),
        BySide::default(),
        Mode::Table,
    ))
}

/// The status line says what is asked on the person's turn and that the
/// computer thinks on its own; the moment names the same.
#[test]
fn the_status_says_what_is_asked_and_who_thinks() {
    let t = en();
    for seed in 0..20 {
        let state = GameState::new(Settings::default(), seed);
        let status = model::status(t, &state);
        if state.human_to_act() {
            assert!(
                status.ends_with(&asked(state.the_match.round(), state.human)),
                "{status}"
            );
            assert_eq!(model::moment_name(&state), "turn");
        } else {
            assert!(status.ends_with(t.thinking), "{status}");
            assert_eq!(model::moment_name(&state), "wait");
            assert_eq!(model::bar_text(t, &state), None);
        }
        assert!(!model::can_take_back(&state), "no decision yet");
        assert!(model::round_over(t, &state).is_none());
    }
}

/// Between two people the status names whom to pass the device to, the
/// table is hidden ("pass"), and nothing says "you" or "the computer".
#[test]
fn two_people_see_the_pass_screen_first() {
    let names = BySide::new("Anna".to_string(), String::new());
    let state = GameState::new_people(Settings::default(), names, 3);
    assert_eq!(model::moment_name(&state), "pass");
    let who = state.the_match.round().to_act();
    let status = model::status(en(), &state);
    let expected = match who {
        Side::White => "Pass the device to Anna (White).",
        Side::Black => "Pass the device to Black.",
    };
    assert_eq!(status, expected);
    // Once the device is handed over, what is asked names the one asked.
    let mut state = state;
    state.privacy = false;
    let status = model::status(en(), &state);
    let name = match who {
        Side::White => "Anna (White): ",
        Side::Black => "Black: ",
    };
    assert!(status.starts_with(name), "{status}");
    assert!(
        !status.contains("you can") || status.contains(": Your turn"),
        "{status}"
    );
}

/// A played round is logged in words, one line per action, and a finished
/// round has its summary.
#[test]
fn the_log_and_the_summary_follow_the_match() {
    let t = en();
    let mut state = GameState::new(Settings::default(), 5);
    let mut rng = GameRng::seed_from_u64(5);
    while !state.the_match.round().is_over() {
        let legal = state.the_match.round().legal_actions();
        state.play(random_action(&legal, &mut rng)).unwrap();
        state.privacy = false;
        assert_eq!(model::log(t, &state).len(), state.actions().len());
    }
    let over = model::round_over(t, &state).expect("the round is over");
    assert_eq!(over.heading, t.round_heading(1));
    assert!(!over.lines.is_empty());
    assert!(model::moment_name(&state).ends_with("-over"));
}

/// Exporting a match in progress asks first; a yes sends it once, a no
/// nothing; the tracker, the settings form and the extras are the reducer's.
#[test]
fn the_page_reducer_asks_before_revealing_and_opens_what_is_asked() {
    let p = page(1);
    let asked = p.clone().reduce(PageAction::Reveal(Reveal::Export));
    assert_eq!(asked.confirm, Some(Reveal::Export));
    assert_eq!(asked.outgoing, None);
    let no = asked.clone().reduce(PageAction::Confirm(false));
    assert_eq!((no.confirm, no.outgoing), (None, None));
    let yes = asked.reduce(PageAction::Confirm(true));
    assert_eq!(
        (yes.confirm, yes.outgoing),
        (None, Some((0, Reveal::Export)))
    );
    let again = yes
        .reduce(PageAction::Reveal(Reveal::Copy))
        .reduce(PageAction::Confirm(true));
    assert_eq!(again.outgoing, Some((1, Reveal::Copy)));

    let tracker = p.settings.tracker;
    assert_eq!(
        p.clone().reduce(PageAction::ToggleTracker).settings.tracker,
        !tracker
    );
    assert!(
        p.clone()
            .reduce(PageAction::ShowSettings(true))
            .show_settings
    );
    let learn = p.clone().reduce(PageAction::Learn);
    assert_eq!(learn.mode, Mode::Extras(Opened::FirstLesson));
    assert!(learn.welcomed);
    let play = p.clone().reduce(PageAction::Play);
    assert!(play.show_settings && play.welcomed && play.mode == Mode::Table);

    // A new match between two people keeps their names for the form.
    let settings = Settings {
        opponent: save::Adversary::Person,
        ..Settings::default()
    };
    let names = BySide::new("A".to_string(), "B".to_string());
    let started = p.reduce(PageAction::Start(settings, names.clone(), 9));
    assert_eq!(started.names, names);
    assert_eq!(started.game.people.as_ref(), Some(&names));
    assert!(!started.show_settings);
}

/// "Play a first match" (the start screen, the last lesson) starts
/// Standard against Easy at once, keeping the person's other choices; over a
/// match in progress it opens the new-game form instead, which asks first.
#[test]
fn a_first_match_is_one_tap_away_and_never_throws_a_match_away() {
    let mut p = page(4);
    Rc::make_mut(&mut p).mode = Mode::Welcome;
    Rc::make_mut(&mut p).settings.tracker = false;
    let first = p.clone().reduce(PageAction::FirstMatch(7));
    assert_eq!(first.mode, Mode::Table);
    assert!(first.welcomed && !first.show_settings);
    assert_eq!(
        first.game.the_match.rules().preset(),
        Some(Preset::Standard)
    );
    assert_eq!(first.game.level, Difficulty::Easy);
    assert!(
        !first.settings.tracker,
        "the person's other choices are kept"
    );
    assert_eq!(
        en().first_match(first.settings),
        "Play a first match: Standard, against the computer on Easy"
    );
    // A match in progress: the form, the match untouched.
    let mut playing = first.game.as_ref().clone();
    while !playing.in_progress() {
        let a = playing.the_match.round().legal_actions()[0];
        playing.play(a).unwrap();
    }
    let mut q = (*first).clone();
    q.game = Rc::new(playing);
    let asked = Rc::new(q).reduce(PageAction::FirstMatch(8));
    assert!(asked.show_settings);
    assert!(asked.game.in_progress());
}

/// An import that does not read is a notice, and the match is unchanged.
#[test]
fn a_failed_import_is_a_notice() {
    let p = page(2);
    let failed = p
        .clone()
        .reduce(PageAction::Import(Box::new(Err(RecordProblem::NoFile)), 1));
    assert_eq!(
        failed.game.notice,
        Some(Notice::ImportFailed(RecordProblem::NoFile))
    );
    assert_eq!(
        failed.game.the_match.round_actions(),
        p.game.the_match.round_actions()
    );
}

/// "Start the match" always shows the match, from the start screen or a
/// lesson; a match with an action played is in progress (the new-game form
/// then asks before starting over it, `Opened::Settings::in_progress`).
#[test]
fn starting_a_match_shows_it() {
    let p = page(2);
    let welcome = Rc::new(Page {
        mode: Mode::Welcome,
        ..(*p).clone()
    });
    let started = welcome.reduce(PageAction::Start(Settings::default(), BySide::default(), 3));
    assert_eq!(started.mode, Mode::Table);
    assert!(started.welcomed);
    let lesson = Rc::new(Page {
        mode: Mode::Extras(Opened::Lessons),
        ..(*p).clone()
    });
    assert_eq!(
        lesson
            .reduce(PageAction::Start(Settings::default(), BySide::default(), 3))
            .mode,
        Mode::Table
    );
    assert!(!p.game.in_progress());
    let legal = p.game.the_match.round().legal_actions()[0];
    let playing = p.reduce(PageAction::Game(GameAction::Play(legal)));
    assert!(playing.game.in_progress());
    let settings = Settings {
        rules: Preset::Standard.rules(),
        ..Settings::default()
    };
    let fresh = playing.reduce(PageAction::Start(settings, BySide::default(), 4));
    assert_eq!(fresh.game.the_match.rules(), Preset::Standard.rules());
    assert!(!fresh.game.in_progress());
}
