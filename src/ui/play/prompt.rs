//! What the person is asked to do now (the status line and the action bar),
//! from the engine's legal actions.

use crate::engine::{Action, Pending, Phase, Round, Side};

/// What the person is asked to do now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// A turn: which kinds of move are possible.
    Turn {
        advance: bool,
        retreat: bool,
        attack: bool,
        lunge: bool,
    },
    /// An attack to answer: can it be parried, can one retreat?
    Defend {
        pending: Pending,
        parry: bool,
        retreat: bool,
    },
    /// The Choice card's pick (S4).
    Pick,
    /// The other side is to act.
    Wait,
}

impl Prompt {
    /// What `round` asks of `human`, from its legal actions; `None` once
    /// the round is over.
    pub fn of(round: &Round, human: Side) -> Option<Prompt> {
        if round.is_over() {
            return None;
        }
        if round.to_act() != human {
            return Some(Prompt::Wait);
        }
        let legal = round.legal_actions();
        let has = |f: fn(&Action) -> bool| legal.iter().any(f);
        Some(match round.phase() {
            Phase::Choose => Prompt::Pick,
            Phase::Answer => Prompt::Defend {
                pending: round.public().pending?,
                parry: has(|a| *a == Action::Parry),
                retreat: has(|a| matches!(a, Action::Retreat(_))),
            },
            _ => Prompt::Turn {
                advance: has(|a| matches!(a, Action::Advance(_))),
                retreat: has(|a| matches!(a, Action::Retreat(_))),
                attack: has(|a| matches!(a, Action::Attack { .. })),
                lunge: has(|a| matches!(a, Action::Lunge { .. })),
            },
        })
    }
}
