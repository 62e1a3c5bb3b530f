//! In the browser (headless Chromium, wasm-bindgen-test): components render
//! the accessibility contract's names, and saves go through real localStorage.
#![cfg(all(target_arch = "wasm32", feature = "web"))]

use std::time::Duration;

use engarde::ai::Difficulty;
use engarde::engine::{BySide, Card, Hand as Cards, Match, Preset, Side};
use engarde::record::Problem;
use engarde::ui::i18n::{Lang, Texts};
use engarde::ui::play::notice::{Notice, RecordProblem};
use engarde::ui::play::save::{self, Help, Settings, SAVE_KEY, SET_ASIDE_KEY};
use engarde::ui::storage::{self, Resume};
use engarde::ui::table::hand::{Hand, HandProps};
use engarde::ui::table::piste::{Piste, PisteProps};
use engarde::GameRng;
use rand::SeedableRng;
use wasm_bindgen_test::*;
use yew::Callback;

wasm_bindgen_test_configure!(run_in_browser);

/// A node to render in; the page's English installed (in the browser every
/// language is fetched as data, which these tests do not serve).
fn root() -> web_sys::Element {
    engarde::ui::i18n::install(Lang::En, Lang::english());
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

/// Waits until `root` holds what was rendered into it: its first element is
/// there (Yew renders on the next turn of the event loop, the whole tree and
/// its effects in one go, so then the rest is there too).
async fn rendered(root: &web_sys::Element) {
    for _ in 0..1_000 {
        if root.child_element_count() > 0 {
            return;
        }
        yew::platform::time::sleep(Duration::ZERO).await;
    }
    panic!("nothing was rendered");
}

fn labels(root: &web_sys::Element, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
        .map(|e| {
            e.get_attribute("aria-label")
                .unwrap_or_else(|| e.text_content().unwrap_or_default())
        })
        .collect()
}

#[wasm_bindgen_test]
async fn the_piste_names_its_squares_and_offers_targets_as_buttons() {
    let div = root();
    let props = PisteProps {
        position: BySide::new(5, 13),
        human: Side::White,
        squares: vec![8, 2],
        opponent_target: Some("Target the opponent: attack with 1 × 3".into()),
        ghost: None,
        poses: BySide::default(),
        beat: 0,
        explain: false,
        suggested: None,
        on_target: Callback::noop(),
        names: None,
    };
    yew::Renderer::<Piste>::with_root_and_props(div.clone(), props).render();
    rendered(&div).await;
    let squares = labels(&div, ".piste > li");
    assert_eq!(squares.len(), 23);
    assert_eq!(squares[11], "Square 12");
    assert_eq!(
        labels(&div, "button.square-button"),
        ["Square 2", "Square 8"]
    );
    assert_eq!(
        labels(&div, "button.fencer"),
        ["Target the opponent: attack with 1 × 3"]
    );
    assert_eq!(labels(&div, "strong[aria-label=Distance]").len(), 1);
    assert_eq!(
        div.query_selector("strong[aria-label=Distance]")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap(),
        "8"
    );
}

#[wasm_bindgen_test]
async fn the_hand_names_cards_by_value_and_marks_the_picked_ones() {
    let div = root();
    let c = |v| Card::new(v).unwrap();
    let props = HandProps {
        hand: Cards::from_cards([c(4), c(2), c(4), c(5), c(1)]),
        picked: vec![(c(4), 1)],
        pickable: vec![c(4), c(5)],
        on_pick: Callback::noop(),
        suggested: vec![c(5)],
        title: None,
    };
    yew::Renderer::<Hand>::with_root_and_props(div.clone(), props).render();
    rendered(&div).await;
    assert_eq!(
        labels(&div, "button.card"),
        ["Card 1", "Card 2", "Card 4", "Card 4", "Card 5"]
    );
    assert_eq!(labels(&div, "button[aria-pressed=true]"), ["Card 4"]);
    // A hint's card is outlined.
    assert_eq!(labels(&div, "button.suggested"), ["Card 5"]);
    assert_eq!(
        labels(&div, "button[aria-disabled=true]"),
        ["Card 1", "Card 2"]
    );
}

#[wasm_bindgen_test]
async fn an_unreadable_save_is_set_aside_not_lost() {
    storage::set(SAVE_KEY, "{\"format\": \"engarde/1\", \"rounds\": [").unwrap();
    storage::read_save(&Settings::default(), 5).await.unwrap();
    let Resume::Unreadable(RecordProblem::Record(e)) = storage::resume() else {
        panic!("an unreadable save must be reported");
    };
    assert!(matches!(e.problem, Problem::Json { .. }), "{e:?}");
    let said = Lang::english().notice(&Notice::SaveUnreadable(RecordProblem::Record(e)));
    assert!(said.contains("not valid JSON"), "{said}");
    assert_eq!(storage::get(SAVE_KEY), None);
    assert_eq!(
        storage::get(SET_ASIDE_KEY).as_deref(),
        Some("{\"format\": \"engarde/1\", \"rounds\": [")
    );
}

#[wasm_bindgen_test]
async fn a_save_resumes_through_local_storage() {
    let mut rng = GameRng::seed_from_u64(4);
    let mut m = Match::new(Preset::Duel.rules(), Side::White, &mut rng).unwrap();
    for _ in 0..6 {
        let a = m.round().legal_actions()[0];
        m.play(a).unwrap();
    }
    storage::set(
        SAVE_KEY,
        &save::save_text(&m, Side::Black, Difficulty::Easy, Help::default()),
    )
    .unwrap();
    storage::read_save(&Settings::default(), 5).await.unwrap();
    let Resume::Match(loaded) = storage::resume() else {
        panic!("the save must resume");
    };
    assert_eq!(loaded.the_match.round(), m.round());
    assert_eq!(
        (loaded.human, loaded.level),
        (Side::Black, Difficulty::Easy)
    );
    let s = Settings {
        side: Side::Black,
        tracker: false,
        ..Settings::default()
    };
    engarde::ui::settings::store::save_settings(s);
    assert_eq!(engarde::ui::settings::store::settings(), s);
}

/// In the browser a language is made from its fetched list of strings, field
/// by field, and a list of another length is refused.
#[wasm_bindgen_test]
fn a_language_is_made_from_its_list_of_strings() {
    let english = Lang::english();
    assert_eq!(english.strings().len(), Texts::COUNT);
    assert_eq!(
        Texts::from_strings(&english.strings()).as_ref(),
        Some(english)
    );
    assert_eq!(Texts::from_strings(&english.strings()[1..]), None);
    // Until fetched, a language is not ready (every one is data in the
    // browser, English too) and speaks English, once English is here.
    assert!(!engarde::ui::i18n::is_ready(Lang::De));
    engarde::ui::i18n::install(Lang::En, english);
    assert!(std::ptr::eq(Lang::De.texts(), english));
}

/// The proven deck in the browser: the same bytes as natively
/// (tests/data/masked_known_values.txt), so two pages on two machines agree
/// on every key, deck and token; and the time a proof takes here, printed.
#[wasm_bindgen_test]
fn the_proven_deck_makes_the_known_bytes_in_the_browser() {
    use engarde::friend::id::MatchId;
    use engarde::friend::masked::{Context, DeckKey, Trust};
    use sha2::{Digest, Sha256};
    let game = MatchId(*b"match 01");
    let host = DeckKey::of(&[1; 32], game, true);
    let guest = DeckKey::of(&[2; 32], game, false);
    let (hs, gs) = (host.announcement(), guest.announcement());
    let (host, guest) = (host.with(&gs).unwrap(), guest.with(&hs).unwrap());
    let round = Context::new(game, 1);
    let clock = web_sys::window().unwrap().performance().unwrap();
    let t0 = clock.now();
    let (mine, first) = host
        .shuffle_first(&round, &[1; 16], &mut Trust::Now)
        .unwrap();
    let t1 = clock.now();
    let checked = guest.check_first(&round, &first, &Trust::Now).unwrap();
    let (dealt, second) = guest
        .shuffle_again(&round, &[2; 16], &checked, &mut Trust::Now)
        .unwrap();
    let at_host = host
        .check_again(&round, &mine, &second, &Trust::Now)
        .unwrap();
    let token = guest.token(&round, &dealt, 0, &mut Trust::Now).unwrap();
    assert!(host.open(&round, &at_host, 0, &token, &Trust::Now).unwrap() < 25);
    let digests: Vec<String> = [hs, gs, first, second, token]
        .iter()
        .map(|b| {
            Sha256::digest(b)[..8]
                .iter()
                .map(|x| format!("{x:02x}"))
                .collect()
        })
        .collect();
    let known: Vec<&str> = include_str!("data/masked_known_values.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect();
    assert_eq!(digests, known);
    web_sys::console::log_1(
        &format!(
            "proven deck in wasm: a first shuffle proved and checked in {:.0} ms",
            t1 - t0
        )
        .into(),
    );
}
