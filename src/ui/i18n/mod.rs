//! The page's languages: one typed catalog ([`Texts`]), one file per language,
//! and the choice among them. Why a template catalog rather than Fluent or
//! one `format!` per message and language: docs/LANGUAGES.md.
//!
//! Components never build sentences: they ask [`Texts`]' typed methods
//! (`words.rs`) for whole messages, with card values, counts, squares and
//! sides as arguments.

// English is in the app; the other languages travel as data (web/lang/*.json,
// written from these files by tests/i18n.rs) and are fetched when chosen, so
// the page's first load carries one language only.
#[cfg(not(target_arch = "wasm32"))]
mod de;
mod en;
#[cfg(target_arch = "wasm32")]
mod fetch;
#[cfg(not(target_arch = "wasm32"))]
mod fr;
mod lang;
#[cfg(not(target_arch = "wasm32"))]
mod nl;
mod texts;
mod words;
mod words_extra;

#[cfg(target_arch = "wasm32")]
pub use fetch::{fetch, fetch_extra, install, is_ready};

/// Natively every language is compiled in.
#[cfg(not(target_arch = "wasm32"))]
pub fn is_ready(_: Lang) -> bool {
    true
}

/// Natively every language is compiled in.
///
/// # Errors
/// Never.
#[cfg(not(target_arch = "wasm32"))]
pub async fn fetch(_: Lang) -> Result<(), FetchError> {
    Ok(())
}

/// Natively every language is compiled in.
///
/// # Errors
/// Never.
#[cfg(not(target_arch = "wasm32"))]
pub async fn fetch_extra(_: Lang) -> Result<(), FetchError> {
    Ok(())
}

use std::fmt::Display;

pub use lang::{FetchError, Lang};
pub use texts::{ExtraTexts, Texts};

impl Lang {
    /// Every message in this language.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &en::TEXTS,
            Lang::Nl => &nl::TEXTS,
            Lang::De => &de::TEXTS,
            Lang::Fr => &fr::TEXTS,
        }
    }

    /// Every message in this language, once fetched ([`fetch`]); English
    /// until then.
    #[cfg(target_arch = "wasm32")]
    pub fn texts(self) -> &'static Texts {
        fetch::loaded(self)
            .or_else(|| fetch::loaded(Lang::En))
            .unwrap_or_else(fetch::none)
    }

    /// English as built into this crate (natively, and for the browser
    /// tests; the browser app fetches it like every language).
    pub fn english() -> &'static Texts {
        &en::TEXTS
    }

    /// The extras' messages in this language.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn extra_texts(self) -> &'static ExtraTexts {
        match self {
            Lang::En => &en::EXTRA,
            Lang::Nl => &nl::EXTRA,
            Lang::De => &de::EXTRA,
            Lang::Fr => &fr::EXTRA,
        }
    }

    /// The extras' messages in this language, once fetched
    /// ([`fetch_extra`]); English until then.
    #[cfg(target_arch = "wasm32")]
    pub fn extra_texts(self) -> &'static ExtraTexts {
        fetch::loaded_extra(self).unwrap_or(&en::EXTRA)
    }
}

/// The language in force, from the app's context (English outside one).
#[yew::hook]
pub(crate) fn use_texts() -> &'static Texts {
    yew::use_context::<Lang>().unwrap_or_default().texts()
}

/// The extras' messages in the language in force.
#[yew::hook]
pub(crate) fn use_extra_texts() -> &'static ExtraTexts {
    yew::use_context::<Lang>().unwrap_or_default().extra_texts()
}

/// The form of a count message for `n` in the language `code`: its CLDR
/// plural category as an index into the message's forms, 0 "one" and 1
/// "other". English, Dutch and German: one is exactly 1. French: one is 0
/// and 1; French "many" (exact millions) takes the other form, as no count
/// the page shows comes near a million.
pub fn plural(code: &str, n: usize) -> usize {
    let one = if code == "fr" { n <= 1 } else { n == 1 };
    usize::from(!one)
}

/// The form of a count message with a form for none first: 0 for none,
/// then [`plural`]'s one and other as 1 and 2 ("no card", "only 1 card",
/// "only 2 cards"), so that no language says "only 0".
pub fn plural_or_none(code: &str, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        1 + plural(code, n)
    }
}

/// Puts the arguments into a template: each `{name}` becomes the value named
/// `name`. A name without a value stays as it is (tests catch it).
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (close, *v))
        }) {
            Some((close, value)) => {
                out.push_str(&value.to_string());
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders a template uses, sorted and without repeats.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut out: Vec<&str> = template
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(name, _)| name))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
