//! Reading record pieces into engine values. Each function checks the shape of
//! one piece (values in range, fields present, no stray fields); whether an
//! action is legal is the engine's question, asked in `replay`.

use crate::engine::{
    Action, BySide, Card, Hand, Preset, RoundSetup, Rules, RulesLevel, Side, Special, StarterRule,
};

use super::format::{ActionRecord, RulesSpec, SetupRecord};

pub fn side(name: &str) -> Result<Side, String> {
    match name {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        other => Err(detail!(
            "unknown side \"{other}\" (expected \"white\" or \"black\")"
        )),
    }
}

pub fn card(value: u8, what: &str) -> Result<Card, String> {
    Card::new(value).ok_or_else(|| detail!("{what} {value} is not a card value 1–5 (R2)"))
}

pub fn cards(values: &[u8], what: &str) -> Result<Vec<Card>, String> {
    values
        .iter()
        .map(|&v| card(v, &detail!("{what}: card")))
        .collect()
}

fn hand(values: &[u8], what: &str) -> Result<Hand, String> {
    Ok(Hand::from_cards(cards(values, what)?))
}

/// `rules` as JSON text: a preset name or an options object (absent or
/// null: `advanced`).
pub fn rules_value(v: Option<&serde_json::value::RawValue>) -> Result<Rules, String> {
    let Some(text) = v.map(serde_json::value::RawValue::get) else {
        return rules(None);
    };
    if text.starts_with('{') {
        let options = serde_json::from_str(text).map_err(|e| detail!("{e}"))?;
        return rules(Some(&RulesSpec::Options(options)));
    }
    match serde_json::from_str::<Option<String>>(text) {
        Ok(None) => rules(None),
        Ok(Some(name)) => rules(Some(&RulesSpec::Preset(name))),
        Err(_) => Err(detail!(
            "must be a preset name or an object of options, not {text}"
        )),
    }
}

/// `rules`: a preset name or an options object; the default is `advanced`.
pub fn rules(spec: Option<&RulesSpec>) -> Result<Rules, String> {
    let preset = |name: &str| {
        Preset::from_name(name).map(Preset::rules).ok_or_else(|| {
            detail!("unknown rules preset \"{name}\" (expected basic, standard, advanced or duel)")
        })
    };
    let options = match spec {
        None => return Ok(Rules::default()),
        Some(RulesSpec::Preset(name)) => return preset(name),
        Some(RulesSpec::Options(o)) => o,
    };
    let mut r = preset(options.preset.as_deref().unwrap_or("advanced"))?;
    if let Some(level) = &options.level {
        r.level = RulesLevel::from_name(level).ok_or_else(|| {
            detail!("unknown level \"{level}\" (expected basic, standard or advanced)")
        })?;
    }
    if let Some(starter) = &options.starter {
        r.starter = StarterRule::from_name(starter).ok_or_else(|| {
            detail!("unknown starter rule \"{starter}\" (expected alternate or loser)")
        })?;
    }
    r.final_strike = options.final_strike.unwrap_or(r.final_strike);
    r.final_count = options.final_count.unwrap_or(r.final_count);
    r.count_after_retreat = options.count_after_retreat.unwrap_or(r.count_after_retreat);
    r.special_cards = options.special_cards.unwrap_or(r.special_cards);
    r.points_to_win = options.points_to_win.unwrap_or(r.points_to_win);
    r.validate().map_err(|e| detail!("{e}"))?;
    Ok(r)
}

/// A round's setup. `starter` and `score` default to what the match derives.
pub fn setup(
    rules: Rules,
    s: &SetupRecord,
    derived_starter: Side,
    derived_score: BySide<u8>,
) -> Result<RoundSetup, String> {
    let special = s
        .special
        .as_deref()
        .map(|name| {
            Special::from_name(name).ok_or_else(|| detail!("unknown special card \"{name}\""))
        })
        .transpose()?;
    Ok(RoundSetup {
        rules,
        special,
        chosen: s.choice.unwrap_or(false),
        score: s
            .score
            .as_ref()
            .map_or(derived_score, |p| BySide::new(p.white, p.black)),
        starter: s.starter.as_deref().map_or(Ok(derived_starter), side)?,
        position: BySide::new(s.white.unwrap_or(1), s.black.unwrap_or(23)),
        hands: BySide::new(
            hand(&s.hands.white, "hands.white")?,
            hand(&s.hands.black, "hands.black")?,
        ),
        deck: cards(&s.deck, "deck")?,
        discard: hand(s.discard.as_deref().unwrap_or_default(), "discard")?,
        aside: hand(s.aside.as_deref().unwrap_or_default(), "aside")?,
    })
}

/// An action object: who (if given) and what. Fields that the action does not
/// take are refused, so a typo cannot pass silently.
pub fn action(a: &ActionRecord) -> Result<(Option<Side>, Action), String> {
    let by = a.by.as_deref().map(side).transpose()?;
    let verb = a.act.as_str();
    let allowed: &[&str] = match verb {
        "advance" | "retreat" => &["card"],
        "attack" => &["card", "count"],
        "lunge" => &["advance", "card", "count"],
        "parry" => &["card", "count"],
        "choose" => &["special"],
        "forfeit" => &[],
        other => {
            return Err(detail!(
            "unknown action \"{other}\" (expected advance, retreat, attack, lunge, parry, choose or forfeit)"
        ))
        }
    };
    let given = [
        ("advance", a.advance.is_some()),
        ("card", a.card.is_some()),
        ("count", a.count.is_some()),
        ("special", a.special.is_some()),
    ];
    if let Some((field, _)) = given.iter().find(|(f, g)| *g && !allowed.contains(f)) {
        return Err(detail!("{verb} takes no \"{field}\" field"));
    }
    let need =
        |v: Option<u8>, field: &str| v.ok_or_else(|| detail!("{verb} needs a \"{field}\" field"));
    let action = match verb {
        "advance" => Action::Advance(card(need(a.card, "card")?, "card")?),
        "retreat" => Action::Retreat(card(need(a.card, "card")?, "card")?),
        "attack" => Action::Attack {
            card: card(need(a.card, "card")?, "card")?,
            count: need(a.count, "count")?,
        },
        "lunge" => Action::Lunge {
            advance: card(need(a.advance, "advance")?, "advance")?,
            card: card(need(a.card, "card")?, "card")?,
            count: need(a.count, "count")?,
        },
        "parry" => Action::Parry,
        "forfeit" => Action::Forfeit,
        _ => {
            let name = a
                .special
                .as_deref()
                .ok_or_else(|| detail!("choose needs a \"special\" field"))?;
            Action::Choose(
                Special::from_name(name)
                    .ok_or_else(|| detail!("unknown special card \"{name}\""))?,
            )
        }
    };
    Ok((by, action))
}
