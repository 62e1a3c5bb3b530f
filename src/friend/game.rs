//! A whole match by correspondence, as one seat holds it (docs/FRIEND.md,
//! "The match by correspondence"): the seats take turns holding the token
//! (the chain accepts only the answer to the last message sent); the seat
//! that holds it plays what its person may play, then sends everything it
//! owes in one message. Round 1's public chance (the starter by lot, the
//! Duel's special card) comes from a commitment and two values; a later
//! round's from both locks of the round before, revealed at its end. Each
//! round is audited once both locks are known and added to the match as the
//! engine replays it, so both seats end with the same record.
//!
//! The host plays White, the guest Black.

use base64::Engine as _;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::commit::{joint, Commitment};
use super::masked::{Context, DeckKey, Keys, Part, ProofError, Trust};
use super::round::{Deal, Opening, RoundError, RoundState};
use super::wire::{self, Chain, ChainError, Header, Item, Message, Seat, WireError};
use crate::engine::{Action, BySide, Card, Hand, Match, Observation, PublicState, Rules, Side};
use crate::engine::{Phase, RoundResult, Special};
use crate::record::format::{ActionRecord, RulesSpec};
use crate::record::{link, parse, write};
use crate::GameRng;
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};

/// A seat's secrets all come from one cryptographic generator, seeded once.
type SecretRng = ChaCha20Rng;

/// The commitment's purpose and tag for round 1's chance.
const FIRST: u8 = 0;
const TAG_FIRST: &[u8] = b"engarde/friend first round";
/// The tag of a later round's chance, from the locks (or the values) of the
/// round before.
const TAG_NEXT: &[u8] = b"engarde/friend next round";
/// The commitment's purpose for a round's value (proven deck): committed
/// with the seat's deck, revealed at the round's end.
const NEXT: u8 = 1;

/// Why a message or an action does not continue the match; nothing changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FriendError {
    Wire(WireError),
    Chain(ChainError),
    Round(RoundError),
    /// Not an invitation, or an item that does not fit where the match
    /// stands.
    Unexpected,
    /// The invitation's rules do not read.
    Rules,
    /// The other side's value does not open its commitment.
    Commitment,
    /// A round's audit found a lie (what failed), or its actions do not
    /// replay: the round does not count.
    Audit(RoundError),
    /// Not this seat's to play now.
    NotYourTurn,
    /// The match is over.
    Over,
    /// A kept match ([`Journal`]) that does not replay: storage was changed
    /// or damaged.
    Kept,
    /// The friend's page sent what no honest page sends: the match is void
    /// and takes no further message.
    Void(Cheat),
    /// Not signed by the friend's key: changed, or made by someone else.
    Signature,
    /// The friend's page is an older version: its invitation or acceptance
    /// lacks the proven deck's key or a signing key, or its message is of
    /// the retired layout. Nothing is dealt with an older construction.
    OlderVersion,
    /// A kept match of an older construction (the locks, or the proven
    /// deck before every card was proven when played): it opens read-only
    /// ([`Retired`]), never to be played on.
    Retired,
    /// A message that breaks the order of the chance: a deck without the
    /// commitment to the sender's next value, a commitment anywhere else,
    /// or a hand shown at the round's end without its value revealed.
    Chance,
}

impl std::fmt::Display for FriendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FriendError::Wire(e) => e.fmt(f),
            FriendError::Chain(e) => e.fmt(f),
            FriendError::Round(e) => e.fmt(f),
            FriendError::Unexpected => {
                f.write_str("an item that does not fit where the match stands")
            }
            FriendError::Rules => f.write_str("the invitation's rules do not read"),
            FriendError::Commitment => f.write_str("a value that does not open its commitment"),
            FriendError::Audit(e) => write!(f, "the round's audit failed: {e}"),
            FriendError::NotYourTurn => f.write_str("not this seat's turn"),
            FriendError::Over => f.write_str("the match is over"),
            FriendError::Kept => f.write_str("the kept match does not replay"),
            FriendError::Void(c) => {
                write!(f, "the friend's page cheated ({c:?}): the match is void")
            }
            FriendError::Signature => f.write_str("not signed by the friend's key"),
            FriendError::OlderVersion => f.write_str("the friend's page is an older version"),
            FriendError::Retired => {
                f.write_str("a match of an older construction: it opens read-only")
            }
            FriendError::Chance => {
                f.write_str("a message that breaks the order of the chance's commitments")
            }
        }
    }
}

impl std::error::Error for FriendError {}

/// What a friend's page sent that no honest page sends. Caught at the
/// message that carries it (or at the round's audit), it makes the match
/// void.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cheat {
    /// A deck that is not 25 distinct cards, or a second deck for a round.
    Deck,
    /// A card's share that opens no card, a position already open, or a
    /// card already opened at another position.
    Share,
    /// A hand shown as ending the round that does not end it.
    Shown,
    /// A deck key without its proof of ownership.
    Key,
    /// Round 1's value is not the one its commitment promised.
    Start,
    /// The round's audit failed (what failed).
    Audit(Audited),
    /// A card played that its token does not show: an action with cards
    /// its player did not hold.
    Played,
    /// The next round's chance out of order: a deck without its
    /// commitment, a commitment elsewhere, a hand shown without its value.
    Chance,
}

/// What a round's audit found false.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audited {
    /// The deck, a share or a lock.
    Deck,
    /// An action the cards held did not allow.
    Action,
    /// The hand shown at the round's end.
    Shown,
}

impl Cheat {
    /// The cheat a refused message shows, if it shows one (a damaged,
    /// misplaced or unfitting message may be a mistake: it is only refused).
    pub fn of(e: &FriendError) -> Option<Cheat> {
        use super::deck::DeckError as D;
        match e {
            FriendError::Round(RoundError::Deck(
                D::Size(_) | D::NotAPoint(_) | D::Twice(_) | D::FirstDeck | D::SecondDeck,
            ))
            | FriendError::Round(RoundError::DeckTwice) => Some(Cheat::Deck),
            FriendError::Round(
                RoundError::Deck(D::NoCard | D::Share(_)) | RoundError::OpenedTwice(_),
            ) => Some(Cheat::Share),
            FriendError::Round(RoundError::NotOver) => Some(Cheat::Shown),
            FriendError::Round(RoundError::Played) => Some(Cheat::Played),
            FriendError::Chance => Some(Cheat::Chance),
            FriendError::Round(RoundError::Proof(p)) => Some(match p {
                ProofError::Key | ProofError::Encoding(Part::Key) => Cheat::Key,
                ProofError::Shuffle | ProofError::Encoding(Part::Deck) => Cheat::Deck,
                ProofError::Token(_)
                | ProofError::Position(_)
                | ProofError::Encoding(Part::Token) => Cheat::Share,
            }),
            FriendError::Commitment => Some(Cheat::Start),
            FriendError::Audit(RoundError::ShownHand) => Some(Cheat::Audit(Audited::Shown)),
            FriendError::Audit(RoundError::Deck(_)) => Some(Cheat::Audit(Audited::Deck)),
            FriendError::Audit(_) => Some(Cheat::Audit(Audited::Action)),
            _ => None,
        }
    }
}

impl From<WireError> for FriendError {
    fn from(e: WireError) -> Self {
        FriendError::Wire(e)
    }
}

impl From<ChainError> for FriendError {
    fn from(e: ChainError) -> Self {
        FriendError::Chain(e)
    }
}

impl From<RoundError> for FriendError {
    fn from(e: RoundError) -> Self {
        FriendError::Round(e)
    }
}

