//! What the page remembers: the last settings, and the match in progress as a
//! game record (`engarde/1`, with the `players` extension naming who is who).
//! Pure functions here; `storage` reads and writes the browser's localStorage.

use serde::{Deserialize, Serialize};

use crate::ai::Difficulty;
use crate::engine::{BySide, Match, Rules, Side};
use crate::record::format::RecordOut;
use crate::record::{replay_with, write, RecordError};
use crate::GameRng;

/// localStorage keys.
pub const SAVE_KEY: &str = "engarde.save";
pub const SET_ASIDE_KEY: &str = "engarde.save.unreadable";
/// A cached analysis is kept under this prefix and a hash of its match's code.
pub(crate) const ANALYSIS_PREFIX: &str = "engarde.analysis.";
/// The tab that holds the match (`tabs`): only it saves.
pub(crate) const OWNER_KEY: &str = "engarde.owner";
/// Present while the saved match came from an imported record: it is not
/// counted in the history (only matches played here are).
pub(crate) const IMPORTED_KEY: &str = "engarde.save.imported";
/// The cached analyses' keys, least recently used first (one a line).
pub(crate) const ANALYSES_KEY: &str = "engarde.analyses";
pub(crate) const SETTINGS_KEY: &str = "engarde.settings";
/// Set once the start screen of a first visit has been left.
pub(crate) const WELCOMED_KEY: &str = "engarde.welcomed";
/// The lessons' progress.
pub(crate) const LESSONS_KEY: &str = "engarde.lessons";
/// The finished matches (`history::Entry` list, JSON).
pub(crate) const HISTORY_KEY: &str = "engarde.history";
/// The names two people on one device gave (JSON `{"white": …, "black": …}`).
pub(crate) const NAMES_KEY: &str = "engarde.names";
/// The chosen language's code (also read by `web/loading.js` before the app runs).
pub(crate) const LANG_KEY: &str = "engarde.lang";

/// Whom the person plays against (the settings' `opponent`): the computer
/// or a second person. The computer opponent itself is `ai::Opponent`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Adversary {
    #[default]
    Computer,
    /// A second person on the same device (hot seat): a privacy screen
    /// between turns.
    Person,
}

/// The choices of the new-game form, remembered between visits.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub rules: Rules,
    pub level: Difficulty,
    pub side: Side,
    /// Whether the card tracker is shown.
    pub tracker: bool,
    pub opponent: Adversary,
}

impl Default for Settings {
    fn default() -> Self {
        // Standard: the rules the start screen recommends (a fresh
        // browser's form shows them; later, the last played).
        Settings {
            rules: crate::engine::Preset::Standard.rules(),
            level: Difficulty::Medium,
            side: Side::White,
            tracker: true,
            opponent: Adversary::Computer,
        }
    }
}

impl Settings {
    /// The first match the page offers a newcomer (the start screen, the
    /// end of the last lesson): Standard rules, the presets' suggestion to
    /// start with, against Easy; the person's other choices kept.
    pub fn first_match(self) -> Settings {
        Settings {
            rules: crate::engine::Preset::Standard.rules(),
            level: Difficulty::Easy,
            opponent: Adversary::Computer,
            ..self
        }
    }

    /// Reads remembered settings; text that does not read gives the
    /// defaults. Rules are kept as read: a match started with rules that do
    /// not validate says so ([`crate::ui::match_state::GameState::new`]).
    pub fn from_json(text: &str) -> Settings {
        serde_json::from_str::<Settings>(text).unwrap_or_default()
    }

    pub fn to_json(self) -> String {
        // Settings always serialize.
        serde_json::to_string(&self).unwrap_or_default()
    }
}

/// A match read back from a save or an imported record.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub the_match: Match,
    pub human: Side,
    pub level: Difficulty,
    /// Hints and take-backs used in this match.
    pub help: Help,
    /// Two people played it on one device: their names.
    pub people: Option<BySide<String>>,
    /// Played on this device (not an imported record): counted in the
    /// history when it ends.
    pub played_here: bool,
}

/// The help a person used in a match, kept in its record (extensions
/// `hints` and `takebacks`, docs/FORMATS.md).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Help {
    pub hints: u32,
    pub takebacks: u32,
}

fn player_name(side: Side, human: Side, level: Difficulty) -> String {
    if side == human {
        "human".into()
    } else {
        format!("ai:{}", level.name())
    }
}

/// A person of two on one device, in `players`: `person:` and the name.
const PERSON: &str = "person:";

/// The save: the match's record with who played which side and the help
/// the person used.
pub fn save_text(game: &Match, human: Side, level: Difficulty, help: Help) -> String {
    text(&record(game, human, level, help))
}

