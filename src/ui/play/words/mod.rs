//! The catalog's typed methods for the match's values (`impl Texts`): the
//! turn and its refusals ([`turn`]), how sentences name the sides
//! ([`sides`]), why a round ended ([`story`]), notices ([`notice`]). The
//! messages themselves stay in the catalog (`crate::ui::i18n`).

mod notice;
mod sides;
mod story;
mod turn;
