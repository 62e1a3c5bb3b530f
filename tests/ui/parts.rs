//! Links in parts on the page (src/ui/friend/parts.rs): every link within
//! 4,096 characters with the page's address, kept parts that do not read
//! ignored, and each part's words in every language.

use engarde::friend::parts::Part;
use engarde::friend::parts::{PartError, Parts, Progress, MAX_LINK};
use engarde::ui::friend::parts::{collect_into, links, read, MESSAGES_KEPT};
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
    assert_eq!(read(Some(&kept)), vec![parts]);
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

/// The parts of several messages are collected side by side, each whole
/// once its own parts are in, in any order; kept and read back, they are
/// the same collections; the oldest goes past the most kept.
#[test]
fn parts_of_several_messages_are_collected_each_on_its_own() {
    let part = |link: &str| Part::decode(&link[3..]).unwrap();
    let messages: Vec<(String, Vec<String>)> = (0..MESSAGES_KEPT + 1)
        .map(|i| {
            let whole = format!("{}{i}", text(7_000 + 500 * i));
            let all = links("#f=", &whole);
            assert!(all.len() >= 2);
            (whole, all)
        })
        .collect();
    let mut all = Vec::new();
    // Each message's first part, then the first message's again: two
    // collections, nothing doubled.
    for (_, links) in &messages[..2] {
        assert!(matches!(
            collect_into(&mut all, part(&links[0])),
            Ok(Progress::Waiting { .. })
        ));
    }
    let again = collect_into(&mut all, part(&messages[0].1[0]));
    assert_eq!(
        again,
        Ok(Progress::Waiting {
            total: messages[0].1.len() as u8,
            got: vec![1]
        })
    );
    assert_eq!(all.len(), 2);
    // Kept and read back: the same.
    let kept: Vec<String> = all.iter().flat_map(Parts::texts).collect();
    assert_eq!(read(Some(&kept.join("\n"))), all);
    // The second message completes first; the first is still waiting.
    let mut last = None;
    for link in &messages[1].1[1..] {
        last = Some(collect_into(&mut all, part(link)));
    }
    assert_eq!(last, Some(Ok(Progress::Complete(messages[1].0.clone()))));
    assert_eq!(all.len(), 1);
    for link in &messages[0].1[1..] {
        last = Some(collect_into(&mut all, part(link)));
    }
    assert_eq!(last, Some(Ok(Progress::Complete(messages[0].0.clone()))));
    assert!(all.is_empty());
    // One part of each of one more than are kept: the oldest goes.
    for (_, links) in &messages {
        collect_into(&mut all, part(&links[0])).unwrap();
    }
    assert_eq!(all.len(), MESSAGES_KEPT);
    assert_ne!(all[0].digest(), part(&messages[0].1[0]).digest);
    // A number that came with other content is refused; nothing changes.
    let mut other = part(&messages[1].1[0]);
    other.piece.push('x');
    let before = all.clone();
    assert_eq!(collect_into(&mut all, other), Err(PartError::Conflict));
    assert_eq!(all, before);
}

/// (A part reaches the browser's storage: the e2e test opens parts.)
#[test]
fn a_link_that_is_not_a_part_is_read_whole_as_before() {
    use engarde::ui::friend::parts::{collect, Collected};
    assert_eq!(collect("AbC.-".into()), Collected::Whole("AbC.-".into()));
}