/// The record of the save, as a value (the share link packs it).
pub fn record(game: &Match, human: Side, level: Difficulty, help: Help) -> RecordOut {
    seated(game, help, |side| player_name(side, human, level))
}

/// The record of a match between two people on one device: `players`
/// carries both names (`person:Anna`, docs/FORMATS.md).
pub(crate) fn people_record(game: &Match, names: &BySide<String>, help: Help) -> RecordOut {
    seated(game, help, |side| format!("{PERSON}{}", names[side]))
}

/// The save of a match between two people.
pub fn people_save_text(game: &Match, names: &BySide<String>, help: Help) -> String {
    text(&people_record(game, names, help))
}

/// The match's record with the help used and each side's `players` name.
fn seated(game: &Match, help: Help, name: impl Fn(Side) -> String) -> RecordOut {
    let mut record = write::record(game);
    record.hints = help.hints;
    record.takebacks = help.takebacks;
    record.players = Some(BySide {
        white: name(Side::White),
        black: name(Side::Black),
    });
    record
}

fn text(record: &RecordOut) -> String {
    // A record has no map with other keys than text: it always serializes.
    serde_json::to_string(record).unwrap_or_default()
}

/// The share link's code of a match (`record::link`), with its seats and
/// the help used; it also names the match (history, analysis cache).
pub(crate) fn link_code(game: &Match, human: Side, level: Difficulty, help: Help) -> String {
    crate::record::link::encode(&record(game, human, level, help))
}

/// The record of a match with its seats: two people's names, else the
/// person's side against the computer at `level`.
fn record_of(
    game: &Match,
    human: Side,
    level: Difficulty,
    help: Help,
    people: Option<&BySide<String>>,
) -> RecordOut {
    match people {
        Some(names) => people_record(game, names, help),
        None => record(game, human, level, help),
    }
}

/// A match with who played it: the person, their side and the computer's
/// level, or two people's names.
pub struct Seated<'a> {
    pub the_match: &'a Match,
    pub human: Side,
    pub level: Difficulty,
    pub help: Help,
    pub people: Option<&'a BySide<String>>,
}

impl Seated<'_> {
    /// The save of the match (see [`record_of`]).
    pub fn text(&self) -> String {
        text(&self.record())
    }

    /// The share link's code: two people's names travel in it.
    pub(crate) fn code(&self) -> String {
        crate::record::link::encode(&self.record())
    }

    fn record(&self) -> RecordOut {
        record_of(
            self.the_match,
            self.human,
            self.level,
            self.help,
            self.people,
        )
    }
}

/// Why a link's code does not give a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CodeProblem {
    Link(crate::record::link::LinkError),
    Record(RecordError),
}

/// Reads a match from its link code, as [`load`] reads a record.
///
/// # Errors
/// What is wrong with the code, or with the record it holds.
pub(crate) fn from_code(
    code: &str,
    fallback: (Side, Difficulty),
    rng: &mut GameRng,
) -> Result<Loaded, CodeProblem> {
    let text = crate::record::link::decode(code).map_err(CodeProblem::Link)?;
    load(&text, fallback, rng).map_err(CodeProblem::Record)
}

/// Who is the person and which level the computer plays, from `players`;
/// `None` unless exactly one side is `human` and the other a known level.
fn seats(players: &BySide<String>) -> Option<(Side, Difficulty)> {
    let level = |name: &str| name.strip_prefix("ai:")?.parse::<Difficulty>().ok();
    match (players.white.as_str(), players.black.as_str()) {
        ("human", other) => Some((Side::White, level(other)?)),
        (other, "human") => Some((Side::Black, level(other)?)),
        _ => None,
    }
}

/// Reads a save or an imported record. A record without usable `players`
/// (e.g. one written by `engarde play`) is played on with `fallback`.
///
/// # Errors
/// What is wrong and where (from the record reader).
pub fn load(
    text: &str,
    fallback: (Side, Difficulty),
    rng: &mut GameRng,
) -> Result<Loaded, RecordError> {
    // A round waiting for the Choice pick (S4) gets freshly shuffled cards.
    let replayed = replay_with(text, false, rng)?;
    let (human, level) = replayed
        .players
        .as_ref()
        .and_then(seats)
        .unwrap_or(fallback);
    let people = replayed.players.as_ref().and_then(|p| {
        Some(BySide::new(
            p.white.strip_prefix(PERSON)?.to_string(),
            p.black.strip_prefix(PERSON)?.to_string(),
        ))
    });
    Ok(Loaded {
        the_match: replayed.the_match,
        human,
        level,
        help: Help {
            hints: replayed.hints,
            takebacks: replayed.takebacks,
        },
        people,
        played_here: true,
    })
}
