//! Files the person exports and imports: a download offered, a picked
//! file read as text.

use wasm_bindgen::JsCast;

use crate::ui::play::notice::RecordProblem;

thread_local! {
    /// The last download's object address, revoked at the next download.
    static LAST_DOWNLOAD: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// The browser refused to offer a download (its reason is not shown).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct DownloadRefused;

/// Offers `text` as a file download.
///
/// # Errors
/// When the browser refuses.
pub(crate) fn download(name: &str, text: &str) -> Result<(), DownloadRefused> {
    let fail = |_| DownloadRefused;
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or(DownloadRefused)?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| DownloadRefused)?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // The click only asks for the download: the address is revoked at the
    // next one, when this one has surely started.
    if let Some(last) = LAST_DOWNLOAD.with(|l| l.replace(Some(url))) {
        let _ = web_sys::Url::revoke_object_url(&last);
    }
    Ok(())
}

/// The text of the first file picked in an `<input type="file">`.
pub(crate) async fn read_file(input: &web_sys::HtmlInputElement) -> Result<String, RecordProblem> {
    let file = input
        .files()
        .and_then(|f| f.get(0))
        .ok_or(RecordProblem::NoFile)?;
    let text = wasm_bindgen_futures::JsFuture::from(file.text())
        .await
        .map_err(|_| RecordProblem::Unreadable)?;
    text.as_string().ok_or(RecordProblem::Unreadable)
}
