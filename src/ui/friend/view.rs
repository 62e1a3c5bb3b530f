//! "Play a friend": the list of matches with friends (each with the
//! friend's name, the score and where it stands), the invitation's forms,
//! a link that came in, and one match on its [`Board`]. The secrets stay in
//! this browser; a backup file keeps them.

use yew::platform::spawn_local;
use yew::prelude::*;

use super::board::Board;
use super::forms::{AcceptForm, InviteForm};
use super::list::FriendList;
use super::parts_progress::PartsProgress;
use super::screen::{accept_again, again, begin, open_kept, pasted_links, read_link, Screen};
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
    let state = use_state(|| {
        clear_fragment_of(PREFIX);
        match &props.code {
            Some(_) => (Screen::Opening, None),
            None => (Screen::List, None),
        }
    });
    {
        // The link that opened the page, and each one pasted into this tab
        // later (only the fragment changes: no reload, so the connection
        // being made is kept).
        let (state, code) = (state.clone(), props.code.clone());
        use_effect_with((), move |()| {
            if let Some(link) = code {
                spawn_local(read_link(link, state.clone()));
            }
            let pasted = pasted_links(state);
            move || drop(pasted)
        });
    }
    let go = |to: fn() -> Screen| {
        let state = state.clone();
        Callback::from(move |()| state.set((to(), None)))
    };
    let body = match &state.0 {
        Screen::Match(id) => {
            let on_again = {
                let (state, id) = (state.clone(), id.clone());
                Callback::from(move |()| state.set(again(&id)))
            };
            let on_accept_again = {
                let (state, id) = (state.clone(), id.clone());
                Callback::from(move |code: String| state.set(accept_again(&id, &code)))
            };
            html! {
                <Board key={id.clone()} id={id.clone()} problem={state.1}
                    on_back={go(|| Screen::List)} on_review={props.on_review.clone()}
                    {on_again} {on_accept_again} />
            }
        }
        Screen::Invite => {
            let state = state.clone();
            let on_made = Callback::from(move |m| state.set(begin(m, None)));
            html! { <InviteForm {on_made} on_cancel={go(|| Screen::List)} /> }
        }
        Screen::Invitation {
            code,
            offer,
            rules,
            host,
        } => {
            let (state, offer) = (state.clone(), offer.clone());
            let on_accepted = Callback::from(move |r: Result<FriendMatch, Problem>| {
                state.set(match r {
                    Ok(m) => begin(m, offer.as_deref()),
                    Err(p) => (Screen::List, Some(p)),
                });
            });
            html! {
                <AcceptForm code={code.clone()} rules={*rules} host={host.clone()} {on_accepted}
                    on_cancel={go(|| Screen::List)} />
            }
        }
        Screen::Opening => html! {
            <p role="status">{ x.friend_opening }<progress class="friend-checking"></progress></p>
        },
        Screen::Elsewhere => html! { <p role="status">{ x.friend_live_elsewhere }</p> },
        Screen::Parts(progress) => {
            let state = state.clone();
            let on_discard = Callback::from(move |()| {
                super::parts::discard();
                state.set((Screen::List, None));
            });
            html! { <PartsProgress progress={progress.clone()} {on_discard} /> }
        }
        Screen::List => {
            let on_open = {
                let state = state.clone();
                Callback::from(move |id: String| {
                    state.set(match open_kept(&id) {
                        Ok(id) => (Screen::Match(id), None),
                        Err(p) => (Screen::List, Some(p)),
                    });
                })
            };
            // Removed, restored: the list again (with what went wrong, if anything).
            let on_changed = {
                let state = state.clone();
                Callback::from(move |p: Option<Problem>| state.set((Screen::List, p)))
            };
            html! {
                <FriendList {on_open} on_invite={go(|| Screen::Invite)} {on_changed} />
            }
        }
    };
    let elsewhere = matches!(state.0, Screen::Elsewhere);
    let list_problem = match (&state.0, state.1) {
        (Screen::Match(_), _) | (_, None) => None,
        (_, Some(p)) => Some(x.friend_problem(t, p)),
    };
    html! {
        <main class="table friends" data-moment="friends">
            // (Over a match, its own heading says who plays whom: this one
            // is for screen readers only, so the actions come first.)
            <h2 class={classes!(matches!(state.0, Screen::Match(_)).then_some("visually-hidden"))}>{ t.play_friend }</h2>
            if let Some(said) = list_problem {
                <p class="friend-problem" role="alert">{ said }</p>
            }
            { body }
            // A match has its own way back, to the list.
            if !matches!(state.0, Screen::Match(_)) {
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
