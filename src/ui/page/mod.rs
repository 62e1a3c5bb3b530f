//! The page: one reducer ([`page_state::Page`]) holds the match and what is
//! shown; a pure view model ([`model`]) says it in words; components lay it
//! out ([`table::Table`], the dialogs, the pass screen); effects keep the
//! browser in step ([`effects`], [`hooks`]).

mod dialogs;
mod effects;
pub mod fault;
pub(crate) mod hooks;
pub(crate) mod menu;
pub mod model;
pub mod page_state;
mod table;
pub(crate) mod update;
pub(crate) mod welcome;

use yew::platform::spawn_local;
use yew::prelude::*;

use crate::ui::extras::{host::ExtrasHost, Back, Opened, ReviewOf};
use crate::ui::i18n::{use_texts, Lang};
use crate::ui::match_state::{GameAction, GameState};
use crate::ui::page::menu::Menu;
use crate::ui::page::welcome::Welcome;
use crate::ui::play::notice::{Notice, RecordProblem};
use crate::ui::play::reader;
use crate::ui::settings::store;
use crate::ui::shell::seed;
use crate::ui::storage::{self, Resume};
use crate::ui::table::scores::ScoreTracks;

use dialogs::{Ask, NoticeBar, PassScreen};
use page_state::{Mode, Page, PageAction, Reveal};
use table::Table;

/// What the page reads before it opens: the save, if there is one
/// ([`storage::read_save`], whose reader is fetched then).
///
/// # Errors
/// When the reader could not be fetched.
pub async fn read_ahead() -> Result<(), reader::Unfetched> {
    storage::read_save(&store::settings(), seed()).await
}

