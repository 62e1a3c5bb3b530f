//! Why a round ended, as facts the catalog puts into words (§6).

use crate::engine::{
    Action, AttackKind, BySide, Card, Match, Pending, Reason, Round, RoundResult, Side, Special,
};

/// What decided a finished round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Story {
    /// E1: the attack was neither parried nor escaped.
    Hit {
        attacker: Side,
        kind: AttackKind,
        card: Card,
        count: u8,
        /// False at Basic level, where an attack hits at once (R15).
        answerable: bool,
    },
    /// E2: the loser had no legal action.
    NoLegalAction { loser: Side },
    /// E3 step 2 (Basic): the winner could still hit at the distance.
    FinalStrike { winner: Side, distance: u8 },
    /// E3 step 3: more cards equal to the distance.
    CardCount {
        winner: Side,
        distance: u8,
        counts: BySide<u8>,
    },
    /// E3 step 4 / E4: the fencer who advanced farther (`None`: equal, a draw).
    Position {
        winner: Option<Side>,
        advances: BySide<u8>,
        /// Equal counts at the distance, when the card count was made.
        tied_count: Option<(u8, u8)>,
        /// E4: a player had to take a turn with an empty hand (Ten cards).
        empty_hand: bool,
    },
    /// A player gave up the round.
    Forfeit { loser: Side },
}

/// The story of `round` (finished), given the actions played in it.
pub fn story(round: &Round, actions: &[(Side, Action)]) -> Option<Story> {
    let result = round.result()?;
    let p = round.public();
    let distance = p.distance();
    let counts = BySide::new(
        round.hand(Side::White).count_value(distance),
        round.hand(Side::Black).count_value(distance),
    );
    Some(match (result.reason, result.winner) {
        (Reason::Hit, Some(attacker)) => {
            let (kind, card, count) = actions.iter().rev().find_map(|&(by, a)| match a {
                Action::Attack { card, count } if by == attacker => {
                    Some((AttackKind::Attack, card, count))
                }
                Action::Lunge { card, count, .. } if by == attacker => {
                    Some((AttackKind::Lunge, card, count))
                }
                _ => None,
            })?;
            Story::Hit {
                attacker,
                kind,
                card,
                count,
                answerable: p.rules.level != crate::engine::RulesLevel::Basic,
            }
        }
        (Reason::NoLegalAction, Some(w)) => Story::NoLegalAction {
            loser: w.opponent(),
        },
        (Reason::FinalStrike, Some(winner)) => Story::FinalStrike { winner, distance },
        (Reason::CardCount, Some(winner)) => Story::CardCount {
            winner,
            distance,
            counts,
        },
        (Reason::Position | Reason::Draw, winner) => {
            let counted = p.rules.final_count
                && p.special != Some(Special::TenCards)
                && counts.white == counts.black
                && distance <= 5;
            Story::Position {
                winner,
                advances: BySide::new(p.advance_of(Side::White), p.advance_of(Side::Black)),
                tied_count: counted.then_some((distance, counts.white)),
                empty_hand: p.special == Some(Special::TenCards),
            }
        }
        (Reason::Forfeit, Some(w)) => Story::Forfeit {
            loser: w.opponent(),
        },
        _ => return None,
    })
}

/// How each round of the match ended, replayed from its log (`None` for the
/// round still being played).
pub fn results(game: &Match) -> Vec<Option<RoundResult>> {
    game.rounds()
        .iter()
        .map(|log| {
            let mut round = Round::set_up(&log.setup).ok()?;
            for &(_, a) in &log.actions {
                round.play(a).ok()?;
            }
            round.result()
        })
        .collect()
}

/// The cards of the round's last action, face up on the discard pile.
pub fn last_cards(actions: &[(Side, Action)]) -> Option<(Side, Action, Vec<Card>)> {
    let (&(by, action), before) = actions.split_last()?;
    let pending = attack_of(before.last().map(|&(_, a)| a));
    Some((by, action, action.cards(pending).cards().collect()))
}

/// The attack that a parry played right after `before` answers.
pub(crate) fn attack_of(before: Option<Action>) -> Option<Pending> {
    before.and_then(Action::pending)
}

/// Which of a round's `len` actions its summary tells as its last steps:
/// up to three, without the hit or the giving up the story tells itself.
pub fn final_steps(len: usize, story: &Story) -> std::ops::Range<usize> {
    let told = usize::from(matches!(story, Story::Hit { .. } | Story::Forfeit { .. }));
    let end = len.saturating_sub(told);
    end.saturating_sub(3)..end
}
