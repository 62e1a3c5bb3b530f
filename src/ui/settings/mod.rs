//! The new-game form: rules preset and each option of docs/RULES.md §8, the
//! opponent (the computer's level, or a second person and both names), your
//! side and the points to win; and "Settings" ([`preferences`]): the page's
//! language and colours, which never touch the match. Both are part
//! of the extras (fetched on first use): the page asks for it and hears back
//! a [`crate::ui::extras::Back`].
//!
//! Pure here: the form's draft and its changes ([`Draft`]), tested natively;
//! the components in [`view`], [`parts`] and [`fields`].

pub(crate) mod fields;
pub(crate) mod parts;
pub(crate) mod preferences;
pub mod store;
pub(crate) mod view;

use crate::ai::Difficulty;
use crate::engine::{BySide, Preset, Rules, RulesLevel, Side, StarterRule};

use crate::ui::play::save::{Adversary, Settings};

/// The longest name a person may give.
pub const NAME_LEN: usize = 24;

/// A switch of the rules (docs/RULES.md §8), each a checkbox.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Switch {
    FinalStrike,
    FinalCount,
    CountAfterRetreat,
    SpecialCards,
}

impl Switch {
    pub const ALL: [Switch; 4] = [
        Switch::FinalStrike,
        Switch::FinalCount,
        Switch::CountAfterRetreat,
        Switch::SpecialCards,
    ];

    /// Its control's id.
    pub fn id(self) -> &'static str {
        match self {
            Switch::FinalStrike => "final-strike",
            Switch::FinalCount => "final-count",
            Switch::CountAfterRetreat => "count-after-retreat",
            Switch::SpecialCards => "special-cards",
        }
    }

    pub fn get(self, rules: &Rules) -> bool {
        match self {
            Switch::FinalStrike => rules.final_strike,
            Switch::FinalCount => rules.final_count,
            Switch::CountAfterRetreat => rules.count_after_retreat,
            Switch::SpecialCards => rules.special_cards,
        }
    }

    fn set(self, rules: &mut Rules, on: bool) {
        match self {
            Switch::FinalStrike => rules.final_strike = on,
            Switch::FinalCount => rules.final_count = on,
            Switch::CountAfterRetreat => rules.count_after_retreat = on,
            Switch::SpecialCards => rules.special_cards = on,
        }
    }
}

/// One change the person makes in the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A preset's rules, keeping the points to win.
    Preset(Preset),
    /// The computer, at this level.
    Computer(Difficulty),
    /// A second person on this device.
    Person,
    Side(Side),
    RulesLevel(RulesLevel),
    Switch(Switch, bool),
    Starter(StarterRule),
    /// Points to win (kept within 1 to 9).
    Points(u8),
    /// A person's name (cut to [`NAME_LEN`] characters).
    Name(Side, String),
}

/// What the form holds until the person starts or closes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    pub settings: Settings,
    pub names: BySide<String>,
}

impl Draft {
    pub fn new(settings: Settings, names: BySide<String>) -> Draft {
        Draft { settings, names }
    }

    pub fn apply(&mut self, change: Change) {
        let s = &mut self.settings;
        match change {
            Change::Preset(p) => {
                s.rules = Rules {
                    points_to_win: s.rules.points_to_win,
                    ..p.rules()
                };
            }
            Change::Computer(d) => {
                s.level = d;
                s.opponent = Adversary::Computer;
            }
            Change::Person => s.opponent = Adversary::Person,
            Change::Side(side) => s.side = side,
            Change::RulesLevel(l) => s.rules.level = l,
            Change::Switch(w, on) => w.set(&mut s.rules, on),
            Change::Starter(r) => s.rules.starter = r,
            Change::Points(n) => s.rules.points_to_win = n.clamp(1, 9),
            Change::Name(side, name) => self.names[side] = name.chars().take(NAME_LEN).collect(),
        }
    }

    /// The preset these rules equal, whatever the points to win (`None`:
    /// custom rules).
    pub fn preset(&self) -> Option<Preset> {
        Rules {
            points_to_win: 5,
            ..self.settings.rules
        }
        .preset()
    }

    /// Two people play (their names are asked, not a side).
    pub fn people(&self) -> bool {
        self.settings.opponent == Adversary::Person
    }

    /// The computer at level `d` is chosen.
    pub fn computer_at(&self, d: Difficulty) -> bool {
        !self.people() && self.settings.level == d
    }
}
