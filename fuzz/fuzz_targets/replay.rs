//! Any bytes as a game record: parsing and replay must answer with a result or
//! an error, never panic. A successful replay's record must replay again to the
//! same match.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(replay) = engarde::record::replay(text, true) {
        let game = &replay.game;
        let again = engarde::record::replay(&engarde::record::write::record_json(game), false)
            .expect("a written record replays");
        assert_eq!(again.game.rounds(), game.rounds());
        let _ = engarde::record::legal(game);
    }
});
