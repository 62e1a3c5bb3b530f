//! The catalog's shape: every message the page shows or announces, as a
//! template with named placeholders (`{card}`, `{cards}`, `{n}` …). Each
//! language is one `Texts` value (`en.rs`, `nl.rs` …): a missing message fails
//! to compile. Typed arguments go in through [`super::Words`], never here.

/// Declares `Texts` and its flat list of strings (field order), which is how
/// a language travels as data (`web/lang/*.json`). A field written
/// `name: S => control` is the name of a control that acts (a button, a menu
/// entry, a link, the action bar's and the opponent's names):
/// [`Texts::CONTROLS`] lists them, and `tests/glossary.rs` holds them to the
/// controls' grammatical form (docs/LANGUAGES.md).
macro_rules! texts {
    (@control $name:ident control) => {
        stringify!($name)
    };
    ($(#[$sdoc:meta])* $struct:ident { $( $(#[$doc:meta])* $name:ident : $ty:ty $(=> $mark:ident)?, )* }) => {
        $(#[$sdoc])*
        /// Only strings, in declaration order: a language travels as the
        /// flat list of them ([`Self::strings`]) and is built back from it
        /// field by field ([`Self::from_strings`]).
        #[derive(Debug, PartialEq, Eq)]
        pub struct $struct {
            $( $(#[$doc])* pub $name: $ty, )*
        }

        impl $struct {
            /// How many strings a language has (arrays counted whole).
            pub const COUNT: usize = 0 $( + <$ty as Part>::COUNT )*;

            /// The fields that name a control, in field order.
            pub const CONTROLS: &'static [&'static str] = &[ $( $( texts!(@control $name $mark), )? )* ];

            /// Every string, in field order (arrays flattened).
            pub fn strings(&self) -> Vec<&'static str> {
                let mut out = Vec::new();
                $( Part::push(&self.$name, &mut out); )*
                out
            }

            /// Builds a language from [`Texts::strings`]'s list; `None` if the
            /// list has a different length.
            pub fn from_strings(list: &[&'static str]) -> Option<Self> {
                if list.len() != Self::COUNT {
                    return None;
                }
                let mut out = Self { $( $name: Part::EMPTY, )* };
                let mut rest = list.iter();
                $( Part::fill(&mut out.$name, &mut rest); )*
                Some(out)
            }

            /// Each string with the name of its field (`guide.2` for arrays).
            pub fn named(&self) -> Vec<(String, &'static str)> {
                let mut out = Vec::new();
                $( Part::name(&self.$name, stringify!($name), &mut out); )*
                out
            }
        }
    };
}

/// A field of `Texts`: one string or a fixed array of them.
trait Part: Sized {
    const COUNT: usize;
    fn push(&self, out: &mut Vec<&'static str>);
    fn name(&self, field: &str, out: &mut Vec<(String, &'static str)>);
    /// The field before it is filled.
    const EMPTY: Self;
    /// Takes the field's strings from the front of `rest`. One function per
    /// shape of field, not inlined: per field only a call (the app's wasm
    /// grew 1.6 KB gzipped, against 5.3 KB for a struct literal of `take`s).
    fn fill(&mut self, rest: &mut std::slice::Iter<'_, &'static str>);
}

impl Part for &'static str {
    const COUNT: usize = 1;
    fn push(&self, out: &mut Vec<&'static str>) {
        out.push(self);
    }
    fn name(&self, field: &str, out: &mut Vec<(String, &'static str)>) {
        out.push((field.into(), self));
    }
    const EMPTY: Self = "";
    #[inline(never)]
    fn fill(&mut self, rest: &mut std::slice::Iter<'_, &'static str>) {
        if let Some(s) = rest.next() {
            *self = s;
        }
    }
}

impl<const N: usize> Part for [&'static str; N] {
    const COUNT: usize = N;
    fn push(&self, out: &mut Vec<&'static str>) {
        out.extend_from_slice(self);
    }
    fn name(&self, field: &str, out: &mut Vec<(String, &'static str)>) {
        out.extend(
            self.iter()
                .enumerate()
                .map(|(i, s)| (format!("{field}.{i}"), *s)),
        );
    }
    const EMPTY: Self = [""; N];
    #[inline(never)]
    fn fill(&mut self, rest: &mut std::slice::Iter<'_, &'static str>) {
        for (slot, s) in self.iter_mut().zip(rest) {
            *slot = s;
        }
    }
}

type S = &'static str;

texts! {
    /// One language: every message of the page.
    Texts {
    // The page and its shell.
    /// `<html lang>`.
    code: S,
    /// The language's own name, in the picker ("Nederlands").
    own_name: S,
    /// The document's title.
    page_title: S,
    // The page's shell before the app runs (`web/shell-texts.js`, generated) and
    // the web-app manifest.
    /// What the page is, while it loads.
    about: S,
    loading: S,
    cannot_start: S,
    no_script: S,
    /// The manifest's and the page's description.
    app_description: S,
    score: S,
    distance: S,
    draw_pile: S,
    last_played: S,
    new_game: S => control,
    /// The button that opens the page's menu (lessons, history, records).
    menu: S,
    /// The menu's entry for the page's language and colours, and its title.
    preferences: S,
    close: S => control,
    next_round: S => control,
    rematch: S => control,
    dismiss: S => control,
    export: S => control,
    import: S => control,
    your_hand: S,
    computer_hand: S,
    hidden_card: S,
    piste: S,
    /// The card tracker's list, its toggle and its help.
    tracker: S,
    show_tracker: S => control,
    hide_tracker: S => control,
    tracker_help: S,
    /// `{card}` unseen cards of that value: `{n}`.
    unseen: S,
    special_card: S,
    /// The round's log heading.
    log: S,
    /// The action bar's name.
    actions: S,
    thinking: S,
    /// Said after a take back, until the next action.
    taken_back: S,
    cancel: S => control,

    // Sides and seats.
    white: S,
    black: S,
    // Messages about one player come in three forms, by who they are
    // (`Who`): the person at the device ("you"), the computer, a person
    // named (`{name}`, or `{who}`: the name and the side). Those about the
    // opponent alone have two: the computer, a person.
    /// A score track: `{side}`, `{points}` of `{of}`.
    score_line: [S; 3],
    /// The hidden score text: `{white}`, `{black}` points.
    score_text: S,
    /// Above the opponent's hand: `{side}`, the computer's `{level}`.
    opponent_label: [S; 2],
    /// A fencer on the piste: `{side}`, `{square}`.
    fencer: [S; 3],
    square: S,
    card: S,

    // Cards in words: `{card}` held `count` times, index 0–5.
    cards: [S; 6],
    /// Lists of two, three and four kinds of move (`{a}` … `{d}`).
    list: [S; 3],
    /// Kinds of move in lists: advance, retreat, attack, lunge.
    kinds: [S; 4],

    // Action controls (docs/APP.md, accessible names: the verb first).
    act_advance: S => control,
    act_retreat: S => control,
    act_attack: S => control,
    act_lunge: S => control,
    act_parry: S => control,
    /// A parry whose attack is not known.
    parry: S => control,
    act_choose: S => control,
    give_up: S => control,
    give_up_ask: S => control,
    give_up_question: [S; 2],
    keep_playing: S => control,
    /// The opponent's fencer as a target: `{action}`.
    target_opponent: S => control,

    // What is asked now (the status line and the action bar).
    your_turn: S,
    /// `{list}` of the kinds of move possible.
    your_turn_kinds: S,
    computer_turn: S,
    defend_parry_or_retreat: S,
    defend_parry: S,
    defend_retreat: S,
    final_answer: S,
    pick_special: S,
    hint_square: S,
    hint_square_or_attack: S,
    hint_attack: S,
    hint_parry: S,
    hint_retreat: S,
    hint_parry_or_retreat: S,
    hint_lunge: S,
    hint_nothing: S,
    /// Few cards left in the draw pile (`{n}`), by how the round is then decided.
    pile_low_count: S,
    pile_low_strike: S,
    pile_low_position: S,

    // The log: what each side did (by who did it).
    advances: [S; 3],
    retreats: [S; 3],
    /// A retreat that escapes a lunge (R21), `{n}` the card.
    escapes: [S; 3],
    attacks: [S; 3],
    lunges: [S; 3],
    parries: [S; 3],
    chooses: [S; 3],
    gives_up: [S; 3],
    /// The computer's second action in one turn of the page.
    then_advances: S,
    then_retreats: S,
    then_attacks: S,
    then_lunges: S,

    // The end of a round and of the match.
    round_heading: S,
    /// By the winner; against the computer the score is `{you}`, `{it}`,
    /// between two people `{score}` (`score_text`).
    wins_round: [S; 3],
    /// Against the computer, between two people.
    round_drawn: [S; 2],
    wins_match: [S; 3],
    verdict: [S; 3],
    /// Why, by the winner (`{winner}`, `{loser}` between two people): the
    /// hit (kind of attack); `stuck` and `gave_up` by the loser.
    hit_attack: [S; 3],
    hit_lunge: [S; 3],
    hit_basic: [S; 3],
    stuck: [S; 3],
    won_final_strike: [S; 3],
    /// `{yours}`, `{theirs}`: cards in words; who wins the count.
    won_card_count: [S; 3],
    pile_ran_out: S,
    hand_ran_out: S,
    both_hold: S,
    neither_holds: S,
    farther: [S; 3],
    both_advanced: S,
    gave_up: [S; 3],
    /// The log of past rounds: `{n}`, `{reason}`.
    past_won: [S; 3],
    past_drawn: S,
    // Two people on one device.
    /// A named player and their side, as `{who}` in the messages above
    /// (just the side's name when no name was given).
    named_side: S,
    /// The privacy screen between two people's turns.
    pass_to: S,
    /// What is asked of one of two people, addressed by name: `{who}`,
    /// `{prompt}` (what is asked).
    asked_of: S,
    pass_hidden: S,
    pass_ready: S => control,
    /// Before exporting or copying a match in progress: against the
    /// computer, between two people.
    export_warning: [S; 2],
    copy_warning: [S; 2],
    /// Reasons, short: hit, no legal action, final strike, card count,
    /// position, equal position, forfeit.
    reasons: [S; 7],

    // Special cards (S2–S8): names, then what each does.
    specials: [S; 7],
    specials_help: [S; 7],

    // The new-game form.
    presets: [S; 4],
    custom: S,
    difficulties: [S; 4],
    // How to play, illustrated: each edition, the table's marks,
    // the rulebooks' worked examples (docs/RULES.md §10) as diagrams.
    how_to_play: S,
    // Notices.
    worker_failed: S,
    /// `{why}` a record could not be read.
    save_unreadable: S,
    import_failed: S,
    /// `{n}` rounds.
    /// Counts come in two forms, by the count's CLDR plural category
    /// ([`super::plural`]): one, other. `{n}` rounds.
    imported: [S; 2],
    settings_invalid: S,
    /// An action the engine refused: `{action}`'s control name.
    refused: S,
    /// Where a record's problem is: `{round}`, the action `{n}` (counted
    /// from 1). Elsewhere `{action}` is always an action control's name.
    at_action: S,
    at_setup: S,
    // What is wrong with a record.
    bad_json: S,
    bad_shape: S,
    bad_format: S,
    bad_rules: S,
    no_rounds: S,
    bad_setup: S,
    wrong_turn: S,
    round_over: S,
    illegal: S,
    file_missing: S,
    file_unreadable: S,
    download_failed: S,
    /// Why the rules do not work: points to win `{n}` out of 1–9.
    bad_points: S,

    // Why not: the engine's refusals (`IllegalAction`) in words, said to the
    // person who tried.
    /// Before the reasons: the card `{card}` picked that cannot be played.
    why_not_card: S,
    /// A `{square}` the picked `{card}` does not go to.
    why_not_square: S,
    refused_round_over: S,
    refused_must_choose: S,
    refused_no_choice: S,
    /// An attack of `{cards}` waits for its answer: direct, then lunge.
    refused_must_answer_attack: S,
    refused_must_answer_lunge: S,
    refused_nothing_to_parry: S,
    refused_missing_cards: S,
    /// Advancing `{n}`: onto the opponent's square, past it.
    refused_lands_on: S,
    refused_passes: S,
    refused_off_piste: S,
    refused_no_retreat: S,
    refused_retreat_from_attack: S,
    /// `{distance}` and the card `{n}`.
    refused_wrong_distance: S,
    refused_no_attack_cards: S,
    refused_basic_count: S,
    refused_no_lunge: S,
    /// `{cards}` to parry, `{held}` of that value held.
    refused_cannot_parry: S,

    // Hints: the computer's search, from the person's observation.
    /// The button (docs/APP.md, accessible names: "Hint").
    hint: S => control,
    hint_thinking: S,
    /// Above the suggestions.
    hint_heading: S,
    /// `{percent}` chance to win the round.
    hint_chance: S,
    /// Why: an attack of `{cards}` that cannot be parried.
    advice_unparryable: S,
    /// A parry is possible: `{unseen}` cards of the value, in words.
    advice_parryable: S,
    /// The move makes the distance `{distance}`; `{unseen}` cards of it.
    advice_distance: S,
    advice_out_of_reach: S,
    /// Beyond a direct attack, within a lunge (`{distance}`).
    advice_lunge_reach: S,
    /// The move takes the draw pile's last card (`{distance}`): the other
    /// player may still strike; the cards are counted; position decides.
    advice_last_card: [S; 3],
    /// A parryable attack whose round is won whatever the answer.
    advice_parryable_won: S,
    advice_parry: S,
    advice_escape: S,
    advice_choose: S,

    // The new-game form in plain words: each preset in one line
    // (Standard suggested to a newcomer), each option explained.
    // Learn to play: the lessons, each step's "what to do" and
    // "what happened", in order.
    /// The menu's button and the lessons' heading (docs/APP.md, accessible names).
    learn: S => control,
    /// The start screen of a first visit: what En Garde is, in one sentence,
    /// and the way to a match (docs/APP.md, accessible names: "Play against the computer").
    welcome: S,
    /// The recommended first match, at once: `{preset}` against `{level}`.
    first_match: S => control,
    play_computer: S => control,

    // After the match: take back, review, history, share.
    /// The button that returns to the person's previous decision.
    take_back: S => control,
    /// The browser refused to store the match or the history.
    storage_failed: S,
    /// A new build of the page is ready (service worker waiting, or a file
    /// of another build met); the button that reloads onto it.
    update_ready: S,
    reload: S => control,
    /// A panic or an uncaught error stopped the page; its buttons are
    /// `reload` and `export_match`.
    fault: S,
    export_match: S => control,
    /// Another tab took the match over; the button that takes it back.
    match_elsewhere: S,
    continue_here: S => control,
    /// A hint or an analysis that did not come within its time.
    hint_late: S,
    /// The engine refused the computer's move: the card counter's played.
    computer_refused: S,
    /// Input over the page's caps (`{n}`: the cap).
    link_too_long: [S; 2],
    record_too_long: [S; 2],
    too_many_rounds: [S; 2],
    too_many_actions: [S; 2],
    /// A shared link that does not open: empty, a stray character at `{n}`,
    /// a newer version, cut or damaged, altered content (byte `{n}`).
    link_empty: S,
    link_character: S,
    link_version: S,
    link_damaged: S,
    link_content: S,
    /// The link's record does not replay: `{why}`.
    link_record: S,
    copy_record: S => control,
    copied: S,
    copy_failed: S,
    /// Before exporting a match in progress.
    export_anyway: S => control,
    /// The same before copying the record of a match in progress.
    copy_anyway: S => control,
    /// The review: its button, heading, and where it stands:
    /// round `{round}`, action `{n}` of `{total}`; a round's deal.
    review: S => control,
    replay_round: S => control,
    /// History and statistics.
    history: S,
    /// The puzzles: the menu's and the start screen's entry, their heading.
    puzzles: S,
    /// Play a friend on another device: the menu's and the start screen's
    /// entry, the screen's heading.
    play_friend: S => control,
    /// The start screen: a match with a friend awaits the person (their
    /// move), the first such friend's (`{friend}`); several friends' do.
    friend_waits: [S; 2],
    }
}

texts! {
    /// One language's messages for the extras only (lessons, how to play,
    /// history, review: `super::super::extras`), apart from the page's so
    /// that the first load carries none of them.
    ExtraTexts {
    /// `<html lang>` (the plural rule's language).
    code: S,
    guide_intro: S,
    guide_basic: [S; 3],
    guide_standard: [S; 4],
    guide_advanced: [S; 3],
    guide_duel: S,
    guide_table_heading: S,
    guide_table: S,
    /// What a take back does, and what it still shows.
    guide_take_back: S,
    /// X3, X2, X1, X4, X6, X5.
    guide_examples: [S; 6],
    /// A link to the `{lesson}` that practises an example.
    practise: S => control,
    /// A diagram's text: `{white}`, `{black}` squares, `{distance}`.
    diagram_label: S,

    lessons_intro: S,
    lesson_titles: [S; 6],
    lesson_moving: [S; 6],
    lesson_attack: [S; 4],
    lesson_parry: [S; 6],
    lesson_lunge: [S; 6],
    lesson_pile: [S; 2],
    lesson_duel: [S; 2],
    lesson_complete: S,
    /// Beside a finished lesson in the list.
    lesson_finished: S,
    next_lesson: S => control,
    back_to_lessons: S => control,
    back_to_match: S => control,
    share_link: S => control,
    /// The share link's field, and what was done with it.
    link_label: S,
    link_copied: S,
    review_heading: S,
    review_step: S,
    review_deal: S,
    /// First, previous, next, last action; the slider.
    review_moves: [S; 4] => control,
    review_slider: S,
    /// The analysis: its button, progress (`{done}` of `{total}`), stop.
    /// Two forms: the person's own decisions; another's (`{who}`: their
    /// name or side), in a shared match or between two people.
    analyse: [S; 2] => control,
    /// `{done}` of `{total}` decisions: one, other (of `total`).
    analysing: [S; 2],
    stop_analysis: S => control,
    /// `{inaccuracies}`, `{mistakes}`, `{blunders}` found.
    analysis_done: S,
    /// A verdict: the chance to win the round `{before}` the decision and
    /// `{after}` it; the best `{action}`; the person's choice was the best.
    /// Own, another's (`{who}`).
    verdict_chances: [S; 2],
    verdict_best: S,
    verdict_same: S,
    /// The `{action}` that won the round for sure, where another was chosen.
    verdict_sure_win: S,
    /// Inaccuracy, mistake, blunder.
    marks: [S; 3],
    /// The marks' thresholds in points of chance: `{inaccuracy}`,
    /// `{mistake}`, `{blunder}`.
    marks_help: S,
    /// The graph, and each point: `{n}`th decision, `{percent}`.
    /// Own, another's (`{who}`).
    graph_label: [S; 2],
    graph_point: S,
    /// A marked decision on the graph: its mark said too.
    graph_point_marked: S,
    /// A chance on the graph's axis: `{percent}`.
    graph_percent: S,
    /// The legend's entry for a decision without a mark.
    graph_unmarked: S,
    /// What the graph's height and lines are.
    graph_axes: S,
    /// The hand of a player who is not the person looking: `{who}`.
    hand_of: S,
    history_heading: S,
    history_empty: S,
    /// At most `{n}` matches are kept.
    /// One, other.
    history_kept: [S; 2],
    /// A preset's rules played to other points than its own.
    rules_to_points: [S; 2],
    /// Date, rules, opponent, result, hints, take-backs.
    history_columns: [S; 6],
    /// `{you}`–`{it}`.
    result_won: S,
    result_lost: S,
    /// A row's review button: the match of `{date}`.
    review_match: S => control,
    stats_heading: S,
    /// Opponent, rules, played, won, lost, wins in a row, most in a row,
    /// hints per match, take-backs per match.
    stats_columns: [S; 9],
    delete_history: S => control,
    delete_confirm: S,
    delete: S => control,
    // The new-game form (in the extras).
    settings: S,
    /// The picker's label ("Language").
    language: S,
    rules: S,
    start: S => control,
    /// The colour theme's picker: following the device, light, dark.
    theme: S,
    themes: [S; 3],
    each_option: S => control,
    level: S,
    levels: [S; 3],
    final_strike: S,
    final_count: S,
    count_after_retreat: S,
    special_cards: S,
    starter: S,
    starters: [S; 2],
    points: S,
    opponent: S,
    /// What each level is like, and how long it may think.
    difficulties_help: [S; 4],
    your_side: S,
    white_note: S,
    /// The new-game choice of a second person instead of the computer.
    person_option: S,
    /// The new-game field for a player's name (empty: the side's name).
    name_of: S,
    presets_help: [S; 4],
    final_strike_help: S,
    final_count_help: S,
    count_after_retreat_help: S,
    special_cards_help: S,
    /// The review's analysis stopped: a verdict did not come in time.
    analysis_late: S,
    /// Starting a new match over one in progress: the question, its yes
    /// and its no.
    start_over_question: S,
    start_over: S => control,
    keep_this_match: S => control,
    /// Puzzles: the task, with the edition `{preset}` and the
    /// person's `{side}`.
    puzzle_task: S,
    /// The person's puzzle `{rating}` and solved `{streak}` in a row.
    puzzle_rating: S,
    /// After an attempt: the rating's `{change}` (signed).
    puzzle_change: S,
    /// After a move, why no direct strike answers it: the opponent would
    /// need a `{card}` at `{distance}`; `{held}` in the person's hand,
    /// `{played}` played, none unseen.
    puzzle_need: S,
    /// Why the rating moves much while it shows a "?".
    puzzle_provisional: S,
    /// The answer found: `{action}`.
    puzzle_right: S,
    /// Another action, `{action}`: it can fail.
    puzzle_wrong: S,
    /// The refuting world: the opponent's `{hand}`, and the draw pile's
    /// `{pile}` (top first); the second form with nothing left to draw.
    puzzle_world: [S; 2],
    /// After the refutation's replies the round goes on, no longer a sure win.
    puzzle_not_sure: S,
    /// The action that wins for sure: `{action}`.
    puzzle_answer: S,
    /// Why the answer wins: hits at once; cannot be parried (`{cards}` of
    /// the attack, `{unseen}` of that value out of sight: none, one, other,
    /// [`super::plural_or_none`]);
    /// the lunge home; the card count; the ground; no legal action left;
    /// every reply leaves a sure win.
    puzzle_hits_at_once: S,
    puzzle_unparryable: [S; 3],
    puzzle_lunge_home: S,
    puzzle_card_count: S,
    puzzle_ground: S,
    puzzle_no_legal_action: S,
    puzzle_forced: S,
    next_puzzle: S => control,
    /// The theme filter's label, its "every theme", and the themes: hit,
    /// count, parry, lunge, escape, end of the pile, special card.
    puzzle_theme: S,
    puzzle_themes: [S; 8],
    puzzles_loading: S,
    /// The set could not be fetched, or read.
    puzzles_unavailable: S,
    puzzles_unreadable: S,
    /// Every puzzle of the chosen theme is solved.
    puzzles_all_solved: S,
    /// The filter's choice of the person's own mistakes, and when none is
    /// kept yet.
    your_mistakes: S,
    mistakes_empty: S,
    /// The review's "Practise this", and what it did: kept, kept already,
    /// not a puzzle, refused by the browser's storage.
    practise_this: S => control,
    practise_kept: S,
    practise_already: S,
    practise_not_a_puzzle: S,
    practise_refused: S,
    /// Play a friend: what it is, with the rules of a friendly
    /// match (no take back, no hints).
    friend_intro: S,
    /// The list: its heading, when it is empty, a row (`{friend}`, the
    /// score `{you}`–`{them}`, then where it stands), and where a match
    /// stands: your move; waiting for the friend; you won; the friend won;
    /// you resigned; the friend resigned.
    friend_matches: S,
    friend_none: S,
    friend_row: S,
    friend_standing: [S; 8],
    /// A row's buttons, and resigning asked first.
    friend_continue: S => control,
    friend_resign: S => control,
    friend_resign_sure: S,
    friend_remove: S => control,
    /// The invitation's form: opening it, the person's name, the rules,
    /// the points to win, making it.
    friend_invite: S => control,
    friend_your_name: S,
    friend_rules: S,
    friend_points: S,
    friend_make: S => control,
    /// The link to send: its textbox, copy, share; copied; what to do with
    /// it (`{friend}`; before they answer, the invitation).
    friend_link: S,
    friend_copy: S => control,
    friend_share: S => control,
    friend_copied: S,
    friend_send: S,
    friend_send_invitation: S,
    /// An invitation opened: who invites to what (`{host}`, `{preset}`,
    /// `{points}`), and accepting it.
    friend_invited: S,
    friend_accept: S => control,
    /// The match: who plays whom (`{white}`, `{black}`), the score
    /// (`{you}`, `{them}`), your move, waiting for the friend's link, the
    /// friend's message being checked (its proofs, in the worker; by
    /// `{friend}`, or before the friend is named), the cards being dealt, the last round's end (`{story}`).
    friend_versus: S,
    friend_score: S,
    friend_your_move: S,
    friend_waiting: S,
    friend_checking: [S; 2],
    friend_dealing: S,
    friend_round_over: S,
    friend_back: S => control,
    /// Where the secrets are, what clearing storage does, and the backup.
    friend_secrets: S,
    friend_backup: S => control,
    friend_restore: S => control,
    friend_restored: [S; 2],
    friend_backup_unreadable: S,
    friend_storage_refused: S,
    /// The match moved on in another tab or window: nothing written over it.
    friend_elsewhere: S,
    /// Why a link does not continue a match (nothing changed): damaged; old;
    /// your own; one missing before it; a second answer; for a match this
    /// browser does not hold; not fitting the match; a kept match that does
    /// not replay; the match is over.
    friend_damaged: S,
    friend_old: S,
    friend_own: S,
    friend_ahead: S,
    friend_forked: S,
    friend_not_held: S,
    friend_misfit: S,
    friend_kept: S,
    friend_over: S,
    /// A round's audit failed (`{what}`): the deck or a share was false; an
    /// action the cards held did not allow; the hand shown was not held.
    /// The friend's page cheated, said plainly (the match is void): a false
    /// deck, a false share, a hand shown that does not end the round, a
    /// round's promise broken, the audit's three findings, a deck key
    /// without its proof, a card played that it did not hold, and a
    /// round's draw out of order.
    friend_void: [S; 10],
    /// A void match's evidence: the messages, to a file.
    friend_export_messages: S => control,
    /// A link not signed by the friend's page.
    friend_forged: S,
    /// An invitation, acceptance or message from a page of an older
    /// construction: nothing is dealt with it.
    friend_older_version: S,
    /// A kept match of an older construction: why it opens read-only, and
    /// where it stands in its line of the list (as `friend_standing`).
    friend_retired: S,
    friend_retired_note: S,
    /// Why a backup was not restored (nothing changed): a match that does
    /// not check out; another match under a kept one's id; a match behind
    /// the kept one or gone another way.
    friend_backup_unchecked: S,
    friend_backup_foreign: S,
    friend_backup_behind: S,
    /// A seat restored from a backup must be the only copy in play.
    friend_restored_seat: S,
    /// Marking a match abandoned (the friend stopped answering): the button,
    /// the question first, and what the match then says.
    friend_abandon: S => control,
    friend_abandon_sure: S,
    friend_abandoned: S,
    /// Live play: the friend's page is connected; it left; no
    /// direct connection could be made (said once); the link is being made
    /// (its connection offer with it); waiting for the friend's move over
    /// the connection; a link opened here went to the tab holding its match.
    friend_live_here: S,
    friend_live_left: S,
    friend_live_no_route: S,
    friend_live_making: S,
    friend_live_waiting: S,
    friend_live_elsewhere: S,
    /// A friend's link is being opened (the match rebuilt from storage).
    friend_opening: S,
    /// Settings: whether a public STUN server may be asked, and what that means.
    stun: S,
    stun_about: S,
    /// Settings: a sound and a buzz when the friend's move arrives live while the page is hidden.
    chime: S,
    /// Another match with the same friend: the button, and the friend's offer over the connection.
    friend_again: S => control,
    friend_offered: S,
    /// Each friend's results: the heading; a line without and with the day last played.
    friend_results_heading: S,
    friend_results: [S; 2],
    /// The last round's result stands while its audit waits for the friend's key.
    friend_unaudited: S,
    /// A match's buttons in the list, naming the friend (`{friend}`): go
    /// on with a match in play; see a finished one (its final position,
    /// review and record); remove one.
    friend_continue_with: S => control,
    friend_see_with: S => control,
    friend_remove_with: S => control,
    /// Why a form is not taken: no name given; points to win not from 1 to 9.
    friend_name_needed: S,
    friend_points_range: S,
    /// The invitation's forms: who starts the first round is drawn by lot
    /// (R7, from both pages' values).
    friend_lot: S,
    /// Round 1 begins: whom the lot drew to start it, the person or the
    /// friend (`{friend}`).
    friend_drawn: [S; 2],
    /// A message sent as links in parts: what to do with them (`{total}`
    /// links); a part's textbox, its copy and share buttons and what
    /// copying did (part `{n}` of `{total}`).
    friend_parts_send: S,
    friend_part_link: S,
    friend_part_copy: S => control,
    friend_part_share: S => control,
    friend_part_copied: S,
    /// Parts of a message received: which (`{got}`) of how many
    /// (`{total}`), which are still missing (`{missing}`: lists of part
    /// numbers); a list's last two joined, and the others; what to do
    /// meanwhile; discarding the parts received.
    friend_parts_progress: S,
    friend_parts_and: [S; 2],
    friend_parts_open_rest: S,
    friend_parts_discard: S => control,
    /// Why a part is not taken (nothing changed): damaged; of another
    /// message than the parts received; giving another number of parts; a
    /// number received already with other content; the parts together do
    /// not make their message (they are discarded).
    friend_part_errors: [S; 5],
    }
}
