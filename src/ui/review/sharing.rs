//! "Share link", "Copy record" and "Export record" for a reviewed match.

use std::rc::Rc;

use yew::platform::spawn_local;
use yew::prelude::*;

use super::Reviewed;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::shell::share::{copy, link};
use crate::ui::storage::files;

#[derive(Properties, PartialEq)]
pub(crate) struct SharingProps {
    pub reviewed: Rc<Reviewed>,
}

/// "Share link", "Copy record" and "Export record" for a finished match.
#[function_component]
pub(crate) fn Sharing(props: &SharingProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let said = use_state(|| None::<&'static str>);
    let shown = use_state(|| None::<String>);
    let r = props.reviewed.clone();
    let record = move || r.text();
    let to_clipboard = {
        let said = said.clone();
        move |text: String, done: &'static str| {
            let said = said.clone();
            spawn_local(async move {
                said.set(Some(if copy(&text).await.is_ok() {
                    done
                } else {
                    t.copy_failed
                }));
            });
        }
    };
    let on_share = {
        let (reviewed, shown, to_clipboard) =
            (props.reviewed.clone(), shown.clone(), to_clipboard.clone());
        Callback::from(move |_| {
            let url = link(&reviewed.code());
            shown.set(Some(url.clone()));
            to_clipboard(url, x.link_copied);
        })
    };
    let on_copy = {
        let record = record.clone();
        Callback::from(move |_| to_clipboard(record(), t.copied))
    };
    let on_export = {
        let said = said.clone();
        Callback::from(move |_| {
            if files::download("engarde-match.json", &record()).is_err() {
                said.set(Some(t.download_failed));
            }
        })
    };
    html! {
        <section class="sharing">
            <div class="buttons">
                <button onclick={on_share}>{ x.share_link }</button>
                <button onclick={on_copy}>{ t.copy_record }</button>
                <button onclick={on_export}>{ t.export }</button>
            </div>
            if let Some(url) = &*shown {
                <label class="link-field">{ x.link_label }
                    <input type="url" readonly=true value={url.clone()}
                        onfocus={Callback::from(|e: FocusEvent| {
                            if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() { i.select(); }
                        })} />
                </label>
            }
            <p class="said" aria-live="polite">{ said.unwrap_or_default() }</p>
        </section>
    }
}
