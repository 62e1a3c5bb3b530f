//! "Play a friend": the list of matches with friends (each with the
//! friend's name, the score and where it stands), the invitation's forms,
//! a link that came in, and one match on its [`Board`]. The secrets stay in
//! this browser; a backup file keeps them.

use yew::platform::spawn_local;
use yew::prelude::*;

use super::board::{Board, Held};
use super::forms::{secret_rng, AcceptForm, InviteForm};
use super::live::{self, sdp, tabs};
use super::{incoming, results, settle, store, Incoming, Kept, Problem, PREFIX};
use crate::engine::Rules;
use crate::friend::game::FriendMatch;
use crate::ui::i18n::{use_extra_texts, use_texts, Lang};
use crate::ui::shell::share::clear_fragment_of;
use crate::ui::storage::files;

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

/// Another match with the same friend, this person inviting (the rules and
/// names of `held`'s): over the connection if it is live, else by its link.
fn again(held: &Held) -> (Screen, Option<Problem>) {
    let (rules, name, old) = {
        let m = held.0.borrow();
        (m.rules(), m.names()[m.side()].clone(), super::hex(m.id()))
    };
    let Some(mut rng) = secret_rng(&name) else {
        return (Screen::List, None);
    };
    let (m, _) = FriendMatch::invite(rules, &name, &mut rng);
    carried(begin(m, None), &old)
}

/// The friend's invitation to another match, offered over the connection of
/// `held`'s match, accepted under the same name.
fn accept_again(held: &Held, code: &str) -> (Screen, Option<Problem>) {
    let (name, old) = {
        let m = held.0.borrow();
        (m.names()[m.side()].clone(), super::hex(m.id()))
    };
    let Some(mut rng) = secret_rng(&name) else {
        return (Screen::List, None);
    };
    match FriendMatch::accept(code, &name, &mut rng) {
        Ok((m, _)) => carried(begin(m, None), &old),
        Err(e) => (Screen::List, Some(Problem::from(e))),
    }
}

/// The new match shown takes over the old one's connection, if live.
fn carried(begun: (Screen, Option<Problem>), old: &str) -> (Screen, Option<Problem>) {
    if let Screen::Match(held) = &begun.0 {
        live::carry_over(old, &super::hex(held.0.borrow().id()));
    }
    begun
}

/// What a link that came in opens, and what is wrong with it if anything.
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
            Ok(held) => {
                let problem = live::take_link(&id, link);
                (Screen::Match(held), problem)
            }
            Err(p) => (Screen::List, Some(p)),
        },
        Incoming::NotHeld => (Screen::List, Some(Problem::NotHeld)),
        Incoming::Broken(p) => (Screen::List, Some(p)),
    }
}

