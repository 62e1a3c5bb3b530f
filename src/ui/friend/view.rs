//! "Play a friend": the list of matches with friends (each with the
//! friend's name, the score and where it stands), the invitation's forms,
//! a link that came in, and one match on its [`Board`]. The secrets stay in
//! this browser; a backup file keeps them.

use yew::platform::spawn_local;
use yew::prelude::*;

use super::board::Board;
use super::forms::{AcceptForm, InviteForm};
use super::list::FriendList;
use super::live;
use super::parts_progress::PartsProgress;
use super::screen::read_link;
use super::screen::{accept_again, again, begin, make_move, open_kept, pasted_links, prepare};
use super::state::{FriendScreens, FriendsAction, Screen};
use super::{Problem, PREFIX};
use crate::friend::game::FriendMatch;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::shell::share::clear_fragment_of;

#[derive(Properties, PartialEq)]
pub(crate) struct FriendsProps {
    /// A match is in progress: the way out says "Back to the match", else "Close".
    pub in_progress: bool,
    /// A link's message that opened the page (`#f=…`).
    pub code: Option<String>,
    pub on_close: Callback<()>,
    /// Opens a finished match's review (its link code).
    pub on_review: Callback<String>,
}

#[function_component]
pub(crate) fn Friends(props: &FriendsProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let state = use_reducer(|| {
        clear_fragment_of(PREFIX);
        FriendScreens::new(props.code.is_some())
    });
    let dispatch = state.dispatcher();
    {
        // The link that opened the page, and each one pasted into this tab
        // later (only the fragment changes: no reload, so the connection
        // being made is kept).
        let (dispatch, code) = (dispatch.clone(), props.code.clone());
        use_effect_with((), move |()| {
            if let Some(link) = code {
                spawn_local(read_link(link, dispatch.clone()));
            }
            let pasted = pasted_links(dispatch);
            move || drop(pasted)
        });
    }
    {
        // The match shown: each change of it is heard (at once, with what
        // went wrong while none watched).
        let dispatch = dispatch.clone();
        use_effect_with(state.screen.match_id().map(str::to_string), move |shown| {
            let shown = shown.clone();
            if let Some(id) = &shown {
                let heard = {
                    let id = id.clone();
                    Callback::from(move |problem| {
                        let no_route = live::say_no_route(&id);
                        let watched = live::watched(&id);
                        dispatch.dispatch(FriendsAction::Heard {
                            watched,
                            problem,
                            no_route,
                        });
                    })
                };
                live::watch(id, Some(heard));
            }
            move || {
                if let Some(id) = shown {
                    live::watch(&id, None);
                }
            }
        });
    }
    {
        // A link owed by the match shown: an offer is made to ride on it,
        // if none is yet (asked at each showing; made once).
        let watched = state.watched.clone();
        use_effect(move || {
            if let Some(watched) = &watched {
                prepare(watched);
            }
        });
    }
    let show = |(screen, problem): (Screen, Option<Problem>)| FriendsAction::Show(screen, problem);
    let go = |to: fn() -> Screen| {
        let dispatch = dispatch.clone();
        Callback::from(move |()| dispatch.dispatch(FriendsAction::Show(to(), None)))
    };
    let body = match (&state.screen, state.watched.clone()) {
        // (Shown once the screens first hear of it, at once.)
        (Screen::Match(_), None) => html! {},
        (Screen::Match(id), Some(watched)) => {
            let on_again = {
                let (dispatch, id) = (dispatch.clone(), id.clone());
                Callback::from(move |()| dispatch.dispatch(show(again(&id))))
            };
            let on_accept_again = {
                let (dispatch, id) = (dispatch.clone(), id.clone());
                Callback::from(move |code: String| {
                    dispatch.dispatch(show(accept_again(&id, &code)))
                })
            };
            let on_action = {
                let dispatch = dispatch.clone();
                Callback::from(move |a| dispatch.dispatch(a))
            };
            let on_move = {
                let (dispatch, id) = (dispatch.clone(), id.clone());
                Callback::from(move |mv| dispatch.dispatch(make_move(&id, mv)))
            };
            html! {
                <Board key={id.clone()} {watched} problem={state.problem} asking={state.asking}
                    no_route={state.no_route} dispatch={on_action} {on_move}
                    on_back={go(|| Screen::List)} on_review={props.on_review.clone()}
                    {on_again} {on_accept_again} />
            }
        }
        (Screen::Invite, _) => {
            let dispatch = dispatch.clone();
            let on_made = Callback::from(move |m| dispatch.dispatch(show(begin(m, None))));
            html! { <InviteForm {on_made} on_cancel={go(|| Screen::List)} /> }
        }
        (
            Screen::Invitation {
                code,
                offer,
                rules,
                host,
            },
            _,
        ) => {
            let (dispatch, offer) = (dispatch.clone(), offer.clone());
            let on_accepted = Callback::from(move |r: Result<FriendMatch, Problem>| {
                dispatch.dispatch(match r {
                    Ok(m) => show(begin(m, offer.as_deref())),
                    Err(p) => FriendsAction::Show(Screen::List, Some(p)),
                });
            });
            html! {
                <AcceptForm code={code.clone()} rules={*rules} host={host.clone()} {on_accepted}
                    on_cancel={go(|| Screen::List)} />
            }
        }
        (Screen::Opening, _) => html! {
            <p role="status">{ x.friend_opening }<progress class="friend-checking"></progress></p>
        },
        (Screen::Elsewhere, _) => html! { <p role="status">{ x.friend_live_elsewhere }</p> },
        (Screen::Parts(progress), _) => {
            let dispatch = dispatch.clone();
            let on_discard = Callback::from(move |()| {
                super::parts::discard();
                dispatch.dispatch(FriendsAction::Show(Screen::List, None));
            });
            html! { <PartsProgress progress={progress.clone()} {on_discard} /> }
        }
        (Screen::List, _) => {
            let on_open = {
                let dispatch = dispatch.clone();
                Callback::from(move |id: String| {
                    dispatch.dispatch(match open_kept(&id) {
                        Ok(id) => FriendsAction::Show(Screen::Match(id), None),
                        Err(p) => FriendsAction::Show(Screen::List, Some(p)),
                    });
                })
            };
            // Removed, restored: the list again (with what went wrong, if anything).
            let on_changed = {
                let dispatch = dispatch.clone();
                Callback::from(move |p: Option<Problem>| {
                    dispatch.dispatch(FriendsAction::Show(Screen::List, p))
                })
            };
            html! {
                <FriendList {on_open} on_invite={go(|| Screen::Invite)} {on_changed} />
            }
        }
    };
    let shows_match = matches!(state.screen, Screen::Match(_));
    let elsewhere = matches!(state.screen, Screen::Elsewhere);
    let list_problem = state
        .problem
        .filter(|_| !shows_match)
        .map(|p| x.friend_problem(t, p));
    html! {
        <main class="table friends" data-moment="friends">
            // (Over a match, its own heading says who plays whom: this one
            // is for screen readers only, so the actions come first.)
            <h2 class={classes!(shows_match.then_some("visually-hidden"))}>{ t.play_friend }</h2>
            if let Some(said) = list_problem {
                <p class="friend-problem" role="alert">{ said }</p>
            }
            { body }
            // A match has its own way back, to the list.
            if !shows_match {
                <div class="bar-tools">
                    <button onclick={props.on_close.reform(move |_| {
                        // Used after all: this tab holds the page's match.
                        if elsewhere {
                            crate::ui::shell::call("engardeClaim", &[]);
                        }
                    })}>{ if props.in_progress { x.back_to_match } else { t.close } }</button>
                </div>
            }
        </main>
    }
}
