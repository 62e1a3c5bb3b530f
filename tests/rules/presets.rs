//! docs/RULES.md §8 Presets.

use super::*;

#[test]
fn presets_have_exactly_the_options_of_the_section_8_table() {
    let b = Preset::Basic.rules();
    assert_eq!(b.level, RulesLevel::Basic);
    assert!(b.final_strike);
    assert!(!b.final_count);
    assert_eq!(b.starter, StarterRule::Alternate);
    assert!(!b.special_cards);

    let s = Preset::Standard.rules();
    assert_eq!(s.level, RulesLevel::Standard);
    assert!(s.final_count);
    assert_eq!(s.starter, StarterRule::Alternate);
    assert!(!s.special_cards);

    let a = Preset::Advanced.rules();
    assert_eq!(a.level, RulesLevel::Advanced);
    assert!(a.final_count);
    assert!(!a.count_after_retreat);
    assert_eq!(a.starter, StarterRule::Alternate);
    assert!(!a.special_cards);

    let d = Preset::Duel.rules();
    assert_eq!(d.level, RulesLevel::Standard);
    assert!(!d.final_count);
    assert_eq!(d.starter, StarterRule::Loser);
    assert!(d.special_cards);

    // The default is `advanced`; every preset plays to 5 points (R6).
    assert_eq!(Rules::default(), a);
    for p in Preset::ALL {
        assert_eq!(p.rules().points_to_win, 5, "{p:?}");
        assert_eq!(p.rules().preset(), Some(p));
        assert_eq!(Preset::from_name(p.name()), Some(p));
        assert!(p.rules().validate().is_ok());
    }
    // Ferti's reading (count even after a retreat) is advanced plus one option.
    let ferti = rules_with(|r| r.count_after_retreat = true);
    assert_eq!(ferti.preset(), None);
}