/// One seat's state of a match with a friend.
#[derive(Clone, Debug)]
pub struct FriendMatch {
    seat: Seat,
    rules: Rules,
    names: BySide<String>,
    chain: Chain,
    /// The number of the next message this seat sends.
    next_number: u32,
    /// This seat holds the token: it sends next.
    holding: bool,
    rng: SecretRng,
    /// The digest of the message being taken in (what a per-message secret
    /// answers).
    answering: [u8; 16],
    /// This seat signs its messages (matches begun since signed messages), and
    /// the friend's key, once announced: every later message of theirs
    /// must be signed with it.
    signing: Option<SigningKey>,
    their_key: Option<[u8; 32]>,
    /// The proven deck's keys: this seat's until the friend's comes, then
    /// both (matches begun since the proofs).
    deck_key: Option<DeckKey>,
    keys: Option<Keys>,
    /// The rounds dealt so far (the proofs' context names the round).
    dealt: u16,
    /// The friend's commitment to its value for the round in play (proven
    /// deck).
    their_next: Option<Commitment>,
    /// Round 1's chance: this seat's value; the host's commitment (guest).
    value: [u8; 32],
    their_commit: Option<Commitment>,
    /// The audited rounds as the engine replays them (`None` before the
    /// first round's audit).
    played: Option<Match>,
    /// The current round's public start, and this seat's state of it.
    start: Option<PublicState>,
    round: Option<RoundState>,
    /// This seat's lock (proven deck: its hand and round value) of the
    /// round just over is sent; the other's came.
    lock_sent: bool,
    their_lock: Option<[u8; 32]>,
    shown_sent: bool,
    resigned: Option<Side>,
    /// The friend's page cheated: the match is void.
    void: Option<Cheat>,
    /// The person marked the match abandoned: the friend stopped answering.
    abandoned: bool,
    /// To go with the next message.
    out: Vec<Item>,
    /// The last message sent, as a link's code.
    last_code: String,
    /// How this seat's state came to be, to rebuild it after a reload.
    journal: Journal,
}

/// How a seat's match began.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Begun {
    /// This seat invited (the host).
    Invited { rules: RulesSpec, name: String },
    /// This seat accepted the invitation `code` (the guest).
    Accepted { code: String, name: String },
}

/// One entry of a seat's [`Journal`]: one thing that happened to its state
/// since it began.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JournalEntry {
    Received(String),
    Played(ActionRecord),
    Sent,
    /// The person resigned (matches kept from before resignations carried the lock: without
    /// the round's lock).
    Resigned,
    /// The person resigned, revealing the round's lock so that the friend
    /// audits the round so far.
    ResignedRevealed,
    /// A message of the friend's that showed a cheat (kept as evidence):
    /// the match is void from it on.
    Void(String),
    /// The person marked the match abandoned.
    Abandoned,
    /// A deck this seat made (proven deck, base64 of its bytes with the
    /// argument): the match rebuilt takes it back instead of proving again.
    Dealt(String),
}

/// What a seat keeps to rebuild its state: the seed of its secrets (its
/// locks and shuffles come from it: this browser's secret), how it began,
/// and every step since. It holds no card of the other side's: the messages
/// carry only sealed cards, and shares that open this seat's own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Journal {
    pub seed: [u8; 32],
    /// How the locks and shuffles come from the seed (matches begun before
    /// signed messages keep one stream).
    #[serde(default)]
    pub secrets: Secrets,
    pub begun: Begun,
    pub steps: Vec<JournalEntry>,
}

/// How a seat's locks and shuffles come from its seed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Secrets {
    /// One ChaCha20 stream from the seed, in the order they are needed:
    /// two copies of a seat answering two different messages use the same
    /// lock and shuffle (matches begun before signed messages).
    #[default]
    Stream,
    /// Each from HKDF-SHA-256 (RFC 5869) of the seed, with the digest of
    /// the message answered and what it is for: two copies of a seat that
    /// answer different messages never share a lock or a shuffle.
    PerMessage,
    /// The proven deck ([`super::masked`]): every shuffle and token is
    /// proven at its message, each secret derived from the seed, the
    /// message answered and the statement; the cards played waited for the
    /// round's end (retired).
    Proven,
    /// The proven deck with every card proven when it is played, the
    /// chance committed with each deck, every message signed (the layout
    /// [`wire::VERSION`]): the one construction new matches are dealt with.
    ProvenCards,
}

impl Secrets {
    /// Whether a match of this construction is played on (the others open
    /// read-only, [`Retired`]).
    pub fn is_current(self) -> bool {
        self == Secrets::ProvenCards
    }

    /// The layout its messages are written in.
    fn layout(self) -> u8 {
        if self.is_current() {
            wire::VERSION
        } else {
            wire::RETIRED
        }
    }

    fn proven(self) -> bool {
        matches!(self, Secrets::Proven | Secrets::ProvenCards)
    }
}

/// 32 bytes derived from the seat's `seed` (HKDF-SHA-256, RFC 5869) under
/// `salt`, for `info`.
fn derived(salt: &[u8], seed: &[u8; 32], info: &[u8]) -> [u8; 32] {
    let kdf = hkdf::Hkdf::<sha2::Sha256>::new(Some(salt), seed);
    let mut out = [0u8; 32];
    // 32 bytes are always within HKDF-SHA-256's 8,160.
    let _ = kdf.expand(info, &mut out);
    out
}

/// The generator of a lock and a shuffle made in answer to the message of
/// digest `answering`, for `purpose` (which deck of the round).
fn per_message(seed: &[u8; 32], answering: &[u8; 16], purpose: u8) -> SecretRng {
    let info = [&answering[..], &[purpose]].concat();
    SecretRng::from_seed(derived(b"engarde/friend/secrets/v1", seed, &info))
}

/// The seat's value for the chance of the round after round `round`
/// (proven deck), from its seed: committed with its deck, revealed at the
/// round's end.
fn round_value(seed: &[u8; 32], game: [u8; 8], round: u16) -> [u8; 32] {
    let info = [&game[..], &round.to_be_bytes()].concat();
    derived(b"engarde/friend/round value/v1", seed, &info)
}

/// The seat's signing key, from its seed: the same after a reload.
fn signing_key(seed: &[u8; 32]) -> SigningKey {
    SigningKey::from_bytes(&derived(b"engarde/friend/signing/v1", seed, b"ed25519"))
}

/// Whether `message` is signed by `key` (its last item, over the rest).
fn signed_by(message: &Message, key: &[u8; 32]) -> bool {
    let (Ok(key), Some(sig)) = (VerifyingKey::from_bytes(key), message.signature()) else {
        return false;
    };
    key.verify_strict(&message.signed_bytes(), &Signature::from_bytes(&sig))
        .is_ok()
}

/// What a per-message secret is for.
const FIRST_DECK: u8 = 1;
const SECOND_DECK: u8 = 2;
/// Which of several cards of one value an action plays.
const PLAYED: u8 = 3;

fn side_of(seat: Seat) -> Side {
    match seat {
        Seat::Host => Side::White,
        Seat::Guest => Side::Black,
    }
}

/// The round's public start drawn from `seed`: the match so far (`played`,
/// or none yet) goes on to its next round as the engine deals it; its cards
/// are the generator's and unused, its starter and special card are the
/// rules' and the shared chance's.
fn start_from(
    rules: Rules,
    played: Option<&Match>,
    seed: [u8; 32],
) -> Result<PublicState, FriendError> {
    let mut rng = GameRng::from_seed(seed);
    let twin = match played {
        None => {
            let starter = if rng.random::<bool>() {
                Side::White
            } else {
                Side::Black
            };
            Match::new(rules, starter, &mut rng).map_err(|_| FriendError::Rules)?
        }
        Some(m) => {
            let mut m = m.clone();
            m.start_next_round(&mut rng)
                .map_err(|_| FriendError::Over)?;
            m
        }
    };
    Ok(*twin.round().public())
}

