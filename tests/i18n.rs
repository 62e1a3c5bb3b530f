//! The page's languages: every message of every language is there, is not
//! empty, and takes the same arguments as English; the language is chosen
//! from the browser's preferences; the page's shell texts are generated.
#![cfg(feature = "web")]

use engarde::ui::i18n::{placeholders, ExtraTexts, Lang, Texts};

/// Every message of `lang`, the page's then the extras', with their names.
fn named(lang: Lang) -> Vec<(String, &'static str)> {
    let mut all = lang.texts().named();
    all.extend(lang.extra_texts().named());
    all
}

#[test]
fn every_message_of_every_language_is_non_empty_and_takes_englishs_arguments() {
    let english = named(Lang::En);
    assert_eq!(
        english.len(),
        Lang::En.texts().strings().len() + Lang::En.extra_texts().strings().len()
    );
    for lang in Lang::ALL {
        let texts = lang.texts();
        let named = named(lang);
        assert_eq!(named.len(), english.len(), "{lang:?}");
        for ((name, text), (_, en)) in named.iter().zip(&english) {
            assert!(!text.trim().is_empty(), "{lang:?}: {name} is empty");
            assert_eq!(
                placeholders(text),
                placeholders(en),
                "{lang:?}: {name} = {text:?} does not take English's arguments"
            );
        }
        // The page knows each language's code and name before its texts come.
        assert_eq!((texts.code, texts.own_name), (lang.code(), lang.own_name()));
    }
}

/// Whether a template has a letter outside its placeholders (`"{a}, {b}"`
/// has none: nothing to translate).
fn has_words(template: &str) -> bool {
    let mut inside = false;
    template.chars().any(|c| {
        inside = (inside || c == '{') && c != '}';
        !inside && c.is_alphabetic()
    })
}

#[test]
fn other_languages_are_translated_not_copied() {
    let english = named(Lang::En);
    for lang in [Lang::Nl, Lang::De, Lang::Fr] {
        let same: Vec<&String> = named(lang)
            .iter()
            .zip(&english)
            .filter(|((_, t), (_, e))| t == e && has_words(e))
            .map(|(_, (n, _))| n)
            .collect();
        // Names shared by all languages (En Garde, Standard …) are allowed.
        assert!(same.len() <= 8, "{lang:?} keeps English in {same:?}");
    }
}

#[test]
fn a_language_travels_as_its_list_of_strings() {
    for lang in Lang::ALL {
        let list = lang.texts().strings();
        assert_eq!(Texts::from_strings(&list).as_ref(), Some(lang.texts()));
        assert_eq!(Texts::from_strings(&list[1..]), None);
        let list = lang.extra_texts().strings();
        assert_eq!(
            ExtraTexts::from_strings(&list).as_ref(),
            Some(lang.extra_texts())
        );
        assert_eq!(ExtraTexts::from_strings(&list[1..]), None);
    }
}

#[test]
fn the_first_preferred_language_the_page_speaks_is_chosen() {
    assert_eq!(Lang::choose(["nl-BE", "en"]), Lang::Nl);
    assert_eq!(Lang::choose(["ja", "de-AT", "fr"]), Lang::De);
    assert_eq!(Lang::choose(["FR_ca"]), Lang::Fr);
    assert_eq!(Lang::choose(["ja", "zh"]), Lang::En);
    assert_eq!(Lang::choose([]), Lang::En);
    for lang in Lang::ALL {
        assert_eq!(Lang::from_tag(lang.code()), Some(lang));
    }
}

#[test]
fn fill_puts_each_argument_in_its_place() {
    use engarde::ui::i18n::fill;
    assert_eq!(fill("{a} or {b}", &[("a", &"x"), ("b", &2)]), "x or 2");
    assert_eq!(fill("{a}{a}", &[("a", &1)]), "11");
    assert_eq!(fill("left {open", &[("open", &1)]), "left {open");
    assert_eq!(placeholders("Round {n}: {reason} {n}"), ["n", "reason"]);
}

