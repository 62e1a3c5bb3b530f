//! What the new-game form and the preferences keep in the browser's
//! storage: the settings, the colour theme, the names two people on one
//! device gave. Best effort: what does not read falls back to the defaults,
//! and a storage that refuses only loses the memory of a choice.

use crate::engine::BySide;
use crate::ui::play::save::{Settings, NAMES_KEY, SETTINGS_KEY};
use crate::ui::shell::theme::Theme;
use crate::ui::storage::{get, set};

/// The settings kept (the defaults if none; what does not read, key by
/// key, as the defaults: [`Settings::from_json`]).
pub fn settings() -> Settings {
    get(SETTINGS_KEY).map_or_else(Settings::default, |t| Settings::from_json(&t))
}

pub fn save_settings(s: Settings) {
    // Preferences are best effort; a failing save of the match is reported.
    let _ = set(SETTINGS_KEY, &s.to_json());
}

const THEME_KEY: &str = "engarde.theme";

/// The theme chosen before (the device's if none, or unreadable).
pub(crate) fn theme() -> Theme {
    get(THEME_KEY)
        .and_then(|n| Theme::from_name(&n))
        .unwrap_or_default()
}

/// Remembers the theme. A storage that refuses only loses the memory of it.
pub(crate) fn save_theme(theme: Theme) {
    let _ = set(THEME_KEY, theme.name());
}

/// The names two people on one device gave last (empty: none).
pub fn names() -> BySide<String> {
    get(NAMES_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

pub(crate) fn save_names(names: &BySide<String>) {
    if let Ok(text) = serde_json::to_string(names) {
        let _ = set(NAMES_KEY, &text);
    }
}