/// An invitation's parts: the rules, the host's name, commitment, header,
/// signing key (none from pages before signed messages) and deck key (none from
/// pages before the proven deck).
struct Invitation {
    rules: Rules,
    host: String,
    commit: Commitment,
    header: Header,
    key: Option<[u8; 32]>,
    deck_key: Option<Vec<u8>>,
}

/// An invitation's parts, read as the construction `secrets` writes it.
///
/// # Errors
/// [`FriendError::OlderVersion`] for an invitation of an older
/// construction than `secrets` (the retired layout, or without the proven
/// deck's key or a signing key).
fn read_invitation(code: &str, secrets: Secrets) -> Result<Invitation, FriendError> {
    let message = Message::decode(code)?;
    if message.version != secrets.layout() {
        return Err(if message.version < secrets.layout() {
            FriendError::OlderVersion
        } else {
            FriendError::Wire(WireError::Version(message.version))
        });
    }
    let h = message.header;
    if h.number != 0 || h.from != Seat::Host {
        return Err(FriendError::Unexpected);
    }
    let (mut rules, mut host, mut commit, mut key) = (None, None, None, None);
    let mut deck_key = None;
    for item in &message.items {
        match item {
            Item::Invite { rules: r, name } => {
                let spec: RulesSpec = serde_json::from_str(r).map_err(|_| FriendError::Rules)?;
                rules = Some(parse::rules(Some(&spec)).map_err(|_| FriendError::Rules)?);
                host = Some(name.clone());
            }
            Item::Commit {
                purpose: FIRST,
                digest,
            } => commit = Some(Commitment(*digest)),
            Item::Key(k) => key = Some(*k),
            Item::DeckKey(k) => deck_key = Some(k.clone()),
            Item::Signature(_) => {}
            _ => return Err(FriendError::Unexpected),
        }
    }
    // One construction: an invitation without either key is from a page
    // before it.
    if secrets.is_current() && (deck_key.is_none() || key.is_none()) {
        return Err(FriendError::OlderVersion);
    }
    // An invitation with a key is signed by it.
    if key.is_some_and(|k| !signed_by(&message, &k)) {
        return Err(FriendError::Signature);
    }
    // The proven deck needs signed messages.
    if deck_key.is_some() && key.is_none() {
        return Err(FriendError::Unexpected);
    }
    match (rules, host, commit) {
        (Some(rules), Some(host), Some(commit)) => Ok(Invitation {
            rules,
            host,
            commit,
            header: h,
            key,
            deck_key,
        }),
        _ => Err(FriendError::Unexpected),
    }
}

/// The id of the match a message `code` belongs to.
///
/// # Errors
/// A code that is no message.
pub fn match_of(code: &str) -> Result<[u8; 8], FriendError> {
    Ok(Message::decode(code)?.header.game)
}

impl FriendMatch {
    /// A seat's state before its first message: its randomness (generator
    /// and round 1's value), the host's commitment (guest).
    fn new(
        seat: Seat,
        rules: Rules,
        names: BySide<String>,
        game: [u8; 8],
        (rng, value): (SecretRng, [u8; 32]),
        their_commit: Option<Commitment>,
        journal: Journal,
    ) -> FriendMatch {
        FriendMatch {
            seat,
            rules,
            names,
            chain: Chain {
                game,
                seat,
                last_sent: 0,
                last_digest: [0; 16],
            },
            next_number: 0,
            holding: true,
            rng,
            answering: [0; 16],
            signing: None,
            their_key: None,
            deck_key: None,
            keys: None,
            dealt: 0,
            their_next: None,
            value,
            their_commit,
            played: None,
            start: None,
            round: None,
            lock_sent: false,
            their_lock: None,
            shown_sent: false,
            resigned: None,
            void: None,
            abandoned: false,
            out: Vec::new(),
            last_code: String::new(),
            journal,
        }
    }

    /// A match offered to a friend: the host's state and the invitation.
    /// Its secrets come from 32 bytes of `rng` (the page's: the platform's
    /// cryptographic source).
    pub fn invite<R: Rng + ?Sized>(rules: Rules, name: &str, rng: &mut R) -> (FriendMatch, String) {
        let host = FriendMatch::invited(rules, name, rng.random(), Secrets::ProvenCards);
        let code = host.last_code.clone();
        (host, code)
    }

    fn invited(rules: Rules, name: &str, seed: [u8; 32], secrets: Secrets) -> FriendMatch {
        let mut own = SecretRng::from_seed(seed);
        let game: [u8; 8] = own.random();
        let value: [u8; 32] = own.random();
        let spec = write::rules(rules);
        let rules_text = serde_json::to_string(&spec).unwrap_or_default();
        let out = vec![
            Item::Invite {
                rules: rules_text,
                name: name.to_string(),
            },
            Item::Commit {
                purpose: FIRST,
                digest: Commitment::to(TAG_FIRST, &value).0,
            },
        ];
        let names = BySide::new(name.to_string(), String::new());
        let journal = Journal {
            seed,
            secrets,
            begun: Begun::Invited {
                rules: spec,
                name: name.to_string(),
            },
            steps: Vec::new(),
        };
        let mut host =
            FriendMatch::new(Seat::Host, rules, names, game, (own, value), None, journal);
        host.out = out;
        if secrets != Secrets::Stream {
            let key = signing_key(&seed);
            host.out.push(Item::Key(key.verifying_key().to_bytes()));
            host.signing = Some(key);
        }
        if secrets.proven() {
            let key = DeckKey::of(&seed, game, true);
            host.out.push(Item::DeckKey(key.announcement()));
            host.deck_key = Some(key);
        }
        host.send();
        host.journal.steps.clear();
        host
    }

    /// The friend accepts the invitation `code`: the guest's state and the
    /// answer.
    ///
    /// # Errors
    /// A code that is not an invitation.
    pub fn accept<R: Rng + ?Sized>(
        code: &str,
        name: &str,
        rng: &mut R,
    ) -> Result<(FriendMatch, String), FriendError> {
        let guest = FriendMatch::accepted(code, name, rng.random(), Secrets::ProvenCards)?;
        let answer = guest.last_code.clone();
        Ok((guest, answer))
    }

    /// What an invitation `code` offers: the rules and who invites.
    ///
    /// # Errors
    /// A code that is not an invitation; [`FriendError::OlderVersion`] for
    /// one from a page of an older construction.
    pub fn read_invitation(code: &str) -> Result<(Rules, String), FriendError> {
        let i = read_invitation(code, Secrets::ProvenCards)?;
        Ok((i.rules, i.host))
    }

    fn accepted(
        code: &str,
        name: &str,
        seed: [u8; 32],
        secrets: Secrets,
    ) -> Result<FriendMatch, FriendError> {
        let Invitation {
            rules,
            host,
            commit,
            header: h,
            key: their_key,
            deck_key: their_deck_key,
        } = read_invitation(code, secrets)?;
        let mut own = SecretRng::from_seed(seed);
        let value: [u8; 32] = own.random();
        let out = vec![
            Item::Accept {
                name: name.to_string(),
            },
            Item::Reveal {
                purpose: FIRST,
                value,
            },
        ];
        let names = BySide::new(host, name.to_string());
        let journal = Journal {
            seed,
            secrets,
            begun: Begun::Accepted {
                code: code.to_string(),
                name: name.to_string(),
            },
            steps: Vec::new(),
        };
        let mut guest = FriendMatch::new(
            Seat::Guest,
            rules,
            names,
            h.game,
            (own, value),
            Some(commit),
            journal,
        );
        guest.out = out;
        // Signed when the invitation is (a page that signs).
        if their_key.is_some() {
            let key = signing_key(&seed);
            guest
                .out
                .insert(1, Item::Key(key.verifying_key().to_bytes()));
            guest.signing = Some(key);
            guest.their_key = their_key;
        }
        if let (true, Some(theirs)) = (secrets.proven(), their_deck_key) {
            let key = DeckKey::of(&seed, h.game, false);
            guest.out.insert(2, Item::DeckKey(key.announcement()));
            let keys = key.with(&theirs).map_err(RoundError::Proof)?;
            guest.keys = Some(keys);
        }
        guest.next_number = 1;
        guest.chain.last_digest = wire::digest(code);
        guest.send();
        guest.journal.steps.clear();
        Ok(guest)
    }

