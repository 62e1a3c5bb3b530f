//! The glossary and the typography of docs/LANGUAGES.md, checked over every
//! message of every language (the page's and the extras'): the words a
//! language must not use for a concept, the buttons' grammatical form, the
//! friend as one person, French spacing, one kind of apostrophe and of
//! quotation mark per language, and a form per plural category wherever a
//! count is followed by its noun. A new message is checked as it lands; a
//! rule that turns out too strict is changed here and in docs/LANGUAGES.md.
#![cfg(feature = "web")]

use engarde::ai::advice::Mark;
use engarde::engine::{Action, Card};
use engarde::ui::i18n::{fill, placeholders, plural, plural_or_none, ExtraTexts, Lang, Texts};

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
/// links, the action bar, the opponent's names): the fields `texts.rs`
/// marks `=> control` (docs/LANGUAGES.md, "Buttons and other controls").
fn controls() -> Vec<&'static str> {
    Texts::CONTROLS
        .iter()
        .chain(ExtraTexts::CONTROLS)
        .copied()
        .collect()
}

/// The infinitives of a control's name: the words that end in "n" at the
/// end of each part (split at colons) and, in Dutch, at its start too
/// ("Naderen met 3", "Leren spelen"), lower case.
fn infinitives(lang: Lang, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in text.split(':') {
        let ws: Vec<String> = words(part)
            .into_iter()
            .filter(|w| w.chars().all(char::is_alphabetic))
            .collect();
        let ends: Vec<&String> = match lang {
            Lang::Nl => ws.first().into_iter().chain(ws.last()).collect(),
            _ => ws.last().into_iter().collect(),
        };
        for w in ends {
            if w.ends_with('n') && w.chars().count() > 3 && !out.contains(w) {
                out.push(w.clone());
            }
        }
    }
    out
}

/// Dutch separable prefixes ("terugzetten": "zet … terug").
const NL_PREFIXES: &[&str] = &[
    "terug", "verder", "door", "aan", "uit", "op", "af", "mee", "na", "toe", "weg", "over", "bij",
];

/// The Dutch imperative (the stem) of an infinitive, in every spelling the
/// rules allow, and of its base without a separable prefix: "sluiten" →
/// sluit, "tonen" → toon, "zetten" → zet, "kiezen" → kies, "geven" → geef,
/// "kopiëren" → kopieer, "gaan" → ga. A form too many does no harm: a
/// control's name is checked not to open with one.
fn nl_imperatives(infinitive: &str) -> Vec<String> {
    let vowel = |c: char| "aeiouyë".contains(c);
    let mut bases = vec![infinitive.to_string()];
    for p in NL_PREFIXES {
        if let Some(rest) = infinitive.strip_prefix(p) {
            if rest.chars().count() > 3 {
                bases.push(rest.to_string());
            }
        }
    }
    let mut out = Vec::new();
    for base in bases {
        // gaan, staan, slaan, doen, zien: the vowel alone.
        if base.chars().count() <= 5 {
            if let Some(s) = base.strip_suffix("aan") {
                out.push(format!("{s}a"));
            } else if base.ends_with("oen") || base.ends_with("ien") {
                out.push(base.trim_end_matches('n').to_string());
            }
        }
        let Some(stem) = base.strip_suffix("en") else {
            continue;
        };
        let mut s: Vec<char> = stem.chars().collect();
        let n = s.len();
        if n < 2 {
            continue;
        }
        let doubled = s[n - 1] == s[n - 2] && !vowel(s[n - 1]);
        if doubled {
            s.pop();
        }
        let spelled = |s: &[char]| -> String {
            let mut w: String = s.iter().collect();
            if w.ends_with('z') {
                w.pop();
                w.push('s');
            } else if w.ends_with('v') {
                w.pop();
                w.push('f');
            }
            w.replace('ë', "e")
        };
        out.push(spelled(&s));
        // A long vowel before one consonant is written double once the
        // syllable closes: toon, neem, speel, markeer, kopieer.
        let n = s.len();
        if !doubled && n >= 3 && !vowel(s[n - 1]) && "aeouë".contains(s[n - 2]) {
            let single = s[n - 2] == 'ë' || !vowel(s[n - 3]);
            if single {
                let mut long = s.clone();
                long.insert(n - 2, s[n - 2]);
                out.push(spelled(&long));
            }
        }
    }
    out
}

