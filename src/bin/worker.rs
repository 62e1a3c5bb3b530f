//! The opponent's Web Worker entry: answers the page's requests
//! (`engarde::ui::think::channel`).
#![forbid(unsafe_code)]

fn main() {
    engarde::ui::think::channel::serve();
}