    /// The state `journal` keeps, rebuilt step by step (what it carries was
    /// checked when it came).
    ///
    /// # Errors
    /// [`FriendError::Retired`] for a match of an older construction (open
    /// it with [`Retired::restore`]); [`FriendError::Kept`] when a step
    /// does not replay.
    pub fn restore(journal: &Journal) -> Result<FriendMatch, FriendError> {
        if !journal.secrets.is_current() {
            return Err(FriendError::Retired);
        }
        FriendMatch::rebuilt(journal)
    }

    /// The state `journal` keeps, rebuilt with every proof checked as if
    /// each message came now (a backup file, which this page did not
    /// keep).
    ///
    /// # Errors
    /// As [`FriendMatch::restore`].
    pub fn restore_checked(journal: &Journal) -> Result<FriendMatch, FriendError> {
        if !journal.secrets.is_current() {
            return Err(FriendError::Retired);
        }
        let mut m = FriendMatch::begun(journal)?;
        for step in &journal.steps {
            m.replay_step(step, &mut Trust::Now)?;
        }
        Ok(m)
    }

    /// The seat as its journal began, before any step.
    fn begun(journal: &Journal) -> Result<FriendMatch, FriendError> {
        Ok(match &journal.begun {
            Begun::Invited { rules, name } => {
                let rules = parse::rules(Some(rules)).map_err(|_| FriendError::Kept)?;
                FriendMatch::invited(rules, name, journal.seed, journal.secrets)
            }
            Begun::Accepted { code, name } => {
                FriendMatch::accepted(code, name, journal.seed, journal.secrets)
                    .map_err(|_| FriendError::Kept)?
            }
        })
    }

    /// Any construction's state rebuilt from its journal.
    fn rebuilt(journal: &Journal) -> Result<FriendMatch, FriendError> {
        let mut m = FriendMatch::begun(journal)?;
        m.replay(&journal.steps)?;
        Ok(m)
    }

    /// Takes in `steps` that a copy of this seat made from its journal as
    /// it stands (the proofs' worker): what they carry was checked there,
    /// and the decks made there are taken back; only evidence of a cheat
    /// is read again, every proof checked.
    ///
    /// # Errors
    /// [`FriendError::Kept`] when a step does not replay: nothing changed.
    pub fn take_kept(&mut self, steps: &[JournalEntry]) -> Result<(), FriendError> {
        let mut next = self.clone();
        next.replay(steps)?;
        *self = next;
        Ok(())
    }

    /// The journal's `steps`, taken in turn: what they carry was checked
    /// when it came ([`Trust::Journal`]).
    fn replay(&mut self, steps: &[JournalEntry]) -> Result<(), FriendError> {
        let m = self;
        let mut trust = Trust::journal();
        // The messages sent before the last one are never read again: the
        // tokens made for them are left unmade, and the friend's answer to
        // such a message says its digest.
        let sent = |(i, s): (usize, &JournalEntry)| matches!(s, JournalEntry::Sent).then_some(i);
        let unread_until = steps.iter().enumerate().filter_map(sent).rev().nth(1);
        let mut digest_unknown = false;
        let mut unmade = trust.unmade();
        for (i, step) in steps.iter().enumerate() {
            if let JournalEntry::Received(code) | JournalEntry::Void(code) = step {
                if std::mem::take(&mut digest_unknown) {
                    let answers = Message::decode(code).map_err(|_| FriendError::Kept)?;
                    m.chain.last_digest = answers.header.answers;
                }
            }
            let unread = unread_until.is_some_and(|u| i <= u);
            trust.set_unread(unread);
            m.replay_step(step, &mut trust)?;
            if unread && matches!(step, JournalEntry::Sent) {
                let now = trust.unmade();
                digest_unknown = now != unmade;
                unmade = now;
            }
        }
        Ok(())
    }

    /// One step of the journal taken in again.
    ///
    /// # Errors
    /// [`FriendError::Kept`] when it does not replay.
    fn replay_step(&mut self, step: &JournalEntry, trust: &mut Trust) -> Result<(), FriendError> {
        let m = self;
        let done = match step {
            JournalEntry::Received(code) => m.receive_with(code, trust),
            JournalEntry::Played(record) => parse::action(record)
                .map_err(|_| FriendError::Kept)
                .and_then(|(_, a)| m.play_with(a, trust)),
            JournalEntry::Sent => {
                m.send_with(trust);
                Ok(())
            }
            JournalEntry::Resigned => {
                m.resign_unrevealed();
                Ok(())
            }
            JournalEntry::ResignedRevealed => {
                m.resign_with(trust);
                Ok(())
            }
            JournalEntry::Abandoned => m.abandon(),
            // Evidence is read as it came, every proof checked.
            JournalEntry::Void(code) => match m.receive_with(code, &mut Trust::Now) {
                Err(FriendError::Void(_)) => Ok(()),
                _ => Err(FriendError::Kept),
            },
            JournalEntry::Dealt(text) => {
                let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
                    .decode(text)
                    .map_err(|_| FriendError::Kept)?;
                trust.made_before(bytes);
                Ok(())
            }
        };
        done.map_err(|_| FriendError::Kept)
    }

