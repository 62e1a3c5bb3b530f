//! "Play a friend": the list of matches with friends (each with the
//! friend's name, the score and where it stands), the invitation's forms,
//! a link that came in, and one match on its [`Board`]. The secrets stay in
//! this browser; a backup file keeps them.

use yew::platform::spawn_local;
use yew::prelude::*;

use super::board::{Board, Held};
use super::forms::{secret_rng, AcceptForm, InviteForm};
use super::list::FriendList;
use super::live::{self, sdp, tabs};
use super::{incoming, settle, store, Incoming, Problem, PREFIX};
use crate::engine::Rules;
use crate::friend::game::FriendMatch;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::shell::share::clear_fragment_of;

/// What the screen shows.
#[derive(Clone, PartialEq)]
enum Screen {
    List,
    Invite,
    Invitation {
        code: String,
        /// The host's connection offer, if it came with the invitation.
        offer: Option<String>,
        rules: Rules,
        host: String,
    },
    Match(Held),
    /// A link is being read (handed to another tab if one holds its match).
    Opening,
    /// The link went to the tab that holds its match.
    Elsewhere,
}

/// A kept match as this page holds it (rebuilt if it did not hold it).
fn open_kept(id: &str) -> Result<Held, Problem> {
    if let Some(held) = live::held(id) {
        return Ok(held);
    }
    let kept = store::load(id).ok_or(Problem::Kept)?;
    let m = FriendMatch::restore(&kept.journal).map_err(Problem::from)?;
    Ok(live::hold(m))
}

/// A new match is kept and shown; the friend's connection offer that came
/// with the invitation, if any, is answered.
fn begin(mut m: FriendMatch, offer: Option<&str>) -> (Screen, Option<Problem>) {
    settle(&mut m);
    match store::save(&mut m) {
        Ok(_) => {
            let id = super::hex(m.id());
            let held = live::hold(m);
            if let Some(offer) = offer {
                live::described(&id, offer);
            }
            (Screen::Match(held), None)
        }
        // No link goes out that is not kept.
        Err(p) => (Screen::List, Some(p)),
    }
}

/// The person's name in `held`'s match, the friend's, and the match's id.
fn who_of(held: &Held) -> (String, String, String) {
    let m = held.0.borrow();
    let me = m.side();
    let friend = store::load(&super::hex(m.id()))
        .map(|k| super::names_shown(&m, &k.summary.friend)[me.opponent()].clone())
        .unwrap_or_else(|| m.names()[me.opponent()].clone());
    (m.names()[me].clone(), friend, super::hex(m.id()))
}

/// Another match with the same friend, this person inviting (the rules and
/// names of `held`'s): over the connection if it is live, else by its link.
fn again(held: &Held) -> (Screen, Option<Problem>) {
    let rules = held.0.borrow().rules();
    let (name, friend, old) = who_of(held);
    let Some(mut rng) = secret_rng(&name) else {
        return (Screen::List, None);
    };
    let (m, _) = FriendMatch::invite(rules, &name, &mut rng);
    carried(begin(m, None), &old, &friend)
}

/// The friend's invitation to another match, offered over the connection of
/// `held`'s match, accepted under the same name. When `held` is this page's
/// own invitation, made as the friend made theirs, it gives way: it is
/// removed (the friend's page plays the one accepted here).
fn accept_again(held: &Held, code: &str) -> (Screen, Option<Problem>) {
    let (name, friend, old) = who_of(held);
    let Some(mut rng) = secret_rng(&name) else {
        return (Screen::List, None);
    };
    let mine = super::unanswered(&held.0.borrow());
    match FriendMatch::accept(code, &name, &mut rng) {
        Ok((m, _)) => {
            let begun = carried(begin(m, None), &old, &friend);
            if mine && matches!(begun.0, Screen::Match(_)) {
                store::remove(&old);
            }
            begun
        }
        Err(e) => (Screen::List, Some(Problem::from(e))),
    }
}

/// The new match shown takes over the old one's connection, if live, and
/// names the friend (`friend`) until they accept.
fn carried(begun: (Screen, Option<Problem>), old: &str, friend: &str) -> (Screen, Option<Problem>) {
    if let Screen::Match(held) = &begun.0 {
        let id = super::hex(held.0.borrow().id());
        store::name_friend(&id, friend);
        live::carry_over(old, &id);
    }
    begun
}