/// German separable prefixes ("zurücknehmen": "nimm … zurück").
const DE_PREFIXES: &[&str] = &[
    "zurück", "weiter", "wieder", "durch", "nach", "auf", "aus", "ein", "her", "ab", "an", "vor",
    "mit", "zu", "weg",
];

/// German strong verbs whose imperative changes e to i.
const DE_STRONG: &[(&str, &str)] = &[
    ("geben", "gib"),
    ("nehmen", "nimm"),
    ("sehen", "sieh"),
    ("lesen", "lies"),
    ("brechen", "brich"),
    ("treffen", "triff"),
    ("helfen", "hilf"),
    ("werfen", "wirf"),
    ("sprechen", "sprich"),
    ("vergessen", "vergiss"),
];

/// The German imperatives (du) of an infinitive and of its base without
/// separable prefixes: "anzeigen" → zeig, zeige; "speichern" → speichere;
/// "aufgeben" → gib; "wiederherstellen" → stell, stelle.
fn de_imperatives(infinitive: &str) -> Vec<String> {
    let mut bases = vec![infinitive.to_string()];
    let mut i = 0;
    while i < bases.len() {
        for p in DE_PREFIXES {
            if let Some(rest) = bases[i].strip_prefix(p) {
                if rest.chars().count() > 3 && !bases.iter().any(|b| b == rest) {
                    bases.push(rest.to_string());
                }
            }
        }
        i += 1;
    }
    let mut out = Vec::new();
    for base in bases {
        if let Some((_, imperative)) = DE_STRONG.iter().find(|(inf, _)| *inf == base) {
            out.push(imperative.to_string());
        }
        let stem = if base.ends_with("ern") || base.ends_with("eln") {
            base.strip_suffix('n')
        } else {
            base.strip_suffix("en")
        };
        if let Some(stem) = stem {
            out.push(stem.to_string());
            out.push(format!("{}e", stem.trim_end_matches('e')));
        }
    }
    out
}

/// Imperatives of verbs no control uses yet that could open one: the
/// imperatives derived from the controls' own infinitives cover the rest.
const MORE_IMPERATIVES: &[(Lang, &[&str])] = &[
    (
        Lang::Nl,
        &["bekijk", "ga", "herstel", "open", "sla", "start", "stuur"],
    ),
    (
        Lang::De,
        &["akzeptiere", "mach", "mache", "öffne", "schick", "schicke"],
    ),
];