    /// Keeps a deck this seat made, so that the match rebuilt takes it back.
    fn keep_dealt(&mut self, deck: &[u8]) {
        let text = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deck);
        self.journal.steps.push(JournalEntry::Dealt(text));
    }

    /// What to keep to rebuild this state ([`FriendMatch::restore`]).
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    /// The match's id, as its messages name it.
    pub fn id(&self) -> [u8; 8] {
        self.chain.game
    }

    /// The last message this seat sent, as a link's code (the invitation
    /// until the friend answers).
    pub fn last_code(&self) -> &str {
        &self.last_code
    }

    /// This seat holds the token: the next message is this seat's.
    pub fn is_holding(&self) -> bool {
        self.holding
    }

    /// Who resigned, if anyone did.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// This seat's side.
    pub fn side(&self) -> Side {
        side_of(self.seat)
    }

    /// The match's rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The players' names (White the host's).
    pub fn names(&self) -> &BySide<String> {
        &self.names
    }

    /// The audited rounds as the engine replays them.
    pub fn played(&self) -> Option<&Match> {
        self.played.as_ref()
    }

    /// The current round's public start (its starter, R7, and special
    /// card) once drawn; for round 1 drawn by lot from both pages' values.
    pub fn round_start(&self) -> Option<&PublicState> {
        self.start.as_ref()
    }

    /// The round in play's actions so far, both sides' (none between
    /// rounds).
    pub fn actions(&self) -> &[(Side, Action)] {
        self.round.as_ref().map_or(&[], RoundState::actions)
    }

    /// The match is over (won, resigned, or void).
    pub fn is_over(&self) -> bool {
        self.void.is_some()
            || self.abandoned
            || self.resigned.is_some()
            || self.played.as_ref().is_some_and(Match::is_over)
    }

    /// What the friend's page sent that made the match void, if it did.
    pub fn void(&self) -> Option<Cheat> {
        self.void
    }

    /// The person marks the match abandoned while the friend's answer is
    /// awaited (they stopped answering): it is over, the rounds played
    /// (audited) are kept, and no later message is taken.
    ///
    /// # Errors
    /// [`FriendError::NotYourTurn`] when the person holds the turn (they
    /// may resign instead), [`FriendError::Over`] once the match is over.
    pub fn abandon(&mut self) -> Result<(), FriendError> {
        if self.is_over() {
            return Err(FriendError::Over);
        }
        if self.holding {
            return Err(FriendError::NotYourTurn);
        }
        self.abandoned = true;
        self.journal.steps.push(JournalEntry::Abandoned);
        Ok(())
    }

    /// Whether the person marked the match abandoned.
    pub fn is_abandoned(&self) -> bool {
        self.abandoned
    }

    /// This seat's view of the round in play, if its cards are open.
    pub fn observation(&mut self) -> Option<Observation> {
        self.round.as_mut()?.observation().ok()
    }

    /// The round in play is over by its public actions, this seat's lock
    /// (proven deck: its hand and value) has gone and the friend's has not
    /// come: its result, not audited yet, when it is this seat's win. A
    /// page that withholds its hand or value cannot hide the win its
    /// friend's actions made public, and never wins a round it did not
    /// let be audited.
    pub fn unaudited_result(&mut self) -> Option<RoundResult> {
        if !self.lock_sent || self.holding || self.resigned.is_some() || self.void.is_some() {
            return None;
        }
        let me = self.side();
        let result = self.round.as_mut()?.observation().ok()?.public().result()?;
        (result.winner == Some(me)).then_some(result)
    }

    /// This seat's view of the round in play while cards it drew wait for
    /// the friend's shares: the position after every action, the hand short
    /// of those cards (none before the round's first action).
    pub fn observation_so_far(&mut self) -> Option<Observation> {
        let round = self.round.as_mut()?;
        if round.actions().is_empty() {
            return None;
        }
        round.observation_so_far().ok()
    }

    /// The special cards the person may pick from when it is theirs to
    /// pick now (S4: the Choice card turned, this side starts): before the
    /// deal, so before any card is open.
    pub fn choice(&self) -> Option<[Special; 4]> {
        let start = self.round.as_ref()?.start();
        let due = self.holding
            && !self.is_over()
            && start.phase() == Phase::Choose
            && start.starter() == self.side();
        due.then_some(Special::CHOICES)
    }

    /// The person's view when it is theirs to play now.
    pub fn to_play(&mut self) -> Option<Observation> {
        if !self.holding || self.is_over() || self.choice().is_some() {
            return None;
        }
        let obs = self.observation()?;
        (!obs.public().is_over() && obs.public().to_act() == self.side()).then_some(obs)
    }

    /// The person plays `action`; it goes with the next message.
    ///
    /// # Errors
    /// Not theirs to play now, or not legal.
    pub fn play(&mut self, action: Action) -> Result<(), FriendError> {
        self.play_with(action, &mut Trust::Now)
    }

    /// [`FriendMatch::play`], its proofs checked and tokens made as `trust`
    /// says.
    fn play_with(&mut self, action: Action, trust: &mut Trust) -> Result<(), FriendError> {
        let mut played = Vec::new();
        if let Action::Choose(special) = action {
            if self.choice().is_none() {
                return Err(FriendError::NotYourTurn);
            }
            self.choose(special)?;
        } else {
            if self.to_play().is_none() {
                return Err(FriendError::NotYourTurn);
            }
            let round = self.round.as_mut().ok_or(FriendError::NotYourTurn)?;
            let index = u16::try_from(round.actions().len()).unwrap_or(u16::MAX);
            let info = [&self.answering[..], &[PLAYED], &index.to_be_bytes()].concat();
            let mut rng = SecretRng::from_seed(derived(
                b"engarde/friend/secrets/v1",
                &self.journal.seed,
                &info,
            ));
            played = round.play(action, &mut rng, trust)?;
        }
        let record = write::action(None, action);
        self.out.push(Item::Action(link::action_bytes(&record)));
        self.out.extend(played.into_iter().map(played_item));
        self.journal.steps.push(JournalEntry::Played(record));
        Ok(())
    }

    /// The generator of this seat's next lock and shuffle (`purpose`: which
    /// deck), as its journal says they come.
    fn secret_rng(&mut self, purpose: u8) -> SecretRng {
        match self.journal.secrets {
            Secrets::Stream => self.rng.clone(),
            Secrets::PerMessage | Secrets::Proven | Secrets::ProvenCards => {
                per_message(&self.journal.seed, &self.answering, purpose)
            }
        }
    }

    /// Keeps the stream's place after `used` made a lock and a shuffle
    /// (matches begun before signed messages).
    fn used_secret(&mut self, used: SecretRng) {
        if self.journal.secrets == Secrets::Stream {
            self.rng = used;
        }
    }

    /// The starter's pick (S4), this seat's or the other's: the round is
    /// dealt under the chosen card.
    fn choose(&mut self, special: Special) -> Result<(), FriendError> {
        let round = self.round.as_mut().ok_or(FriendError::Unexpected)?;
        let start = round
            .start()
            .after_choice(special)
            .ok_or(FriendError::Unexpected)?;
        round.choose(start);
        self.start = Some(start);
        Ok(())
    }

    /// The person gives up the match; the friend learns it with the next
    /// message, with this seat's lock for the round dealt, so that the
    /// friend audits the round so far: resigning hides no cheat.
    pub fn resign(&mut self) {
        self.resign_with(&mut Trust::Now);
    }

    /// [`FriendMatch::resign`], its proofs checked and tokens made as `trust`
    /// says.
    fn resign_with(&mut self, trust: &mut Trust) {
        if self.resigned.is_none() {
            self.resigned = Some(self.side());
            self.out.push(Item::Resign);
            if !self.lock_sent {
                if let Some(round) = self.round.as_mut().filter(|r| r.is_dealt()) {
                    let hand = round.hand_due(trust).unwrap_or_default();
                    self.out.extend(hand.into_iter().map(opening_item));
                    if let Some(lock) = round.reveal() {
                        self.out.push(Item::Lock(lock));
                    }
                    self.lock_sent = true;
                }
            }
            self.journal.steps.push(JournalEntry::ResignedRevealed);
        }
    }

    /// A resignation as matches kept before made it (no lock), replayed as
    /// it was sent.
    fn resign_unrevealed(&mut self) {
        if self.resigned.is_none() {
            self.resigned = Some(self.side());
            self.out.push(Item::Resign);
            self.journal.steps.push(JournalEntry::Resigned);
        }
    }

    /// The friend resigned: with a signed match and a round dealt, its lock
    /// came too, and the round so far is audited (the deck, every share,
    /// the actions with the cards really held).
    ///
    /// # Errors
    /// [`FriendError::Unexpected`] if the lock is missing;
    /// [`FriendError::Audit`] if the round does not check out.
    fn audit_resigned(&self) -> Result<(), FriendError> {
        let Some(round) = self.round.as_ref().filter(|r| r.is_dealt()) else {
            return Ok(());
        };
        if round.is_masked() {
            // Its hand came with the resignation, proven.
            let setup = round.audit_masked().map_err(unshown)?;
            return replays(&setup, round.actions());
        }
        let Some(theirs) = self.their_lock else {
            // (Unsigned matches began before resignations carried the lock.)
            return match self.signing {
                Some(_) => Err(FriendError::Unexpected),
                None => Ok(()),
            };
        };
        let setup = round.audit(theirs).map_err(FriendError::Audit)?;
        replays(&setup, round.actions())
    }

    /// Whether this seat is to send now: it holds the token, and its person
    /// has nothing to play (or has played); once the match is over, only if
    /// something is still owed.
    pub fn must_send(&mut self) -> bool {
        if self.void.is_some() {
            return false;
        }
        if self.is_over() {
            // Only what is owed still: the last lock, a resignation.
            return self.holding && !self.out.is_empty();
        }
        if self.choice().is_some() {
            return false;
        }
        self.holding && (self.to_play().is_none() || self.played_since_sent())
    }

    fn played_since_sent(&self) -> bool {
        self.out.iter().any(|i| matches!(i, Item::Action(_)))
    }

    /// The next message, with everything this seat owes, as a link's code.
    pub fn send(&mut self) -> String {
        self.send_with(&mut Trust::Now)
    }

    /// [`FriendMatch::send`], its proofs checked and tokens made as `trust`
    /// says.
    fn send_with(&mut self, trust: &mut Trust) -> String {
        self.owe(trust);
        let message = Message {
            version: self.journal.secrets.layout(),
            header: Header {
                game: self.chain.game,
                number: self.next_number,
                from: self.seat,
                answers: self.chain.last_digest,
            },
            items: std::mem::take(&mut self.out),
        };
        let code = self.sign(message);
        self.chain.last_sent = self.next_number;
        self.chain.last_digest = wire::digest(&code);
        self.holding = false;
        self.last_code.clone_from(&code);
        self.journal.steps.push(JournalEntry::Sent);
        code
    }

    /// `message`'s code, signed by this seat where it signs (its last item
    /// then the signature of the rest).
    pub fn sign(&self, mut message: Message) -> String {
        if let Some(key) = &self.signing {
            message.items.retain(|i| !matches!(i, Item::Signature(_)));
            let sig = key.sign(&message.signed_bytes()).to_bytes();
            message.items.push(Item::Signature(sig));
        }
        message.encode()
    }

    /// What this seat owes the other once play stops: the shares of the
    /// other's cards, a hand that alone ended the round, the round's lock.
    fn owe(&mut self, trust: &mut Trust) {
        let Some(round) = self.round.as_mut() else {
            return;
        };
        if let Ok(shares) = round.shares_due(trust) {
            self.out.extend(shares.into_iter().map(opening_item));
        }
        let over = round.observation().is_ok_and(|o| o.public().is_over());
        if over && !self.shown_sent {
            if let Some(hand) = round.hand_to_show() {
                self.out
                    .push(Item::Shown(hand.cards().map(|c| c.value()).collect()));
                self.shown_sent = true;
            }
        }
        if over && !self.lock_sent {
            let hand = round.hand_due(trust).unwrap_or_default();
            self.out.extend(hand.into_iter().map(opening_item));
            match round.reveal() {
                Some(lock) => self.out.push(Item::Lock(lock)),
                None => self.out.push(Item::Reveal {
                    purpose: NEXT,
                    value: round_value(&self.journal.seed, self.chain.game, self.dealt),
                }),
            }
            self.lock_sent = true;
        }
    }

    /// Reads the other's message `code` and takes in all it carries; a
    /// message that does not fit changes nothing.
    ///
    /// # Errors
    /// What is wrong with it: its code, its place in the chain, or an item.
    pub fn receive(&mut self, code: &str) -> Result<(), FriendError> {
        self.receive_with(code, &mut Trust::Now)
    }

    /// [`FriendMatch::receive`], its proofs checked and tokens made as `trust`
    /// says.
    fn receive_with(&mut self, code: &str, trust: &mut Trust) -> Result<(), FriendError> {
        if let Some(cheat) = self.void {
            return Err(FriendError::Void(cheat));
        }
        if self.abandoned {
            return Err(FriendError::Over);
        }
        let message = Message::decode(code)?;
        // Read by its layout: this match's construction only.
        let layout = self.journal.secrets.layout();
        if message.version != layout && message.header.game == self.chain.game {
            return Err(if message.version < layout {
                FriendError::OlderVersion
            } else {
                FriendError::Wire(WireError::Version(message.version))
            });
        }
        if self.holding && message.header.game == self.chain.game {
            // Taken already, and not answered yet: nothing may come now.
            return Err(FriendError::Chain(
                if message.header.number < self.next_number {
                    ChainError::Old
                } else {
                    ChainError::Ahead
                },
            ));
        }
        self.chain.check(&message.header)?;
        // Signed by the friend's key: theirs as known, or (the acceptance)
        // the one it announces.
        let announced = message.items.iter().find_map(|i| match i {
            Item::Key(k) if self.seat == Seat::Host && self.start.is_none() => Some(*k),
            _ => None,
        });
        let key = self
            .their_key
            .or(announced.filter(|_| self.signing.is_some()));
        // (A message from the journal had its signature checked when it
        // arrived.)
        let kept = matches!(trust, Trust::Journal(_));
        if !kept && key.is_some_and(|k| !signed_by(&message, &k)) {
            return Err(FriendError::Signature);
        }
        // A seat that signs takes only signed messages: an acceptance
        // without its key is from a page before it, any later message
        // without a signature was changed.
        if self.signing.is_some() && key.is_none() && self.journal.secrets.is_current() {
            let acceptance = self.seat == Seat::Host && self.start.is_none();
            return Err(if acceptance {
                FriendError::OlderVersion
            } else {
                FriendError::Signature
            });
        }
        match self.take_message(code, message, trust) {
            Err(e) => match Cheat::of(&e) {
                // The friend's page lied: kept as evidence, the match void.
                Some(cheat) => {
                    self.void = Some(cheat);
                    self.journal
                        .steps
                        .push(JournalEntry::Void(code.to_string()));
                    Err(FriendError::Void(cheat))
                }
                None => Err(e),
            },
            ok => ok,
        }
    }

    /// Takes in all that `message` (in its place in the chain) carries, or
    /// nothing.
    fn take_message(
        &mut self,
        code: &str,
        message: Message,
        trust: &mut Trust,
    ) -> Result<(), FriendError> {
        let mut next = self.clone();
        next.answering = wire::digest(code);
        // A share waits until its card is known to be this seat's (or open
        // to it): a card drawn after an action comes after that action.
        let (shares, others): (Vec<Item>, Vec<Item>) = message
            .items
            .into_iter()
            .partition(|i| matches!(i, Item::Share { .. } | Item::Token { .. }));
        let mut shares: Vec<(usize, Opening)> = shares
            .into_iter()
            .filter_map(|i| match i {
                Item::Share { position, share } => {
                    Some((usize::from(position), Opening::Share(share)))
                }
                Item::Token { position, token } => {
                    Some((usize::from(position), Opening::Token(token)))
                }
                _ => None,
            })
            .collect();
        if next.journal.secrets.is_current() {
            chance_in_order(&others)?;
        }
        let mut items = others.into_iter().peekable();
        while let Some(item) = items.next() {
            next.open_shares(&mut shares, trust)?;
            if let Item::Action(bytes) = item {
                // The tokens of the cards it plays follow it.
                let mut played = Vec::new();
                while let Some(Item::Played { position, token }) =
                    items.next_if(|i| matches!(i, Item::Played { .. }))
                {
                    played.push((usize::from(position), token));
                }
                next.take_action(&bytes, played, trust)?;
            } else {
                next.take(item, trust)?;
            }
        }
        next.open_shares(&mut shares, trust)?;
        if let Some(&(position, _)) = shares.first() {
            return Err(FriendError::Round(RoundError::NotYours(position)));
        }
        if self.resigned.is_none() && next.resigned == Some(next.side().opponent()) {
            next.audit_resigned()?;
        }
        next.next_number = message.header.number + 1;
        next.chain.last_digest = wire::digest(code);
        next.holding = true;
        next.journal
            .steps
            .push(JournalEntry::Received(code.to_string()));
        *self = next;
        Ok(())
    }

    /// Opens the waiting `shares` whose cards this seat now holds (or sees);
    /// the others wait.
    fn open_shares(
        &mut self,
        shares: &mut Vec<(usize, Opening)>,
        trust: &Trust,
    ) -> Result<(), FriendError> {
        // Not before the deck in dealing order has come.
        let Some(round) = self.round.as_mut().filter(|r| r.is_dealt()) else {
            return Ok(());
        };
        let mut waiting = Vec::new();
        for (position, share) in shares.drain(..) {
            match round.receive_share(position, share.clone(), trust) {
                Ok(()) => {}
                Err(RoundError::NotYours(_)) => waiting.push((position, share)),
                Err(e) => return Err(e.into()),
            }
        }
        *shares = waiting;
        Ok(())
    }

    fn take(&mut self, item: Item, trust: &mut Trust) -> Result<(), FriendError> {
        match item {
            Item::Accept { name } if self.seat == Seat::Host && self.start.is_none() => {
                self.names.black = name;
            }
            Item::Reveal {
                purpose: FIRST,
                value,
            } if self.start.is_none() => self.first_round(value, trust)?,
            // The locks' items only in a match dealt with them (retired).
            Item::FirstDeck(_) | Item::SecondDeck(_) | Item::Lock(_) if self.keys.is_some() => {
                return Err(FriendError::Unexpected);
            }
            Item::FirstDeck(deck) => {
                let start = self.start.ok_or(FriendError::Unexpected)?;
                if self.round.is_some() {
                    return Err(FriendError::Unexpected);
                }
                let mut rng = self.secret_rng(SECOND_DECK);
                let round = RoundState::shuffle_second(start, self.side(), deck, &mut rng)?;
                self.used_secret(rng);
                self.out.push(Item::SecondDeck(round.deck().to_vec()));
                self.round = Some(round);
            }
            Item::SecondDeck(deck) => {
                self.round
                    .as_mut()
                    .ok_or(FriendError::Unexpected)?
                    .receive_deck(deck)?;
            }
            Item::MaskedFirst(bytes) => {
                let start = self.start.ok_or(FriendError::Unexpected)?;
                let keys = self.keys.as_ref().ok_or(FriendError::Unexpected)?;
                if self.round.is_some() {
                    return Err(FriendError::Unexpected);
                }
                let context = Context::new(self.chain.game, self.dealt + 1);
                let deal = Deal {
                    keys,
                    context,
                    answering: &self.answering,
                    played_proven: self.journal.secrets.is_current(),
                };
                let (round, deck) =
                    RoundState::mask_second(start, self.side(), deal, &bytes, trust)?;
                self.keep_dealt(&deck);
                self.dealt += 1;
                self.out.push(Item::MaskedSecond(deck));
                self.commit_round_value();
                self.round = Some(round);
            }
            Item::MaskedSecond(bytes) => {
                self.round
                    .as_mut()
                    .ok_or(FriendError::Unexpected)?
                    .receive_masked(&bytes, trust)?;
            }
            Item::DeckKey(bytes)
                if self.seat == Seat::Host && self.start.is_none() && self.keys.is_none() =>
            {
                let key = self.deck_key.clone().ok_or(FriendError::Unexpected)?;
                self.keys = Some(key.with(&bytes).map_err(RoundError::Proof)?);
            }
            Item::Commit {
                purpose: NEXT,
                digest,
            } if self.keys.is_some() && self.their_next.is_none() => {
                self.their_next = Some(Commitment(digest));
            }
            Item::Reveal {
                purpose: NEXT,
                value,
            } if self.their_lock.is_none()
                && self.round.as_ref().is_some_and(RoundState::is_masked) =>
            {
                let promised = self.their_next.ok_or(FriendError::Unexpected)?;
                if !promised.opens_to(TAG_NEXT, &value) {
                    return Err(FriendError::Commitment);
                }
                self.their_lock = Some(value);
                if self.resigned != Some(self.side().opponent()) {
                    self.audit(trust)?;
                }
            }
            Item::Action(bytes) => self.take_action(&bytes, Vec::new(), trust)?,
            Item::Shown(values) => {
                let hand = Hand::from_cards(values.iter().filter_map(|&v| Card::new(v)));
                self.round
                    .as_mut()
                    .ok_or(FriendError::Unexpected)?
                    .receive_shown(hand)?;
            }
            Item::Lock(lock)
                if self.their_lock.is_none()
                    && self.round.as_ref().is_some_and(|r| !r.is_masked()) =>
            {
                self.their_lock = Some(lock);
                // With a resignation, the round so far is audited once all
                // the message is in (`take_message`).
                if self.resigned != Some(self.side().opponent()) {
                    self.audit(trust)?;
                }
            }
            Item::Resign if self.resigned.is_none() => {
                self.resigned = Some(self.side().opponent());
                if let Some(round) = self.round.as_mut() {
                    round.give_up();
                }
            }
            // The friend's key, in the acceptance (checked in `receive`).
            Item::Key(k)
                if self.seat == Seat::Host && self.start.is_none() && self.their_key.is_none() =>
            {
                self.their_key = Some(k);
            }
            Item::Signature(_) => {}
            _ => return Err(FriendError::Unexpected),
        }
        Ok(())
    }

    /// The friend's action (`bytes` as the share link encodes it), with the
    /// tokens of the cards it plays (`played`: every card proven when
    /// played; retired matches carry none).
    fn take_action(
        &mut self,
        bytes: &[u8],
        played: Vec<(usize, Vec<u8>)>,
        trust: &Trust,
    ) -> Result<(), FriendError> {
        let record = link::read_action(bytes).map_err(|_| FriendError::Unexpected)?;
        let (_, action) = parse::action(&record).map_err(|_| FriendError::Unexpected)?;
        let me = self.side();
        let proven = self.journal.secrets.is_current();
        let round = self.round.as_mut().ok_or(FriendError::Unexpected)?;
        match action {
            // The other side's pick, when it starts: no card.
            Action::Choose(special) if round.start().starter() != me && played.is_empty() => {
                self.choose(special)
            }
            Action::Choose(_) => Err(FriendError::Unexpected),
            _ if proven => Ok(round.receive_action(action, Some(&played), trust)?),
            _ if played.is_empty() => Ok(round.receive_action(action, None, trust)?),
            _ => Err(FriendError::Unexpected),
        }
    }

    /// Round 1's chance, from both values: the round's start, and the host
    /// shuffles first.
    fn first_round(&mut self, theirs: [u8; 32], trust: &mut Trust) -> Result<(), FriendError> {
        let (host, guest) = match self.seat {
            Seat::Host => (self.value, theirs),
            Seat::Guest => {
                let commit = self.their_commit.ok_or(FriendError::Unexpected)?;
                if !commit.opens_to(TAG_FIRST, &theirs) {
                    return Err(FriendError::Commitment);
                }
                (theirs, self.value)
            }
        };
        // A host with the proven deck plays only with it: an acceptance
        // without the friend's deck key is from a page before it.
        if self.deck_key.is_some() && self.keys.is_none() {
            return Err(if self.journal.secrets.is_current() {
                FriendError::OlderVersion
            } else {
                FriendError::Unexpected
            });
        }
        let start = start_from(self.rules, None, joint(TAG_FIRST, &host, &guest))?;
        self.start = Some(start);
        if self.seat == Seat::Host {
            self.out.push(Item::Reveal {
                purpose: FIRST,
                value: self.value,
            });
            self.deal_first(start, trust)?;
        }
        Ok(())
    }

    /// This seat shuffles first for the round that starts as `start`: its
    /// deck (proven deck: with its argument and its round value's
    /// commitment) goes with the next message.
    fn deal_first(&mut self, start: PublicState, trust: &mut Trust) -> Result<(), FriendError> {
        let Some(keys) = &self.keys else {
            let mut rng = self.secret_rng(FIRST_DECK);
            let round = RoundState::shuffle_first(start, self.side(), &mut rng);
            self.used_secret(rng);
            self.out.push(Item::FirstDeck(round.first_deck().to_vec()));
            self.round = Some(round);
            return Ok(());
        };
        let context = Context::new(self.chain.game, self.dealt + 1);
        let deal = Deal {
            keys,
            context,
            answering: &self.answering,
            played_proven: self.journal.secrets.is_current(),
        };
        let (round, deck) = RoundState::mask_first(start, self.side(), deal, trust)?;
        self.keep_dealt(&deck);
        self.dealt += 1;
        self.out.push(Item::MaskedFirst(deck));
        self.commit_round_value();
        self.round = Some(round);
        Ok(())
    }

    /// This seat's commitment to its value for the round just dealt.
    fn commit_round_value(&mut self) {
        let value = round_value(&self.journal.seed, self.chain.game, self.dealt);
        self.out.push(Item::Commit {
            purpose: NEXT,
            digest: Commitment::to(TAG_NEXT, &value).0,
        });
    }

    /// The round is over and both locks (proven deck: both hands and round
    /// values) are known: its audit, then the round added to the match as
    /// the engine replays it, and the next round's start from both.
    fn audit(&mut self, trust: &mut Trust) -> Result<(), FriendError> {
        let (seed, game, dealt) = (self.journal.seed, self.chain.game, self.dealt);
        let lock_sent = self.lock_sent;
        let round = self.round.as_mut().ok_or(FriendError::Unexpected)?;
        let theirs = self.their_lock.ok_or(FriendError::Unexpected)?;
        let setup = round.audit(theirs).map_err(unshown)?;
        let replay_error = FriendError::Audit(RoundError::NotOver);
        let mut played = match self.played.take() {
            None => Match::from_setup(&setup).map_err(|_| replay_error)?,
            Some(mut m) => {
                m.start_round(&setup).map_err(|_| replay_error)?;
                m
            }
        };
        for &(_, action) in round.actions() {
            played.play(action).map_err(|_| replay_error)?;
        }
        if !played.round().is_over() {
            return Err(replay_error);
        }
        // What this seat owes if the other's came first: its hand (proven
        // deck), then its lock or round value.
        let mut owed: Vec<Item> = Vec::new();
        if !lock_sent {
            let hand = round.hand_due(trust).map_err(FriendError::Audit)?;
            owed.extend(hand.into_iter().map(opening_item));
        }
        let mine = match round.reveal() {
            Some(lock) => {
                owed.push(Item::Lock(lock));
                lock
            }
            None => {
                let value = round_value(&seed, game, dealt);
                owed.push(Item::Reveal {
                    purpose: NEXT,
                    value,
                });
                value
            }
        };
        let (white, black) = match self.seat {
            Seat::Host => (mine, theirs),
            Seat::Guest => (theirs, mine),
        };
        self.start = if played.is_over() {
            None
        } else {
            let seed = joint(TAG_NEXT, &white, &black);
            Some(start_from(self.rules, Some(&played), seed)?)
        };
        self.played = Some(played);
        self.round = None;
        self.their_lock = None;
        self.their_next = None;
        self.shown_sent = false;
        if !std::mem::replace(&mut self.lock_sent, false) {
            // The other's came first: this seat's goes now, so that the
            // other can audit, with the next round's first shuffle.
            self.out.extend(owed);
            if let Some(start) = self.start {
                self.deal_first(start, trust)?;
            }
        }
        Ok(())
    }
}

