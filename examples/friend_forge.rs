//! A hostile page, for the end-to-end tests (`e2e/friend.test.mjs`): from a
//! seat's kept journal (the `journal` of what the page stores under
//! `engarde.friend.<id>`, as JSON) and a message code that seat sent, the
//! same message with its first proven token repeated, signed by the seat:
//! what a modified copy of the page could send. The friend's page must refuse it
//! and make the match void (docs/FRIEND.md).
//!
//! Usage: `friend_forge JOURNAL_JSON CODE` (prints the forged code).

use std::process::ExitCode;

use engarde::friend::game::{FriendMatch, Journal};
use engarde::friend::wire::{Item, Message};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [journal, code] = args.as_slice() else {
        eprintln!("usage: friend_forge JOURNAL_JSON CODE");
        return ExitCode::from(2);
    };
    let seat = match serde_json::from_str::<Journal>(journal) {
        Ok(j) => match FriendMatch::restore(&j) {
            Ok(seat) => seat,
            Err(e) => {
                eprintln!("the journal does not replay: {e:?}");
                return ExitCode::FAILURE;
            }
        },
        Err(e) => {
            eprintln!("the journal does not read: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut message = match Message::decode(code) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("the code does not read: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(token) = message
        .items
        .iter()
        .find(|i| matches!(i, Item::Token { .. }))
        .cloned()
    else {
        eprintln!("the message carries no token to repeat");
        return ExitCode::FAILURE;
    };
    message.items.insert(message.items.len() - 1, token);
    println!("{}", seat.sign(message));
    ExitCode::SUCCESS
}
