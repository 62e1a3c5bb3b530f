//! The channel between the page and one of its Web Workers, both ends: the
//! opponent's ([`crate::ui::think::channel`]), friend play's proofs
//! ([`crate::ui::friend::proofs`]). Each is a [`Kind`]: its script, and the
//! page's one channel to it.
//!
//! The page starts a worker on its first request (never for the first
//! screen) and posts `"ID REQUEST"`; the worker, once started, says `ready`,
//! then answers each request with `"ID REPLY"` (JSON: the kind's own). Requests
//! made before `ready` wait in a queue. Should the worker never start, the
//! requests never answer: [`ask_within`] stops waiting for one, and a
//! caller may then [`give_up`] the worker. A worker of
//! another build than the page's (its script says its build, web/finish.mjs)
//! is not started: it says `foreign`, every request answers `None` at once,
//! and a new version is announced ([`crate::ui::shell::update`]). A worker that
//! fails (it could not load, or stopped on an error) is started again once,
//! with the requests it had; failing again, every request answers `None` at
//! once, and the callers decide without it.

use std::cell::RefCell;

use js_sys::{Array, Function, Promise};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, Worker};

/// What the worker says once it listens.
const READY: &str = "ready";
/// What the worker's start says when `worker.js` is of another build.
const FOREIGN: &str = "foreign";

pub struct Channel {
    worker: Worker,
    /// Messages waiting for the worker to be ready (`None`: it is).
    queue: Option<Vec<String>>,
    /// The worker is of another build, or failed twice: never asked.
    foreign: bool,
    /// The promises' resolvers and their messages, by request number.
    waiting: Vec<(u32, Function, String)>,
    next: u32,
    /// The worker has been started again after failing.
    restarted: bool,
}

/// A worker: its script's name (`NAME.js`, its WebAssembly `NAME_bg.wasm`),
/// what the console calls it, and the page's channel to it.
pub struct Kind {
    pub script: &'static str,
    /// The global its script names the module's loader (`wasm_bindgen`, or
    /// another where the page loads the module too, web/finish.mjs).
    pub glue: &'static str,
    /// The module's function that serves, called once it is loaded, when
    /// the module also serves a page (its `main` then does not serve); the
    /// worker asks for its script as `NAME.js?ENTRY`, so that its request
    /// tells apart from the page's.
    pub entry: Option<&'static str>,
    pub called: &'static str,
    pub channel: &'static std::thread::LocalKey<RefCell<Option<Channel>>>,
}

/// The worker's script and WebAssembly (`NAME` and `NAME_bg.wasm`, `.js`
/// added), absolute, so the app works under any sub-path.
fn worker_path(kind: &'static Kind) -> String {
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_else(|| "/".into());
    let base = match base.rfind('/') {
        Some(i) => &base[..=i],
        None => "/",
    };
    format!("{base}{}", kind.script)
}

/// Starts the worker: a small script that loads its script (wasm-bindgen's
/// glue, no modules) and, if it is of the page's build, its WebAssembly.
fn start(kind: &'static Kind) -> Option<Channel> {
    let path = worker_path(kind);
    // (A build is a hash in hex: nothing else is kept, so it reads as JS.)
    let build = crate::ui::shell::update::build().map_or("undefined".into(), |b| {
        let b: String = b.chars().filter(char::is_ascii_alphanumeric).collect();
        format!("\"{b}\"")
    });
    // (A glue and an entry are names in JS.)
    let glue = kind.glue;
    let (query, then) = match kind.entry {
        Some(entry) => (format!("?{entry}"), format!(".then(()=>{glue}.{entry}())")),
        None => (String::new(), String::new()),
    };
    let shim = Array::of1(
        &format!(
            "importScripts(\"{path}.js{query}\");if(self.ENGARDE_BUILD==={build}){glue}(\"{path}_bg.wasm\"){then};else postMessage(\"{FOREIGN}\");"
        )
        .into(),
    );
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&shim, &options).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let worker = Worker::new(&url).ok()?;
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(text) = e.data().as_string() {
            heard(kind, &text);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
        // Handled here: not the page's fault message.
        e.prevent_default();
        failed(kind);
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // The worker lives as long as the page.
    on_message.forget();
    on_error.forget();
    Some(Channel {
        worker,
        queue: Some(Vec::new()),
        foreign: false,
        waiting: Vec::new(),
        next: 0,
        restarted: false,
    })
}

