#![cfg(feature = "friend")]
//! Friend play (src/friend, docs/FRIEND.md): known values, messages and
//! their chain, whole rounds and whole matches by correspondence, cheats
//! caught at their message.

mod common;

use common::random_action;
use engarde::friend::commit::{joint, Commitment};
use engarde::friend::id::MatchId;
use engarde::friend::masked::card_of;
use proptest::prelude::*;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The commitments and joint values are fixed by the construction: two
/// builds of the page must agree on them, so a change is caught here (the
/// proven deck's own: tests/masked.rs).
#[test]
fn commitments_and_joint_values_are_the_known_values() {
    let known = include_str!("data/friend_known_values.txt");
    let mut lines = known.lines().filter(|l| !l.starts_with('#'));
    let c = Commitment::to(b"starter", &[7; 32]);
    assert_eq!(lines.next(), Some(hex(&c.0).as_str()), "a commitment");
    assert!(c.opens_to(b"starter", &[7; 32]));
    assert!(!c.opens_to(b"starter", &[8; 32]));
    assert!(
        !c.opens_to(b"stack", &[7; 32]),
        "a commitment is for one purpose"
    );
    assert_eq!(
        lines.next(),
        Some(hex(&joint(b"starter", &[1; 32], &[2; 32])).as_str()),
        "a joint value"
    );
    assert_ne!(
        joint(b"starter", &[1; 32], &[2; 32]),
        joint(b"starter", &[2; 32], &[1; 32])
    );
    assert_eq!(card_of(0).map(|c| c.value()), Some(1));
    assert_eq!(card_of(24).map(|c| c.value()), Some(5));
    assert_eq!(card_of(25), None);
}

mod wire {
    use super::*;
    use engarde::friend::wire::{
        digest, Chain, ChainError, Header, Item, Message, Seat, WireError, MAX_CODE,
    };

    /// A message as the pages write it (made by hand from docs/FRIEND.md's
    /// layout, in Python: SHA-512, base64, LEB128): it reads, and is
    /// written the same; the same bytes with leftover bits in the last
    /// character, or the number written overlong or over 32 bits behind a
    /// valid checksum, are refused; the same message in the retired layout
    /// is refused at its first byte, its header still read.
    #[test]
    fn a_known_message_reads_and_odd_forms_are_refused() {
        use engarde::friend::wire::{header, seal};
        const KNOWN: &str = "AgECAwQFBgcIBQGrq6urq6urq6urq6urq6urAgkHA0gDAEQ8fRs";
        const RETIRED: &str = "AQECAwQFBgcIBQGrq6urq6urq6urq6urq6urAgkHA0gDAGUddzc";
        let m = Message::decode(KNOWN).unwrap();
        assert_eq!(
            m,
            Message {
                header: Header {
                    game: MatchId([1, 2, 3, 4, 5, 6, 7, 8]),
                    number: 5,
                    from: Seat::Guest,
                    answers: [0xab; 16],
                },
                items: vec![Item::Resign, Item::Action(vec![0x48, 3, 0])],
            }
        );
        assert_eq!(m.encode(), KNOWN);
        assert_eq!(Message::decode(RETIRED), Err(WireError::Retired));
        assert_eq!(header(RETIRED), Ok(m.header));
        // "s" (44) ends the code with two bits to spare, both zero.
        let (head, last) = KNOWN.split_at(KNOWN.len() - 1);
        assert_eq!(last, "s");
        for odd in ["t", "u", "v"] {
            assert_eq!(
                Message::decode(&format!("{head}{odd}")),
                Err(WireError::Damaged)
            );
        }
        let bytes = |number: &[u8]| {
            let mut b = vec![2, 1, 2, 3, 4, 5, 6, 7, 8];
            b.extend(number);
            b.push(1);
            b.extend([0xab; 16]);
            b.extend([1, 9]);
            seal(b)
        };
        assert_eq!(
            Message::decode(&bytes(&[5])).map(|m| m.header.number),
            Ok(5)
        );
        assert_eq!(
            Message::decode(&bytes(&[0x85, 0])),
            Err(WireError::Content(10))
        );
        assert_eq!(
            Message::decode(&bytes(&[0xff, 0xff, 0xff, 0xff, 0x1f])),
            Err(WireError::Content(13))
        );
    }

    /// An invitation, its keys made up.
    fn invitation() -> Message {
        use engarde::friend::masked::KEY_BYTES;
        Message {
            header: Header {
                game: MatchId([9; 8]),
                number: 0,
                from: Seat::Host,
                answers: [0; 16],
            },
            items: vec![
                Item::Invite {
                    rules: "\"advanced\"".into(),
                    name: "Anna".into(),
                },
                Item::Commit {
                    purpose: 0,
                    digest: [3; 32],
                },
                Item::Key([4; 32]),
                Item::DeckKey(vec![5; KEY_BYTES]),
                Item::Signature([6; 64]),
            ],
        }
    }

