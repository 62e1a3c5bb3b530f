//! The glossary and the typography of docs/LANGUAGES.md, checked over every
//! message of every language (the page's and the extras'): the words a
//! language must not use for a concept, the buttons' grammatical form, the
//! friend as one person, French spacing, one kind of apostrophe and of
//! quotation mark per language, and a form per plural category wherever a
//! count is followed by its noun. A new message is checked as it lands; a
//! rule that turns out too strict is changed here and in docs/LANGUAGES.md.
#![cfg(feature = "web")]

use engarde::ai::advice::Mark;
use engarde::ui::i18n::{plural, Lang};

/// Every message of `lang`, the page's then the extras', with their names
/// (`guide.2` for an array's third form).
fn named(lang: Lang) -> Vec<(String, &'static str)> {
    let mut all = lang.texts().named();
    all.extend(lang.extra_texts().named());
    all
}

/// A message's field: `friend_standing` for `friend_standing.3`.
fn field(name: &str) -> &str {
    name.split('.').next().unwrap_or(name)
}

/// The words of a text, lower case: letters and digits, split at anything
/// else (spaces, punctuation, apostrophes, placeholders' braces).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether `phrase` (one or more words) stands in `text` as whole words.
fn has_phrase(text: &str, phrase: &str) -> bool {
    let (text, phrase) = (words(text), words(phrase));
    text.windows(phrase.len()).any(|w| w == phrase.as_slice())
}

/// A word or phrase a language must not use, and what to say instead.
struct Forbidden {
    lang: Lang,
    /// Whole words, case-insensitive.
    phrase: &'static str,
    /// Only in messages whose field starts with this (`""`: every message).
    fields: &'static str,
    instead: &'static str,
}

const fn no(lang: Lang, phrase: &'static str, instead: &'static str) -> Forbidden {
    Forbidden {
        lang,
        phrase,
        fields: "",
        instead,
    }
}

const fn no_in(
    lang: Lang,
    fields: &'static str,
    phrase: &'static str,
    instead: &'static str,
) -> Forbidden {
    Forbidden {
        lang,
        phrase,
        fields,
        instead,
    }
}