/// An audit's error: a hand not shown (its tokens left out of the message
/// that ends the round or resigns) is refused, as a missing lock is; what
/// was shown and is false is a cheat.
fn unshown(e: RoundError) -> FriendError {
    match e {
        RoundError::Unopened => FriendError::Unexpected,
        e => FriendError::Audit(e),
    }
}

/// The chance in order (every card proven when played): a deck comes with
/// its sender's commitment to its next value, a commitment only with a
/// deck, and a hand shown at the round's end with its value revealed.
///
/// # Errors
/// [`FriendError::Chance`] when not.
fn chance_in_order(items: &[Item]) -> Result<(), FriendError> {
    let count = |f: fn(&Item) -> bool| items.iter().filter(|i| f(i)).count();
    let decks = count(|i| matches!(i, Item::MaskedFirst(_) | Item::MaskedSecond(_)));
    let commits = count(|i| matches!(i, Item::Commit { purpose: NEXT, .. }));
    let shown = count(|i| matches!(i, Item::Shown(_)));
    let reveals = count(|i| matches!(i, Item::Reveal { purpose: NEXT, .. }));
    if decks != commits || (shown > 0 && reveals == 0) {
        return Err(FriendError::Chance);
    }
    Ok(())
}

/// The item that carries a played card's token.
fn played_item((position, token): (usize, Vec<u8>)) -> Item {
    let position = u8::try_from(position).unwrap_or(u8::MAX);
    Item::Played { position, token }
}

