//! Every user-facing string, in one place, so translations can follow.
//! Control names follow the accessibility contract of DESIGN.md §7.

use crate::ai::Difficulty;
use crate::engine::{
    Action, AttackKind, Card, Level, Phase, Preset, Reason, Round, Side, Special, StarterRule,
};

use super::summary::Story;

pub const TITLE: &str = "En Garde";
pub const SCORE: &str = "Score";
pub const DISTANCE: &str = "Distance";
pub const DRAW_PILE: &str = "Draw pile";
pub const DISCARD: &str = "Last played";
pub const NEW_GAME: &str = "New game";
pub const START: &str = "Start the match";
pub const CLOSE: &str = "Close";
pub const NEXT_ROUND: &str = "Next round";
pub const REMATCH: &str = "Rematch";
pub const THINKING: &str = "The computer is thinking…";
pub const YOUR_HAND: &str = "Your hand";
pub const COMPUTER_HAND: &str = "The computer's hand";
pub const HIDDEN_CARD: &str = "Hidden card";
pub const PISTE: &str = "Piste";
pub const CENTRE: &str = "centre";
pub const TRACKER: &str = "Unseen cards";
pub const SHOW_TRACKER: &str = "Show unseen cards";
pub const HIDE_TRACKER: &str = "Hide unseen cards";
pub const TRACKER_HELP: &str = "Cards not in your hand and not yet played this round";
pub const SPECIAL: &str = "Special card";
pub const LOG: &str = "This round";
pub const ACTIONS: &str = "Your options";
/// Giving up the round (not a move of the game; the opponent wins it).
pub const GIVE_UP: &str = "Give up the round";
/// Opens the question before giving up.
pub const GIVE_UP_ASK: &str = "Give up the round…";
pub const GIVE_UP_QUESTION: &str = "Give up this round? The computer wins it.";
pub const KEEP_PLAYING: &str = "Keep playing";
pub const CANCEL: &str = "Cancel the selection";
pub const EXPORT: &str = "Export record";
pub const IMPORT: &str = "Import record";
pub const SETTINGS: &str = "New game settings";
pub const RULES: &str = "Rules";
pub const CUSTOM: &str = "Custom";
pub const LEVEL: &str = "Rules level";
pub const FINAL_STRIKE: &str = "Final strike when the draw pile runs out (Basic)";
pub const FINAL_COUNT: &str = "Card count when the draw pile runs out";
pub const COUNT_AFTER_RETREAT: &str = "Card count even after a retreat from the last lunge";
pub const STARTER: &str = "Who starts each round";
pub const SPECIAL_CARDS: &str = "Special cards (Duel)";
pub const POINTS: &str = "Points to win";
pub const OPPONENT: &str = "Computer opponent";
pub const YOUR_SIDE: &str = "You play";
pub const WHITE_NOTE: &str = "White (starts the first round)";
pub const ROUND_OVER: &str = "Round over";
pub const MATCH_OVER: &str = "Match over";
pub const CARD_BACK: &str = "?";
pub const DISMISS: &str = "Dismiss";
pub const EACH_OPTION: &str = "Each option";
pub const HOW_TO_PLAY: &str = "How to play";
pub const GUIDE: [&str; 5] = [
    "Each fencer stands at one end of a piste of 23 squares. You hold five fencing cards, valued 1 to 5.",
    "On your turn, play a card to move that many squares forward or back, then draw back up to five.",
    "When the distance between the fencers equals a card's value, you can attack with one or more such cards. The defender must parry with as many cards of the same value, or is hit.",
    "Under Advanced rules you may lunge: move forward, then attack from there in the same turn. A lunge can also be escaped by retreating.",
    "When the draw pile runs out, the round is decided by who holds more cards equal to the distance, then by who has advanced farther. Win rounds to score points.",
];

/// Shown when the opponent's worker did not answer and the page played for it.
pub const WORKER_FAILED: &str = "The computer's thinking helper did not start, so it is playing a simpler game for now. Reloading the page may fix this.";

/// After picking cards: what they can be played on (squares to move to, the
/// opponent to attack), said for the turn or for an answer to an attack.
pub fn pick_target(squares: bool, opponent: bool, answering: bool) -> Option<&'static str> {
    match (squares, opponent, answering) {
        (true, _, true) => Some("Or pick a highlighted square to retreat."),
        (true, true, false) => Some("Now pick a highlighted square, or the opponent to attack."),
        (true, false, false) => Some("Now pick a highlighted square."),
        (false, true, _) => Some("Now pick the opponent to attack."),
        (false, false, _) => None,
    }
}
pub const PICK_LUNGE: &str =
    "Lunge: pick the card(s) to attack with, then the opponent. Or pick the square again just to advance.";

