#![cfg(feature = "friend")]
//! The proven shuffle (src/friend/masked.rs): an honest deal opens every
//! card once; each thing a hostile page could send in its place is refused
//! where it arrives, by name, before any card of the victim's can be opened.

use ark_ec::{AffineRepr, CurveGroup};
use ark_secp256k1::{Affine, Fr};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use engarde::friend::id::MatchId;
use engarde::friend::masked::{
    Context, DeckKey, Keys, Part, ProofError, ProvenDeck, Trust, DECK_BYTES, KEY_BYTES, TOKEN_BYTES,
};
use proptest::prelude::*;
use sha2::{Digest, Sha256};

const GAME: MatchId = MatchId(*b"match 01");

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Host and guest keys of one match.
fn seats(game: MatchId) -> (Keys, Keys) {
    let host = DeckKey::of(&[1; 32], game, true);
    let guest = DeckKey::of(&[2; 32], game, false);
    let host_says = host.announcement();
    let guest_says = guest.announcement();
    (
        host.with(&guest_says).unwrap(),
        guest.with(&host_says).unwrap(),
    )
}

/// A round dealt honestly: each seat's view of the deck in dealing order,
/// and the bytes of both shuffles.
struct Dealt {
    at_host: ProvenDeck,
    at_guest: ProvenDeck,
    first: Vec<u8>,
    second: Vec<u8>,
}

fn deal(host: &Keys, guest: &Keys, round: &Context) -> Dealt {
    let (host_first, first) = host
        .shuffle_first(round, &[1; 16], &mut Trust::Now)
        .unwrap();
    let guest_first = guest.check_first(round, &first, &Trust::Now).unwrap();
    let (at_guest, second) = guest
        .shuffle_again(round, &[2; 16], &guest_first, &mut Trust::Now)
        .unwrap();
    let at_host = host
        .check_again(round, &host_first, &second, &Trust::Now)
        .unwrap();
    Dealt {
        at_host,
        at_guest,
        first,
        second,
    }
}

fn point(bytes: &[u8]) -> Affine {
    Affine::deserialize_compressed(bytes).unwrap()
}

fn put(p: Affine, out: &mut Vec<u8>) {
    p.serialize_compressed(out).unwrap();
}

/// The joint key, as anyone who saw both announcements can add it up.
fn joint(host: &Keys, guest: &Keys) -> Affine {
    (point(&host.announcement()[..33]) + point(&guest.announcement()[..33])).into_affine()
}

/// Card `i` of a deck's bytes re-masked with `r`: the same card, other bytes.
fn remasked(deck: &[u8], i: usize, joint: Affine, r: u64) -> Vec<u8> {
    let (c1, c2) = (
        point(&deck[66 * i..66 * i + 33]),
        point(&deck[66 * i + 33..66 * i + 66]),
    );
    let r = Fr::from(r);
    let mut out = Vec::new();
    put((c1 + Affine::generator() * r).into_affine(), &mut out);
    put((c2 + joint * r).into_affine(), &mut out);
    out
}

#[test]
fn an_honest_deal_opens_every_card_once_for_its_holder() {
    let (host, guest) = seats(GAME);
    let round = Context::new(GAME, 1);
    let d = deal(&host, &guest, &round);
    assert_eq!((d.first.len(), d.second.len()), (DECK_BYTES, DECK_BYTES));
    let mut seen = Vec::new();
    for position in 0..25u8 {
        // Even positions the host's, odd the guest's: each opened by the
        // other's token and the holder's own key.
        let card = if position % 2 == 0 {
            let token = guest
                .token(&round, &d.at_guest, position, &mut Trust::Now)
                .unwrap();
            assert_eq!(token.len(), TOKEN_BYTES);
            host.open(&round, &d.at_host, position, &token, &Trust::Now)
                .unwrap()
        } else {
            let token = host
                .token(&round, &d.at_host, position, &mut Trust::Now)
                .unwrap();
            guest
                .open(&round, &d.at_guest, position, &token, &Trust::Now)
                .unwrap()
        };
        seen.push(card);
    }
    seen.sort_unstable();
    assert_eq!(seen, (0..25).collect::<Vec<u8>>());
}