/// The worker failed: started again once, with the requests it had (they
/// wait for it to be ready); failing again, it is given up like one of
/// another build, but no new version is announced.
fn failed(kind: &'static Kind) {
    let restarted = kind.channel.with(|c| {
        let mut c = c.borrow_mut();
        let old = c.as_mut()?;
        if old.restarted || old.foreign {
            return None;
        }
        old.worker.terminate();
        let mut new = start(kind)?;
        new.restarted = true;
        new.next = old.next;
        new.waiting = std::mem::take(&mut old.waiting);
        new.queue = Some(new.waiting.iter().map(|(_, _, m)| m.clone()).collect());
        *c = Some(new);
        Some(())
    });
    // Once started again at most; a second failure, or a restart that
    // cannot start, gives it up: what waits answers `None` at once.
    let said = match restarted {
        Some(()) => "failed: started again",
        None => {
            give_up(kind);
            "failed again: the page does without it"
        }
    };
    web_sys::console::warn_2(&kind.called.into(), &said.into());
}

/// A message from the worker: `ready`, `foreign`, or an answer.
fn heard(kind: &'static Kind, text: &str) {
    if text == FOREIGN {
        refuse(kind);
        return;
    }
    let resolve = kind.channel.with(|c| {
        let mut c = c.borrow_mut();
        let c = c.as_mut()?;
        if text == READY {
            for m in c.queue.take().unwrap_or_default() {
                let _ = c.worker.post_message(&m.into());
            }
            return None;
        }
        let (id, reply) = text.split_once(' ')?;
        let id = id.parse::<u32>().ok()?;
        let at = c.waiting.iter().position(|(n, _, _)| *n == id)?;
        Some((c.waiting.swap_remove(at).1, reply.to_string()))
    });
    if let Some((resolve, reply)) = resolve {
        let _ = resolve.call1(&JsValue::NULL, &reply.into());
    }
}

/// The worker is of another build: it is given up ([`give_up`]) and a new
/// version is announced.
fn refuse(kind: &'static Kind) {
    let _ = give_up(kind);
    crate::ui::shell::update::announce();
}

/// The worker stops: every request waiting answers `None`, and so will
/// every later one, at once (the page does without it). False if it had
/// already been given up, or never started.
pub fn give_up(kind: &'static Kind) -> bool {
    let waiting = kind.channel.with(|c| {
        let mut c = c.borrow_mut();
        let c = c.as_mut().filter(|c| !c.foreign)?;
        c.worker.terminate();
        c.foreign = true;
        c.queue = None;
        Some(std::mem::take(&mut c.waiting))
    });
    let stopped = waiting.is_some();
    for (_, resolve, _) in waiting.unwrap_or_default() {
        let _ = resolve.call0(&JsValue::NULL);
    }
    stopped
}

/// Asks the worker `kind` (`json`, the request): its reply, or `None` if
/// the worker cannot be started or is of another build (then at once).
pub async fn ask(kind: &'static Kind, json: String) -> Option<String> {
    request(kind, json, None).await
}

/// Asks the worker `kind` as [`ask`] does, waiting at most `patience`:
/// `None` also when it has not answered by then (a late answer is dropped).
pub async fn ask_within(
    kind: &'static Kind,
    json: String,
    patience: std::time::Duration,
) -> Option<String> {
    request(kind, json, Some(patience)).await
}

async fn request(
    kind: &'static Kind,
    json: String,
    patience: Option<std::time::Duration>,
) -> Option<String> {
    let mut resolver = None;
    let promise = Promise::new(&mut |resolve, _| resolver = Some(resolve));
    let resolve = resolver?;
    kind.channel.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = start(kind);
        }
        let c = c.as_mut().filter(|c| !c.foreign)?;
        let id = c.next;
        c.next += 1;
        let message = format!("{id} {json}");
        c.waiting.push((id, resolve.clone(), message.clone()));
        match &mut c.queue {
            Some(queue) => queue.push(message),
            None => {
                let _ = c.worker.post_message(&message.into());
            }
        }
        Some(())
    })?;
    if let Some(patience) = patience {
        // Resolved with nothing when the time is up, unless answered before
        // (a promise is resolved once: the first call wins).
        let ms = i32::try_from(patience.as_millis()).unwrap_or(i32::MAX);
        web_sys::window()?
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .ok()?;
    }
    JsFuture::from(promise).await.ok()?.as_string()
}

/// The worker's side: answers every request posted to it with `answer`
/// (`None`: the request did not read, a bug, since both ends are of one
/// build), and says it is ready.
pub fn serve(answer: fn(&str) -> Option<String>) {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
        let Some(text) = e.data().as_string() else {
            return;
        };
        let Some((id, json)) = text.split_once(' ') else {
            return;
        };
        let Some(reply) = answer(json) else {
            wasm_bindgen::throw_str("a request to the worker did not read");
        };
        let _ = reply_to.post_message(&format!("{id} {reply}").into());
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&READY.into());
}
