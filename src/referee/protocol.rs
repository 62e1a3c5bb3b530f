//! Bot protocol v1 (docs/FORMATS.md, bot protocol): the JSON lines a referee and a bot exchange.
//! The view a bot gets is built from the match and one side's observation; it
//! never holds hidden cards (only the opponent's hand under Open hands).

use serde_json::{json, Value};

use crate::engine::{
    Action, AttackKind, BySide, Hand, Match, Observation, PastAction, Pending, Phase, PublicParts,
    PublicState, RoundResult, Side, Special,
};
use crate::record::format::ActionRecord;
use crate::record::{parse, write};

/// The `view` of an `act` message: what `side` may know now.
pub fn view(game: &Match, side: Side) -> Value {
    let round = game.round();
    let obs = round.observation(side);
    let p = &obs.public();
    let discard: Vec<Value> = game
        .rounds()
        .last()
        .filter(|_| round.phase() != Phase::Choose)
        .map(played_list)
        .unwrap_or_default();
    json!({
        "rules": write::rules(p.rules),
        "you": side.name(),
        "white": p.position.white,
        "black": p.position.black,
        "to_act": p.to_act.name(),
        "phase": p.phase.name(),
        "hand": obs.hand().cards().map(|c| c.value()).collect::<Vec<_>>(),
        "opponent_hand": match obs.opponent_hand() {
            Some(h) => json!(h.cards().map(|c| c.value()).collect::<Vec<_>>()),
            None => json!(obs.opponent_hand_len()),
        },
        "deck": obs.pile_len(),
        "discard": discard,
        "pending": p.pending.map_or(Value::Null, |q| json!({
            "kind": q.kind.name(), "card": q.card.value(), "count": q.count
        })),
        "score": {"white": game.score().white, "black": game.score().black},
        "round": game.turned_specials().len().max(game.rounds().len()),
        "special": p.special.map(Special::name),
        "choice": p.chosen,
        "starter": p.starter.name(),
        "final_answer": p.final_answer,
    })
}

/// [`view`] with only bot protocol v1's own fields, as a referee that
/// knows none of this project's extensions sends it: no `starter`,
/// `choice` or `final_answer`, and parries in `discard` without the card
/// and count they played. [`read_view`] reads both alike.
pub fn view_v1(game: &Match, side: Side) -> Value {
    let mut view = view(game, side);
    if let Some(fields) = view.as_object_mut() {
        for extension in ["starter", "choice", "final_answer"] {
            fields.remove(extension);
        }
    }
    if let Some(discard) = view.get_mut("discard").and_then(Value::as_array_mut) {
        for entry in discard.iter_mut().filter_map(Value::as_object_mut) {
            if entry.get("do").and_then(Value::as_str) == Some("parry") {
                entry.remove("card");
                entry.remove("count");
            }
        }
    }
    view
}

/// An `act` message with the v1 view ([`view_v1`]).
pub fn act_message_v1(game: &Match, side: Side) -> Value {
    let mut message = act_message(game, side);
    message["view"] = view_v1(game, side);
    message
}

/// Every card played this round, in order: each action that played cards, with
/// who played it; a parry shows its cards.
fn played_list(log: &crate::engine::RoundLog) -> Vec<Value> {
    let mut round = crate::engine::Round::set_up(&log.setup).ok();
    let mut out = Vec::new();
    for &(by, action) in &log.actions {
        let pending = round.as_ref().and_then(|r| r.public().pending);
        let mut entry = serde_json::to_value(write::action(Some(by), action)).expect("serializes");
        if let (Action::Parry, Some(q)) = (action, pending) {
            entry["card"] = json!(q.card.value());
            entry["count"] = json!(q.count);
        }
        if action != Action::Forfeit {
            out.push(entry);
        }
        if let Some(r) = round.as_mut() {
            let _ = r.play(action);
        }
    }
    out
}

/// An `act` message: the view and the legal actions.
pub fn act_message(game: &Match, side: Side) -> Value {
    let legal: Vec<ActionRecord> = game
        .round()
        .legal_actions()
        .iter()
        .map(|&a| write::action(None, a))
        .collect();
    json!({"type": "act", "view": view(game, side), "legal": legal})
}

