#![cfg(feature = "friend")]
//! Links in parts (src/friend/parts.rs, docs/FRIEND.md): a long text split
//! in parts no longer than the room given, collected in any order; a part
//! that does not belong is refused and changes nothing.

use engarde::friend::parts::{
    is_part, split, Part, PartError, Parts, Progress, MAX_LINK, MAX_PARTS, OVERHEAD,
};
use proptest::prelude::*;

/// A code as long as `n`, of the links' alphabet.
fn code(n: usize, seed: u8) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    (0..n)
        .map(|i| ABC[(i * 7 + usize::from(seed) * 13 + i / 5) % 64] as char)
        .collect()
}

/// A message's link text of 9,000 characters (a proven deck's), and the
/// room a 100-character address leaves.
fn long() -> (String, Vec<String>) {
    let text = format!("{}.{}", code(9000, 1), code(136, 2));
    let room = MAX_LINK - 100 - "#f=".len();
    let parts = split(&text, room);
    (text, parts)
}

fn collect(parts: &[&String]) -> Result<Progress, PartError> {
    let mut c = Parts::default();
    let mut last = Err(PartError::Damaged);
    for p in parts {
        last = c.add_text(p);
    }
    last
}

#[test]
fn a_short_text_stays_one_link_unchanged() {
    let text = code(3000, 3);
    assert_eq!(split(&text, 3993), vec![text.clone()]);
    assert!(!is_part(&text));
}

#[test]
fn a_long_text_goes_in_parts_of_nearly_equal_length_within_the_room() {
    let (text, parts) = long();
    assert_eq!(parts.len(), 3);
    for p in &parts {
        assert!(is_part(p));
        assert!(p.len() <= MAX_LINK - 103, "{}", p.len());
    }
    let lens: Vec<usize> = parts.iter().map(String::len).collect();
    assert!(
        lens.iter().max().unwrap() - lens.iter().min().unwrap() <= 1,
        "{lens:?}"
    );
    assert_eq!(
        collect(&parts.iter().collect::<Vec<_>>()),
        Ok(Progress::Complete(text))
    );
}

#[test]
fn parts_in_every_order_give_the_text_and_say_what_is_missing() {
    let (text, parts) = long();
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    for order in orders {
        let mut c = Parts::default();
        let first = c.add_text(&parts[order[0]]).unwrap();
        let n = order[0] as u8 + 1;
        assert_eq!(
            first,
            Progress::Waiting {
                total: 3,
                got: vec![n]
            }
        );
        assert_eq!(
            first.missing(),
            (1..=3).filter(|&m| m != n).collect::<Vec<_>>()
        );
        let second = c.add_text(&parts[order[1]]).unwrap();
        assert_eq!(second.missing(), vec![order[2] as u8 + 1]);
        assert_eq!(
            c.add_text(&parts[order[2]]),
            Ok(Progress::Complete(text.clone()))
        );
        assert!(c.is_empty(), "emptied once taken");
    }
}

#[test]
fn a_doubled_part_is_harmless_when_the_same_and_refused_when_not() {
    let (text, parts) = long();
    let mut c = Parts::default();
    c.add_text(&parts[1]).unwrap();
    let again = c.add_text(&parts[1]).unwrap();
    assert_eq!(again.missing(), vec![1, 3]);
    // The same number with other content, checksum made anew: refused.
    let mut other = Part::decode(&parts[1]).unwrap();
    other.piece.replace_range(0..1, "Z");
    let before = c.clone();
    assert_eq!(c.add_text(&other.encode()), Err(PartError::Conflict));
    assert_eq!(c, before, "nothing changed");
    c.add_text(&parts[0]).unwrap();
    assert_eq!(c.add_text(&parts[2]), Ok(Progress::Complete(text)));
}

#[test]
fn a_part_of_another_message_or_total_is_refused_and_changes_nothing() {
    let (_, parts) = long();
    let others = split(&format!("{}.-", code(9000, 9)), MAX_LINK - 103);
    let mut c = Parts::default();
    c.add_text(&parts[0]).unwrap();
    let before = c.clone();
    assert_eq!(c.add_text(&others[1]), Err(PartError::OtherMessage));
    // Same digest, another total (made by a crafted page).
    let mut p = Part::decode(&parts[1]).unwrap();
    p.total = 4;
    assert_eq!(c.add_text(&p.encode()), Err(PartError::OtherTotal));
    assert_eq!(c, before);
    assert_eq!(c.progress().unwrap().missing(), vec![2, 3]);
}

