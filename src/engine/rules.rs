//! Rule options and presets (docs/RULES.md §8), and the Duel special cards (§7).

use std::fmt;
use std::str::FromStr;

/// The rules level (§5; the rules option `level`). Not the computer's
/// level (`ai::Difficulty`).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum RulesLevel {
    /// One card per turn; a card equal to the distance hits at once (R15).
    Basic,
    /// Moves and direct attacks; attacks must be parried (R16–R18).
    Standard,
    /// Standard plus the lunge and the retreat escape (R19–R22).
    Advanced,
}

impl RulesLevel {
    pub const ALL: [RulesLevel; 3] = [
        RulesLevel::Basic,
        RulesLevel::Standard,
        RulesLevel::Advanced,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            RulesLevel::Basic => "basic",
            RulesLevel::Standard => "standard",
            RulesLevel::Advanced => "advanced",
        }
    }

    pub fn from_name(name: &str) -> Option<RulesLevel> {
        RulesLevel::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// Who starts the rounds after the first (R7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum StarterRule {
    /// The starter alternates every round.
    Alternate,
    /// The loser of the previous round starts; after a drawn round the starter
    /// alternates (I1).
    Loser,
}

impl StarterRule {
    pub const fn name(self) -> &'static str {
        match self {
            StarterRule::Alternate => "alternate",
            StarterRule::Loser => "loser",
        }
    }

    pub fn from_name(name: &str) -> Option<StarterRule> {
        match name {
            "alternate" => Some(StarterRule::Alternate),
            "loser" => Some(StarterRule::Loser),
            _ => None,
        }
    }
}

/// A Duel special card (S1–S8).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Special {
    /// Nothing changes (S3).
    Plain,
    /// The round's winner scores 2 points (S3).
    PlainX2,
    /// The starting player picks one of the four cards below (S4).
    Choice,
    /// Deal and refill to 3 cards (S5).
    ThreeCards,
    /// Deal 10 each, set 5 aside, nobody draws (S6, E4).
    TenCards,
    /// Both hands are visible to both players (S7).
    OpenHands,
    /// No backward moves at all (S8).
    NoRetreat,
}

impl Special {
    /// The eight cards of the special stack (S1).
    pub const STACK: [Special; 8] = [
        Special::Plain,
        Special::Plain,
        Special::PlainX2,
        Special::Choice,
        Special::ThreeCards,
        Special::TenCards,
        Special::OpenHands,
        Special::NoRetreat,
    ];

    /// Every kind of special card.
    pub const ALL: [Special; 7] = [
        Special::Plain,
        Special::PlainX2,
        Special::Choice,
        Special::ThreeCards,
        Special::TenCards,
        Special::OpenHands,
        Special::NoRetreat,
    ];

    /// What the starting player may pick when Choice is turned (S4).
    pub const CHOICES: [Special; 4] = [
        Special::ThreeCards,
        Special::TenCards,
        Special::OpenHands,
        Special::NoRetreat,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Special::Plain => "plain",
            Special::PlainX2 => "plain_x2",
            Special::Choice => "choice",
            Special::ThreeCards => "three_cards",
            Special::TenCards => "ten_cards",
            Special::OpenHands => "open_hands",
            Special::NoRetreat => "no_retreat",
        }
    }

    pub fn from_name(name: &str) -> Option<Special> {
        Special::ALL.into_iter().find(|s| s.name() == name)
    }

    /// How many of this card the stack holds (S1).
    pub fn copies(self) -> usize {
        Special::STACK.iter().filter(|&&s| s == self).count()
    }

    /// Cards dealt to each player, and the size a hand is refilled to (R8, S5, S6).
    pub const fn hand_size(special: Option<Special>) -> u8 {
        match special {
            Some(Special::ThreeCards) => 3,
            Some(Special::TenCards) => 10,
            _ => 5,
        }
    }
}

impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A named combination of options, one per source (§8).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Basic,
    Standard,
    Advanced,
    Duel,
}

impl Preset {
    pub const ALL: [Preset; 4] = [
        Preset::Basic,
        Preset::Standard,
        Preset::Advanced,
        Preset::Duel,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Preset::Basic => "basic",
            Preset::Standard => "standard",
            Preset::Advanced => "advanced",
            Preset::Duel => "duel",
        }
    }

    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The options of this preset (§8).
    pub const fn rules(self) -> Rules {
        let base = Rules {
            level: RulesLevel::Advanced,
            final_strike: false,
            final_count: true,
            count_after_retreat: false,
            starter: StarterRule::Alternate,
            special_cards: false,
            points_to_win: 5,
        };
        match self {
            Preset::Basic => Rules {
                level: RulesLevel::Basic,
                final_strike: true,
                final_count: false,
                ..base
            },
            Preset::Standard => Rules {
                level: RulesLevel::Standard,
                ..base
            },
            Preset::Advanced => base,
            Preset::Duel => Rules {
                level: RulesLevel::Standard,
                final_count: false,
                starter: StarterRule::Loser,
                special_cards: true,
                ..base
            },
        }
    }
}

impl FromStr for Preset {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Preset::from_name(s).ok_or_else(|| {
            format!("unknown rules preset \"{s}\" (expected basic, standard, advanced or duel)")
        })
    }
}

/// Every rule option of §8. `Copy` and small: each round carries its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    pub level: RulesLevel,
    /// E3 step 2, Basic only (I7).
    pub final_strike: bool,
    /// E3 step 3.
    pub final_count: bool,
    /// E3 step 3 also after a retreat from the last lunge (I8).
    pub count_after_retreat: bool,
    pub starter: StarterRule,
    /// The Duel special cards (§7).
    pub special_cards: bool,
    /// 1–9 (R6).
    pub points_to_win: u8,
}

impl Default for Rules {
    /// The `advanced` preset, the default (§8).
    fn default() -> Self {
        Preset::Advanced.rules()
    }
}

impl Rules {
    /// The farthest distance an attack can come from: 5 for a direct attack
    /// (R13), 10 with the lunge (an advance of up to 5, then an attack at
    /// the new distance, R20).
    pub fn reach(&self) -> u8 {
        match self.level {
            RulesLevel::Advanced => 10,
            _ => 5,
        }
    }

    /// The preset these options equal, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.rules() == *self)
    }

    /// The preset these rules are but for the points to win, if any (a
    /// preset's own rules included).
    pub fn preset_but_points(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| {
            Rules {
                points_to_win: self.points_to_win,
                ..p.rules()
            } == *self
        })
    }

    /// Checks the option values.
    ///
    /// # Errors
    /// The option out of range.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(1..=9).contains(&self.points_to_win) {
            return Err(RulesError::PointsToWin(self.points_to_win));
        }
        Ok(())
    }
}

/// Option values that make no match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// Points to win outside 1–9 (R6).
    PointsToWin(u8),
}

impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulesError::PointsToWin(n) => write!(f, "points_to_win must be 1–9, not {n} (R6)"),
        }
    }
}

impl std::error::Error for RulesError {}