pub fn side(side: Side) -> &'static str {
    side.title()
}

/// "You" or "The computer", at the start of a sentence.
pub fn who(side: Side, human: Side) -> &'static str {
    if side == human {
        "You"
    } else {
        "The computer"
    }
}

fn who_lower(side: Side, human: Side) -> &'static str {
    if side == human {
        "you"
    } else {
        "the computer"
    }
}

/// "one 3", "two 4s".
pub fn cards(count: u8, card: Card) -> String {
    let n = match count {
        1 => "one",
        2 => "two",
        3 => "three",
        4 => "four",
        5 => "five",
        _ => return format!("{count} × {card}"),
    };
    let s = if count == 1 { "" } else { "s" };
    format!("{n} {card}{s}")
}

/// An action control's name: it starts with its verb (DESIGN.md §7).
pub fn action(action: Action) -> String {
    match action {
        Action::Advance(c) => format!("Advance {c}"),
        Action::Retreat(c) => format!("Retreat {c}"),
        Action::Attack { card, count } => format!("Attack with {count} × {card}"),
        Action::Lunge {
            advance,
            card,
            count,
        } => format!("Lunge {advance} then {count} × {card}"),
        Action::Parry => "Parry".into(),
        Action::Choose(s) => format!("Choose {}", special(s)),
        Action::Forfeit => GIVE_UP.into(),
    }
}

pub fn special(s: Special) -> &'static str {
    match s {
        Special::Plain => "Plain",
        Special::PlainX2 => "Plain ×2",
        Special::Choice => "Choice",
        Special::ThreeCards => "Three cards",
        Special::TenCards => "Ten cards",
        Special::OpenHands => "Open hands",
        Special::NoRetreat => "No retreat",
    }
}

pub fn special_help(s: Special) -> &'static str {
    match s {
        Special::Plain => "No special rule this round.",
        Special::PlainX2 => "The winner of this round scores two points.",
        Special::Choice => "The starting player picks the special card.",
        Special::ThreeCards => "Hands hold three cards this round.",
        Special::TenCards => "Ten cards each and no draw pile this round.",
        Special::OpenHands => "Both hands are played face up this round.",
        Special::NoRetreat => "Nobody may retreat this round.",
    }
}

pub fn preset(p: Option<Preset>) -> &'static str {
    match p {
        Some(Preset::Basic) => "Basic",
        Some(Preset::Standard) => "Standard",
        Some(Preset::Advanced) => "Advanced",
        Some(Preset::Duel) => "Duel (special cards)",
        None => CUSTOM,
    }
}

pub fn level(l: Level) -> &'static str {
    match l {
        Level::Basic => "Basic: every attack hits",
        Level::Standard => "Standard: attacks can be parried",
        Level::Advanced => "Advanced: with lunges",
    }
}

pub fn starter(s: StarterRule) -> &'static str {
    match s {
        StarterRule::Alternate => "Players take turns",
        StarterRule::Loser => "The loser of the last round",
    }
}

pub fn difficulty(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "Easy",
        Difficulty::Medium => "Medium",
        Difficulty::Hard => "Hard",
    }
}

/// A line of the round's log.
pub fn played(by: Side, action: Action, human: Side) -> String {
    let who = who(by, human);
    let verb = |you: &'static str, it: &'static str| if by == human { you } else { it };
    match action {
        Action::Advance(c) => format!("{who} {} {c}.", verb("advance", "advances")),
        Action::Retreat(c) => format!("{who} {} {c}.", verb("retreat", "retreats")),
        Action::Attack { card, count } => format!(
            "{who} {} with {}.",
            verb("attack", "attacks"),
            cards(count, card)
        ),
        Action::Lunge {
            advance,
            card,
            count,
        } => format!(
            "{who} {} {advance} and {} with {}.",
            verb("advance", "advances"),
            verb("lunge", "lunges"),
            cards(count, card)
        ),
        Action::Parry => format!("{who} {}.", verb("parry", "parries")),
        Action::Choose(s) => format!("{who} {} {}.", verb("choose", "chooses"), special(s)),
        Action::Forfeit => format!("{who} {} the round.", verb("give up", "gives up")),
    }
}

