//! The link to send: a textbox "Link for your friend", "Copy link", and
//! "Share" where the browser has the Web Share API; a message too long for
//! one link, in parts: a textbox, "Copy part 1 of 2" and "Share part 1 of 2"
//! for each.

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::platform::spawn_local;
use yew::prelude::*;

use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::shell::share::copy;

/// The browser's `navigator.share`, if it has one.
fn share_api() -> Option<(web_sys::Navigator, Function)> {
    let navigator = web_sys::window()?.navigator();
    let share = Reflect::get(&navigator, &"share".into()).ok()?;
    Some((navigator, share.dyn_into().ok()?))
}

/// Offers `url` to the device's share sheet (a chat app, e-mail).
async fn share(url: &str) -> Result<(), JsValue> {
    let (navigator, share) = share_api().ok_or(JsValue::NULL)?;
    let data = Object::new();
    Reflect::set(&data, &"url".into(), &url.into())?;
    let promise: Promise = share.call1(&navigator, &data)?.dyn_into()?;
    JsFuture::from(promise).await.map(|_| ())
}

#[derive(Properties, PartialEq)]
pub(crate) struct FriendLinkProps {
    /// The link, or its parts (each its own field and copy button).
    pub urls: Vec<String>,
    /// What to do with it, in words.
    pub said: String,
}

/// Offers `url` to the share sheet on a click.
fn on_share(url: &str) -> Callback<MouseEvent> {
    let url = url.to_string();
    Callback::from(move |_| {
        let url = url.clone();
        // A share sheet closed without sharing changes nothing.
        spawn_local(async move {
            let _ = share(&url).await;
        });
    })
}

/// Selects a link's field when it takes the focus.
fn select() -> Callback<FocusEvent> {
    Callback::from(|e: FocusEvent| {
        if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            i.select();
        }
    })
}

#[function_component]
pub(crate) fn FriendLink(props: &FriendLinkProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let note = use_state(|| None::<String>);
    let total = props.urls.len();
    // Copies `url`, then says so (`copied`) or that the browser refused.
    let on_copy = |url: &str, copied: String| {
        let (note, url) = (note.clone(), url.to_string());
        Callback::from(move |_| {
            let (note, url, copied) = (note.clone(), url.clone(), copied.clone());
            spawn_local(async move {
                note.set(Some(if copy(&url).await.is_ok() {
                    copied
                } else {
                    t.copy_failed.to_string()
                }));
            });
        })
    };
    let sharing = share_api().is_some();
    let body = if let [url] = props.urls.as_slice() {
        html! {
            <>
                <label class="link-field">{ x.friend_link }
                    <input type="url" readonly=true value={url.clone()} onfocus={select()} />
                </label>
                <div class="buttons">
                    <button class="primary" data-next="" onclick={on_copy(url, x.friend_copied.to_string())}>{ x.friend_copy }</button>
                    if sharing {
                        <button onclick={on_share(url)}>{ x.friend_share }</button>
                    }
                </div>
            </>
        }
    } else {
        let part = |(i, url): (usize, &String)| {
            let line = |template| x.friend_part_line(template, i + 1, total);
            html! {
                <div class="link-part">
                    <label class="link-field">{ line(x.friend_part_link) }
                        <input type="url" readonly=true value={url.clone()} onfocus={select()} />
                    </label>
                    <button class={classes!((i == 0).then_some("primary"))} data-next={(i == 0).then_some("")}
                        onclick={on_copy(url, line(x.friend_part_copied))}>{ line(x.friend_part_copy) }</button>
                    if sharing {
                        <button onclick={on_share(url)}>{ line(x.friend_part_share) }</button>
                    }
                </div>
            }
        };
        html! {
            <>
                <p>{ x.friend_part_line(x.friend_parts_send, 0, total) }</p>
                { for props.urls.iter().enumerate().map(part) }
            </>
        }
    };
    html! {
        <section class="friend-link">
            <p>{ props.said.clone() }</p>
            { body }
            <p class="said" aria-live="polite">{ note.as_deref().unwrap_or_default() }</p>
        </section>
    }
}