/// The glossary's one word per concept, as the words it replaced: nearly
/// all were found in the catalog once (the reviews of 2026-11 and of
/// 2026-11-27, docs/LANGUAGES.md); the rest guard the same concepts.
const FORBIDDEN: &[Forbidden] = &[
    // English.
    no(
        Lang::En,
        "no take back",
        "no take-backs (the history's \"Take-backs\")",
    ),
    no(
        Lang::En,
        "cards of the distance",
        "cards equal to the distance",
    ),
    no(
        Lang::En,
        "leaves you a sure win",
        "say what the next turn holds",
    ),
    // Dutch.
    no(Lang::Nl, "uitval", "indirecte aanval (the lunge)"),
    no(
        Lang::Nl,
        "opgerukt",
        "doorgedrongen (how far a fencer came)",
    ),
    no(Lang::Nl, "verslag", "partijverslag (the record)"),
    no(
        Lang::Nl,
        "geldige actie",
        "toegestane actie (a legal action)",
    ),
    no(Lang::Nl, "geldige zet", "toegestane zet (a legal action)"),
    no(
        Lang::Nl,
        "kaarten van de afstand",
        "kaarten met de waarde van de afstand",
    ),
    no(
        Lang::Nl,
        "zekere winst",
        "a sure win of the round, said in full",
    ),
    no(
        Lang::Nl,
        "jullie",
        "beide spelers (the person and the computer)",
    ),
    no(Lang::Nl, "geen terugnemen", "geen teruggenomen zetten"),
    no_in(
        Lang::Nl,
        "friend_",
        "zij",
        "je vriend or {friend}: one person",
    ),
    no_in(
        Lang::Nl,
        "friend_",
        "hun",
        "van je vriend or van {friend}: one person",
    ),
    no_in(
        Lang::Nl,
        "friend_",
        "hen",
        "je vriend or {friend}: one person",
    ),
    // German.
    no(
        Lang::De,
        "Karten zählen",
        "Kartenvergleich (the card count)",
    ),
    no(
        Lang::De,
        "weiter vorgerückt",
        "weiter vorgedrungen (how far a fencer came)",
    ),
    no(
        Lang::De,
        "vorgerückte Felder",
        "vorgedrungen, Raumgewinn (how far a fencer came)",
    ),
    no(Lang::De, "Protokoll", "Aufzeichnung (the record)"),
    no(Lang::De, "Partiedatei", "Aufzeichnung (the record)"),
    no(Lang::De, "Position", "Stellung (position decides)"),
    no(Lang::De, "Spielbrett", "Fechtbahn (the piste)"),
    no(Lang::De, "zustoßen", "angreifen (attack)"),
    no(Lang::De, "Standardregeln", "Standardspiel"),
    no(
        Lang::De,
        "gültige Aktion",
        "regelgerechte Aktion (a legal action)",
    ),
    no(
        Lang::De,
        "Karten der Entfernung",
        "Karten mit dem Wert der Entfernung",
    ),
    no(
        Lang::De,
        "sicheren Sieg",
        "a sure win of the round, said in full",
    ),
    no(Lang::De, "kein Zurücknehmen", "keine zurückgenommenen Züge"),
    no(
        Lang::De,
        "braucht zwei",
        "the card counts are datives: mit zwei 3ern",
    ),
    no_in(
        Lang::De,
        "friend_",
        "sie haben",
        "dein Freund or {friend}: one person",
    ),
    no_in(
        Lang::De,
        "friend_",
        "haben sie",
        "dein Freund or {friend}: one person",
    ),
    no_in(
        Lang::De,
        "friend_",
        "ihren Link",
        "den Link deines Freundes",
    ),
    // French.
    no(Lang::Fr, "partie", "match (the match)"),
    no(Lang::Fr, "parties", "matchs (the match)"),
    no(Lang::Fr, "hors de vue", "non vu (unseen cards)"),
    no(Lang::Fr, "jeu basique", "niveau Basique"),
    no(
        Lang::Fr,
        "compte des cartes",
        "décompte des cartes (the card count)",
    ),
    no(
        Lang::Fr,
        "avancé plus loin",
        "a le plus avancé (how far a fencer came)",
    ),
    no(Lang::Fr, "retour en arrière", "coups repris (take-backs)"),
    no(
        Lang::Fr,
        "cartes de la distance",
        "cartes égales à la distance",
    ),
    no(
        Lang::Fr,
        "victoire sûre",
        "a sure win of the round, said in full",
    ),
    no_in(
        Lang::Fr,
        "friend_",
        "ils",
        "votre ami or {friend}: one person",
    ),
];