/// The item that carries an opening.
fn opening_item((position, opening): (usize, Opening)) -> Item {
    let position = u8::try_from(position).unwrap_or(u8::MAX);
    match opening {
        Opening::Share(share) => Item::Share { position, share },
        Opening::Token(token) => Item::Token { position, token },
    }
}

/// Whether `actions` replay on the round dealt as `setup` (a resigned
/// round's audit).
///
/// # Errors
/// [`FriendError::Audit`] when they do not.
fn replays(
    setup: &crate::engine::RoundSetup,
    actions: &[(Side, Action)],
) -> Result<(), FriendError> {
    let false_action = FriendError::Audit(RoundError::NotOver);
    let mut replay = crate::engine::Round::set_up(setup).map_err(|_| false_action)?;
    for &(_, action) in actions {
        replay.play(action).map_err(|_| false_action)?;
    }
    Ok(())
}

/// A kept match of an older construction (the locks, or the proven deck
/// before every card was proven when played), opened read-only: who played
/// whom, its audited rounds and its journal, to export or remove. Nothing
/// here receives, plays or sends: it is never played on.
#[derive(Debug)]
pub struct Retired {
    kept: FriendMatch,
}

impl Retired {
    /// The match `journal` keeps, rebuilt from its own steps.
    ///
    /// # Errors
    /// [`FriendError::Kept`] when a step does not replay;
    /// [`FriendError::Unexpected`] for a match of the current construction
    /// ([`FriendMatch::restore`] opens it).
    pub fn restore(journal: &Journal) -> Result<Retired, FriendError> {
        if journal.secrets.is_current() {
            return Err(FriendError::Unexpected);
        }
        Ok(Retired {
            kept: FriendMatch::rebuilt(journal)?,
        })
    }

    /// The match's id, as its messages name it.
    pub fn id(&self) -> [u8; 8] {
        self.kept.id()
    }

    /// This seat's side.
    pub fn side(&self) -> Side {
        self.kept.side()
    }

    /// The players' names (White the host's).
    pub fn names(&self) -> &BySide<String> {
        self.kept.names()
    }

    /// The audited rounds as the engine replays them.
    pub fn played(&self) -> Option<&Match> {
        self.kept.played()
    }

    /// What the page keeps of it: how it began and every step.
    pub fn journal(&self) -> &Journal {
        self.kept.journal()
    }
}