#[test]
fn damaged_or_foreign_text_is_refused_as_damaged() {
    let (_, parts) = long();
    let p = &parts[0];
    // A character changed in the piece, in the head; cut short.
    let mut changed = p.clone();
    changed.replace_range(p.len() - 1.., if p.ends_with('A') { "B" } else { "A" });
    let mut head = p.clone();
    head.replace_range(3..4, if &p[3..4] == "A" { "B" } else { "A" });
    let bad = [
        changed,
        head,
        p[..40].to_string(),
        p[..33].to_string(),
        "~".to_string(),
        String::new(),
        "~ééé".to_string(),
        code(100, 1),
        format!("~{}", code(5000, 1)),
    ];
    for text in bad {
        let mut c = Parts::default();
        assert_eq!(c.add_text(&text), Err(PartError::Damaged), "{text:.50}");
        assert!(c.is_empty());
    }
    // Numbered at or past its total, a total of 1 or past the most.
    for (index, total) in [(3, 3), (0, 1), (0, 0), (0, MAX_PARTS as u8 + 1), (200, 2)] {
        let mut q = Part::decode(p).unwrap();
        q.index = index;
        q.total = total;
        assert_eq!(
            Part::decode(&q.encode()),
            Err(PartError::Damaged),
            "{index} of {total}"
        );
    }
}

#[test]
fn parts_whose_pieces_do_not_make_the_digested_text_are_refused_together() {
    let (_, parts) = long();
    let mut last = Part::decode(&parts[2]).unwrap();
    last.piece.push('x');
    let mut c = Parts::default();
    c.add_text(&parts[0]).unwrap();
    c.add_text(&parts[1]).unwrap();
    assert_eq!(c.add_text(&last.encode()), Err(PartError::Mismatch));
    assert!(c.is_empty(), "the parts are dropped");
}

#[test]
fn kept_collections_are_checked_and_garbage_is_dropped() {
    let (text, parts) = long();
    let mut c = Parts::default();
    c.add_text(&parts[2]).unwrap();
    c.add_text(&parts[0]).unwrap();
    let kept = c.texts();
    assert_eq!(kept, vec![parts[0].clone(), parts[2].clone()]);
    let mut back = Parts::from_texts(kept.iter().map(String::as_str));
    assert_eq!(back, c);
    assert_eq!(back.add_text(&parts[1]), Ok(Progress::Complete(text)));
    // Garbage, a damaged part among good ones, two messages' parts, and
    // parts that make a whole text: nothing kept.
    let others = split(&format!("{}.-", code(9000, 9)), MAX_LINK - 103);
    let bad: [Vec<&str>; 5] = [
        vec!["{", "null"],
        vec![&parts[0], "~AAAA"],
        vec![&parts[0], &others[1]],
        vec![&parts[0], &parts[1], &parts[2]],
        vec![""],
    ];
    for texts in bad {
        assert!(
            Parts::from_texts(texts.iter().copied()).is_empty(),
            "{texts:.40?}"
        );
    }
}

#[test]
fn a_room_too_small_or_a_text_that_cannot_split_stays_whole() {
    let text = code(20_000, 4);
    assert_eq!(split(&text, OVERHEAD).len(), 1);
    assert_eq!(
        split(&text, OVERHEAD + 10).len(),
        1,
        "more than the most parts"
    );
    let odd = "é".repeat(3000);
    assert_eq!(split(&odd, 1000), vec![odd.clone()]);
}

#[test]
fn errors_say_what_is_wrong() {
    assert!(PartError::OtherMessage
        .to_string()
        .contains("another message"));
    assert!(PartError::Conflict.to_string().contains("other content"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn split_then_collect_in_any_order_gives_the_text(
        len in 1usize..17_000,
        room in 200usize..4_096,
        seed in any::<u8>(),
        order in any::<u64>(),
    ) {
        let text = code(len, seed);
        let parts = split(&text, room);
        if parts.len() == 1 {
            prop_assert_eq!(&parts[0], &text);
            prop_assert!(text.len() <= room || text.len().div_ceil(room - OVERHEAD) > MAX_PARTS);
        } else {
            prop_assert!(parts.len() <= MAX_PARTS);
            for p in &parts {
                prop_assert!(p.len() <= room, "{} > {}", p.len(), room);
            }
            // A permutation drawn from `order`.
            let mut idx: Vec<usize> = (0..parts.len()).collect();
            let mut r = order;
            for i in (1..idx.len()).rev() {
                idx.swap(i, (r % (i as u64 + 1)) as usize);
                r = r.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            }
            let mut c = Parts::default();
            for (k, &i) in idx.iter().enumerate() {
                let got = c.add_text(&parts[i]).unwrap();
                if k + 1 < idx.len() {
                    prop_assert_eq!(got.missing().len(), idx.len() - k - 1);
                } else {
                    prop_assert_eq!(got, Progress::Complete(text.clone()));
                }
            }
        }
    }

    #[test]
    fn no_text_makes_a_collector_panic(text in ".{0,200}", tail in "[A-Za-z0-9_~.-]{0,80}") {
        let mut c = Parts::default();
        let _ = c.add_text(&text);
        let _ = c.add_text(&format!("~{tail}"));
    }
}
