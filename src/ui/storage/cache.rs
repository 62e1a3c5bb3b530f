//! The reviews' analyses as a bounded cache: their keys in order of use,
//! least recent first (one a line under `save::ANALYSES_KEY`; at a quota
//! error `storage::set` drops the first). Pure; the browser's side is in
//! `store` and `storage`.

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
