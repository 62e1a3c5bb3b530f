//! The reviews' analyses as a bounded cache: their keys in order of use,
//! least recent first (one a line under `save::ANALYSES_KEY`). Pure; the
//! browser's side is in `store` and `storage`.

/// How many analyses are kept; the least recently used goes first.
pub const ANALYSES_KEPT: usize = 24;

fn list(order: &str) -> Vec<String> {
    order
        .lines()
        .filter(|k| !k.is_empty())
        .map(str::to_string)
        .collect()
}

fn text(keys: &[String]) -> String {
    keys.join("\n")
}

/// The order after `key` is used: it becomes the most recent, and the keys
/// beyond [`ANALYSES_KEPT`] are returned to be dropped.
pub fn used(order: &str, key: &str) -> (String, Vec<String>) {
    let mut keys = list(order);
    keys.retain(|k| k != key);
    keys.push(key.to_string());
    let excess = keys.len().saturating_sub(ANALYSES_KEPT);
    let dropped = keys.drain(..excess).collect();
    (text(&keys), dropped)
}

/// The order without `key`.
pub fn forget(order: &str, key: &str) -> String {
    let mut keys = list(order);
    keys.retain(|k| k != key);
    text(&keys)
}

/// Where `key` stands to be dropped: 0 if the order does not know it (left
/// by an older page), else after every key used before it.
pub fn rank(order: &str, key: &str) -> usize {
    list(order)
        .iter()
        .position(|k| k == key)
        .map_or(0, |i| i + 1)
}
