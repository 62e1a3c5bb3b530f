//! The link to send: a textbox "Link for your friend", "Copy link", and
//! "Share" where the browser has the Web Share API.

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
    pub url: String,
    /// What to do with it, in words.
    pub said: String,
}

#[function_component]
pub(crate) fn FriendLink(props: &FriendLinkProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let note = use_state(|| None::<&'static str>);
    let on_copy = {
        let (note, url) = (note.clone(), props.url.clone());
        Callback::from(move |_| {
            let (note, url) = (note.clone(), url.clone());
            spawn_local(async move {
                note.set(Some(if copy(&url).await.is_ok() {
                    x.friend_copied
                } else {
                    t.copy_failed
                }));
            });
        })
    };
    let on_share = {
        let url = props.url.clone();
        Callback::from(move |_| {
            let url = url.clone();
            // A share sheet closed without sharing changes nothing.
            spawn_local(async move {
                let _ = share(&url).await;
            });
        })
    };
    let select = Callback::from(|e: FocusEvent| {
        if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            i.select();
        }
    });
    html! {
        <section class="friend-link">
            <p>{ props.said.clone() }</p>
            <label class="link-field">{ x.friend_link }
                <input type="url" readonly=true value={props.url.clone()} onfocus={select} />
            </label>
            <div class="buttons">
                <button class="primary" data-next="" onclick={on_copy}>{ x.friend_copy }</button>
                if share_api().is_some() {
                    <button onclick={on_share}>{ x.friend_share }</button>
                }
            </div>
            <p class="said" aria-live="polite">{ note.unwrap_or_default() }</p>
        </section>
    }
}