/// Whose turn it is, for the live region.
pub fn turn(side: Side, human: Side) -> String {
    if side == human {
        format!("Your turn ({})", self::side(side))
    } else {
        format!("{}'s turn (the computer)", self::side(side))
    }
}

/// What the player is expected to do now, e.g. "Parry with two 4s, or retreat".
pub fn expected(round: &Round, human: Side) -> String {
    if round.to_act() != human {
        return THINKING.into();
    }
    let legal = round.legal_actions();
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);
    match round.phase() {
        Phase::Choose => "Pick the special card for this round.".into(),
        Phase::Answer => {
            let Some(p) = round.public().pending else {
                return String::new();
            };
            let what = cards(p.count, p.card);
            let retreat = has(|a| matches!(a, Action::Retreat(_)));
            let mut s = match (has(|a| *a == Action::Parry), retreat) {
                (true, true) => format!("Parry with {what}, or retreat."),
                (true, false) => format!("Parry with {what}."),
                (false, _) => format!("You cannot parry {what}: retreat."),
            };
            if round.public().final_answer {
                s.push_str(" The draw pile is empty: this answer ends the round.");
            }
            s
        }
        Phase::Turn => {
            let mut kinds = Vec::new();
            if has(|a| matches!(a, Action::Advance(_))) {
                kinds.push("advance");
            }
            if has(|a| matches!(a, Action::Retreat(_))) {
                kinds.push("retreat");
            }
            if has(|a| matches!(a, Action::Attack { .. })) {
                kinds.push("attack");
            }
            if has(|a| matches!(a, Action::Lunge { .. })) {
                kinds.push("lunge");
            }
            let list = match kinds.split_last() {
                Some((last, [])) => (*last).to_string(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            let mut s = format!("Your turn: {list}.");
            if let Some(first) = s.get(11..12) {
                let upper = first.to_ascii_uppercase();
                s.replace_range(11..12, &upper);
            }
            s
        }
        Phase::Over => String::new(),
    }
}

/// The live-region announcement of a finished round ("White wins the round").
pub fn round_won(winner: Option<Side>) -> String {
    match winner {
        Some(w) => format!("{} wins the round", side(w)),
        None => "The round is drawn".into(),
    }
}

/// "White wins the match 5–3".
pub fn match_won(winner: Side, white: u8, black: u8) -> String {
    let (a, b) = if winner == Side::White {
        (white, black)
    } else {
        (black, white)
    };
    format!("{} wins the match {a}–{b}", side(winner))
}

pub fn match_verdict(winner: Side, human: Side) -> &'static str {
    if winner == human {
        "Well fenced: you win the match."
    } else {
        "The computer wins the match. A rematch?"
    }
}

