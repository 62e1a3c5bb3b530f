//! The new-game settings in words.

use crate::ui::i18n::{fill, Texts};
use crate::ui::play::save::Settings;

impl Texts {
    /// The recommended first match, named by its rules and opponent.
    pub fn first_match(&self, s: Settings) -> String {
        fill(
            self.first_match,
            &[
                ("preset", &self.preset(s.rules.preset())),
                ("level", &self.difficulty(s.level)),
            ],
        )
    }
}
