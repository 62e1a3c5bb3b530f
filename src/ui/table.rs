//! The table: score, piste, hands, and the actions on offer.

use yew::platform::spawn_local;
use yew::prelude::*;
use yew_agent::oneshot::use_oneshot_runner;

use crate::ai::Difficulty;
use crate::engine::{Preset, Side};

use super::catalog;
use super::state::{GameAction, GameState};
use super::think::{Think, ThinkRequest};

fn seed() -> u64 {
    (js_sys::Math::random() * 9.0e15) as u64
}

#[function_component]
pub fn Table() -> Html {
    let state = use_reducer(|| {
        GameState::new(
            Preset::Advanced.rules(),
            Side::White,
            Difficulty::Medium,
            seed(),
        )
    });
    let runner = use_oneshot_runner::<Think>();
    let thinking = use_state(|| false);

    // The computer's turn: ask the worker, with its observation only.
    {
        let state = state.clone();
        let thinking = thinking.clone();
        let key = (
            state.game.rounds().len(),
            state.log.len(),
            state.game.round().is_over(),
        );
        use_effect_with(key, move |_| {
            if state.computer_to_act() && !*thinking {
                let side = state.game.round().to_act();
                let request = ThinkRequest {
                    observation: state.game.observation(side),
                    level: state.level,
                    seed: state.think_seed(),
                };
                thinking.set(true);
                let runner = runner.clone();
                spawn_local(async move {
                    let reply = runner.run(request).await;
                    thinking.set(false);
                    state.dispatch(GameAction::Play(reply.action));
                });
            }
        });
    }

    let game = &state.game;
    let round = game.round();
    let p = round.public();
    let human = state.human;
    let score = game.score();
    let squares = (1..=23u8).map(|sq| {
        let fencer = if sq == p.position.white {
            "W"
        } else if sq == p.position.black {
            "B"
        } else {
            ""
        };
        let class = classes!("square", (sq == 12).then_some("centre"));
        html! { <li class={class} aria-label={format!("Square {sq}")}>{ fencer }</li> }
    });
    let my_hand = round.hand(human);
    let hand = my_hand.cards().map(|c| {
        html! { <li class="card" aria-label={format!("Card {c}")}>{ c.value() }</li> }
    });
    let actions: Html = if round.is_over() {
        if game.is_over() {
            let s = state.clone();
            let onclick = Callback::from(move |_| {
                s.dispatch(GameAction::New {
                    rules: s.game.rules(),
                    human: s.human,
                    level: s.level,
                    seed: seed(),
                })
            });
            html! { <button {onclick}>{ catalog::NEW_GAME }</button> }
        } else {
            let s = state.clone();
            let onclick = Callback::from(move |_| s.dispatch(GameAction::NextRound));
            html! { <button {onclick}>{ catalog::NEXT_ROUND }</button> }
        }
    } else if round.to_act() == human {
        round
            .legal_actions()
            .iter()
            .map(|&a| {
                let s = state.clone();
                let onclick = Callback::from(move |_| s.dispatch(GameAction::Play(a)));
                html! { <button {onclick}>{ catalog::action(a) }</button> }
            })
            .collect()
    } else {
        html! {}
    };
    let status = if let Some(w) = game.winner() {
        catalog::match_won(w, score.white, score.black)
    } else if let Some(r) = round.result() {
        catalog::round_won(r.winner, r.reason)
    } else if *thinking {
        catalog::THINKING.to_string()
    } else {
        catalog::turn(round.to_act(), round.to_act() == human)
    };
    html! {
        <main class="table">
            <h1>{ catalog::TITLE }</h1>
            <p><span>{ catalog::SCORE }{ ": " }</span>
               <span aria-label={catalog::SCORE}>{ format!("White {} – Black {}", score.white, score.black) }</span></p>
            <p><span>{ catalog::DISTANCE }{ ": " }</span><span aria-label={catalog::DISTANCE}>{ p.distance() }</span>
               { " · " }<span>{ catalog::DRAW_PILE }{ ": " }</span><span aria-label={catalog::DRAW_PILE}>{ round.pile().len() }</span></p>
            <ol class="piste">{ for squares }</ol>
            <h2>{ catalog::YOUR_HAND }</h2>
            <ul class="hand">{ for hand }</ul>
            <div class="actions">{ actions }</div>
            <p role="status" aria-live="polite">{ status }</p>
            <ol class="log">{ for state.log.iter().rev().take(8).map(|l| html! { <li>{ l }</li> }) }</ol>
        </main>
    }
}
