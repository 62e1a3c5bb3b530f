//! The browser entry: mounts the app.
fn main() {
    yew::Renderer::<engarde::ui::App>::new().render();
}
