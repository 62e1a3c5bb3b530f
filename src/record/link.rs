//! A record in a link: the whole record packed into a few hundred URL-safe
//! characters, to share a match in a URL fragment (`#r=…`) that no server
//! sees. Cards take half a byte, an action one to three bytes; a checksum
//! tells a damaged link from a tampered one. Decoding gives the record back
//! as text, which [`super::replay`] then judges like any other record.
//!
//! ```
//! use engarde::record::{link, write};
//! # use rand::SeedableRng;
//! # let mut rng = engarde::GameRng::seed_from_u64(1);
//! let game = engarde::engine::Match::new(Default::default(), engarde::engine::Side::White, &mut rng).unwrap();
//! let record = write::record(&game);
//! let code = link::encode(&record);
//! assert_eq!(link::decode(&code).unwrap(), serde_json::to_string(&record).unwrap());
//! assert!(link::decode(&code[1..]).is_err());
//! ```

use std::fmt;

use crate::engine::BySide;

use super::codec::{self, StopAt, Unsealed};
use super::format::{ActionRecord, RecordOut, RoundOut, RulesSpec, SetupRecord, FORMAT};

/// The layout's version, the first byte.
const VERSION: u8 = 1;
/// The actions' names, by code (a name not listed travels as text, code 7).
const ACTS: [&str; 7] = [
    "advance", "retreat", "attack", "lunge", "parry", "forfeit", "choose",
];
const OTHER_ACT: u8 = 7;

/// Why a link's code does not give a record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Nothing after `#r=`.
    Empty,
    /// A character that is not URL-safe base64, at this position (0-based).
    Character(usize),
    /// Made by a newer or unknown version of the page.
    Version(u8),
    /// Cut short or damaged: the checksum does not match.
    Damaged,
    /// The checksum matches but the content does not read (at this byte):
    /// altered on purpose or made by a faulty program.
    Content(usize),
    /// Longer than [`MAX_CODE_CHARS`]: refused before any decoding.
    TooLong { limit: usize },
}

/// The longest code read, in characters: a match of
/// [`super::MAX_ROUNDS`] rounds packs into fewer (about 100 per round).
pub const MAX_CODE_CHARS: usize = 32_000;

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Empty => f.write_str("the link holds no match"),
            LinkError::Character(at) => write!(f, "the link has a stray character at {at}"),
            LinkError::Version(v) => write!(f, "the link is of an unknown version {v}"),
            LinkError::Damaged => f.write_str("the link is cut short or damaged"),
            LinkError::Content(at) => write!(f, "the link's content does not read at byte {at}"),
            LinkError::TooLong { limit } => {
                write!(f, "the link is longer than {limit} characters")
            }
        }
    }
}

impl std::error::Error for LinkError {}

impl From<StopAt> for LinkError {
    fn from(StopAt(at): StopAt) -> LinkError {
        LinkError::Content(at)
    }
}

impl From<Unsealed> for LinkError {
    fn from(e: Unsealed) -> LinkError {
        match e {
            Unsealed::Character(at) => LinkError::Character(at),
            Unsealed::Damaged => LinkError::Damaged,
        }
    }
}

/// The code of `record` for a link: URL-safe base64 without padding.
pub fn encode(record: &RecordOut) -> String {
    seal(body(record))
}

/// The code of a link's `body` ([`body`]): it sealed with its checksum.
pub fn seal(body: Vec<u8>) -> String {
    codec::seal(body, codec::fnv1a)
}

/// The bytes a link's code seals: `record`, packed.
pub fn body(record: &RecordOut) -> Vec<u8> {
    let mut out = Writer(vec![VERSION]);
    // Rules always serialize (plain fields, no map).
    out.text(&serde_json::to_string(&record.rules).unwrap_or_default());
    match &record.players {
        Some(p) => {
            out.0.push(1);
            out.text(&p.white);
            out.text(&p.black);
        }
        None => out.0.push(0),
    }
    out.number(record.hints);
    out.number(record.takebacks);
    out.0.push(u8::from(record.awaiting_choice));
    out.count(record.rounds.len());
    for round in &record.rounds {
        out.setup(&round.setup);
        out.count(round.actions.len());
        for a in &round.actions {
            out.action(a);
        }
    }
    out.0
}