    fn a_move(answering: &str) -> Message {
        use engarde::friend::masked::TOKEN_BYTES;
        Message {
            header: Header {
                game: MatchId([9; 8]),
                number: 1,
                from: Seat::Guest,
                answers: digest(answering),
            },
            items: vec![
                Item::Token {
                    position: 12,
                    token: vec![1; TOKEN_BYTES],
                },
                Item::Action(vec![0x13]),
                Item::Played {
                    position: 3,
                    token: vec![2; TOKEN_BYTES],
                },
                Item::Shown(vec![1, 3, 3, 5]),
                Item::Signature([6; 64]),
            ],
        }
    }

    #[test]
    fn messages_read_back_and_are_short() {
        let invite = invitation();
        let code = invite.encode();
        assert_eq!(Message::decode(&code), Ok(invite));
        assert!(code.len() < 400, "an invitation: {}", code.len());
        let reply = a_move(&code);
        let move_code = reply.encode();
        assert_eq!(Message::decode(&move_code), Ok(reply));
        assert!(
            move_code.len() < 500,
            "a move with two tokens: {}",
            move_code.len()
        );
        assert!(move_code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    }

    #[test]
    fn damaged_and_hostile_codes_are_refused_by_name() {
        let code = invitation().encode();
        assert_eq!(Message::decode(""), Err(WireError::Empty));
        assert_eq!(
            Message::decode(&code[..code.len() - 3]),
            Err(WireError::Damaged)
        );
        let mut changed = code.clone().into_bytes();
        changed[40] = if changed[40] == b'A' { b'B' } else { b'A' };
        assert_eq!(
            Message::decode(std::str::from_utf8(&changed).unwrap()),
            Err(WireError::Damaged)
        );
        assert_eq!(Message::decode("ab=c"), Err(WireError::Character(2)));
        let long = "A".repeat(MAX_CODE + 1);
        assert_eq!(
            Message::decode(&long),
            Err(WireError::TooLong(MAX_CODE + 1))
        );
        let megabyte = "A".repeat(1 << 20);
        // Refused before any work: its time is printed, not asserted (a
        // busy machine would make a bound flake).
        let start = std::time::Instant::now();
        assert!(Message::decode(&megabyte).is_err());
        println!("a 1 MiB link refused in {:?}", start.elapsed());
    }

    /// Only the next message of this match, from the friend, answering the
    /// last message sent, continues it; every other link is told apart.
    #[test]
    fn the_chain_refuses_old_foreign_own_and_forked_links() {
        let sent = invitation().encode();
        let host = Chain {
            game: MatchId([9; 8]),
            seat: Seat::Host,
            last_sent: 0,
            last_digest: digest(&sent),
        };
        let reply = a_move(&sent);
        assert_eq!(host.check(&reply.header), Ok(()));
        let other_match = Header {
            game: MatchId([8; 8]),
            ..reply.header
        };
        assert_eq!(host.check(&other_match), Err(ChainError::OtherMatch));
        let own = Header {
            from: Seat::Host,
            ..reply.header
        };
        assert_eq!(host.check(&own), Err(ChainError::OwnMessage));
        let old = Header {
            number: 0,
            ..reply.header
        };
        assert_eq!(host.check(&old), Err(ChainError::Old));
        let ahead = Header {
            number: 3,
            ..reply.header
        };
        assert_eq!(host.check(&ahead), Err(ChainError::Ahead));
        let forked = a_move("an earlier message");
        assert_eq!(host.check(&forked.header), Err(ChainError::Forked));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Arbitrary text, and arbitrary bytes behind a valid checksum, never
    /// panic the reader, and what reads writes back the same.
    #[test]
    fn any_code_is_read_or_refused(
        code in "[A-Za-z0-9_=-]{0,300}",
        body in proptest::collection::vec(any::<u8>(), 0..600),
        head in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        use engarde::friend::wire::{seal, Message, VERSION};
        if let Ok(m) = Message::decode(&code) {
            prop_assert_eq!(Message::decode(&m.encode()), Ok(m));
        }
        // A plausible start (version, match, number, sender, digest) so that
        // the items are reached.
        let mut bytes = vec![VERSION];
        bytes.extend(head.iter().take(8));
        bytes.extend([0, 1]);
        bytes.extend([0u8; 16]);
        bytes.extend(&body);
        if let Ok(m) = Message::decode(&seal(bytes)) {
            prop_assert_eq!(Message::decode(&m.encode()), Ok(m));
        }
    }
}

mod correspondence {
    use super::random_action;
    use engarde::friend::id::MatchId;
    use engarde::friend::masked::{Context, DeckKey, Keys, Trust};
    use engarde::friend::round::{Deal, RoundError, RoundState};
    use engarde::{
        BySide, GameRng, Hand, Observation, Phase, Preset, PublicParts, PublicState, Round, Side,
        Special,
    };
    use rand::SeedableRng;

    fn start(preset: Preset, special: Option<Special>) -> PublicState {
        PublicState::new(PublicParts {
            rules: preset.rules(),
            special,
            chosen: false,
            score: BySide::new(0, 0),
            starter: Side::White,
            position: BySide::new(1, 23),
            to_act: Side::White,
            phase: Phase::Turn,
            pending: None,
            final_answer: false,
            played: Hand::EMPTY,
        })
        .unwrap()
    }

    /// Both seats' deck keys in match `game`: the host's, the guest's.
    fn keys(game: MatchId) -> (Keys, Keys) {
        let (host, guest) = (
            DeckKey::of(&[1; 32], game, true),
            DeckKey::of(&[2; 32], game, false),
        );
        let (host_says, guest_says) = (host.announcement(), guest.announcement());
        (
            host.with(&guest_says).unwrap(),
            guest.with(&host_says).unwrap(),
        )
    }

    /// A round dealt as `start` in match `game`: the host shuffles first,
    /// the guest again, and the host takes the deck in dealing order.
    fn dealt(start: PublicState, game: MatchId, keys: &(Keys, Keys)) -> (RoundState, RoundState) {
        let deal = |keys| Deal {
            keys,
            context: Context::new(game, 1),
            answering: &[0; 16],
        };
        let (mut host, first) =
            RoundState::mask_first(start, Side::White, deal(&keys.0), &mut Trust::Now).unwrap();
        let (guest, second) =
            RoundState::mask_second(start, Side::Black, deal(&keys.1), &first, &mut Trust::Now)
                .unwrap();
        host.receive_masked(&second, &Trust::Now).unwrap();
        (host, guest)
    }

    /// Two sides play a whole round by exchanging only decks, tokens and
    /// actions (each with its cards' tokens), then show their hands. Both
    /// audits find the same deal, which the engine replays, and at every
    /// step each side's view was its real observation (and nothing more:
    /// it opened only its own cards and those played or shown).
    fn play_round(preset: Preset, special: Option<Special>, seed: u64) -> (usize, usize) {
        let start = start(preset, special);
        let game = MatchId([seed as u8; 8]);
        let (mut host, mut guest) = dealt(start, game, &keys(game));
        let mut rng = GameRng::seed_from_u64(seed);
        let mut seen: Vec<[Observation; 2]> = Vec::new();
        let mut actions = Vec::new();
        let mut shown = 0;
        loop {
            for (position, token) in guest.tokens_due(&mut Trust::Now).unwrap() {
                host.receive_token(position, &token, &Trust::Now).unwrap();
            }
            for (position, token) in host.tokens_due(&mut Trust::Now).unwrap() {
                guest.receive_token(position, &token, &Trust::Now).unwrap();
            }
            // A round that ends by what one hand alone holds (no answer, I6;
            // no legal action, E2): its holder shows it.
            if let Some(hand) = guest.hand_to_show() {
                shown += usize::from(!host.observation().unwrap().public().is_over());
                host.receive_shown(hand).unwrap();
            }
            if let Some(hand) = host.hand_to_show() {
                shown += usize::from(!guest.observation().unwrap().public().is_over());
                guest.receive_shown(hand).unwrap();
            }
            let views = [host.observation().unwrap(), guest.observation().unwrap()];
            let over = views[0].public().is_over();
            assert_eq!(over, views[1].public().is_over());
            let actor = views[0].public().to_act();
            seen.push(views);
            if over {
                break;
            }
            let (me, other) = if actor == Side::White {
                (&mut host, &mut guest)
            } else {
                (&mut guest, &mut host)
            };
            let legal = me.observation().unwrap().legal_actions();
            let action = random_action(&legal, &mut rng);
            let tokens = me.play(action, &mut rng, &mut Trust::Now).unwrap();
            other.receive_action(action, &tokens, &Trust::Now).unwrap();
            actions.push(action);
        }
        // Each side opened only the cards it held, and those played.
        for (state, side) in [(&host, Side::White), (&guest, Side::Black)] {
            let opened = state.opened();
            assert!(opened.iter().all(|(_, k)| k.is_some()));
            assert!(
                opened.len() <= 5 + 15 || special == Some(Special::TenCards),
                "{side:?} {}",
                opened.len()
            );
        }
        // Both hands shown: both audits find one deal.
        for (position, token) in host.hand_due(&mut Trust::Now).unwrap() {
            guest.receive_token(position, &token, &Trust::Now).unwrap();
        }
        for (position, token) in guest.hand_due(&mut Trust::Now).unwrap() {
            host.receive_token(position, &token, &Trust::Now).unwrap();
        }
        let setup = host.audit().unwrap();
        assert_eq!(guest.audit().unwrap(), setup);
        let mut real = Round::set_up(&setup).unwrap();
        for (step, views) in seen.iter().enumerate() {
            for (view, side) in views.iter().zip([Side::White, Side::Black]) {
                assert_eq!(view.after(None), real.observation(side), "step {step}");
            }
            if let Some(&action) = actions.get(step) {
                real.play(action).unwrap();
            }
        }
        assert!(real.is_over());
        (actions.len(), shown)
    }

    #[test]
    fn whole_rounds_by_correspondence_in_every_edition() {
        let (mut steps, mut shown) = (0, 0);
        for seed in 0..6 {
            for (preset, special) in [
                (Preset::Basic, None),
                (Preset::Standard, None),
                (Preset::Advanced, None),
                (Preset::Duel, Some(Special::OpenHands)),
                (Preset::Duel, Some(Special::TenCards)),
                (Preset::Duel, Some(Special::ThreeCards)),
            ] {
                let (s, h) = play_round(preset, special, seed);
                steps += s;
                shown += h;
            }
        }
        assert!(steps > 100, "{steps}");
        assert!(shown > 0, "a round ended by a hand only its holder saw");
    }

    /// A deck in dealing order twice, a token for a card the receiver
    /// does not hold, for another position or repeated, and playing before
    /// one's cards are opened or out of turn are refused.
    #[test]
    fn a_round_refuses_what_does_not_fit() {
        use engarde::friend::masked::ProofError;
        let start = start(Preset::Advanced, None);
        let game = MatchId([5; 8]);
        let keys = keys(game);
        let (mut host, mut guest) = dealt(start, game, &keys);
        let to_guest = host.tokens_due(&mut Trust::Now).unwrap();
        // Playing before one's cards are opened.
        assert_eq!(host.observation().err(), Some(RoundError::Unopened));
        assert_eq!(guest.observation().err(), Some(RoundError::Unopened));
        // A token for a card the receiver does not hold (the host's own).
        assert_eq!(
            guest.receive_token(0, &to_guest[0].1, &Trust::Now),
            Err(RoundError::NotYours(0))
        );
        // A token given for another position.
        let (p, q) = (to_guest[0].0, &to_guest[1].1);
        assert!(matches!(
            guest.receive_token(p, q, &Trust::Now),
            Err(RoundError::Proof(ProofError::Token(_)))
        ));
        for (p, t) in &to_guest {
            guest.receive_token(*p, t, &Trust::Now).unwrap();
        }
        // The same token again.
        assert_eq!(
            guest.receive_token(p, &to_guest[0].1, &Trust::Now),
            Err(RoundError::OpenedTwice(p))
        );
        // A deck in dealing order, once one is held.
        let second = {
            let (_, bytes) = RoundState::mask_first(
                start,
                Side::White,
                Deal {
                    keys: &keys.0,
                    context: Context::new(game, 1),
                    answering: &[0; 16],
                },
                &mut Trust::Now,
            )
            .unwrap();
            bytes
        };
        assert_eq!(
            host.receive_masked(&second, &Trust::Now),
            Err(RoundError::DeckTwice)
        );
        // Out of turn.
        let guest_obs = guest.observation().unwrap();
        assert!(guest_obs.legal_actions().is_empty(), "White starts");
        let any = engarde::Action::Advance(engarde::Card::new(1).unwrap());
        let mut rng = GameRng::seed_from_u64(5);
        assert_eq!(
            guest.play(any, &mut rng, &mut Trust::Now),
            Err(RoundError::NotLegal(any))
        );
    }
}

/// Whole matches by links alone (`friend::game`): two seats pass only the
/// codes each sends; both end with the same record, which replays.
mod whole_match {
    use super::random_action;
    use engarde::friend::game::{FriendError, FriendMatch, Journal, JournalEntry};
    use engarde::friend::wire::MAX_CODE;
    use engarde::{GameRng, Preset};
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeMap;

    /// A match invited by Ann and accepted by Bo, from `seed`: the
    /// generator (for what follows), both seats and both codes.
    fn begun(preset: Preset, seed: u64) -> (GameRng, FriendMatch, String, FriendMatch, String) {
        let mut rng = GameRng::seed_from_u64(seed);
        let (host, invite) = FriendMatch::invite(preset.rules(), "Ann", &mut rng);
        let (guest, accepted) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
        (rng, host, invite, guest, accepted)
    }

    /// How a match by links went: messages, the longest code, rounds.
    struct Played {
        messages: usize,
        longest: usize,
        /// Every message's characters, added up.
        characters: usize,
        rounds: usize,
        /// Special cards picked from the Choice card (S4).
        chosen: usize,
        /// Tables shown while drawn cards waited for their tokens.
        waited: usize,
        /// As links after a page's address of 100 characters: how many,
        /// their characters with the address, the messages in parts.
        links: usize,
        link_characters: usize,
        in_parts: usize,
    }

    /// The links of `code` after an address of 100 characters, each
    /// within 4,096 characters (`friend::parts`): how many, and their
    /// characters with the address.
    fn as_links(code: &str) -> (usize, usize) {
        use engarde::friend::parts::{split, MAX_LINK};
        let address = 100;
        let links = split(code, MAX_LINK - address);
        for l in &links {
            assert!(address + l.len() <= MAX_LINK, "{}", l.len());
        }
        (links.len(), links.iter().map(|l| address + l.len()).sum())
    }

    fn play(preset: Preset, seed: u64) -> Result<Played, FriendError> {
        let (mut rng, mut host, invite, mut guest, mut code) = begun(preset, seed);
        let (mut messages, mut longest) = (2, invite.len().max(code.len()));
        let mut characters = invite.len() + code.len();
        let (mut links, mut link_characters, mut in_parts) = (0, 0, 0);
        for c in [&invite, &code] {
            let (n, chars) = as_links(c);
            (links, link_characters, in_parts) = (
                links + n,
                link_characters + chars,
                in_parts + usize::from(n > 1),
            );
        }
        let (mut chosen, mut waited) = (0, 0);
        let mut host_next = true;
        loop {
            let me = if host_next { &mut host } else { &mut guest };
            me.receive(&code)?;
            loop {
                if let Some(choices) = me.choice() {
                    let special = choices[rng.random_range(0..choices.len())];
                    me.play(engarde::Action::Choose(special))?;
                    chosen += 1;
                    continue;
                }
                let Some(obs) = me.to_play() else { break };
                let legal = obs.legal_actions();
                let action = random_action(&legal, &mut rng);
                me.play(action)?;
                // While the cards drawn wait for the friend's tokens, the
                // table shows the position after the action and the hand
                // kept.
                if let (None, Some(now)) = (me.observation(), me.observation_so_far()) {
                    let mut after = obs.sample(&mut rng);
                    after.play(action).unwrap();
                    let kept = obs
                        .hand()
                        .minus(action.cards(obs.public().pending()))
                        .unwrap();
                    assert_eq!(now.public().position(), after.public().position());
                    assert_eq!(now.pile_len() as usize, after.pile().len() as usize);
                    assert!(now.hand().minus(kept).is_some(), "the kept cards show");
                    assert!(
                        now.hand().len() <= after.hand(obs.side()).len(),
                        "no card shows that was not opened"
                    );
                    waited += 1;
                }
            }
            if host.is_over() && guest.is_over() {
                break;
            }
            let me = if host_next { &mut host } else { &mut guest };
            assert!(me.must_send(), "the seat holding the token sends");
            code = me.send();
            if messages % 7 == 0 {
                // A reload: the seat rebuilt from what it keeps, through
                // its stored text, goes on the same.
                let text = serde_json::to_string(me.journal()).unwrap();
                let kept: Journal = serde_json::from_str(&text).unwrap();
                let back = FriendMatch::restore(&kept).unwrap();
                assert_eq!(back.journal(), me.journal());
                assert_eq!(back.last_code(), code);
                *me = back;
            }
            messages += 1;
            longest = longest.max(code.len());
            characters += code.len();
            let (n, chars) = as_links(&code);
            (links, link_characters, in_parts) = (
                links + n,
                link_characters + chars,
                in_parts + usize::from(n > 1),
            );
            host_next = !host_next;
            assert!(messages < 5_000, "the match ends");
        }
        let (a, b) = (host.played().unwrap(), guest.played().unwrap());
        let (ra, rb) = (
            engarde::record::write::record_json(a),
            engarde::record::write::record_json(b),
        );
        assert_eq!(ra, rb, "both seats keep the same record");
        let replay = engarde::record::replay(&ra, false).unwrap();
        assert!(replay.the_match.is_over());
        Ok(Played {
            messages,
            longest,
            characters,
            rounds: a.rounds().len(),
            chosen,
            waited,
            links,
            link_characters,
            in_parts,
        })
    }

    /// Whole matches in every edition, the Duel's special cards among them:
    /// the Choice card picked (S4), Ten cards, Open hands, Three cards.
    #[test]
    fn whole_matches_by_links_alone_end_with_the_same_record() {
        let (mut chosen, mut waited) = (0, 0);
        let mut longest = BTreeMap::new();
        for preset in [
            Preset::Basic,
            Preset::Standard,
            Preset::Advanced,
            Preset::Duel,
        ] {
            let seeds = if preset == Preset::Duel { 6 } else { 2 };
            for seed in 0..seeds {
                let p =
                    play(preset, seed).unwrap_or_else(|e| panic!("{preset:?} seed {seed}: {e:?}"));
                chosen += p.chosen;
                waited += p.waited;
                let most = longest.entry(format!("{preset:?}")).or_insert(0);
                *most = p.longest.max(*most);
                eprintln!(
                    "{preset:?}: {} rounds, {} messages, longest {} characters, {} in all; \
                     as links after a 100-character address: {} links ({} messages in parts), {} characters",
                    p.rounds, p.messages, p.longest, p.characters, p.links, p.in_parts, p.link_characters
                );
            }
        }
        eprintln!("longest codes: {longest:?}");
        assert!(chosen > 0, "the Choice card was picked from in some Duel");
        assert!(waited > 100, "tables while drawn cards waited: {waited}");
        // A proven deck's message fits the page's cap.
        for (what, most) in longest {
            assert!(most <= MAX_CODE, "{what}: {most}");
        }
    }

    /// A kept match that was changed does not replay, and says so.
    #[test]
    fn a_damaged_journal_is_refused() {
        let mut rng = GameRng::seed_from_u64(5);
        let (mut host, invite) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
        let (_, accepted) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
        host.receive(&accepted).unwrap();
        host.send();
        let mut kept = host.journal().clone();
        assert!(FriendMatch::restore(&kept).is_ok());
        kept.steps.insert(0, JournalEntry::Sent);
        assert_eq!(FriendMatch::restore(&kept).err(), Some(FriendError::Kept));
        let mut kept = host.journal().clone();
        kept.seed[0] ^= 1;
        // Another seed makes another match id: the friend's answer is not for it.
        assert_eq!(FriendMatch::restore(&kept).err(), Some(FriendError::Kept));
    }

    /// A message of the friend's that no honest page sends is refused at
    /// that message and makes the match void: a second deck for
    /// the round (it wiped the hand), a token repeated for a card already
    /// open, a token's proof changed. The void match takes no further message, sends nothing, and
    /// is kept so, with the message as evidence.
    #[test]
    fn a_cheat_makes_the_match_void_at_its_message_and_is_kept() {
        use engarde::friend::game::Cheat;
        use engarde::friend::wire::{Item, Message};
        type Forge = fn(&mut Message, &[Item]) -> bool;
        // A second deck: the round's own, sent again with its commitment.
        let again: Forge = |m, first| {
            let deck = first
                .iter()
                .find(|i| matches!(i, Item::MaskedSecond(_) | Item::Commit { purpose: 1, .. }));
            let commit = first
                .iter()
                .find(|i| matches!(i, Item::Commit { purpose: 1, .. }));
            match (deck, commit) {
                (Some(d), Some(c)) if !matches!(d, Item::Commit { .. }) => {
                    m.items.push(d.clone());
                    m.items.push(c.clone());
                    true
                }
                _ => false,
            }
        };
        // A token of the message, twice.
        let twice: Forge = |m, _| {
            let token = m
                .items
                .iter()
                .find(|i| matches!(i, Item::Token { .. }))
                .cloned();
            token.map(|t| m.items.push(t)).is_some()
        };
        // A token's proof changed.
        let false_token: Forge = |m, _| {
            let token = m.items.iter_mut().find_map(|i| match i {
                Item::Token { token, .. } => Some(token),
                _ => None,
            });
            token.map(|t| t[100] ^= 1).is_some()
        };
        let cases = [
            (again, Cheat::Deck),
            (twice, Cheat::Share),
            (false_token, Cheat::Share),
        ];
        for (forge, cheat) in cases {
            let (_, mut host, _, mut guest, accepted) = begun(Preset::Advanced, 9);
            host.receive(&accepted).unwrap();
            let mut code = host.send();
            let mut first: Option<Vec<Item>> = None;
            let mut voided = false;
            for turn in 0..400 {
                let guest_turn = turn % 2 == 0;
                let me = if guest_turn { &mut guest } else { &mut host };
                me.receive(&code).unwrap();
                if let Some(obs) = me.to_play() {
                    me.play(obs.legal_actions()[0]).unwrap();
                }
                code = me.send();
                let message = Message::decode(&code).unwrap();
                let items = first.get_or_insert_with(|| message.items.clone()).clone();
                // From the guest's third message on, forged to the host.
                if !guest_turn || turn < 4 {
                    continue;
                }
                let mut forged = message.clone();
                if !forge(&mut forged, &items) {
                    continue;
                }
                // A third party's copy is not signed by the friend: refused,
                // nothing changes.
                let steps = host.journal().steps.len();
                assert_eq!(host.receive(&forged.encode()), Err(FriendError::Signature));
                assert_eq!(host.journal().steps.len(), steps);
                assert_eq!(host.void(), None);
                // The friend's own page signs it: the match is void.
                let forged = guest.sign(forged);
                assert_eq!(host.receive(&forged), Err(FriendError::Void(cheat)));
                assert_eq!(host.void(), Some(cheat));
                assert!(host.is_over() && !host.must_send());
                assert_eq!(
                    host.journal().steps.len(),
                    steps + 1,
                    "the evidence is kept"
                );
                // Nothing more is taken, not even the honest message.
                assert_eq!(host.receive(&code), Err(FriendError::Void(cheat)));
                // Kept so: the match rebuilt from its journal is void too.
                let back = FriendMatch::restore(host.journal()).unwrap();
                assert_eq!(back.void(), Some(cheat));
                assert_eq!(back.journal(), host.journal());
                voided = true;
                break;
            }
            assert!(voided, "{cheat:?}: a message was forged");
        }
    }

    /// A friend who stops answering: the person marks the match abandoned
    /// while waiting for them (not while it is their own turn). It is over,
    /// the rounds played are kept, no later link is taken, and it stays so
    /// after a reload.
    #[test]
    fn a_match_marked_abandoned_takes_no_later_link() {
        let (mut rng, mut host, _, mut guest, accepted) = begun(Preset::Basic, 8);
        // Play until a round is audited on the host's side.
        let mut code = accepted;
        let mut host_next = true;
        while host.played().is_none() {
            let me = if host_next { &mut host } else { &mut guest };
            me.receive(&code).unwrap();
            while let Some(obs) = me.to_play() {
                me.play(random_action(&obs.legal_actions(), &mut rng))
                    .unwrap();
            }
            code = me.send();
            host_next = !host_next;
        }
        // The side the last message is for takes it: it holds the turn
        // (it may resign, not abandon); the side that sent it waits.
        let holder = if host_next { &mut host } else { &mut guest };
        holder.receive(&code).unwrap();
        assert_eq!(
            holder.abandon(),
            Err(FriendError::NotYourTurn),
            "holding: resign instead"
        );
        let waiting = if host_next { &mut guest } else { &mut host };
        let rounds = waiting.played().map_or(0, |p| p.rounds().len());
        waiting.abandon().unwrap();
        assert!(waiting.is_over() && waiting.is_abandoned());
        assert_eq!(waiting.abandon(), Err(FriendError::Over));
        assert_eq!(
            waiting.played().map_or(0, |p| p.rounds().len()),
            rounds,
            "kept"
        );
        let back = FriendMatch::restore(waiting.journal()).unwrap();
        assert!(back.is_abandoned());
        // The friend comes back: their link is not taken.
        let holder = if host_next { &mut host } else { &mut guest };
        while let Some(obs) = holder.to_play() {
            holder.play(obs.legal_actions()[0]).unwrap();
        }
        let late = holder.send();
        let waiting = if host_next { &mut guest } else { &mut host };
        assert_eq!(waiting.receive(&late), Err(FriendError::Over));
    }

    /// Each seat signs its messages with the key it announced in the
    /// invitation or the acceptance: a third party who sees the links
    /// cannot insert a message (a resignation added, a message signed by
    /// another key), and the right one is still taken.
    #[test]
    fn a_third_party_cannot_insert_a_message() {
        use engarde::friend::wire::{Item, Message};
        let (mut rng, mut host, invite, mut guest, accepted) = begun(Preset::Advanced, 4);
        let (stranger, _) = FriendMatch::invite(Preset::Advanced.rules(), "Eve", &mut rng);
        let message = Message::decode(&accepted).unwrap();
        assert!(message.signature().is_some(), "the acceptance is signed");
        assert!(message.items.iter().any(|i| matches!(i, Item::Key(_))));
        host.receive(&accepted).unwrap();
        let code = host.send();
        let mut resign = Message::decode(&code).unwrap();
        resign.items.insert(0, Item::Resign);
        for forged in [resign.encode(), stranger.sign(resign.clone())] {
            assert_eq!(guest.receive(&forged), Err(FriendError::Signature));
        }
        guest.receive(&code).unwrap();
        assert_eq!(guest.resigned(), None);
        // An invitation changed on its way is refused too.
        let mut changed = Message::decode(&invite).unwrap();
        if let Some(Item::Invite { name, .. }) = changed.items.first_mut() {
            *name = "Eve".into();
        }
        let refused = FriendMatch::accept(&changed.encode(), "Bo", &mut rng);
        assert_eq!(refused.err(), Some(FriendError::Signature));
    }

    /// A replayed, damaged, misdirected or forged message is refused with
    /// its reason and changes nothing: the right message is still taken.
    #[test]
    fn wrong_messages_are_refused_and_change_nothing() {
        use engarde::friend::wire::{ChainError, Item, Message, WireError};
        let (mut rng, mut host, invite, mut guest, accepted) = begun(Preset::Advanced, 3);
        let (_, other) = FriendMatch::invite(Preset::Advanced.rules(), "Cy", &mut rng);
        assert_eq!(
            host.receive(&other),
            Err(FriendError::Chain(ChainError::OtherMatch))
        );
        assert_eq!(
            host.receive(&invite),
            Err(FriendError::Chain(ChainError::OwnMessage))
        );
        let mut cut = accepted.clone();
        cut.pop();
        assert!(matches!(
            host.receive(&cut),
            Err(FriendError::Wire(
                WireError::Damaged | WireError::Character(_)
            ))
        ));
        host.receive(&accepted).unwrap();
        assert_eq!(
            host.receive(&accepted),
            Err(FriendError::Chain(ChainError::Old))
        );
        // Play on until a message carries an action, then forge it.
        let mut code = host.send();
        let mut seats = [&mut guest, &mut host];
        for turn in 0.. {
            let me = &mut seats[turn % 2];
            me.receive(&code).unwrap();
            if let Some(obs) = me.to_play() {
                me.play(obs.legal_actions()[0]).unwrap();
            }
            code = me.send();
            let message = Message::decode(&code).unwrap();
            let Some(i) = message
                .items
                .iter()
                .position(|i| matches!(i, Item::Action(_)))
            else {
                continue;
            };
            let other = &mut seats[(turn + 1) % 2];
            // An action the sender's cards may not allow: a lunge with five 5s.
            let mut forged = message.clone();
            forged.items[i] = Item::Action(vec![0xe3, 1, 5, 5, 0]);
            let refused = other.receive(&forged.encode());
            assert!(refused.is_err(), "{refused:?}");
            // Here the right message is still taken after the refusal.
            other.receive(&code).unwrap();
            break;
        }
    }
}

/// A side's view stands in unseen cards for the other's hand: after its own
/// attack, the stand-ins answer it where unseen cards can, so the view
/// waits for the real hand's answer instead of ending the round by I6
/// (the real hand shows itself when it cannot answer).
#[test]
fn an_attackers_view_waits_for_the_defenders_answer() {
    use engarde::engine::{Action, BySide, Observation, Round, Side, Special};
    use engarde::GameRng;
    use engarde::Preset;
    use rand::SeedableRng;
    let mut attacks = 0;
    for (preset, special) in [
        (Preset::Standard, None),
        (Preset::Duel, Some(Special::TenCards)),
        (Preset::Duel, Some(Special::ThreeCards)),
    ] {
        for seed in 0..200u64 {
            let mut rng = GameRng::seed_from_u64(seed);
            let mut round = Round::deal(
                preset.rules(),
                special,
                BySide::default(),
                Side::White,
                &mut rng,
            );
            let start = *round.public();
            // White's cards in the order it got them: dealt, then drawn.
            let mut own: Vec<_> = round.hand(Side::White).cards().collect();
            let mut actions = Vec::new();
            while !round.is_over() {
                let legal = round.legal_actions();
                let action = random_action(&legal, &mut rng);
                let by = round.to_act();
                let pending = round.public().pending();
                let kept = round.hand(by).minus(action.cards(pending)).unwrap();
                round.play(action).unwrap();
                actions.push((by, action));
                if by != Side::White {
                    continue;
                }
                own.extend(round.hand(Side::White).minus(kept).unwrap().cards());
                if matches!(action, Action::Attack { .. } | Action::Lunge { .. })
                    && !round.is_over()
                {
                    attacks += 1;
                    let (view, _) =
                        Observation::of_own_cards(&start, Side::White, &own, None, &actions)
                            .unwrap();
                    assert!(
                        !view.public().is_over(),
                        "{preset:?} {special:?} seed {seed}: {actions:?}"
                    );
                }
            }
        }
    }
    assert!(attacks > 20, "enough attacks met: {attacks}");
}