/// What a link that came in opens, and what is wrong with it if anything.
/// For a kept match's next message, the caller takes it in afterwards
/// ([`live::take_link`]), the board shown meanwhile.
fn arrive(link: &str) -> (Screen, Option<Problem>) {
    let (code, part) = sdp::split(link);
    match incoming(code, &store::ids()) {
        Incoming::Invitation { rules, host } => (
            Screen::Invitation {
                code: code.to_string(),
                offer: part.map(str::to_string),
                rules,
                host,
            },
            None,
        ),
        Incoming::Continues(id) => match open_kept(&id) {
            Ok(held) => (Screen::Match(held), None),
            Err(p) => (Screen::List, Some(p)),
        },
        Incoming::NotHeld => (Screen::List, Some(Problem::NotHeld)),
        Incoming::Broken(p) => (Screen::List, Some(p)),
    }
}

/// Reads `link`: it goes to the tab that holds its match, if another does;
/// else it is read here, and a kept match's message taken in.
async fn read_link(link: String, state: UseStateHandle<(Screen, Option<Problem>)>) {
    let here = crate::friend::game::match_of(sdp::split(&link).0)
        .is_ok_and(|id| live::held(&super::hex(id)).is_some());
    if !here && tabs::hand_over(&link).await {
        state.set((Screen::Elsewhere, None));
        return;
    }
    // Read here: this tab holds the page's match from now on.
    crate::ui::shell::call("engardeClaim", &[]);
    // Timed for the benchmark (e2e/bench-friend.mjs): a deck's
    // message (a round set up) is the long kind; the page's
    // own thread, and the message taken in.
    let began = web_time::Instant::now();
    let arrived = arrive(&link);
    let held = match &arrived.0 {
        Screen::Match(held) => Some(held.0.borrow().id()),
        _ => None,
    };
    let kind = if link.len() > 800 { "deck" } else { "move" };
    let millis = began.elapsed().as_secs_f64() * 1000.0;
    crate::ui::shell::note_time("__engardeFriendOpenMs", kind, millis);
    state.set(arrived);
    if let Some(id) = held {
        live::take_link(&super::hex(id), &link).await;
        let millis = began.elapsed().as_secs_f64() * 1000.0;
        crate::ui::shell::note_time("__engardeFriendMs", kind, millis);
    }
}

/// While the friend screens are open, a friend's link pasted into this tab
/// (`hashchange`) is read here; the shell then does not reload
/// (`engardeFriendsOpen`, web/loading.js). Dropped: no longer.
struct Pasted {
    listener: Option<wasm_bindgen::closure::Closure<dyn FnMut()>>,
}

fn pasted_links(state: UseStateHandle<(Screen, Option<Problem>)>) -> Pasted {
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else {
        return Pasted { listener: None };
    };
    let listener = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        let Some(link) = hash.strip_prefix(PREFIX) else {
            return;
        };
        let link = link.to_string();
        clear_fragment_of(PREFIX);
        spawn_local(read_link(link, state.clone()));
    });
    let _ =
        window.add_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
    let _ = js_sys::Reflect::set(&window, &"engardeFriendsOpen".into(), &true.into());
    Pasted {
        listener: Some(listener),
    }
}

impl Drop for Pasted {
    fn drop(&mut self) {
        use wasm_bindgen::JsCast;
        let (Some(window), Some(listener)) = (web_sys::window(), self.listener.take()) else {
            return;
        };
        let _ = window
            .remove_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
        let _ = js_sys::Reflect::delete_property(&window, &"engardeFriendsOpen".into());
    }
}

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
        Screen::Match(held) => {
            let on_again = {
                let (state, held) = (state.clone(), held.clone());
                Callback::from(move |()| state.set(again(&held)))
            };
            let on_accept_again = {
                let (state, held) = (state.clone(), held.clone());
                Callback::from(move |code: String| state.set(accept_again(&held, &code)))
            };
            html! {
                <Board key={super::hex(held.0.borrow().id())} held={held.clone()} problem={state.1}
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
        Screen::List => {
            let on_open = {
                let state = state.clone();
                Callback::from(move |id: String| {
                    state.set(match open_kept(&id) {
                        Ok(held) => (Screen::Match(held), None),
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
            <h2>{ t.play_friend }</h2>
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