/// The imperatives a Dutch or German control must not open with: those of
/// every control's infinitive in that language (derived, so a control
/// written "Kopieer link" is caught as soon as any control says
/// "kopiëren"), and [`MORE_IMPERATIVES`].
fn imperatives(lang: Lang) -> Vec<String> {
    let controls = controls();
    let mut out: Vec<String> = MORE_IMPERATIVES
        .iter()
        .filter(|(l, _)| *l == lang)
        .flat_map(|(_, list)| list.iter().map(|w| w.to_string()))
        .collect();
    for (name, text) in named(lang) {
        if !controls.contains(&field(&name)) {
            continue;
        }
        for infinitive in infinitives(lang, text) {
            out.extend(match lang {
                Lang::Nl => nl_imperatives(&infinitive),
                Lang::De => de_imperatives(&infinitive),
                _ => Vec::new(),
            });
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A control names its action in the language's one form: Dutch and
/// German the infinitive (German with the verb last), French the
/// infinitive, never the imperative ("Kopieer link", "Copiez le lien").
/// Checked at the name's start and after a colon ("Ausfall: um 3
/// vorrücken"). A first word that ends in one of the controls' infinitives
/// is its object, not an imperative: Dutch "Zet terugnemen" (the noun
/// "zet", a move).
#[test]
fn controls_name_their_action_in_the_languages_form() {
    let controls = controls();
    let mut found = Vec::new();
    for lang in [Lang::Nl, Lang::De, Lang::Fr] {
        let imperatives = imperatives(lang);
        let infinitives: Vec<String> = named(lang)
            .iter()
            .filter(|(name, _)| controls.contains(&field(name)))
            .flat_map(|(_, text)| infinitives(lang, text))
            .collect();
        for (name, text) in named(lang) {
            if !controls.contains(&field(&name)) {
                continue;
            }
            for part in text.split(':') {
                let ws = words(part);
                let Some(first) = ws.first().cloned() else {
                    continue;
                };
                let object_first =
                    ws.len() > 1 && ws.last().is_some_and(|w| infinitives.contains(w));
                let imperative = (imperatives.contains(&first) && !object_first)
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
    // The buttons a review found missing from a list kept by hand are marked.
    for control in [
        "friend_export_messages",
        "friend_abandon",
        "friend_again",
        "friend_back",
        "back_to_match",
        "back_to_lessons",
        "review_moves",
        "next_round",
        "rematch",
        "hint",
    ] {
        assert!(controls.contains(&control), "{control} is a control");
    }
    // The imperatives derived reach the ones a review listed.
    let dutch = imperatives(Lang::Nl);
    for imperative in [
        "sluit",
        "toon",
        "verberg",
        "neem",
        "leer",
        "ga",
        "markeer",
        "pas",
        "begin",
        "zet",
        "kopieer",
        "kies",
        "geef",
        "exporteer",
        "speel",
        "nodig",
    ] {
        assert!(
            dutch.iter().any(|i| i == imperative),
            "nl {imperative}: no control's infinitive gives it (is a control written as an imperative?)"
        );
    }
    let german = imperatives(Lang::De);
    for imperative in [
        "gib",
        "nimm",
        "brich",
        "kopiere",
        "zeige",
        "wähle",
        "lösche",
        "speichere",
        "stelle",
        "lade",
        "übe",
        "spiele",
    ] {
        assert!(
            german.iter().any(|i| i == imperative),
            "de {imperative}: no control's infinitive gives it (is a control written as an imperative?)"
        );
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
    "friend_restored",
    "rules_to_points",
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
            let none_first = NONE_FIELDS.contains(&field(&name));
            if !PLURAL_FIELDS.contains(&field(&name)) && !none_first {
                found.push(format!(
                    "{lang:?} {name}: a count before its noun {counted:?} needs a form per plural category: {text}"
                ));
                continue;
            }
            let one = name.ends_with(if none_first { ".1" } else { ".0" });
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
    // And the messages with a form for none: none, one, other.
    for field_name in NONE_FIELDS {
        let forms = named(Lang::En)
            .into_iter()
            .filter(|(n, _)| field(n) == *field_name)
            .count();
        assert_eq!(forms, 3, "{field_name}");
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
    // The imperatives derived from infinitives.
    let nl = |w: &str| nl_imperatives(w);
    assert!(nl("kopiëren").contains(&"kopieer".to_string()));
    assert!(nl("terugzetten").contains(&"zet".to_string()));
    assert!(nl("kiezen").contains(&"kies".to_string()));
    assert!(nl("opgeven").contains(&"geef".to_string()));
    assert!(nl("gaan").contains(&"ga".to_string()));
    assert!(nl("sluiten").contains(&"sluit".to_string()));
    assert!(!nl("sluiten").contains(&"sluuit".to_string()));
    let de = |w: &str| de_imperatives(w);
    assert!(de("wiederherstellen").contains(&"stelle".to_string()));
    assert!(de("zurücknehmen").contains(&"nimm".to_string()));
    assert!(de("speichern").contains(&"speichere".to_string()));
    assert_eq!(infinitives(Lang::Nl, "Naderen met {n}"), ["naderen"]);
    assert_eq!(
        infinitives(Lang::De, "Ausfall: um {n} vorrücken"),
        ["vorrücken"]
    );
    // What a filled message's faults are.
    let filled = |name: &str, k, template: &'static str, text: &str| Filled {
        name: name.into(),
        count: Some(k),
        template,
        text: text.into(),
    };
    let only_zero = filled(
        "puzzle_unparryable.2",
        0,
        "and only {unseen} cards of that value",
        "and only 0 cards of that value",
    );
    assert_eq!(faults(Lang::En, &only_zero).len(), 1);
    let one_played = filled("puzzle_need", 1, "{played} joués.", "1 joués.");
    assert_eq!(faults(Lang::Fr, &one_played).len(), 1);
    let two_played = filled("puzzle_need", 2, "{played} joués.", "2 joués.");
    assert!(faults(Lang::Fr, &two_played).is_empty());
    let action = Lang::En.texts().action(lunge(), None);
    let bare = Filled {
        name: "puzzle_right".into(),
        count: None,
        template: "Right: {action} wins.",
        text: format!("Right: {action} wins."),
    };
    assert_eq!(faults(Lang::En, &bare).len(), 1);
}

// Every template filled: the words as a person reads them.

/// The counts every count placeholder is filled with.
const COUNTS: [usize; 4] = [0, 1, 2, 5];

/// The placeholders that hold a count, filled with each of [`COUNTS`]
/// (in [`CARDS_IN_WORDS`] some of them hold cards in words instead).
const COUNT_PLACEHOLDERS: &[&str] = &[
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
    "played",
    "you",
    "it",
    "them",
    "won",
    "lost",
    "streak",
    "inaccuracies",
    "mistakes",
    "blunders",
    "of",
];

/// The placeholders that hold cards in words ("two 3s") in
/// [`CARDS_IN_WORDS`].
const IN_WORDS: &[&str] = &["yours", "theirs", "unseen", "wins", "loses"];

/// The messages whose [`IN_WORDS`] placeholders are cards in words, by
/// `texts.rs`.
const CARDS_IN_WORDS: &[&str] = &[
    "won_card_count",
    "advice_parryable",
    "advice_parryable_won",
    "advice_distance",
];

/// The messages whose `{n}` is a count (elsewhere it is a round, a
/// distance, a card's value or a number of squares, filled with 3).
fn n_is_a_count(field: &str) -> bool {
    PLURAL_FIELDS.contains(&field)
        || NONE_FIELDS.contains(&field)
        || NEVER_ZERO.contains(&field)
        || field == "unseen"
}

/// Whether placeholder `name` of message `field` holds a count.
fn is_count(field: &str, name: &str) -> bool {
    if name == "n" {
        n_is_a_count(field)
    } else {
        COUNT_PLACEHOLDERS.contains(&name) || name == "cards" || name == "score"
    }
}

/// Count messages whose count is never 0: a notice shown with 1–3 cards
/// left in the draw pile (`Texts::pile_low`).
const NEVER_ZERO: &[&str] = &["pile_low_count", "pile_low_strike", "pile_low_position"];

/// The count messages with a form for none first (none, one, other:
/// `plural_or_none`).
const NONE_FIELDS: &[&str] = &["puzzle_unparryable"];

/// One choice of the names a template may take: the rules preset (the four
/// and custom), the computer's level, the person's side.
#[derive(Clone, Copy)]
struct Pick {
    count: usize,
    preset: usize,
    level: usize,
    side: usize,
}

/// The action every `{action}` is filled with: a lunge, whose control name
/// has a colon of its own.
fn lunge() -> Action {
    let card = |v| Card::new(v).unwrap();
    Action::Lunge {
        advance: card(3),
        card: card(5),
        count: 1,
    }
}

/// The value of placeholder `name` in message `field` of `lang`.
fn sample(lang: Lang, field: &str, name: &str, p: Pick) -> String {
    let (t, x) = (lang.texts(), lang.extra_texts());
    let k = p.count;
    let card = |v| Card::new(v).unwrap();
    let count = u8::try_from(k).unwrap();
    if CARDS_IN_WORDS.contains(&field) && IN_WORDS.contains(&name) {
        return t.cards(count, card(3));
    }
    if (field == "score_text" || field == "diagram_label") && ["white", "black"].contains(&name) {
        return k.to_string();
    }
    if name == "n" && !n_is_a_count(field) {
        return "3".into();
    }
    if COUNT_PLACEHOLDERS.contains(&name) {
        return k.to_string();
    }
    let presets: Vec<&str> = t.presets.iter().copied().chain([t.custom]).collect();
    let side = [t.white, t.black][p.side];
    match name {
        "preset" => presets[p.preset].into(),
        "level" => t.difficulties[p.level].into(),
        "side" => side.into(),
        "action" => t.action(lunge(), None),
        "cards" => t.cards(count.max(1), card(4)),
        "card" => "4".into(),
        "special" => t.specials[0].into(),
        "distance" => "3".into(),
        "square" => "7".into(),
        "round" => "2".into(),
        "percent" | "before" => "63".into(),
        "after" => "40".into(),
        "line" => "3".into(),
        "column" => "14".into(),
        "inaccuracy" => "6".into(),
        "mistake" => "12".into(),
        "blunder" => "25".into(),
        "rating" => "1500?".into(),
        "change" => "+12".into(),
        "date" | "day" => "2026-11-27".into(),
        "name" | "friend" | "host" | "white" | "winner" => "Anna".into(),
        "black" | "loser" => "Ben".into(),
        "who" => fill(t.named_side, &[("name", &"Anna"), ("side", &side)]),
        "score" => fill(t.score_text, &[("white", &k), ("black", &k)]),
        "reason" => t.reasons[0].into(),
        "why" => fill(t.bad_json, &[("line", &3), ("column", &14)]),
        "problem" => t.illegal.into(),
        "prompt" => t.your_turn.into(),
        "story" => t.pile_ran_out.into(),
        "list" => fill(t.list[0], &[("a", &t.kinds[0]), ("b", &t.kinds[2])]),
        "a" | "b" | "c" | "d" => t.kinds[usize::from(name.as_bytes()[0] - b'a')].into(),
        "hand" => "3, 4, 5".into(),
        "pile" => "1, 2".into(),
        "lesson" => x.lesson_titles[0].into(),
        "standing" => x.friend_standing[0].into(),
        "field" => "rules".into(),
        "what" => x.friend_void[0].into(),
        "mark" => x.marks[1].into(),
        "got" | "missing" => "2".into(),
        _ => panic!("{lang:?} {field}: no sample for {{{name}}}: add one to sample()"),
    }
}

/// The form of an array message a count picks: `Some(i)` for the count
/// messages, `None` (every form) for the others.
fn form_for(lang: Lang, field: &str, k: usize) -> Option<usize> {
    if NONE_FIELDS.contains(&field) {
        Some(plural_or_none(lang.code(), k))
    } else if PLURAL_FIELDS.contains(&field) {
        Some(plural(lang.code(), k))
    } else {
        None
    }
}

/// One message filled: its name (`field.form`), the count, the template
/// and the text.
struct Filled {
    name: String,
    count: Option<usize>,
    template: &'static str,
    text: String,
}

/// Every message of `lang` filled with every preset, level and side its
/// template takes and the counts 0, 1, 2 and 5, each count message in the
/// form its count picks; the same text once.
fn filled(lang: Lang) -> Vec<Filled> {
    let mut out: Vec<Filled> = Vec::new();
    for (name, template) in named(lang) {
        let f = field(&name).to_string();
        let form: Option<usize> = name.split('.').nth(1).and_then(|i| i.parse().ok());
        let takes = placeholders(template);
        let has = |p: &str| takes.contains(&p);
        let counted = takes.iter().any(|p| is_count(&f, p)) || form_for(lang, &f, 0).is_some();
        let counts: &[usize] = if counted { &COUNTS } else { &COUNTS[..1] };
        let presets = if has("preset") { 5 } else { 1 };
        let levels = if has("level") { 4 } else { 1 };
        let sides = if has("side") || has("who") { 2 } else { 1 };
        for &count in counts {
            let wrong_form = form_for(lang, &f, count).is_some_and(|want| Some(want) != form);
            if wrong_form || (count == 0 && NEVER_ZERO.contains(&f.as_str())) {
                continue;
            }
            for preset in 0..presets {
                for level in 0..levels {
                    for side in 0..sides {
                        let pick = Pick {
                            count,
                            preset,
                            level,
                            side,
                        };
                        let args: Vec<(&str, String)> = takes
                            .iter()
                            .map(|p| (*p, sample(lang, &f, p, pick)))
                            .collect();
                        let args: Vec<(&str, &dyn std::fmt::Display)> = args
                            .iter()
                            .map(|(p, v)| (*p, v as &dyn std::fmt::Display))
                            .collect();
                        let text = fill(template, &args);
                        if out.iter().any(|o| o.name == name && o.text == text) {
                            continue;
                        }
                        out.push(Filled {
                            name: name.clone(),
                            count: counted.then_some(count),
                            template,
                            text,
                        });
                    }
                }
            }
        }
    }
    out
}

/// Each language's quotation marks, open and close.
fn quotes(lang: Lang) -> (&'static str, &'static str) {
    match lang {
        Lang::En | Lang::Nl => ("“", "”"),
        Lang::De => ("„", "“"),
        Lang::Fr => ("«\u{a0}", "\u{a0}»"),
    }
}

/// The words that say "only" before a count: "only 0" must be "no …".
const ONLY: &[(Lang, &[&str])] = &[
    (Lang::En, &["only", "just"]),
    (Lang::Nl, &["maar", "slechts", "alleen"]),
    (Lang::De, &["nur", "noch", "lediglich"]),
    (Lang::Fr, &["que", "seulement"]),
];

/// What is wrong with one filled message: "only" before a count of 0; a
/// counted noun or (French) a participle after a count that does not
/// agree with it; a control's name (`{action}`) in a sentence without the
/// language's quotes.
fn faults(lang: Lang, f: &Filled) -> Vec<String> {
    let mut found = Vec::new();
    let field = field(&f.name);
    let only = ONLY.iter().find(|(l, _)| *l == lang).unwrap().1;
    if let Some(k) = f.count {
        let ws = words(&f.text);
        let zero = ws
            .windows(2)
            .any(|w| w[1] == "0" && only.contains(&w[0].as_str()));
        if k == 0 && zero {
            found.push("\"only\" before a count of 0: say none".to_string());
        }
        let nouns = COUNTED.iter().find(|(l, _)| *l == lang).unwrap().1;
        let many = plural(lang.code(), k) == 1;
        for number in COUNT_PLACEHOLDERS {
            if CARDS_IN_WORDS.contains(&field) || !is_count(field, number) {
                continue;
            }
            let tag = format!("{{{number}}}");
            for (at, _) in f.template.match_indices(&tag) {
                let rest = &f.template[at + tag.len()..];
                if !rest.starts_with([' ', NBSP, NNBSP]) {
                    continue;
                }
                let word: String = rest
                    .trim_start_matches([' ', NBSP, NNBSP])
                    .chars()
                    .take_while(|c| c.is_alphabetic())
                    .collect::<String>()
                    .to_lowercase();
                let noun = nouns
                    .iter()
                    .find(|(s, p)| s != p && (word == *s || word == *p));
                let wrong_noun = noun.is_some_and(|(s, p)| word == if many { *s } else { *p });
                let wrong_participle = lang == Lang::Fr
                    && if many {
                        word.ends_with('é') || word.ends_with("ée")
                    } else {
                        word.ends_with("és") || word.ends_with("ées")
                    };
                if wrong_noun || wrong_participle {
                    found.push(format!(
                        "{k} {word}: the word does not agree with the count"
                    ));
                }
            }
        }
    }
    let action = lang.texts().action(lunge(), None);
    let (open, close) = quotes(lang);
    let quoted = format!("{open}{action}{close}");
    if f.template.contains("{action}")
        && !controls().contains(&field)
        && f.text.matches(&action).count() != f.text.matches(&quoted).count()
    {
        found.push(format!(
            "the control's name {action:?} unquoted in a sentence"
        ));
    }
    found
}

/// Every message filled with every preset, level and side and with the
/// counts 0, 1, 2 and 5 reads right: never "only 0" (a count message that
/// can say 0 has a form for none), a counted noun or a French participle
/// agrees with its count ("1 joué", "2 joués"), and an action control's
/// name filled into a sentence stands in the language's quotes. Writes
/// what it read, for a native reviewer, to `target/words-review/<code>.md`.
#[test]
fn every_message_filled_reads_right() {
    let mut found = Vec::new();
    for lang in Lang::ALL {
        let all = filled(lang);
        for f in &all {
            for fault in faults(lang, f) {
                found.push(format!("{lang:?} {}: {fault}: {}", f.name, f.text));
            }
        }
        write_review(lang, &all);
    }
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

/// `target/words-review/<code>.md`: every message of `lang` filled, under
/// its name and English's template, for a native reviewer.
fn write_review(lang: Lang, all: &[Filled]) {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target"),
        std::path::PathBuf::from,
    );
    let dir = target.join("words-review");
    let english: std::collections::HashMap<String, &str> = named(Lang::En).into_iter().collect();
    let mut out = format!(
        "# Every message in {} ({}), filled\n\n\
         Each message of the page and of its extras, under its name and English's template, \
         filled with each rules preset, computer level and side it takes and with the counts \
         0, 1, 2 and 5 (a count message in the form its count picks; [k] before a line is its \
         count). Samples: the names Anna (White) and Ben (Black), card 4, distance, round and \
         other numbers 3, the action a lunge. Made by \
         `cargo test --all-features --test glossary` (docs/LANGUAGES.md).\n",
        lang.own_name(),
        lang.code()
    );
    let mut last = String::new();
    for f in all {
        if f.name != last {
            out.push_str(&format!("\n## {}\n\n", f.name));
            if lang != Lang::En {
                out.push_str(&format!("> en: {}\n\n", english[&f.name]));
            }
            last.clone_from(&f.name);
        }
        let count = f.count.map_or(String::new(), |k| format!("[{k}] "));
        out.push_str(&format!("- {count}{}\n", f.text.replace('\n', " ")));
    }
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{}.md", lang.code())), out).unwrap();
}

/// German writes a score with a colon ("5:3"), English, Dutch and French
/// with an en dash ("5–3"): between two counts only these.
#[test]
fn scores_are_written_as_each_language_writes_them() {
    let mut found = Vec::new();
    for lang in Lang::ALL {
        let want = if lang == Lang::De { ':' } else { '–' };
        for (name, text) in named(lang) {
            for a in COUNT_PLACEHOLDERS {
                let tag = format!("{{{a}}}");
                for (at, _) in text.match_indices(&tag) {
                    let rest = text[at + tag.len()..].trim_start();
                    let Some(sep) = rest.chars().next() else {
                        continue;
                    };
                    let after = rest[sep.len_utf8()..].trim_start();
                    let score = COUNT_PLACEHOLDERS
                        .iter()
                        .any(|b| after.starts_with(&format!("{{{b}}}")));
                    if score && "–-:—".contains(sep) && sep != want {
                        found.push(format!(
                            "{lang:?} {name}: a score with {sep:?}, not {want:?}: {text}"
                        ));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

/// German finite verbs the catalog uses: a clause after a colon with one
/// of them (before a comma) is a whole sentence.
const DE_FINITE: &[&str] = &[
    "ist",
    "sind",
    "war",
    "waren",
    "wird",
    "werden",
    "wurde",
    "hat",
    "hast",
    "haben",
    "kann",
    "kannst",
    "können",
    "muss",
    "musst",
    "müssen",
    "darf",
    "darfst",
    "soll",
    "will",
    "bleibt",
    "bleiben",
    "gibt",
    "geht",
    "gehen",
    "bewegt",
    "verändert",
    "gewinnt",
    "gewinnst",
    "verliert",
    "verlierst",
    "endet",
    "enden",
    "zeigt",
    "liegt",
    "steht",
    "kommt",
    "hält",
    "hältst",
    "spielst",
    "spielt",
    "sieht",
    "siehst",
    "trifft",
    "triffst",
    "bekommt",
    "bekommst",
    "zählt",
    "entscheidet",
    "entscheiden",
    "braucht",
    "brauchst",
    "bräuchte",
    "lässt",
    "ließe",
    "ziehst",
    "zieht",
    "wartet",
    "wartest",
    "bist",
    "entspricht",
    "passt",
    "fehlt",
    "reicht",
    "läuft",
];

/// After a colon: German capitalises a whole sentence ("…: Bis dahin
/// verändert …"; a clause with a finite verb before its first comma) and
/// writes a fragment as it would stand alone ("Stand: du 3"). English,
/// Dutch and French go on in lower case, a whole sentence too, unless
/// the word is a name (a side, a preset, a level, a special card).
#[test]
fn after_a_colon_each_language_capitalises_as_it_writes() {
    let mut found = Vec::new();
    for lang in Lang::ALL {
        let (t, x) = (lang.texts(), lang.extra_texts());
        let names: Vec<String> = [t.white, t.black, t.custom]
            .iter()
            .chain(&t.presets)
            .chain(&t.difficulties)
            .chain(&t.specials)
            .chain(&x.levels)
            .flat_map(|n| words(n))
            .collect();
        for (name, text) in named(lang) {
            for (at, _) in text.match_indices(':') {
                let rest = &text[at + 1..];
                if !rest.starts_with([' ', NBSP, NNBSP]) {
                    continue;
                }
                let rest = rest.trim_start_matches([' ', NBSP, NNBSP]);
                let Some(first) = rest.chars().next() else {
                    continue;
                };
                if !first.is_alphabetic() {
                    continue;
                }
                let word = words(rest).into_iter().next().unwrap_or_default();
                let wrong = if lang == Lang::De {
                    let clause = rest
                        .split([',', '.', ';', '!', '?', '(', ')'])
                        .next()
                        .unwrap();
                    first.is_lowercase()
                        && words(clause)
                            .iter()
                            .any(|w| DE_FINITE.contains(&w.as_str()))
                } else {
                    first.is_uppercase() && !names.contains(&word)
                };
                if wrong {
                    found.push(format!(
                        "{lang:?} {name}: {:?} after a colon: {text}",
                        rest.chars().take(24).collect::<String>()
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}
