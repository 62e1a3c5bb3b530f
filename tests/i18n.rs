//! The page's languages: every message of every language is there, is not
//! empty, and takes the same arguments as English; the language is chosen
//! from the browser's preferences; the page's shell texts are generated.
#![cfg(feature = "web")]

use engarde::ui::i18n::{placeholders, Lang, Texts};

#[test]
fn every_message_of_every_language_is_non_empty_and_takes_englishs_arguments() {
    let english = Lang::En.texts().named();
    assert_eq!(english.len(), Lang::En.texts().strings().len());
    for lang in Lang::ALL {
        let texts = lang.texts();
        let named = texts.named();
        assert_eq!(named.len(), english.len(), "{lang:?}");
        for ((name, text), (_, en)) in named.iter().zip(&english) {
            assert!(!text.trim().is_empty(), "{lang:?}: {name} is empty");
            assert_eq!(
                placeholders(text),
                placeholders(en),
                "{lang:?}: {name} = {text:?} does not take English's arguments"
            );
        }
        assert_eq!(texts.code, format!("{lang:?}").to_lowercase());
    }
}

#[test]
fn other_languages_are_translated_not_copied() {
    let english = Lang::En.texts().named();
    for lang in [Lang::Nl, Lang::De, Lang::Fr] {
        let same: Vec<&String> = lang
            .texts()
            .named()
            .iter()
            .zip(&english)
            .filter(|((_, t), (_, e))| t == e && e.chars().any(char::is_alphabetic))
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