/// Why the round ended, in words.
pub fn story(story: &Story, human: Side) -> String {
    let who_l = |s: Side| who_lower(s, human);
    let wins = |s: Side| {
        if s == human {
            "you win the round".to_string()
        } else {
            "the computer wins the round".to_string()
        }
    };
    let capital = |mut s: String| {
        if let Some(first) = s.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        s
    };
    let text = match story {
        Story::Hit {
            attacker,
            card,
            count,
            answerable: false,
            ..
        } => format!(
            "{} attacked with {}, and in the Basic game an attack always hits: {}.",
            who(*attacker, human),
            cards(*count, *card),
            wins(*attacker)
        ),
        Story::Hit {
            attacker,
            kind,
            card,
            count,
            ..
        } => {
            let defender = attacker.opponent();
            let (verb, escape) = match kind {
                AttackKind::Attack => ("attacked", "parry"),
                AttackKind::Lunge => ("lunged", "parry or retreat"),
            };
            format!(
                "{} {verb} with {} and {} could not {escape}: {}.",
                who(*attacker, human),
                cards(*count, *card),
                who_l(defender),
                wins(*attacker)
            )
        }
        Story::NoLegalAction { loser } => format!(
            "{} had no legal action left (every card would leave the piste or pass the opponent): {}.",
            who(*loser, human),
            wins(loser.opponent())
        ),
        Story::FinalStrike { winner, distance } => format!(
            "Draw pile exhausted at distance {distance}: {} could still hit with a {distance}: {}.",
            who_l(*winner),
            wins(*winner)
        ),
        Story::CardCount {
            winner,
            distance,
            counts,
        } => {
            let (you, it) = (counts[human], counts[human.opponent()]);
            let held = |n: u8| {
                if n == 0 {
                    format!("no {distance}")
                } else {
                    cards(n, Card::new(*distance).expect("a count is made at 1–5"))
                }
            };
            format!(
                "Draw pile exhausted at distance {distance}: you hold {}, the computer {}: {}.",
                held(you),
                held(it),
                wins(*winner)
            )
        }
        Story::Position {
            winner,
            advances,
            tied_count,
            empty_hand,
        } => {
            let start = if *empty_hand {
                "A player has no cards left".to_string()
            } else {
                "Draw pile exhausted".to_string()
            };
            let tie = match tied_count {
                Some((d, 0)) => format!(", neither holds a {d}"),
                Some((d, n)) => format!(
                    ", both hold {}",
                    cards(*n, Card::new(*d).expect("counted at 1–5"))
                ),
                None => String::new(),
            };
            let (you, it) = (advances[human], advances[human.opponent()]);
            match winner {
                Some(w) => format!(
                    "{start}{tie}: {} advanced farther ({} squares against {}): {}.",
                    who_l(*w),
                    if *w == human { you } else { it },
                    if *w == human { it } else { you },
                    wins(*w)
                ),
                None => format!(
                    "{start}{tie}, and both fencers advanced {you} squares: the round is drawn."
                ),
            }
        }
        Story::Forfeit { loser } => {
            format!("{} gave up the round: {}.", who(*loser, human), wins(loser.opponent()))
        }
    };
    capital(text)
}

/// A short name for a reason (the log of past rounds).
pub fn reason(reason: Reason) -> &'static str {
    match reason {
        Reason::Hit => "a hit",
        Reason::NoLegalAction => "no legal action",
        Reason::FinalStrike => "the final strike",
        Reason::CardCount => "the card count",
        Reason::Position => "position",
        Reason::Draw => "equal position",
        Reason::Forfeit => "forfeit",
    }
}

pub fn saved_game_unreadable(why: &str) -> String {
    format!("Your saved match could not be read and was set aside ({why}). A new match has begun.")
}

pub fn import_failed(why: &str) -> String {
    format!("That file is not a match record this game can read: {why}")
}

pub fn imported(rounds: usize) -> String {
    format!("Record imported: {rounds} round(s). Play goes on from where it stopped.")
}

pub fn score_line(side: Side, points: u8, of: u8, human: Side) -> String {
    let who = if side == human { "you" } else { "computer" };
    format!("{} ({who}): {points} of {of}", self::side(side))
}

/// The opponent's fencer as a target: what clicking it does.
pub fn target_opponent(action: Action) -> String {
    format!(
        "Target the opponent: {}",
        self::action(action).to_ascii_lowercase()
    )
}

pub fn opponent_label(side: Side, level: Difficulty) -> String {
    format!(
        "{} · the computer ({})",
        self::side(side),
        difficulty(level).to_ascii_lowercase()
    )
}

/// "Round 2: White wins (a hit)".
pub fn past_round(n: usize, winner: Option<Side>, reason: Reason, human: Side) -> String {
    match winner {
        Some(w) => format!(
            "Round {n}: {} {} ({})",
            who(w, human),
            if w == human { "win" } else { "wins" },
            self::reason(reason)
        ),
        None => format!("Round {n}: drawn ({})", self::reason(reason)),
    }
}

/// A piste square's name (DESIGN.md §7).
pub fn square(n: u8) -> String {
    format!("Square {n}")
}

/// A card's name (DESIGN.md §7).
pub fn card(card: Card) -> String {
    format!("Card {card}")
}

/// A fencer's name on the piste, saying whose it is (DESIGN.md §7).
pub fn fencer(side: Side, human: Side, square: u8) -> String {
    let who = if side == human { "you" } else { "the computer" };
    format!("{} fencer ({who}) on square {square}", self::side(side))
}

/// The score as text, labelled "Score" (DESIGN.md §7).
pub fn score(white: u8, black: u8) -> String {
    format!("White {white} – Black {black}")
}

/// A card tracker entry: how many cards of a value are still unseen.
pub fn unseen(count: u8, card: Card) -> String {
    format!("{count} unseen {card}s")
}
