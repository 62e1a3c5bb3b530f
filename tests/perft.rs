//! Legal-action counts from fixed deals, like chess "perft": the number of
//! action sequences of each length. A regression table kept in
//! `tests/data/perft.txt`; `PERFT_BLESS=1 cargo test --test perft` rewrites it
//! after a deliberate rules change.

use engarde::{BySide, GameRng, Preset, Round, Side, Special};
use rand::SeedableRng;

const DEPTH: u32 = 8;
const SEEDS: [u64; 3] = [1, 2, 3];

fn perft(round: &Round, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    round
        .legal_actions()
        .iter()
        .map(|&a| {
            let mut next = *round;
            next.play(a).expect("listed actions are legal");
            perft(&next, depth - 1)
        })
        .sum()
}

/// The special card each seed plays under with special cards on.
fn special_for(seed: u64) -> Special {
    [Special::NoRetreat, Special::ThreeCards, Special::TenCards][seed as usize % 3]
}

fn deal(preset: Preset, seed: u64) -> Round {
    let rules = preset.rules();
    let special = rules.special_cards.then(|| special_for(seed));
    let mut rng = GameRng::seed_from_u64(seed);
    Round::deal(rules, special, BySide::default(), Side::White, &mut rng)
}

fn table() -> String {
    let mut out = String::from("# preset seed depth nodes\n");
    for preset in Preset::ALL {
        for seed in SEEDS {
            let round = deal(preset, seed);
            for depth in 1..=DEPTH {
                out += &format!(
                    "{} {seed} {depth} {}\n",
                    preset.name(),
                    perft(&round, depth)
                );
            }
        }
    }
    out
}

#[test]
fn perft_table_matches() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    let now = table();
    if std::env::var_os("PERFT_BLESS").is_some() {
        std::fs::write(path, &now).unwrap();
    }
    let kept =
        std::fs::read_to_string(path).expect("tests/data/perft.txt (PERFT_BLESS=1 writes it)");
    for (k, n) in kept.lines().zip(now.lines()) {
        assert_eq!(k, n, "perft differs");
    }
    assert_eq!(kept.lines().count(), now.lines().count());
}

/// Depth 1 from a fresh deal, checked by hand: the fencers stand 22 apart at
/// the ends of the piste, so the starter can only advance, once per distinct
/// value held (R12).
#[test]
fn perft_depth_one_is_the_distinct_values_held() {
    for preset in Preset::ALL {
        for seed in SEEDS {
            let round = deal(preset, seed);
            let distinct = round.hand(Side::White).values().count() as u64;
            assert_eq!(perft(&round, 1), distinct, "{preset:?} seed {seed}");
        }
    }
}