/// A day as the page's language writes it.
fn day_of(ms: u64, lang: Lang) -> String {
    let date = js_sys::Date::new(&(ms as f64).into());
    String::from(date.to_locale_date_string(lang.code(), &wasm_bindgen::JsValue::UNDEFINED))
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
    let lang = use_context::<Lang>().unwrap_or_default();
    let state = use_state(|| {
        clear_fragment_of(PREFIX);
        match &props.code {
            Some(_) => (Screen::Opening, None),
            None => (Screen::List, None),
        }
    });
    {
        // A link goes to the tab that holds its match, if one does; else
        // it is read here.
        let (state, code) = (state.clone(), props.code.clone());
        use_effect_with((), move |()| {
            if let Some(link) = code {
                spawn_local(async move {
                    if tabs::hand_over(&link).await {
                        state.set((Screen::Elsewhere, None));
                        return;
                    }
                    // Read here: this tab holds the page's match from now on.
                    crate::ui::shell::call("engardeClaim", &[]);
                    // Timed for the benchmark (e2e/bench-friend.mjs): a deck's
                    // message (a round set up) is the long kind.
                    let began = web_time::Instant::now();
                    let arrived = arrive(&link);
                    let kind = if link.len() > 800 { "deck" } else { "move" };
                    let millis = began.elapsed().as_secs_f64() * 1000.0;
                    crate::ui::shell::note_time("__engardeFriendMs", kind, millis);
                    state.set(arrived);
                });
            }
        });
    }
    let restored = use_state(|| None::<usize>);
    let go = |to: fn() -> Screen| {
        let state = state.clone();
        Callback::from(move |()| state.set((to(), None)))
    };
    let file_ref = use_node_ref();
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
        Screen::Opening => html! {},
        Screen::Elsewhere => html! { <p role="status">{ x.friend_live_elsewhere }</p> },
        Screen::List => {
            let kept = store::list();
            let summaries: Vec<_> = kept.iter().map(|k| k.summary.clone()).collect();
            let friends: Vec<Html> = results(&summaries)
                .iter()
                .map(|r| {
                    let day = r.last.map(|ms| day_of(ms, lang));
                    html! { <li>{ x.friend_results_line(r, day.as_deref()) }</li> }
                })
                .collect();
            let rows = kept.into_iter().map(|k: Kept| {
                let on_open = {
                    let (state, id) = (state.clone(), k.summary.id.clone());
                    Callback::from(move |_| {
                        state.set(match open_kept(&id) {
                            Ok(held) => (Screen::Match(held), None),
                            Err(p) => (Screen::List, Some(p)),
                        });
                    })
                };
                let remove = k.summary.standing.is_over().then(|| {
                    let (state, id) = (state.clone(), k.summary.id.clone());
                    Callback::from(move |_| {
                        store::remove(&id);
                        state.set((Screen::List, None));
                    })
                });
                html! {
                    <li data-standing={format!("{:?}", k.summary.standing)}>
                        <span>{ x.friend_line(&k.summary) }</span>
                        <button onclick={on_open}>{ x.friend_continue }</button>
                        if let Some(onclick) = remove {
                            <button {onclick}>{ x.friend_remove }</button>
                        }
                    </li>
                }
            });
            let rows: Vec<Html> = rows.collect();
            let on_backup = Callback::from(move |_| {
                let _ =
                    files::download("engarde-friends-backup-secret-keys.json", &store::backup());
            });
            let choose_file = {
                let file_ref = file_ref.clone();
                Callback::from(move |_| {
                    if let Some(input) = file_ref.cast::<web_sys::HtmlInputElement>() {
                        input.click();
                    }
                })
            };
            let on_file = {
                let (state, restored) = (state.clone(), restored.clone());
                Callback::from(move |e: Event| {
                    let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                        return;
                    };
                    let (state, restored) = (state.clone(), restored.clone());
                    spawn_local(async move {
                        let text = files::read_file(&input).await;
                        input.set_value("");
                        let done = text
                            .map_err(|_| Problem::BackupUnreadable)
                            .and_then(|text| store::restore_backup(&text));
                        match done {
                            Ok(n) => {
                                restored.set(Some(n));
                                state.set((Screen::List, None));
                            }
                            Err(p) => state.set((Screen::List, Some(p))),
                        }
                    });
                })
            };
            html! {
                <>
                    <p>{ x.friend_intro }</p>
                    <div class="buttons">
                        <button class="primary" onclick={go(|| Screen::Invite).reform(|_| ())}>{ x.friend_invite }</button>
                    </div>
                    if !friends.is_empty() {
                        <h3>{ x.friend_results_heading }</h3>
                        <ul class="friend-results">{ for friends }</ul>
                    }
                    <h3>{ x.friend_matches }</h3>
                    if rows.is_empty() {
                        <p>{ x.friend_none }</p>
                    } else {
                        <ul class="friend-list">{ for rows }</ul>
                    }
                    <p class="friend-secrets">{ x.friend_secrets }</p>
                    <div class="buttons">
                        <button onclick={on_backup}>{ x.friend_backup }</button>
                        <button onclick={choose_file}>{ x.friend_restore }</button>
                        <input ref={file_ref} type="file" accept=".json,application/json" hidden=true onchange={on_file} />
                    </div>
                    if let Some(n) = *restored {
                        <p role="status">{ x.friend_restored_count(n) }</p>
                    }
                </>
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