/// The files made from the catalog for the browser: each language as data
/// (`web/lang/<code>.json`, fetched when chosen, English too; the extras'
/// messages of each language but English, which the extras carry, in
/// `web/lang/<code>.extra.json`, fetched by the extras), the shell's words
/// (`web/shell-texts.js`, shown before the app runs), a manifest per
/// language (`web/lang/<code>.webmanifest`) and every message for the
/// end-to-end tests (`e2e/catalog.json`). `LANG_BLESS=1 cargo test --all-features --test i18n` rewrites
/// them after a change of the catalog.
#[test]
fn the_files_made_from_the_catalog_are_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut made: Vec<(std::path::PathBuf, String)> = Vec::new();
    for lang in Lang::ALL {
        let list = serde_json::to_string(&lang.texts().strings()).unwrap();
        made.push((
            root.join(format!("web/lang/{}.json", lang.code())),
            list + "\n",
        ));
        if lang == Lang::En {
            continue;
        }
        // The extras' messages, fetched by the extras only.
        let list = serde_json::to_string(&lang.extra_texts().strings()).unwrap();
        made.push((
            root.join(format!("web/lang/{}.extra.json", lang.code())),
            list + "\n",
        ));
    }
    let shell: Vec<String> = Lang::ALL
        .iter()
        .map(|l| {
            let t = l.texts();
            let too_long = t.notice(&engarde::ui::play::notice::Notice::LinkTooLong);
            let pairs = [
                ("title", t.page_title),
                ("about", t.about),
                ("loading", t.loading),
                ("cannotStart", t.cannot_start),
                ("linkTooLong", too_long.as_str()),
            ];
            let fields: Vec<String> = pairs
                .iter()
                .map(|(k, v)| format!("{k}: {}", serde_json::to_string(v).unwrap()))
                .collect();
            format!("  {}: {{ {} }},", l.code(), fields.join(", "))
        })
        .collect();
    made.push((
        root.join("web/shell-texts.js"),
        format!(
            "// Made by tests/i18n.rs from src/ui/i18n/*.rs: the page's words before the\n// app runs (web/loading.js). Do not edit; see docs/LANGUAGES.md.\nself.ENGARDE_SHELL = {{\n{}\n}};\n",
            shell.join("\n")
        ),
    ));
    let manifest = std::fs::read_to_string(root.join("web/manifest.webmanifest")).unwrap();
    let en = Lang::En.texts();
    let description = |t: &Texts| {
        format!(
            "\"description\": {},",
            serde_json::to_string(t.app_description).unwrap()
        )
    };
    assert!(
        manifest.contains(&description(en)),
        "web/manifest.webmanifest must describe the app as en.rs does"
    );
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        let t = lang.texts();
        // Beside its texts in lang/: its addresses are one folder up.
        let text = manifest
            .replace(&description(en), &description(t))
            .replace(
                "\"lang\": \"en\"",
                &format!("\"lang\": \"{}\"", lang.code()),
            )
            .replace("\"./\"", "\"../\"")
            .replace("\"icons/", "\"../icons/");
        made.push((
            root.join(format!("web/lang/{}.webmanifest", lang.code())),
            text,
        ));
    }
    // The end-to-end tests find controls by each language's names.
    let catalog: Vec<String> = Lang::ALL
        .iter()
        .map(|l| {
            let fields: Vec<String> = named(*l)
                .iter()
                .map(|(k, v)| {
                    format!(
                        "    {}: {}",
                        serde_json::to_string(k).unwrap(),
                        serde_json::to_string(v).unwrap()
                    )
                })
                .collect();
            format!("  \"{}\": {{\n{}\n  }}", l.code(), fields.join(",\n"))
        })
        .collect();
    made.push((
        root.join("e2e/catalog.json"),
        format!("{{\n{}\n}}\n", catalog.join(",\n")),
    ));
    let bless = std::env::var_os("LANG_BLESS").is_some();
    for (path, text) in made {
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else {
            let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                on_disk == text,
                "{} is not what the catalog makes: LANG_BLESS=1 cargo test --all-features --test i18n",
                path.display()
            );
        }
    }
    // The page without JavaScript says so in every language.
    let index = std::fs::read_to_string(root.join("index.html")).unwrap();
    for lang in Lang::ALL {
        assert!(
            index.contains(lang.texts().no_script),
            "index.html's <noscript> lacks {lang:?}"
        );
    }
}