/// The record (as JSON text) a link's code holds.
///
/// # Errors
/// What is wrong with the code: see [`LinkError`].
pub fn decode(code: &str) -> Result<String, LinkError> {
    if code.is_empty() {
        return Err(LinkError::Empty);
    }
    if code.len() > MAX_CODE_CHARS {
        return Err(LinkError::TooLong {
            limit: MAX_CODE_CHARS,
        });
    }
    let body = codec::unseal(code, codec::fnv1a)?;
    let mut r = Reader(codec::Reader::new(&body));
    let version = r.byte()?;
    if version != VERSION {
        return Err(LinkError::Version(version));
    }
    let rules_at = r.0.at();
    let rules: RulesSpec =
        serde_json::from_str(&r.text()?).map_err(|_| LinkError::Content(rules_at))?;
    let players = match r.byte()? {
        0 => None,
        1 => Some(BySide {
            white: r.text()?,
            black: r.text()?,
        }),
        _ => return Err(r.wrong()),
    };
    let hints = r.number()?;
    let takebacks = r.number()?;
    let awaiting_choice = r.flag()?;
    let rounds = (0..r.count()?)
        .map(|_| {
            let setup = r.setup()?;
            let actions = (0..r.count()?)
                .map(|_| r.action())
                .collect::<Result<_, _>>()?;
            Ok(RoundOut { setup, actions })
        })
        .collect::<Result<_, LinkError>>()?;
    if r.0.left() != 0 {
        return Err(r.wrong());
    }
    let record = RecordOut {
        format: FORMAT,
        rules,
        players,
        rounds,
        awaiting_choice,
        hints,
        takebacks,
    };
    Ok(serde_json::to_string(&record).expect("records always serialize"))
}

struct Writer(Vec<u8>);

impl Writer {
    fn number(&mut self, n: u32) {
        codec::put_number(&mut self.0, n);
    }

    fn count(&mut self, n: usize) {
        self.number(u32::try_from(n).unwrap_or(u32::MAX));
    }

    fn text(&mut self, s: &str) {
        self.count(s.len());
        self.0.extend_from_slice(s.as_bytes());
    }

    /// Card values, two to a byte.
    fn cards(&mut self, values: &[u8]) {
        self.count(values.len());
        for pair in values.chunks(2) {
            self.0
                .push(pair[0] << 4 | pair.get(1).copied().unwrap_or(0));
        }
    }

    fn setup(&mut self, s: &SetupRecord) {
        let present = [
            s.starter.is_some(),
            s.white.is_some(),
            s.black.is_some(),
            s.discard.is_some(),
            s.score.is_some(),
            s.special.is_some(),
            s.choice.is_some(),
            s.aside.is_some(),
        ];
        self.0.push(
            present
                .iter()
                .rev()
                .fold(0, |bits, &p| bits << 1 | u8::from(p)),
        );
        self.cards(&s.hands.white);
        self.cards(&s.hands.black);
        self.cards(&s.deck);
        if let Some(side) = &s.starter {
            self.text(side);
        }
        self.0.extend(s.white);
        self.0.extend(s.black);
        if let Some(d) = &s.discard {
            self.cards(d);
        }
        if let Some(score) = &s.score {
            self.0.extend([score.white, score.black]);
        }
        if let Some(special) = &s.special {
            self.text(special);
        }
        self.0.extend(s.choice.map(u8::from));
        if let Some(a) = &s.aside {
            self.cards(a);
        }
    }

    /// One byte: the act (3 bits), `by` (2 bits: none, white, black, other),
    /// and whether `advance`, `card`, `count` follow.
    fn action(&mut self, a: &ActionRecord) {
        let code = ACTS
            .iter()
            .position(|&n| n == a.act)
            .map_or(OTHER_ACT, |i| i as u8);
        let by = match a.by.as_deref() {
            None => 0,
            Some("white") => 1,
            Some("black") => 2,
            Some(_) => 3,
        };
        let fields = [a.advance, a.card, a.count];
        let mut head = code | by << 3;
        for (i, f) in fields.iter().enumerate() {
            head |= u8::from(f.is_some()) << (5 + i);
        }
        self.0.push(head);
        if code == OTHER_ACT {
            self.text(&a.act);
        }
        if let (3, Some(by)) = (by, &a.by) {
            self.text(by);
        }
        self.0.extend(fields.into_iter().flatten());
        self.0.push(u8::from(a.special.is_some()));
        if let Some(s) = &a.special {
            self.text(s);
        }
    }
}

