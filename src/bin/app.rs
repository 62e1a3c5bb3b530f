//! The browser entry: mounts the app (and removes the loading note of index.html).
fn main() {
    if let Some(note) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        note.remove();
    }
    yew::Renderer::<engarde::ui::App>::new().render();
}