/// A `result` message at the end of a round (and of the match).
pub fn result_message(game: &Match, result: Option<RoundResult>) -> Value {
    json!({
        "type": "result",
        "round": write::result(result),
        "score": {"white": game.score().white, "black": game.score().black},
        "match_winner": game.winner().map(Side::name),
        "match_over": game.is_over(),
    })
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, String> {
    v.get(name).ok_or_else(|| format!("view has no \"{name}\""))
}

fn u8_field(v: &Value, name: &str) -> Result<u8, String> {
    field(v, name)?
        .as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .ok_or_else(|| format!("view: \"{name}\" must be a small whole number"))
}

fn cards_field(v: &Value, what: &str) -> Result<Hand, String> {
    let list = v
        .as_array()
        .ok_or_else(|| format!("view: {what} must be a list of cards"))?;
    let mut hand = Hand::EMPTY;
    for c in list {
        let value = c
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| format!("view: {what} holds a non-card {c}"))?;
        hand.add(parse::card(value, what)?, 1);
    }
    Ok(hand)
}

/// A `view` read back: everything a player may know, as
/// [`Match::observation`] and [`Match::round_history`] give it natively.
#[derive(Clone, Debug)]
pub struct View {
    /// The observation; its `opponent_last` is the opponent's latest action
    /// in `history`.
    pub observation: Observation,
    /// The round's actions so far, each with what was public before it, from
    /// the ordered `discard`; empty when the discard leaves out who played
    /// (then `problem` says so) or cannot have led to the view.
    pub history: Vec<PastAction>,
    /// Why `history` is empty although the discard is not.
    pub problem: Option<String>,
}

/// Reads a `view` back (for bots written with this library, such as
/// `engarde bot`). A discard that does not replay to the view leaves the
/// history empty, with the reason in [`View::problem`], rather than refusing
/// a view whose observation is sound.
///
/// # Errors
/// What is missing or malformed in the view.
pub fn read_view(view: &Value) -> Result<View, String> {
    let (mut observation, actions) = parse_view(view)?;
    let history = observation
        .history(&actions)
        .map_err(|e| format!("view: discard: {e}; read without the round's history"));
    let (history, problem) = match history {
        Ok(h) => (h, None),
        Err(e) => (Vec::new(), (!actions.is_empty()).then_some(e)),
    };
    let last = history
        .iter()
        .rev()
        .find(|p| p.before.to_act == observation.side().opponent())
        .copied();
    observation = observation.after(last);
    Ok(View {
        observation,
        history,
        problem,
    })
}

/// [`read_view`]'s observation alone.
///
/// # Errors
/// As [`read_view`].
pub fn observation(view: &Value) -> Result<Observation, String> {
    read_view(view).map(|v| v.observation)
}

/// The view's observation and its `discard`'s actions with who played them.
type Parsed = (Observation, Vec<(Side, Action)>);

/// One entry of a `discard`: who played it, if it says, the action, and for
/// a parry the attack it parried.
type Entry = (Option<Side>, Action, Option<Pending>);

/// A `discard` read entry by entry. A parry's `card` and `count` are this
/// project's extension: without them, the parried attack is the entry
/// before it (an attack or a lunge, R17, R20).
fn discard_entries(discard: &Value) -> Result<Vec<Entry>, String> {
    let mut entries: Vec<Entry> = Vec::new();
    let list = discard.as_array().ok_or("view: discard must be a list")?;
    for (i, entry) in list.iter().enumerate() {
        let record: ActionRecord = serde_json::from_value(entry.clone())
            .map_err(|e| format!("view: discard entry {i}: {e}"))?;
        let (by, action) = parse::action(&record)?;
        if let Action::Attack { count, .. } | Action::Lunge { count, .. } = action {
            if !(1..=5).contains(&count) {
                return Err(format!("view: discard holds an attack of {count} cards"));
            }
        }
        let pending = match (action, record.card, record.count) {
            (Action::Parry, Some(c), Some(n)) => Some(Pending {
                kind: AttackKind::Attack,
                card: parse::card(c, "parry")?,
                count: n,
            }),
            (Action::Parry, None, None) => match entries.last() {
                Some(&(
                    _,
                    Action::Attack { card, count } | Action::Lunge { card, count, .. },
                    _,
                )) => Some(Pending {
                    kind: AttackKind::Attack,
                    card,
                    count,
                }),
                _ => {
                    return Err(format!(
                        "view: discard entry {i}: a parry must follow an attack or a lunge"
                    ))
                }
            },
            (Action::Parry, ..) => {
                return Err("view: a parry in discard needs both card and count, or neither".into())
            }
            _ => None,
        };
        if pending.is_some_and(|p| !(1..=5).contains(&p.count)) {
            return Err("view: discard holds a parry of more than 5 cards".into());
        }
        entries.push((by, action, pending));
    }
    Ok(entries)
}

