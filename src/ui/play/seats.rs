//! Who sits at the table, and how a sentence names each side: the one way
//! the page tells "you", "the computer" and a person by name apart. The
//! catalog keeps each message once, in a form for each (`Who::form`).

use crate::engine::{BySide, Side};

/// Who plays the match the page shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seats<'a> {
    /// The person at the device (`human`) against the computer.
    Computer { human: Side },
    /// Two people on one device, with the names they gave (empty: none).
    People(&'a BySide<String>),
}

/// One player, as a sentence names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Who<'a> {
    /// The person at the device, against the computer: "you".
    You,
    /// "The computer".
    Computer,
    /// One of two people: their name (empty when they gave none: their
    /// side's name stands for it) and their side.
    Person { name: &'a str, side: Side },
}

impl<'a> Seats<'a> {
    /// The seats of a match: two people by their names, else the person
    /// playing `human` against the computer.
    pub fn of(people: Option<&'a BySide<String>>, human: Side) -> Seats<'a> {
        match people {
            Some(names) => Seats::People(names),
            None => Seats::Computer { human },
        }
    }

    /// How sentences name the player of `side`.
    pub fn who(self, side: Side) -> Who<'a> {
        match self {
            Seats::Computer { human } if side == human => Who::You,
            Seats::Computer { .. } => Who::Computer,
            Seats::People(names) => Who::Person {
                name: names[side].trim(),
                side,
            },
        }
    }

    /// Whether two people play (a message about the match, not one player,
    /// comes in two forms: against the computer, between two people).
    pub fn people(self) -> bool {
        matches!(self, Seats::People(_))
    }

    /// Index of the form for the match as a whole: 0 against the computer,
    /// 1 between two people.
    pub fn form(self) -> usize {
        usize::from(self.people())
    }
}

impl Who<'_> {
    /// Index of the player's form in a three-form message: you, the
    /// computer, a person.
    pub fn form(self) -> usize {
        match self {
            Who::You => 0,
            Who::Computer => 1,
            Who::Person { .. } => 2,
        }
    }

    /// Index in a two-form message about an opponent: the computer, a
    /// person (the person at the device counts as a person).
    pub(crate) fn opponent_form(self) -> usize {
        usize::from(!matches!(self, Who::Computer))
    }
}
