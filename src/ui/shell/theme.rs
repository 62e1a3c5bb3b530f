//! The colour theme: as the device says (`prefers-color-scheme`), or light
//! or dark by choice, set as `<html data-theme>` (web/loading.js sets it
//! before the first paint; styles/tokens.css gives each colour for both) and
//! remembered by `storage` (`engarde.theme`).

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum Theme {
    /// Follows the device's setting.
    #[default]
    Device,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Device, Theme::Light, Theme::Dark];

    /// Its name in storage and in `data-theme` (none for the device's).
    pub fn name(self) -> &'static str {
        match self {
            Theme::Device => "device",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Applies the theme to the page at once.
    pub fn apply(self) {
        if let Some(root) = root_element() {
            let _ = match self {
                Theme::Device => root.remove_attribute("data-theme"),
                _ => root.set_attribute("data-theme", self.name()),
            };
        }
    }
}

fn root_element() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.document_element()
}
