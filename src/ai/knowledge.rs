//! Card counting: what the unseen cards say about the opponent's hand (R9).

use crate::engine::{Card, Hand, Observation};

/// Binomial coefficients up to 25 choose k.
pub(crate) fn choose(n: u8, k: u8) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// What one side knows of the opponent's hand: either the cards (Open hands)
/// or a uniformly random `size` cards out of the unseen ones.
#[derive(Copy, Clone, Debug)]
pub struct OpponentHand {
    pub known: Option<Hand>,
    pub unseen: Hand,
    pub size: u8,
}

impl OpponentHand {
    pub fn of(obs: &Observation) -> OpponentHand {
        OpponentHand {
            known: obs.opponent_hand(),
            unseen: obs.unseen(),
            size: obs.opponent_hand_len(),
        }
    }

    /// The probability that the opponent holds at least `n` cards of `value`
    /// (0 for values outside 1–5).
    pub fn p_at_least(&self, value: u8, n: u8) -> f64 {
        let Some(card) = Card::new(value) else {
            return if n == 0 { 1.0 } else { 0.0 };
        };
        if let Some(hand) = self.known {
            return if hand.count(card) >= n { 1.0 } else { 0.0 };
        }
        let total = self.unseen.len();
        let good = self.unseen.count(card);
        let h = self.size.min(total);
        let all = choose(total, h);
        if all == 0.0 {
            return if n == 0 { 1.0 } else { 0.0 };
        }
        (n..=good.min(h))
            .map(|k| choose(good, k) * choose(total - good, h - k))
            .sum::<f64>()
            / all
    }

    /// The probability that every card of the opponent's hand is above `value`
    /// (so none of them fits a move of at most `value` squares).
    pub fn p_all_above(&self, value: u8) -> f64 {
        if let Some(hand) = self.known {
            return if hand.values().all(|c| c.value() > value) {
                1.0
            } else {
                0.0
            };
        }
        let total = self.unseen.len();
        let above: u8 = Card::ALL
            .iter()
            .filter(|c| c.value() > value)
            .map(|&c| self.unseen.count(c))
            .sum();
        let h = self.size.min(total);
        let all = choose(total, h);
        if all == 0.0 {
            return 1.0;
        }
        choose(above, h) / all
    }
}

/// Every multiset of `size` cards within `pool`, with how many ways it can be
/// drawn from `pool`.
pub(crate) fn sub_hands(pool: Hand, size: u8) -> Vec<(Hand, f64)> {
    fn go(
        pool: &[u8; 5],
        i: usize,
        left: u8,
        counts: &mut [u8; 5],
        ways: f64,
        out: &mut Vec<(Hand, f64)>,
    ) {
        if i == 5 {
            if left == 0 {
                out.push((Hand::from_counts(*counts), ways));
            }
            return;
        }
        for c in 0..=pool[i].min(left) {
            counts[i] = c;
            go(
                pool,
                i + 1,
                left - c,
                counts,
                ways * choose(pool[i], c),
                out,
            );
        }
        counts[i] = 0;
    }
    let mut out = Vec::new();
    go(&pool.counts(), 0, size, &mut [0; 5], 1.0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn certain_when_too_few_unseen() {
        // Two 4s unseen: the opponent can never hold three.
        let o = OpponentHand {
            known: None,
            unseen: Hand::from_counts([5, 5, 5, 2, 3]),
            size: 5,
        };
        assert_eq!(o.p_at_least(4, 3), 0.0);
        assert_eq!(o.p_at_least(4, 0), 1.0);
        let p1 = o.p_at_least(4, 1);
        // 1 − C(18,5)/C(20,5) = 1 − 8568/15504
        assert!((p1 - (1.0 - 8568.0 / 15504.0)).abs() < 1e-9, "{p1}");
    }

    #[test]
    fn whole_pool_in_hand_is_certain() {
        let o = OpponentHand {
            known: None,
            unseen: Hand::from_counts([0, 2, 0, 0, 3]),
            size: 5,
        };
        assert_eq!(o.p_at_least(5, 3), 1.0);
        assert_eq!(o.p_all_above(1), 1.0);
        assert_eq!(o.p_all_above(2), 0.0);
    }
}