/// The page as it opens: the saved match (or why it could not be read), and
/// a shared link's review, or the start screen of a first visit.
fn opening() -> Page {
    let settings = store::settings();
    // A match opened from a shared link (`#r=…`): the extras read it (and
    // say what is wrong with a broken one, `PageAction::LinkBroken`).
    let link = crate::ui::shell::share::fragment();
    // A link over the cap is refused at once, before any work on it (most
    // are off the address before the app starts).
    let too_long = crate::ui::shell::share::link_too_long()
        || link
            .as_ref()
            .is_some_and(|c| c.len() > crate::record::link::MAX_CODE_CHARS);
    let link = link.filter(|_| !too_long);
    // A friend's link (`#f=…`): the friend screen reads it.
    let friend = crate::ui::shell::share::fragment_of(crate::ui::friend::PREFIX);
    let mut game = match storage::resume() {
        Resume::Match(loaded) => GameState::loaded(loaded, seed(), None),
        Resume::Unreadable(why) => GameState {
            notice: Some(Notice::SaveUnreadable(why)),
            ..GameState::new(settings, seed())
        },
        Resume::Nothing => GameState::new(settings, seed()),
    };
    if too_long {
        game.notice = Some(Notice::LinkTooLong);
    }
    // A shared link opens its review; a first visit opens on the start
    // screen, not on a live match.
    let from_link = link.is_some() || too_long;
    let mode = match (link, friend) {
        (Some(code), _) => Mode::Extras(Opened::Review {
            of: ReviewOf::Code(code),
            round: None,
            shared: true,
        }),
        (None, Some(code)) => Mode::Extras(Opened::Friends { code: Some(code) }),
        (None, None) if storage::first_visit() => Mode::Welcome,
        (None, None) => Mode::Table,
    };
    Page {
        from_link,
        ..Page::new(game, settings, store::names(), mode)
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct GameProps {
    /// The language in force, and how to change it.
    pub lang: Lang,
    pub on_lang: Callback<Lang>,
}

#[function_component]
pub(crate) fn Game(props: &GameProps) -> Html {
    let t = use_texts();
    let page = use_reducer(opening);
    let dispatch = Callback::from({
        let page = page.dispatcher();
        move |a: PageAction| page.dispatch(a)
    });
    let to_game = dispatch.reform(PageAction::Game);
    hooks::use_computer_turn(&page.game, &to_game);
    hooks::use_autosave(&page.game, &to_game);
    hooks::use_hint(&page.game, &to_game);
    hooks::use_history(&page.game, &to_game);
    effects::use_remembered(&page);
    effects::use_outgoing(&page, &dispatch);

    let state = &page.game;
    let people = state.people.as_ref();
    let open = |o: Opened| dispatch.reform(move |()| PageAction::Open(Mode::Extras(o.clone())));
    // An imported file is read by the match reader (a module of its own).
    let import = {
        let (dispatch, fallback) = (dispatch.clone(), (state.human, state.level));
        Callback::from(move |text: Result<String, RecordProblem>| {
            let dispatch = dispatch.clone();
            spawn_local(async move {
                let read = match text {
                    Ok(text) => match reader::read(text, fallback, seed()).await {
                        Ok(read) => read.map_err(RecordProblem::Record),
                        Err(reader::Unfetched) => Err(RecordProblem::Unreadable),
                    },
                    Err(why) => Err(why),
                };
                dispatch.emit(PageAction::Import(Box::new(read), seed()));
            });
        })
    };
    let on_review = {
        let (state, dispatch) = (state.clone(), dispatch.clone());
        Callback::from(move |round: Option<usize>| {
            dispatch.emit(PageAction::Open(Mode::Extras(Opened::Review {
                of: ReviewOf::Record(state.save_text()),
                round,
                shared: false,
            })));
        })
    };
    // What the extras say back; `left`: what leaving them does.
    let heard = |left: fn() -> PageAction| {
        let (dispatch, on_lang) = (dispatch.clone(), props.on_lang.clone());
        Callback::from(move |back: Back| match back {
            Back::Left => dispatch.emit(left()),
            Back::LinkBroken(said) => dispatch.emit(PageAction::LinkBroken(said)),
            Back::Start(s, names) => dispatch.emit(PageAction::Start(s, names, seed())),
            Back::Lang(l) => on_lang.emit(l),
            Back::FirstMatch => dispatch.emit(PageAction::FirstMatch(seed())),
            Back::Review(code) => dispatch.emit(PageAction::Open(Mode::Extras(Opened::Review {
                of: ReviewOf::Code(code),
                round: None,
                shared: true,
            }))),
        })
    };
    let body = match &page.mode {
        Mode::Welcome => html! {
            <Welcome on_learn={dispatch.reform(|()| PageAction::Learn)}
                on_first_match={dispatch.reform(|()| PageAction::FirstMatch(seed()))}
                on_play={dispatch.reform(|()| PageAction::Play)}
                on_puzzles={dispatch.reform(|()| PageAction::Open(Mode::Extras(Opened::Puzzles)))}
                on_friend={open(Opened::Friends { code: None })} />
        },
        Mode::Extras(opened) => html! {
            <ExtrasHost opened={opened.clone()} lang={props.lang} in_progress={state.in_progress()} on_back={heard(|| PageAction::Open(Mode::Table))} />
        },
        Mode::Table if state.privacy && !state.the_match.round().is_over() => html! {
            <PassScreen status={model::status(t, state)}
                names={people.cloned().unwrap_or_default()} next={state.the_match.round().to_act()}
                on_ready={to_game.reform(|()| GameAction::HandOver)} />
        },
        Mode::Table => html! {
            <Table game={state.clone()} preview={page.preview_now()} tracker={page.settings.tracker}
                think_ms={hooks::think_bar_ms(state.level)} dispatch={dispatch.clone()} {on_review} />
        },
    };
    let reveal = page
        .confirm
        .map(|what| model::reveal_question(t, what, people.is_some()));
    html! {
        <>
        <header class="top">
            <h1>{ "En Garde" }</h1>
            // The match's score beside the match only (a review or a lesson
            // shows its own).
            if page.mode == Mode::Table {
                <ScoreTracks score={state.the_match.score()} to_win={state.the_match.rules().points_to_win}
                    human={state.human} names={people.cloned()} />
            }
            <Menu on_new={dispatch.reform(|()| PageAction::ShowSettings(true))} on_learn={open(Opened::Lessons)}
                on_guide={open(Opened::Guide)} on_history={open(Opened::History)} on_puzzles={open(Opened::Puzzles)}
                on_friend={open(Opened::Friends { code: None })}
                on_preferences={dispatch.reform(|()| PageAction::ShowPreferences(true))}
                on_export={dispatch.reform(|()| PageAction::Reveal(Reveal::Export))}
                on_copy={dispatch.reform(|()| PageAction::Reveal(Reveal::Copy))}
                on_import={import} />
        </header>
        if let Some(n) = &state.notice {
            <NoticeBar notice={n.clone()} on_dismiss={to_game.reform(|()| GameAction::Notice(None))} />
        }
        if let Some((question, yes)) = reveal {
            <Ask {question} {yes} no={t.cancel} on_answer={dispatch.reform(PageAction::Confirm)} />
        }
        { body }
        if page.show_preferences {
            <ExtrasHost opened={Opened::Preferences} lang={props.lang}
                on_back={heard(|| PageAction::ShowPreferences(false))} />
        }
        if page.show_settings {
            <ExtrasHost opened={Opened::Settings { initial: page.settings, names: page.names.clone(),
                in_progress: state.in_progress() }}
                lang={props.lang} on_back={heard(|| PageAction::ShowSettings(false))} />
        }
        { crate::ui::page::update::banner(t) }
        </>
    }
}
