//! Links in parts on the page (src/ui/friend/parts.rs): every link within
//! 4,096 characters with the page's address, kept parts that do not read
//! ignored, and each part's words in every language.

use engarde::friend::parts::{PartError, Parts, Progress, MAX_LINK};
use engarde::ui::friend::parts::{links, read};
use engarde::ui::friend::Problem;
use engarde::ui::i18n::Lang;

fn text(n: usize) -> String {
    (0..n).map(|i| (b'A' + (i % 26) as u8) as char).collect()
}

#[test]
fn every_link_fits_with_the_pages_address_and_a_short_one_is_unchanged() {
    for address in [
        "http://127.0.0.1:8099/engarde/#f=",
        "https://someone.github.io/a/rather/long/path/to/the/page/of/the/game/engarde/index.html?x=1#f=",
    ] {
        let short = links(address, &text(2000));
        assert_eq!(short, vec![format!("{address}{}", text(2000))]);
        for n in [4096 - address.len(), 6_200, 9_100, 16_500] {
            let all = links(address, &text(n));
            assert!(all.iter().all(|l| l.len() <= MAX_LINK && l.starts_with(address)));
            let mut parts = Parts::default();
            let mut last = None;
            for l in all.iter().rev() {
                last = Some(parts.add_text(&l[address.len()..]));
            }
            if all.len() > 1 {
                assert_eq!(last, Some(Ok(Progress::Complete(text(n)))), "{n}");
            }
        }
        assert_eq!(links(address, &text(9_100)).len(), 3);
    }
}

#[test]
fn kept_parts_that_do_not_read_are_an_empty_collection() {
    for garbage in [
        None,
        Some(""),
        Some("null"),
        Some("{"),
        Some("[1,2]"),
        Some("~AAAA\n~BBBB"),
        Some(r#"{"digest":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"pieces":[null,null]}"#),
    ] {
        assert!(read(garbage).is_empty(), "{garbage:?}");
    }
    let all = links("#f=", &text(9_000));
    let mut parts = Parts::default();
    parts.add_text(&all[1][3..]).unwrap();
    let kept = parts.texts().join("\n");
    assert_eq!(read(Some(&kept)), parts);
    // One part changed: nothing kept.
    assert!(read(Some(&kept.replacen('A', "B", 1))).is_empty());
}

#[test]
fn the_progress_and_each_refusal_have_their_words_in_every_language() {
    let errors = [
        PartError::Damaged,
        PartError::OtherMessage,
        PartError::OtherTotal,
        PartError::Conflict,
        PartError::Mismatch,
    ];
    for lang in Lang::ALL {
        let (t, x) = (lang.texts(), lang.extra_texts());
        let said: std::collections::HashSet<String> = errors
            .iter()
            .map(|&e| x.friend_problem(t, Problem::Part(e)))
            .collect();
        assert_eq!(said.len(), 5, "{lang:?}");
        let waiting = Progress::Waiting {
            total: 4,
            got: vec![2],
        };
        let line = x.friend_parts_said(&waiting);
        assert!(!line.contains('{'), "{lang:?}: {line}");
        assert!(line.contains("2") && line.contains("4"), "{lang:?}: {line}");
        let copy = x.friend_part_line(x.friend_part_copy, 1, 3);
        assert!(copy.contains('1') && copy.contains('3') && !copy.contains('{'));
    }
    let x = Lang::En.extra_texts();
    let waiting = Progress::Waiting {
        total: 3,
        got: vec![1],
    };
    assert_eq!(
        x.friend_parts_said(&waiting),
        "This message comes in 3 parts. Received: 1. Still missing: 2 and 3."
    );
    assert_eq!(x.friend_part_numbers(&[1, 2, 4]), "1, 2 and 4");
    assert_eq!(
        Lang::De.extra_texts().friend_part_numbers(&[1, 2, 4]),
        "1, 2 und 4"
    );
    assert_eq!(
        x.friend_part_line(x.friend_part_copy, 1, 2),
        "Copy part 1 of 2"
    );
}

/// (A part reaches the browser's storage: the e2e test opens parts.)
#[test]
fn a_link_that_is_not_a_part_is_read_whole_as_before() {
    use engarde::ui::friend::parts::{collect, Collected};
    assert_eq!(collect("AbC.-".into()), Collected::Whole("AbC.-".into()));
}
