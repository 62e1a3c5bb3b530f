//! Who waits for the person, as the start screen reads it without friend
//! play's code (the first load stays small): the friend store keeps one
//! short line under [`KEY`] whenever it saves, how many kept matches await
//! the person's move and the first such friend's name (`2 Bo`). A line
//! that does not read is ignored.

use super::results::Summary;
use super::standing::Standing;

/// Where the line is kept (outside `engarde.friend.`, the matches' keys).
pub const KEY: &str = "engarde.friends.waiting";

/// Matches with friends that await the person: how many, and the first
/// friend's name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Waiting<'a> {
    pub count: u32,
    pub friend: &'a str,
}

/// The line for the matches `kept` (in the list's order): `None` when none
/// awaits the person.
pub fn line<'a>(kept: impl IntoIterator<Item = &'a Summary>) -> Option<String> {
    let mut yours = kept.into_iter().filter(|s| s.standing == Standing::Yours);
    let first = yours.next()?;
    let count = 1 + yours.count();
    Some(format!("{count} {}", first.friend.trim()))
}

/// What the start screen says of `text`, the line kept: `None` for none
/// waiting, or a line that does not read.
pub fn read(text: &str) -> Option<Waiting<'_>> {
    let (count, friend) = text.split_once(' ')?;
    let count = count.parse::<u32>().ok().filter(|&n| n > 0)?;
    Some(Waiting {
        count,
        friend: friend.trim(),
    })
}
