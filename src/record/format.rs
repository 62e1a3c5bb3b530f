//! The JSON shapes of game record format v1 (docs/FORMATS.md, game record), as serde types.
//! These only describe the document; `parse` checks it against the rules.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::engine::BySide;

/// The value of the `format` field.
pub const FORMAT: &str = "engarde/1";

/// A whole record. Each part is kept as its raw JSON text so that it can be
/// read on its own and an error can say which part, round or action it is in.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRecord {
    pub format: Box<RawValue>,
    #[serde(default)]
    pub rules: Option<Box<RawValue>>,
    /// Extension (docs/FORMATS.md): who played each side, e.g. `"human"`,
    /// `"ai:medium"`. Informative only; replay does not depend on it.
    #[serde(default)]
    pub players: Option<Box<RawValue>>,
    pub rounds: Vec<Box<RawValue>>,
    /// Extension: the Choice card is turned for the round after the last one,
    /// whose starter has not picked yet (S4); nothing of it is dealt.
    #[serde(default)]
    pub awaiting_choice: Option<Box<RawValue>>,
    /// How many hints the person asked for (an extension).
    #[serde(default)]
    pub hints: Option<Box<RawValue>>,
    /// How many times the person took a move back (an extension).
    #[serde(default)]
    pub takebacks: Option<Box<RawValue>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRound {
    pub setup: Box<RawValue>,
    #[serde(default)]
    pub actions: Vec<Box<RawValue>>,
}

/// `rules`: a preset name, or an object of options over a preset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RulesSpec {
    Preset(String),
    Options(RulesOptions),
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesOptions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_strike: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_count: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_after_retreat: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starter: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special_cards: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_to_win: Option<u8>,
}

/// A round's `setup`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starter: Option<String>,
    pub hands: BySide<Vec<u8>>,
    pub deck: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<BySide<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aside: Option<Vec<u8>>,
}

/// One action object: `{"by": "white", "do": "advance", "card": 3}`. Also the
/// bot protocol's answer (where `by` is optional) and the CLI's `legal` output.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    #[serde(rename = "do")]
    pub act: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advance: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<String>,
}

/// A whole record as written (by a match, the app's save, an export).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordOut {
    pub format: &'static str,
    pub rules: RulesSpec,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<BySide<String>>,
    pub rounds: Vec<RoundOut>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub awaiting_choice: bool,
    /// How many hints the person asked for (an extension; written when any).
    #[serde(skip_serializing_if = "is_zero")]
    pub hints: u32,
    /// How many times the person took a move back (an extension; written when any).
    #[serde(skip_serializing_if = "is_zero")]
    pub takebacks: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundOut {
    pub setup: SetupRecord,
    pub actions: Vec<ActionRecord>,
}
