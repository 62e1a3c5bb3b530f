//! The catalog's typed methods for the match's values (`impl Texts`): the
//! turn and its refusals ([`turn`]), how sentences name the sides
//! ([`sides`]), why a round ended ([`story`]), notices ([`notice`]), the
//! new-game settings ([`settings`]). The messages themselves stay in the
//! catalog (`crate::ui::i18n`).

mod notice;
mod settings;
mod sides;
mod story;
mod turn;