fn parse_view(view: &Value) -> Result<Parsed, String> {
    let rules_spec = field(view, "rules")?;
    let spec =
        serde_json::from_value(rules_spec.clone()).map_err(|e| format!("view: rules: {e}"))?;
    let rules = parse::rules(Some(&spec))?;
    let side = parse::side(field(view, "you")?.as_str().unwrap_or(""))?;
    let to_act = parse::side(field(view, "to_act")?.as_str().unwrap_or(""))?;
    let phase = match field(view, "phase")?.as_str() {
        Some("choose") => Phase::Choose,
        Some("turn") => Phase::Turn,
        Some("answer") => Phase::Answer,
        Some("over") => Phase::Over,
        _ => return Err("view: phase must be choose, turn, answer or over".into()),
    };
    let hand = cards_field(field(view, "hand")?, "hand")?;
    let (opponent_hand, opponent_hand_len) = match field(view, "opponent_hand")? {
        Value::Array(_) => {
            let h = cards_field(field(view, "opponent_hand")?, "opponent_hand")?;
            (Some(h), h.len())
        }
        _ => (None, u8_field(view, "opponent_hand")?),
    };
    let entries = discard_entries(field(view, "discard")?)?;
    let mut played = Hand::EMPTY;
    for &(_, action, pending) in &entries {
        played = played.plus(action.cards(pending));
        if Hand::FULL_DECK.minus(played).is_none() {
            return Err("view: discard holds more than five cards of a value".into());
        }
    }
    let pending = match field(view, "pending")? {
        Value::Null => None,
        q => Some(Pending {
            kind: match q.get("kind").and_then(Value::as_str) {
                Some("attack") => AttackKind::Attack,
                Some("lunge") => AttackKind::Lunge,
                _ => return Err("view: pending.kind must be attack or lunge".into()),
            },
            card: parse::card(u8_field(q, "card")?, "pending.card")?,
            count: match u8_field(q, "count")? {
                n @ 1..=5 => n,
                n => return Err(format!("view: a pending attack of {n} cards is impossible")),
            },
        }),
    };
    let special = match view.get("special") {
        None | Some(Value::Null) => None,
        Some(s) => Some(
            s.as_str()
                .and_then(Special::from_name)
                .ok_or_else(|| format!("view: unknown special card {s}"))?,
        ),
    };
    let score = field(view, "score")?;
    // v1 has no `starter`: the discard's first entry says who started, and
    // so does the side to act, the turn having passed once for each action
    // but a parry (R18) since the start.
    let passes = entries.iter().filter(|e| e.1 != Action::Parry).count();
    let by_turns = if passes % 2 == 0 {
        to_act
    } else {
        to_act.opponent()
    };
    let starter = match view.get("starter").and_then(Value::as_str) {
        Some(name) => parse::side(name)?,
        None => entries.first().and_then(|e| e.0).unwrap_or(by_turns),
    };
    let white = u8_field(view, "white")?;
    let black = u8_field(view, "black")?;
    let pile_len = u8_field(view, "deck")?;
    let aside_len = if special == Some(Special::TenCards) {
        5
    } else {
        0
    };
    // S4: while the Choice card waits for its pick, nothing is dealt.
    if phase == Phase::Choose
        && (special != Some(Special::Choice)
            || !hand.is_empty()
            || opponent_hand_len != 0
            || !played.is_empty()
            || pile_len != 25)
    {
        return Err(
            "view: a choose phase needs the Choice card turned and nothing dealt or played".into(),
        );
    }
    // An entry without `by` (v1 makes it optional in an action object) was
    // played by the side whose turn it was.
    let mut turn = starter;
    let actions = entries
        .iter()
        .map(|&(by, action, _)| {
            let by = by.unwrap_or(turn);
            if action != Action::Parry {
                turn = by.opponent();
            }
            (by, action)
        })
        .collect();
    let public = PublicState::new(PublicParts {
        rules,
        special,
        // v1 has no `choice`: whether the card in force was picked from the
        // Choice card (S4) changes nothing within the round.
        chosen: view.get("choice").and_then(Value::as_bool).unwrap_or(false),
        score: BySide::new(u8_field(score, "white")?, u8_field(score, "black")?),
        starter,
        position: BySide::new(white, black),
        to_act,
        phase,
        pending,
        // v1 has no `final_answer`: an answer is final exactly when the
        // attacker's refill took the pile's last card (E3 step 1), and the
        // pile empties only at a refill, after which a move ends the round.
        final_answer: view.get("final_answer").and_then(Value::as_bool).unwrap_or(
            phase == Phase::Answer && pile_len == 0 && special != Some(Special::TenCards),
        ),
        played,
    })
    .map_err(|e| format!("view: {e}"))?;
    let opponent = opponent_hand.ok_or(opponent_hand_len);
    let obs = Observation::new(public, side, hand, opponent, pile_len, aside_len)
        .map_err(|e| format!("view: {e}"))?;
    Ok((obs, actions))
}
