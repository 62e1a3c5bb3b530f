//! A friend match as this page holds it, shared by the board that shows
//! it, the live session that brings the friend's messages into it, and
//! the proofs' worker's answers.

use std::cell::RefCell;
use std::rc::Rc;

use crate::friend::game::FriendMatch;

/// A match held by the page (the board changes it in place).
#[derive(Clone)]
pub(crate) struct Held(pub Rc<RefCell<FriendMatch>>);

impl PartialEq for Held {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}
