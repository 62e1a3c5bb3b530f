//! Engine values as record JSON: actions, round states (docs/FORMATS.md, command line) and
//! whole records of a match.

use serde_json::{json, Value};

use crate::engine::{
    Action, BySide, Hand, Match, Phase, Preset, Round, RoundResult, RoundSetup, Rules, Side,
    FIRST_SQUARE, LAST_SQUARE,
};

use super::format::{
    ActionRecord, RecordOut, RoundOut, RulesOptions, RulesSpec, SetupRecord, FORMAT,
};

fn values(hand: Hand) -> Vec<u8> {
    hand.cards().map(|c| c.value()).collect()
}

/// An action object; `by` is included when given.
pub fn action(by: Option<Side>, action: Action) -> ActionRecord {
    let mut a = ActionRecord {
        by: by.map(|s| s.name().to_string()),
        ..ActionRecord::default()
    };
    match action {
        Action::Advance(c) => (a.act, a.card) = ("advance".into(), Some(c.value())),
        Action::Retreat(c) => (a.act, a.card) = ("retreat".into(), Some(c.value())),
        Action::Attack { card, count } => {
            (a.act, a.card, a.count) = ("attack".into(), Some(card.value()), Some(count))
        }
        Action::Lunge {
            advance,
            card,
            count,
        } => {
            a.act = "lunge".into();
            (a.advance, a.card, a.count) = (Some(advance.value()), Some(card.value()), Some(count));
        }
        Action::Parry => a.act = "parry".into(),
        Action::Forfeit => a.act = "forfeit".into(),
        Action::Choose(s) => (a.act, a.special) = ("choose".into(), Some(s.name().into())),
    }
    a
}

/// `rules` as a preset name when the options are a preset's, else an object.
pub fn rules(r: Rules) -> RulesSpec {
    if let Some(p) = r.preset() {
        return RulesSpec::Preset(p.name().into());
    }
    let base = Preset::Advanced.rules();
    let differs = |a: bool, b: bool| (a != b).then_some(a);
    RulesSpec::Options(RulesOptions {
        preset: Some("advanced".into()),
        level: (r.level != base.level).then(|| r.level.name().into()),
        final_strike: differs(r.final_strike, base.final_strike),
        final_count: differs(r.final_count, base.final_count),
        count_after_retreat: differs(r.count_after_retreat, base.count_after_retreat),
        starter: (r.starter != base.starter).then(|| r.starter.name().into()),
        special_cards: differs(r.special_cards, base.special_cards),
        points_to_win: (r.points_to_win != base.points_to_win).then_some(r.points_to_win),
    })
}

pub fn result(r: Option<RoundResult>) -> Value {
    match r {
        None => Value::Null,
        Some(r) => json!({"winner": r.winner.map(Side::name), "reason": r.reason.name()}),
    }
}

/// A round's state as `engarde replay` prints it (docs/FORMATS.md, command line). `score` is the
/// match score at that moment.
pub fn state(round: &Round, score: BySide<u8>) -> Value {
    let p = round.public();
    let over = round.is_over();
    json!({
        "white": p.position.white,
        "black": p.position.black,
        "to_act": if over { Value::Null } else { json!(p.to_act.name()) },
        "phase": p.phase.name(),
        "hands": {"white": values(round.hand(Side::White)), "black": values(round.hand(Side::Black))},
        "deck": round.pile().len(),
        "score": {"white": score.white, "black": score.black},
        "pending": p.pending.map_or(Value::Null, |q| json!({
            "kind": q.kind.name(), "card": q.card.value(), "count": q.count
        })),
    })
}

/// A round's setup, leaving out what the reader derives (default squares,
/// carried-over score after the first round, empty piles).
pub fn setup(s: &RoundSetup, first: bool) -> SetupRecord {
    let some_if = |cond: bool, v: Vec<u8>| cond.then_some(v);
    SetupRecord {
        starter: Some(s.starter.name().into()),
        hands: BySide {
            white: values(s.hands.white),
            black: values(s.hands.black),
        },
        deck: s.deck.iter().map(|c| c.value()).collect(),
        white: (s.position.white != FIRST_SQUARE).then_some(s.position.white),
        black: (s.position.black != LAST_SQUARE).then_some(s.position.black),
        discard: some_if(!s.discard.is_empty(), values(s.discard)),
        score: (first && s.score != BySide::default()).then_some(BySide {
            white: s.score.white,
            black: s.score.black,
        }),
        special: s.special.map(|x| x.name().into()),
        choice: s.chosen.then_some(true),
        aside: some_if(!s.aside.is_empty(), values(s.aside)),
    }
}

/// The record of a match so far.
pub fn record(m: &Match) -> RecordOut {
    RecordOut {
        format: FORMAT,
        rules: rules(m.rules()),
        players: None,
        rounds: m
            .rounds()
            .iter()
            .enumerate()
            .map(|(i, log)| RoundOut {
                setup: setup(&log.setup, i == 0),
                actions: log
                    .actions
                    .iter()
                    .map(|&(by, a)| action(Some(by), a))
                    .collect(),
            })
            .collect(),
        awaiting_choice: m.round().phase() == Phase::Choose,
        hints: 0,
        takebacks: 0,
    }
}

/// The record of a match as pretty JSON text.
pub fn record_json(m: &Match) -> String {
    serde_json::to_string_pretty(&record(m)).expect("records always serialize")
}
