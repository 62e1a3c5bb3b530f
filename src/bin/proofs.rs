//! Friend play's proofs worker entry: takes the friend's messages in, their
//! shuffle arguments and tokens checked, the next deck proven
//! (`engarde::ui::friend::proofs`).
#![forbid(unsafe_code)]

fn main() {
    engarde::ui::friend::proofs::serve();
}
