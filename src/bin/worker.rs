//! The opponent's Web Worker entry.
#![forbid(unsafe_code)]
use yew_agent::Registrable;

fn main() {
    engarde::ui::think::Think::registrar()
        .encoding::<engarde::ui::think::Json>()
        .register();
}