#[test]
fn no_language_uses_a_word_its_glossary_replaced() {
    let mut found = Vec::new();
    for f in FORBIDDEN {
        for (name, text) in named(f.lang) {
            if name.starts_with(f.fields) && has_phrase(text, f.phrase) {
                found.push(format!(
                    "{:?} {name}: {:?} (say {}): {text}",
                    f.lang, f.phrase, f.instead
                ));
            }
        }
    }
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

/// The messages that name a control that acts (buttons, menu entries,
/// links, the action bar): docs/LANGUAGES.md, "Buttons and other controls".
const CONTROLS: &[&str] = &[
    "new_game",
    "close",
    "dismiss",
    "export",
    "import",
    "show_tracker",
    "hide_tracker",
    "cancel",
    "act_advance",
    "act_retreat",
    "act_attack",
    "act_lunge",
    "act_parry",
    "parry",
    "act_choose",
    "give_up",
    "give_up_ask",
    "keep_playing",
    "target_opponent",
    "pass_ready",
    "export_anyway",
    "copy_anyway",
    "learn",
    "play_computer",
    "first_match",
    "take_back",
    "reload",
    "export_match",
    "continue_here",
    "copy_record",
    "review",
    "replay_round",
    "play_friend",
    "practise",
    "next_lesson",
    "share_link",
    "analyse",
    "stop_analysis",
    "review_match",
    "delete_history",
    "delete",
    "start",
    "each_option",
    "start_over",
    "keep_this_match",
    "next_puzzle",
    "practise_this",
    "friend_continue",
    "friend_resign",
    "friend_remove",
    "friend_invite",
    "friend_make",
    "friend_copy",
    "friend_share",
    "friend_accept",
    "friend_backup",
    "friend_restore",
];

/// Imperatives that could open a Dutch or German control's name (the
/// imperative the sentences use: "Kies …", "Wähle …").
const IMPERATIVES: &[(Lang, &[&str])] = &[
    (
        Lang::Nl,
        &[
            "accepteer",
            "analyseer",
            "annuleer",
            "bekijk",
            "bewaar",
            "deel",
            "exporteer",
            "geef",
            "herstel",
            "importeer",
            "kies",
            "kopieer",
            "laad",
            "maak",
            "nodig",
            "oefen",
            "open",
            "sla",
            "speel",
            "start",
            "stop",
            "stuur",
            "verwijder",
            "wis",
        ],
    ),
    (
        Lang::De,
        &[
            "akzeptiere",
            "analysiere",
            "brich",
            "erstelle",
            "exportiere",
            "gib",
            "importiere",
            "kopiere",
            "lade",
            "lösche",
            "mach",
            "mache",
            "nimm",
            "öffne",
            "schick",
            "schicke",
            "spiele",
            "speichere",
            "starte",
            "stelle",
            "teile",
            "übe",
            "wähle",
            "zeige",
        ],
    ),
];

/// A control names its action in the language's one form: Dutch and
/// German the infinitive (German with the verb last), French the
/// infinitive, never the imperative ("Kopieer link", "Copiez le lien").
/// Checked at the name's start and after a colon ("Ausfall: um 3 vorrücken").
#[test]
fn controls_name_their_action_in_the_languages_form() {
    let mut found = Vec::new();
    for lang in [Lang::Nl, Lang::De, Lang::Fr] {
        let imperatives = IMPERATIVES
            .iter()
            .find(|(l, _)| *l == lang)
            .map_or(&[][..], |(_, list)| list);
        for (name, text) in named(lang) {
            if !CONTROLS.contains(&field(&name)) {
                continue;
            }
            for part in text.split(':') {
                let Some(first) = words(part).into_iter().next() else {
                    continue;
                };
                let imperative = imperatives.contains(&first.as_str())
                    || (lang == Lang::Fr && first.ends_with("ez"));
                if imperative {
                    found.push(format!(
                        "{lang:?} {name}: {first:?} is an imperative: {text}"
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "\n{}", found.join("\n"));
    // Every control of the list exists, so the list is not stale.
    let all = named(Lang::En);
    for control in CONTROLS {
        assert!(all.iter().any(|(n, _)| field(n) == *control), "{control}");
    }
}

const NBSP: char = '\u{a0}';
const NNBSP: char = '\u{202f}';

/// French: a no-break space (U+00A0 or U+202F), never an ordinary one or
/// none, before `: ; ? !` and `%`, and inside « ». English and Dutch: no
/// space before them; German: a no-break space before `%` only.
#[test]
fn punctuation_is_spaced_as_each_language_writes_it() {
    let mut found = Vec::new();
    for lang in Lang::ALL {
        for (name, text) in named(lang) {
            let chars: Vec<char> = text.chars().collect();
            for (i, &c) in chars.iter().enumerate() {
                let before = i.checked_sub(1).map(|j| chars[j]);
                let after = chars.get(i + 1).copied();
                let nb = |c: Option<char>| matches!(c, Some(NBSP | NNBSP));
                let space = |c: Option<char>| c.is_some_and(char::is_whitespace);
                let wrong = match (lang, c) {
                    (Lang::Fr, ':' | ';' | '?' | '!' | '%') => !nb(before),
                    (Lang::Fr, '«') => !nb(after),
                    (Lang::Fr, '»') => !nb(before),
                    (Lang::De, '%') => before != Some(NBSP),
                    (_, ':' | ';' | '?' | '!' | '%') => space(before),
                    _ => false,
                };
                if wrong {
                    let at: String = chars[i.saturating_sub(12)..(i + 2).min(chars.len())]
                        .iter()
                        .collect();
                    found.push(format!("{lang:?} {name}: {c:?} in {at:?}"));
                }
            }
        }
    }
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

/// One kind of apostrophe per language: the typographic ’ in French, the
/// straight ' in English, Dutch ("5'en", "thema's") and German; and each
/// language's own quotation marks: “…” in English and Dutch, „…“ in German,
/// «…» in French.
#[test]
fn each_language_uses_one_kind_of_apostrophe_and_its_own_quotes() {
    let mut found = Vec::new();
    for lang in Lang::ALL {
        let (apostrophe, foreign): (char, &[char]) = match lang {
            Lang::Fr => ('’', &['\'', '“', '”', '„']),
            Lang::De => ('\'', &['’', '”', '«', '»']),
            Lang::En | Lang::Nl => ('\'', &['’', '„', '«', '»']),
        };
        for (name, text) in named(lang) {
            if text.contains('\'') && text.contains('’') {
                found.push(format!("{lang:?} {name} mixes ' and ’: {text}"));
            }
            for c in foreign {
                if text.contains(*c) {
                    found.push(format!(
                        "{lang:?} {name}: {c:?} (this language writes {apostrophe:?} and its own quotes): {text}"
                    ));
                }
            }
            if text.contains('"') {
                found.push(format!("{lang:?} {name}: a straight double quote: {text}"));
            }
        }
    }
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

/// The nouns a count may stand before, singular then plural, per language.
const COUNTED: &[(Lang, &[(&str, &str)])] = &[
    (
        Lang::En,
        &[
            ("square", "squares"),
            ("round", "rounds"),
            ("card", "cards"),
            ("match", "matches"),
            ("point", "points"),
            ("decision", "decisions"),
            ("character", "characters"),
            ("action", "actions"),
        ],
    ),
    (
        Lang::Nl,
        &[
            ("vakje", "vakjes"),
            ("ronde", "rondes"),
            ("kaart", "kaarten"),
            ("partij", "partijen"),
            ("punt", "punten"),
            ("beslissing", "beslissingen"),
            ("teken", "tekens"),
            ("actie", "acties"),
        ],
    ),
    (
        Lang::De,
        &[
            ("feld", "felder"),
            ("runde", "runden"),
            ("karte", "karten"),
            ("partie", "partien"),
            ("punkt", "punkte"),
            ("entscheidung", "entscheidungen"),
            ("zeichen", "zeichen"),
            ("aktion", "aktionen"),
        ],
    ),
    (
        Lang::Fr,
        &[
            ("case", "cases"),
            ("manche", "manches"),
            ("carte", "cartes"),
            ("match", "matchs"),
            ("point", "points"),
            ("décision", "décisions"),
            ("caractère", "caractères"),
            ("action", "actions"),
        ],
    ),
];

/// The placeholders that stand for a number.
const NUMBERS: &[&str] = &[
    "n",
    "yours",
    "theirs",
    "wins",
    "loses",
    "points",
    "done",
    "total",
    "unseen",
    "held",
    "inaccuracy",
    "mistake",
    "blunder",
    "you",
    "it",
    "them",
    "won",
    "lost",
    "streak",
];

/// The messages chosen by their count's plural category (`plural()`: one,
/// other), as the words functions index them.
const PLURAL_FIELDS: &[&str] = &[
    "imported",
    "link_too_long",
    "record_too_long",
    "too_many_rounds",
    "too_many_actions",
    "analysing",
    "history_kept",
    "puzzle_unparryable",
    "friend_restored",
];

/// Counts that are constants, never 1: the marks' thresholds in points.
const CONSTANT_COUNTS: &[&str] = &["marks_help"];

/// Each counted noun in `text`: the placeholder before it and the noun, if
/// the noun follows the number directly or after one other word ("{n}
/// finished matches").
fn counted_nouns(lang: Lang, text: &str) -> Vec<(String, String)> {
    let nouns = COUNTED.iter().find(|(l, _)| *l == lang).unwrap().1;
    let mut out = Vec::new();
    for number in NUMBERS {
        let tag = format!("{{{number}}}");
        for (at, _) in text.match_indices(&tag) {
            let rest = &text[at + tag.len()..];
            let mut next = rest
                .split(|c: char| c.is_whitespace())
                .skip(1)
                .take(2)
                .map(|w| w.to_lowercase());
            if !rest.starts_with(char::is_whitespace) {
                continue;
            }
            // Words up to the first that ends in punctuation.
            let mut seen = Vec::new();
            for w in next.by_ref() {
                let word: String = w.chars().take_while(|c| c.is_alphabetic()).collect();
                let whole = word.chars().count() == w.chars().count();
                seen.push(word);
                if !whole {
                    break;
                }
            }
            for word in seen {
                if nouns.iter().any(|(s, p)| word == *s || word == *p) {
                    out.push((number.to_string(), word));
                }
            }
        }
    }
    out
}

/// A count followed by its noun comes in a form per plural category (the
/// noun singular in "one", plural in "other"), so no language says
/// "1 squares"; anywhere else a count stands without its noun ("squares
/// advanced: 1"). French joins the count to its noun with a no-break space.
#[test]
fn every_count_before_its_noun_has_a_form_per_plural_category() {
    assert!(
        Mark::ALL
            .iter()
            .all(|m| (m.threshold() * 100.0).round() >= 2.0),
        "the marks' thresholds are said with a plural noun"
    );
    let mut found = Vec::new();
    for lang in Lang::ALL {
        let nouns = COUNTED.iter().find(|(l, _)| *l == lang).unwrap().1;
        // The plural rule the forms follow: one for 1, other for 2.
        assert_eq!((plural(lang.code(), 1), plural(lang.code(), 2)), (0, 1));
        for (name, text) in named(lang) {
            let counted = counted_nouns(lang, text);
            if counted.is_empty() || CONSTANT_COUNTS.contains(&field(&name)) {
                continue;
            }
            if !PLURAL_FIELDS.contains(&field(&name)) {
                found.push(format!(
                    "{lang:?} {name}: a count before its noun {counted:?} needs a form per plural category: {text}"
                ));
                continue;
            }
            let one = name.ends_with(".0");
            for (number, word) in counted {
                // French: a no-break space between a count and its noun.
                let plain = format!("{{{number}}} {word}");
                if lang == Lang::Fr && text.to_lowercase().contains(&plain) {
                    found.push(format!(
                        "{lang:?} {name}: an ordinary space in {plain:?}: {text}"
                    ));
                }
                let (singular, plural) = nouns
                    .iter()
                    .find(|(s, p)| word == *s || word == *p)
                    .unwrap();
                let right = if one { singular } else { plural };
                if word != *right {
                    found.push(format!(
                        "{lang:?} {name}: {{{number}}} {word} where this form says {right}: {text}"
                    ));
                }
            }
        }
    }
    // Each plural message has exactly the two forms, one and other.
    for field_name in PLURAL_FIELDS {
        let forms: Vec<String> = named(Lang::En)
            .into_iter()
            .filter(|(n, _)| field(n) == *field_name)
            .map(|(n, _)| n)
            .collect();
        assert_eq!(
            forms,
            [format!("{field_name}.0"), format!("{field_name}.1")]
        );
    }
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

/// The helpers see what the checks need.
#[test]
fn the_checks_find_what_they_look_for() {
    assert!(has_phrase("Vos parties avec des amis", "parties"));
    assert!(!has_phrase("le départ", "partie"));
    assert!(has_phrase(
        "Kartenvergleich: Karten zählen",
        "karten zählen"
    ));
    assert_eq!(
        counted_nouns(Lang::En, "advanced {yours} squares: drawn"),
        [("yours".to_string(), "squares".to_string())]
    );
    assert_eq!(
        counted_nouns(Lang::Fr, "plus de {n}\u{a0}manches."),
        [("n".to_string(), "manches".to_string())]
    );
    assert_eq!(
        counted_nouns(Lang::En, "The last {n} finished matches are kept"),
        [("n".to_string(), "matches".to_string())]
    );
    assert!(counted_nouns(Lang::En, "Round {n}: you win").is_empty());
    assert!(counted_nouns(Lang::En, "{name} wins round {n}.").is_empty());
}
