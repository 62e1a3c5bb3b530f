//! The buttons under a friend match's table, pure: which are offered at a
//! moment. Before the first deal there is nothing to play, so nothing to
//! give up or to abandon: the table shows the position only.

use super::live::frame::Presence;
use super::standing::Standing;

/// What the bar asks the person to confirm before doing it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    Resign,
    Abandon,
}

/// What the bar's buttons depend on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    pub standing: Standing,
    /// The friend's message is being checked: nothing to do meanwhile.
    pub checking: bool,
    /// Something is or was to play: cards dealt, or the Choice card's pick
    /// due (S4); not the bare piste before round 1's deal.
    pub in_play: bool,
    /// The first move is made (a round played or an action).
    pub begun: bool,
    /// The friend accepted (their name came, or a round was audited).
    pub accepted: bool,
    pub presence: Presence,
    /// The friend's invitation to another match is offered.
    pub offered: bool,
    pub asking: Option<Confirm>,
}

/// Which of the bar's buttons that depend on the moment show (the review,
/// the record and a void match's messages show when the match has them;
/// "Back to the list" always).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tools {
    pub resign: bool,
    pub again: bool,
    pub abandon: bool,
    pub cancel: bool,
}

/// Over with a verdict (not void, not abandoned): another match may follow.
pub fn again(standing: Standing) -> bool {
    standing.is_over() && !matches!(standing, Standing::Void | Standing::Abandoned)
}

/// The buttons at `f`.
pub fn tools(f: Facts) -> Tools {
    let open = !f.standing.is_over() && !f.checking && f.in_play;
    Tools {
        resign: open,
        // (Once the friend asked, their invitation is the one to accept.)
        again: again(f.standing) && !f.offered,
        // (Not before the first move, nor while the friend is here: they
        // have not stopped answering.)
        abandon: open
            && f.standing == Standing::Theirs
            && f.accepted
            && f.begun
            && f.presence != Presence::Here,
        cancel: f.asking.is_some(),
    }
}
