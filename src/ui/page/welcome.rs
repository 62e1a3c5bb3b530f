//! The start screen of a first visit: what En Garde is in one sentence, the
//! first lesson one click away, a first match (Standard against Easy) one
//! click away, or the new-game form.

use yew::prelude::*;

use crate::ui::i18n::use_texts;
use crate::ui::play::save::Settings;

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
    html! {
        <main class="table welcome" data-moment="welcome">
            <p class="welcome-about">{ t.welcome }</p>
            <div class="buttons">
                <button class="primary" onclick={emit(&props.on_learn)}>{ t.learn }</button>
                <button onclick={emit(&props.on_first_match)}>{ t.first_match(Settings::default().first_match()) }</button>
                <button onclick={emit(&props.on_play)}>{ t.play_computer }</button>
                <button onclick={emit(&props.on_puzzles)}>{ t.puzzles }</button>
                <button onclick={emit(&props.on_friend)}>{ t.play_friend }</button>
            </div>
        </main>
    }
}
