//! The puzzles' messages with typed arguments: the task, the
//! person's rating, the world that refutes an action, and why an answer
//! wins ([`Explanation`], from the proof).

use crate::engine::{Card, Preset, Side};
use crate::puzzle::{Explanation, Need, Theme};
use crate::ui::i18n::{fill, plural_or_none, ExtraTexts, Texts};
use crate::ui::puzzles::THEMES;

/// Cards by value, as the piste's cards show them ("3, 4, 5").
fn values(cards: &[Card]) -> String {
    let values: Vec<String> = cards.iter().map(|c| c.value().to_string()).collect();
    values.join(", ")
}

impl ExtraTexts {
    /// What to do: the edition and the person's side.
    pub fn puzzle_task(&self, t: &Texts, preset: Option<Preset>, side: Side) -> String {
        fill(
            self.puzzle_task,
            &[("preset", &t.preset(preset)), ("side", &t.side(side))],
        )
    }

    /// The person's rating (whole points) and streak.
    pub fn puzzle_rating(&self, rating: f64, streak: u32, provisional: bool) -> String {
        let rating = format!(
            "{}{}",
            rating.round() as i64,
            if provisional { "?" } else { "" }
        );
        fill(
            self.puzzle_rating,
            &[("rating", &rating), ("streak", &streak)],
        )
    }

    /// After a move, why no direct strike answers it, where no card of the
    /// distance is unseen ([`Need`]); `None` otherwise.
    pub fn puzzle_need(&self, need: Option<Need>) -> Option<String> {
        let n = need.filter(|n| n.unseen == 0)?;
        Some(fill(
            self.puzzle_need,
            &[
                ("distance", &n.distance),
                ("card", &n.card.value()),
                ("held", &n.held),
                ("played", &n.played),
            ],
        ))
    }

    /// A rating's change, signed ("+12", "−8").
    pub fn puzzle_change(&self, change: f64) -> String {
        let points = change.round() as i64;
        let signed = if points < 0 {
            format!("\u{2212}{}", -points)
        } else {
            format!("+{points}")
        };
        fill(self.puzzle_change, &[("change", &signed)])
    }

    /// The person's action, named: the answer, or an action that can fail.
    pub fn puzzle_verdict(&self, right: bool, action: &str) -> String {
        let template = if right {
            self.puzzle_right
        } else {
            self.puzzle_wrong
        };
        fill(template, &[("action", &action)])
    }

    /// The action that wins for sure, named.
    pub fn puzzle_answer_is(&self, action: &str) -> String {
        fill(self.puzzle_answer, &[("action", &action)])
    }

    /// The refuting world: the opponent's hand and the draw pile, top first.
    pub fn puzzle_world(&self, hand: &[Card], pile: &[Card]) -> String {
        let form = usize::from(pile.is_empty());
        fill(
            self.puzzle_world[form],
            &[("hand", &values(hand)), ("pile", &values(pile))],
        )
    }

    /// Why an answer wins.
    pub fn explanation(&self, t: &Texts, why: Explanation) -> String {
        match why {
            Explanation::HitsAtOnce => self.puzzle_hits_at_once.into(),
            Explanation::Unparryable {
                card,
                count,
                unseen,
            } => {
                let cards = Card::new(card)
                    .map(|c| t.cards(count, c))
                    .unwrap_or_default();
                fill(
                    self.puzzle_unparryable[plural_or_none(self.code, usize::from(unseen))],
                    &[("cards", &cards), ("unseen", &unseen)],
                )
            }
            Explanation::LungeHome => self.puzzle_lunge_home.into(),
            Explanation::CardCount => self.puzzle_card_count.into(),
            Explanation::Ground => self.puzzle_ground.into(),
            Explanation::NoLegalAction => self.puzzle_no_legal_action.into(),
            Explanation::Forced => self.puzzle_forced.into(),
        }
    }

    /// A theme's name; `None`: every theme.
    pub fn puzzle_theme_name(&self, theme: Option<Theme>) -> &'static str {
        let i = theme.and_then(|t| THEMES.iter().position(|&x| x == t));
        self.puzzle_themes[i.map_or(0, |i| i + 1)]
    }
}