/// The construction's bytes are fixed: two builds of the page must agree
/// on them (seeds, derivations, the library's serialisation), so a change is
/// caught here. Regenerate only with a new wire version.
#[test]
fn keys_and_shuffles_are_the_known_values() {
    let (host, guest) = seats(GAME);
    let round = Context::new(GAME, 1);
    let d = deal(&host, &guest, &round);
    let token = guest
        .token(&round, &d.at_guest, 0, &mut Trust::Now)
        .unwrap();
    let digests: Vec<String> = [
        host.announcement(),
        guest.announcement(),
        d.first,
        d.second,
        token,
    ]
    .iter()
    .map(|b| hex(&Sha256::digest(b))[..16].to_string())
    .collect();
    let known: Vec<&str> = include_str!("data/masked_known_values.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect();
    assert_eq!(digests, known);
}

#[test]
fn two_copies_of_a_seat_answering_two_messages_share_no_card_bytes() {
    let (host, _) = seats(GAME);
    let round = Context::new(GAME, 1);
    let (_, a) = host
        .shuffle_first(&round, &[1; 16], &mut Trust::Now)
        .unwrap();
    let (_, again) = host
        .shuffle_first(&round, &[1; 16], &mut Trust::Now)
        .unwrap();
    let (_, b) = host
        .shuffle_first(&round, &[9; 16], &mut Trust::Now)
        .unwrap();
    assert_eq!(a, again, "one message answered twice: the same deck");
    let cards =
        |d: &[u8]| -> Vec<Vec<u8>> { d[..25 * 66].chunks(66).map(<[u8]>::to_vec).collect() };
    let (ca, cb) = (cards(&a), cards(&b));
    assert_eq!(ca.iter().filter(|c| cb.contains(c)).count(), 0);
    // Nor a proof's nonce: the arguments differ from their first byte on.
    assert_ne!(a[25 * 66..25 * 66 + 33], b[25 * 66..25 * 66 + 33]);
}

#[test]
fn a_key_without_its_proof_or_the_sides_own_is_refused() {
    let host = DeckKey::of(&[1; 32], GAME, true);
    let guest = DeckKey::of(&[2; 32], GAME, false);
    let mut says = guest.announcement();
    assert_eq!(says.len(), KEY_BYTES);
    says[40] ^= 1;
    assert!(host.clone().with(&says).is_err());
    // Its own key reflected.
    assert_eq!(
        host.clone().with(&host.announcement()).err(),
        Some(ProofError::Key)
    );
    // Another match's key.
    let elsewhere = DeckKey::of(&[2; 32], MatchId(*b"match 02"), false);
    assert_eq!(
        host.clone().with(&elsewhere.announcement()).err(),
        Some(ProofError::Key)
    );
    assert_eq!(
        host.clone().with(&says[..KEY_BYTES - 1]).err(),
        Some(ProofError::Encoding(Part::Key))
    );
}

/// The identity as a key has secret zero: its proof (a = G, z = 1) checks
/// for any challenge. With it the joint key would be the other's alone.
#[test]
fn the_identity_as_a_key_is_refused_though_its_proof_checks() {
    let mut says = Vec::new();
    put(Affine::identity(), &mut says);
    put(Affine::generator(), &mut says);
    Fr::from(1u64).serialize_compressed(&mut says).unwrap();
    assert_eq!(says.len(), KEY_BYTES);
    let host = DeckKey::of(&[1; 32], GAME, true);
    assert_eq!(host.with(&says).err(), Some(ProofError::Key));
}

/// The first attack on the proven deck, in this construction: the second shuffler puts
/// the first shuffler's hand (positions 0–4, re-masked) where its own cards
/// are dealt (5–9), so that the victim's tokens would open them for it.
#[test]
fn a_second_deck_that_deals_the_victims_hand_twice_is_refused_at_its_message() {
    let (host, guest) = seats(GAME);
    let round = Context::new(GAME, 1);
    let d = deal(&host, &guest, &round);
    let key = joint(&host, &guest);
    let mut crafted = d.second.clone();
    for i in 0..5 {
        let copy = remasked(&d.second, i, key, 1_000 + i as u64);
        crafted[66 * (i + 5)..66 * (i + 6)].copy_from_slice(&copy);
    }
    let (host_first, _) = host
        .shuffle_first(&round, &[1; 16], &mut Trust::Now)
        .unwrap();
    assert_eq!(
        host.check_again(&round, &host_first, &crafted, &Trust::Now)
            .err(),
        Some(ProofError::Shuffle)
    );
    // Two cards swapped, or one card re-masked alone, no better.
    let mut swapped = d.second.clone();
    let (a, b) = (swapped[..66].to_vec(), swapped[66..132].to_vec());
    swapped[..66].copy_from_slice(&b);
    swapped[66..132].copy_from_slice(&a);
    assert_eq!(
        host.check_again(&round, &host_first, &swapped, &Trust::Now)
            .err(),
        Some(ProofError::Shuffle)
    );
    let mut one = d.second.clone();
    one[..66].copy_from_slice(&remasked(&d.second, 0, key, 7));
    assert_eq!(
        host.check_again(&round, &host_first, &one, &Trust::Now)
            .err(),
        Some(ProofError::Shuffle)
    );
}

/// Marked cards, against the proven deck: the first shuffler deals one card twice (a
/// re-masked copy in place of another), so that it could follow it; or
/// sends another round's deck, or a shuffle of something else than the
/// open deck.
#[test]
fn a_first_deck_that_is_not_the_open_deck_shuffled_is_refused() {
    let (host, guest) = seats(GAME);
    let round = Context::new(GAME, 1);
    let d = deal(&host, &guest, &round);
    let mut marked = d.first.clone();
    marked[66..132].copy_from_slice(&remasked(&d.first, 0, joint(&host, &guest), 5));
    assert_eq!(
        guest.check_first(&round, &marked, &Trust::Now).err(),
        Some(ProofError::Shuffle)
    );
    // The same deck and argument in round 2, or in another match.
    assert_eq!(
        guest
            .check_first(&Context::new(GAME, 2), &d.first, &Trust::Now)
            .err(),
        Some(ProofError::Shuffle)
    );
    // The dealt deck (a shuffle of a shuffle) offered as a first deck.
    assert_eq!(
        guest.check_first(&round, &d.second, &Trust::Now).err(),
        Some(ProofError::Shuffle)
    );
    let (_, other) = seats(MatchId(*b"match 02"));
    assert!(other
        .check_first(
            &Context::new(MatchId(*b"match 02"), 1),
            &d.first,
            &Trust::Now
        )
        .is_err());
}

#[test]
fn a_token_not_proven_for_its_card_and_key_is_refused() {
    let (host, guest) = seats(GAME);
    let round = Context::new(GAME, 1);
    let d = deal(&host, &guest, &round);
    let for_1 = guest
        .token(&round, &d.at_guest, 1, &mut Trust::Now)
        .unwrap();
    // Another position's token.
    assert_eq!(
        host.open(&round, &d.at_host, 0, &for_1, &Trust::Now).err(),
        Some(ProofError::Token(0))
    );
    // The host's own token sent back as the guest's.
    let own = host.token(&round, &d.at_host, 0, &mut Trust::Now).unwrap();
    assert_eq!(
        host.open(&round, &d.at_host, 0, &own, &Trust::Now).err(),
        Some(ProofError::Token(0))
    );
    // A token of another round's deck.
    let round_2 = Context::new(GAME, 2);
    let d2 = deal(&host, &guest, &round_2);
    let old = guest
        .token(&round_2, &d2.at_guest, 0, &mut Trust::Now)
        .unwrap();
    assert!(host.open(&round, &d.at_host, 0, &old, &Trust::Now).is_err());
    // A third party's key, proven, on the same card.
    let stranger = DeckKey::of(&[3; 32], GAME, false)
        .with(&host.announcement())
        .unwrap();
    let theirs = stranger
        .token(&round, &d.at_guest, 0, &mut Trust::Now)
        .unwrap();
    assert_eq!(
        host.open(&round, &d.at_host, 0, &theirs, &Trust::Now).err(),
        Some(ProofError::Token(0))
    );
    let good = guest
        .token(&round, &d.at_guest, 0, &mut Trust::Now)
        .unwrap();
    for i in 0..TOKEN_BYTES {
        let mut bad = good.clone();
        bad[i] ^= 1 << (i % 8);
        assert!(
            host.open(&round, &d.at_host, 0, &bad, &Trust::Now).is_err(),
            "byte {i}"
        );
    }
    assert_eq!(
        host.open(&round, &d.at_host, 0, &good[1..], &Trust::Now)
            .err(),
        Some(ProofError::Encoding(Part::Token))
    );
    assert_eq!(
        host.open(&round, &d.at_host, 25, &good, &Trust::Now).err(),
        Some(ProofError::Position(25))
    );
    assert!(host.open(&round, &d.at_host, 0, &good, &Trust::Now).is_ok());
}

#[test]
fn any_changed_byte_of_a_deck_or_its_argument_is_refused() {
    let (host, guest) = seats(GAME);
    let round = Context::new(GAME, 1);
    let d = deal(&host, &guest, &round);
    // Every flag byte (a point's 33rd), and a spread of the others.
    let flags = (0..25 * 2).map(|p| 33 * p + 32);
    for i in flags.chain((0..DECK_BYTES).step_by(61)) {
        let mut bad = d.first.clone();
        bad[i] ^= 1 << (i % 8);
        let refused = guest.check_first(&round, &bad, &Trust::Now).err();
        assert!(
            matches!(
                refused,
                Some(ProofError::Shuffle | ProofError::Encoding(Part::Deck))
            ),
            "byte {i}: {refused:?}"
        );
    }
    let mut long = d.first.clone();
    long.push(0);
    assert_eq!(
        guest.check_first(&round, &long, &Trust::Now).err(),
        Some(ProofError::Encoding(Part::Deck))
    );
    // A coordinate at or above the field's modulus is no point.
    let mut big = d.first.clone();
    big[..32].fill(0xff);
    assert_eq!(
        guest.check_first(&round, &big, &Trust::Now).err(),
        Some(ProofError::Encoding(Part::Deck))
    );
}

/// Keys and a first deck, made once for the property test.
fn fixture() -> &'static (Keys, Keys, ProvenDeck) {
    static FIXTURE: std::sync::OnceLock<(Keys, Keys, ProvenDeck)> = std::sync::OnceLock::new();
    FIXTURE.get_or_init(|| {
        let (host, guest) = seats(GAME);
        let (first, _) = host
            .shuffle_first(&Context::new(GAME, 1), &[0; 16], &mut Trust::Now)
            .unwrap();
        (host, guest, first)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn any_bytes_are_read_or_refused_never_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200), len in 0usize..3) {
        let (host, guest, first) = fixture();
        let round = Context::new(GAME, 1);
        let lens = [KEY_BYTES, TOKEN_BYTES, DECK_BYTES];
        let mut input = bytes.clone();
        input.resize(lens[len], 0x5a);
        let _ = DeckKey::of(&[3; 32], GAME, true).with(&input);
        prop_assert!(guest.check_first(&round, &input, &Trust::Now).is_err());
        let _ = host.open(&round, first, bytes.first().copied().unwrap_or(0), &input, &Trust::Now);
    }
}