/// Counts take the language's CLDR plural category (one, other): every
/// count message filled with 0, 1, 2 and 5 in every language has its
/// number in the form the rule picks, and English never says "1 rounds".
#[test]
fn every_count_message_takes_its_counts_plural_form() {
    use engarde::ui::i18n::plural;
    use engarde::ui::play::notice::Notice;
    for (code, forms) in [
        ("en", [1, 0, 1, 1]),
        ("nl", [1, 0, 1, 1]),
        ("de", [1, 0, 1, 1]),
        ("fr", [0, 0, 1, 1]),
    ] {
        let got: Vec<usize> = [0, 1, 2, 5].iter().map(|&n| plural(code, n)).collect();
        assert_eq!(got, forms, "{code}: the forms of 0, 1, 2, 5");
    }
    for lang in Lang::ALL {
        let (t, x) = (lang.texts(), lang.extra_texts());
        for n in [0, 1, 2, 5] {
            let form = plural(lang.code(), n);
            let said = [
                (t.notice(&Notice::Imported(n)), t.imported[form]),
                (t.count(t.link_too_long, n), t.link_too_long[form]),
                (t.count(t.record_too_long, n), t.record_too_long[form]),
                (t.count(t.too_many_rounds, n), t.too_many_rounds[form]),
                (t.count(t.too_many_actions, n), t.too_many_actions[form]),
                (x.analysing(0, n), x.analysing[form]),
                (x.history_kept(n), x.history_kept[form]),
            ];
            for (text, template) in said {
                let number = n.to_string();
                assert!(
                    text.contains(&number) && !text.contains('{'),
                    "{lang:?} {n}: {text}"
                );
                let (before, _) = template.split_once('{').expect("a count");
                assert!(
                    text.starts_with(before),
                    "{lang:?} {n}: {text} is not in form {form}"
                );
                if lang == Lang::En && n == 1 {
                    let plural_noun = plural_after_one(&text);
                    assert!(!plural_noun, "English says a plural for one: {text}");
                }
            }
        }
    }
}

/// Whether `text` has "1 " followed by a word (or two) ending in s.
fn plural_after_one(text: &str) -> bool {
    text.match_indices("1 ").any(|(i, _)| {
        let words: Vec<&str> = text[i + 2..].split([' ', ',', '.', ')']).take(2).collect();
        words.iter().any(|w| w.len() > 2 && w.ends_with('s'))
    })
}

/// A special card's name in a sentence stands in the language's quotation
/// marks ("Kies “Drie kaarten”", not an instruction to choose three cards).
#[test]
fn special_card_names_are_quoted_in_each_languages_marks() {
    for (lang, open, close) in [
        (Lang::En, "“", "”"),
        (Lang::Nl, "“", "”"),
        (Lang::De, "„", "“"),
        (Lang::Fr, "«\u{a0}", "\u{a0}»"),
    ] {
        let quoted = format!("{open}{{special}}{close}");
        let named = named(lang);
        let with: Vec<_> = named
            .iter()
            .filter(|(_, t)| t.contains("{special}"))
            .collect();
        assert!(
            with.len() >= 4,
            "{lang:?}: the choice's control and its three log lines"
        );
        for (name, text) in with {
            assert!(
                text.contains(&quoted),
                "{lang:?}: {name} = {text:?} does not quote the name"
            );
        }
    }
}
