//! The channel between the page and the opponent's worker (`worker.js`),
//! both ends, over the page's worker channel ([`crate::ui::worker`]): the
//! page posts a [`ThinkRequest`], the worker answers a [`ThinkReply`], both
//! JSON ([`super::wire`]); or the page posts a finished match's record,
//! packed, and the worker seals it into its link code (the first load
//! carries no base64 encoder).

use std::cell::RefCell;

use super::{think, wire, ThinkReply, ThinkRequest};
use crate::record::format::RecordOut;
use crate::ui::worker::{self, Channel, Kind};

thread_local! {
    static CHANNEL: RefCell<Option<Channel>> = const { RefCell::new(None) };
}

static OPPONENT: Kind = Kind {
    script: "worker",
    glue: "wasm_bindgen",
    entry: None,
    called: "the opponent's worker",
    channel: &CHANNEL,
};

/// Asks the worker, waiting at most `patience`: `None` if the reply does
/// not read (both ends are this build, so that is a bug), the worker cannot
/// be started or is of another build (then at once), or it has not
/// answered within `patience` (a late answer is dropped).
pub(crate) async fn ask_within(
    request: ThinkRequest,
    patience: std::time::Duration,
) -> Option<ThinkReply> {
    let json = wire::write_request(&request)?;
    let text = worker::ask_within(&OPPONENT, json, patience).await?;
    wire::read(&text, request.observation())
}

/// The link code of `record` (`record::link::encode`), made by the worker;
/// `None` when the worker cannot answer.
pub(crate) async fn link_code(record: &RecordOut) -> Option<String> {
    worker::ask(&OPPONENT, wire::write_link_request(record)?).await
}

/// The worker's side: answers every request posted to it.
pub fn serve() {
    worker::serve(|json| {
        if let Some(code) = wire::answer_link_request(json) {
            return code;
        }
        let request = wire::read_request(json)?;
        Some(wire::write(&think(&request), request.observation()))
    });
}
