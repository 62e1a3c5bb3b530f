//! What the lessons keep in the browser's storage: the person's progress.

use crate::ui::play::save::LESSONS_KEY;
use crate::ui::storage::{get, set};

/// Where the person is in the lessons: those finished, and the lesson and
/// step last reached (none: the list).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct LessonProgress {
    /// Finished lessons, one bit each.
    pub finished: u32,
    pub at: Option<(usize, usize)>,
}

impl LessonProgress {
    pub(crate) fn is_finished(&self, lesson: usize) -> bool {
        self.finished & (1 << lesson) != 0
    }

    pub(crate) fn finish(&mut self, lesson: usize) {
        self.finished |= 1 << lesson;
    }
}

/// The lessons' progress (unreadable: from the start).
pub fn lesson_progress() -> LessonProgress {
    get(LESSONS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

pub(crate) fn save_lesson_progress(progress: &LessonProgress) {
    if let Ok(text) = serde_json::to_string(progress) {
        let _ = set(LESSONS_KEY, &text);
    }
}
