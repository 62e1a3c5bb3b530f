//! The languages the page speaks, and why one could not be had.

use serde::{Deserialize, Serialize};

/// Why a language could not be had in the browser.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FetchError {
    /// The file did not come (offline and not cached, say).
    Network,
    /// The file is not this build's list of messages.
    Malformed,
}

/// A language the page speaks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Nl,
    De,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Nl, Lang::De, Lang::Fr];

    /// The BCP 47 code, as in `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Nl => "nl",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// The language's name in itself, for the picker.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Nl => "Nederlands",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
        }
    }

    /// The language of a BCP 47 tag ("nl-BE" is Dutch), if the page has it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of the browser's preferred languages that the page speaks,
    /// else English.
    pub fn choose<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        preferred
            .into_iter()
            .find_map(Lang::from_tag)
            .unwrap_or_default()
    }
}