/// The link's reader: [`codec::Reader`] and the layout's parts.
struct Reader<'a>(codec::Reader<'a>);

impl Reader<'_> {
    fn wrong(&self) -> LinkError {
        LinkError::Content(self.0.at())
    }

    fn byte(&mut self) -> Result<u8, LinkError> {
        Ok(self.0.byte()?)
    }

    fn flag(&mut self) -> Result<bool, LinkError> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(LinkError::Content(self.0.at() - 1)),
        }
    }

    fn number(&mut self) -> Result<u32, LinkError> {
        Ok(self.0.number()?)
    }

    /// A length, no longer than what is left can hold (cards two to a
    /// byte), so nothing huge is allocated.
    fn count(&mut self) -> Result<usize, LinkError> {
        let n = self.number()? as usize;
        if n > self.0.left() * 2 {
            return Err(self.wrong());
        }
        Ok(n)
    }

    fn text(&mut self) -> Result<String, LinkError> {
        let n = self.count()?;
        Ok(self.0.text(n)?)
    }

    fn cards(&mut self) -> Result<Vec<u8>, LinkError> {
        let n = self.count()?;
        let mut values = Vec::with_capacity(n);
        for i in 0..n.div_ceil(2) {
            let b = self.byte()?;
            values.push(b >> 4);
            if 2 * i + 1 < n {
                values.push(b & 0x0f);
            }
        }
        Ok(values)
    }

    fn setup(&mut self) -> Result<SetupRecord, LinkError> {
        let present = self.byte()?;
        let has = |i: u8| present & (1 << i) != 0;
        let hands = BySide {
            white: self.cards()?,
            black: self.cards()?,
        };
        let deck = self.cards()?;
        Ok(SetupRecord {
            hands,
            deck,
            starter: has(0).then(|| self.text()).transpose()?,
            white: has(1).then(|| self.byte()).transpose()?,
            black: has(2).then(|| self.byte()).transpose()?,
            discard: has(3).then(|| self.cards()).transpose()?,
            score: has(4)
                .then(|| {
                    Ok::<_, LinkError>(BySide {
                        white: self.byte()?,
                        black: self.byte()?,
                    })
                })
                .transpose()?,
            special: has(5).then(|| self.text()).transpose()?,
            choice: has(6).then(|| self.flag()).transpose()?,
            aside: has(7).then(|| self.cards()).transpose()?,
        })
    }

    fn action(&mut self) -> Result<ActionRecord, LinkError> {
        let head = self.byte()?;
        let code = head & 7;
        let act = match ACTS.get(usize::from(code)) {
            Some(name) => (*name).to_string(),
            None => self.text()?,
        };
        let by = match head >> 3 & 3 {
            0 => None,
            1 => Some("white".to_string()),
            2 => Some("black".to_string()),
            _ => Some(self.text()?),
        };
        let mut field = |i: u8| {
            (head & (1 << (5 + i)) != 0)
                .then(|| self.byte())
                .transpose()
        };
        let (advance, card, count) = (field(0)?, field(1)?, field(2)?);
        let special = self.flag()?.then(|| self.text()).transpose()?;
        Ok(ActionRecord {
            by,
            act,
            advance,
            card,
            count,
            special,
        })
    }
}

/// One action as a link writes it (also a friend message's action).
#[cfg(feature = "friend")]
pub fn action_bytes(a: &ActionRecord) -> Vec<u8> {
    let mut w = Writer(Vec::new());
    w.action(a);
    w.0
}

/// One action from `bytes`, all of them read.
///
/// # Errors
/// Bytes that are not exactly one action.
#[cfg(feature = "friend")]
pub fn read_action(bytes: &[u8]) -> Result<ActionRecord, LinkError> {
    let mut r = Reader(codec::Reader::new(bytes));
    let a = r.action()?;
    if r.0.left() != 0 {
        return Err(r.wrong());
    }
    Ok(a)
}
