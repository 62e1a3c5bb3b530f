//! The start screen of a first visit: what En Garde is in one sentence, the
//! first lesson one click away, a first match (Standard against Easy) one
//! click away, or the new-game form; and when a friend's match awaits the
//! person, that it does, with the way to the list (read from the friend
//! store's one line, [`waiting`]: no friend code in the first load).

use yew::prelude::*;

use crate::ui::friend::waiting;
use crate::ui::i18n::use_texts;
use crate::ui::play::save::Settings;
use crate::ui::storage;

#[derive(Properties, PartialEq)]
pub(crate) struct WelcomeProps {
    /// "Learn to play": the first lesson.
    pub on_learn: Callback<()>,
    /// "Play a first match": Standard against Easy, at once.
    pub on_first_match: Callback<()>,
    /// "Play against the computer": the new-game settings.
    pub on_play: Callback<()>,
    /// "Puzzles".
    pub on_puzzles: Callback<()>,
    /// Play a friend on another device.
    pub on_friend: Callback<()>,
}

#[function_component]
pub(crate) fn Welcome(props: &WelcomeProps) -> Html {
    let t = use_texts();
    let emit = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_| cb.emit(()))
    };
    // (Read at each render: the start screen renders seldom.)
    let line = storage::get(waiting::KEY).unwrap_or_default();
    let waits = waiting::read(&line);
    html! {
        <main class="table welcome" data-moment="welcome">
            // A friend waits: "Play a friend" (the list) comes first.
            if let Some(w) = waits {
                <section class="welcome-friend">
                    <p role="status">{ t.friend_waits_for(w) }</p>
                    <button class="primary" onclick={emit(&props.on_friend)}>{ t.play_friend }</button>
                </section>
            }
            <p class="welcome-about">{ t.welcome }</p>
            <div class="buttons">
                <button class="primary" onclick={emit(&props.on_learn)}>{ t.learn }</button>
                <button onclick={emit(&props.on_first_match)}>{ t.first_match(Settings::default().first_match()) }</button>
                <button onclick={emit(&props.on_play)}>{ t.play_computer }</button>
                <button onclick={emit(&props.on_puzzles)}>{ t.puzzles }</button>
                if waits.is_none() {
                    <button onclick={emit(&props.on_friend)}>{ t.play_friend }</button>
                }
            </div>
        </main>
    }
}
