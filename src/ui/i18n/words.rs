//! Whole messages with typed arguments: the only way the page gets words.

use crate::ai::advice::Why;
use crate::ai::Difficulty;
use crate::engine::{
    Action, AttackKind, Card, Level, Pending, Phase, Preset, Reason, Round, Rules, Side, Special,
    StarterRule,
};
use crate::record::link::LinkError;
use crate::record::{Problem, RecordError};

use super::{fill, Texts};
use crate::engine::{IllegalAction, RulesError};
use crate::ui::selection::{Refused, Selection, Target};
use crate::ui::state::Notice;
use crate::ui::summary::{attack_of, Story};

/// What the page's own steps can fail with, said to the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// A save or an imported file that does not read as a record.
    Record(RecordError),
    /// No file was chosen.
    NoFile,
    /// The chosen file could not be read as text.
    Unreadable,
}

/// Where the actions since `side` last acted begin.
pub(super) fn since(actions: &[(Side, Action)], side: Side) -> usize {
    actions
        .iter()
        .rposition(|&(by, _)| by == side)
        .map_or(0, |i| i + 1)
}

/// What the person is asked to do now (the status line and the action bar).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// A turn: which kinds of move are possible.
    Turn {
        advance: bool,
        retreat: bool,
        attack: bool,
        lunge: bool,
    },
    /// An attack to answer: can it be parried, can one retreat?
    Defend {
        pending: Pending,
        parry: bool,
        retreat: bool,
    },
    /// The Choice card's pick (S4).
    Pick,
    /// The computer is to act.
    Wait,
}

impl Prompt {
    /// What `round` asks of `human`, from its legal actions.
    pub fn of(round: &Round, human: Side) -> Option<Prompt> {
        if round.is_over() {
            return None;
        }
        if round.to_act() != human {
            return Some(Prompt::Wait);
        }
        let legal = round.legal_actions();
        let has = |f: fn(&Action) -> bool| legal.iter().any(f);
        Some(match round.phase() {
            Phase::Choose => Prompt::Pick,
            Phase::Answer => Prompt::Defend {
                pending: round.public().pending?,
                parry: has(|a| *a == Action::Parry),
                retreat: has(|a| matches!(a, Action::Retreat(_))),
            },
            _ => Prompt::Turn {
                advance: has(|a| matches!(a, Action::Advance(_))),
                retreat: has(|a| matches!(a, Action::Retreat(_))),
                attack: has(|a| matches!(a, Action::Attack { .. })),
                lunge: has(|a| matches!(a, Action::Lunge { .. })),
            },
        })
    }
}

fn special_index(s: Special) -> usize {
    Special::ALL.iter().position(|&x| x == s).unwrap_or(0)
}

impl Texts {
    pub fn side(&self, side: Side) -> &'static str {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// "one 3", "two 4s": `count` cards of one value, in words.
    pub fn cards(&self, count: u8, card: Card) -> String {
        match self.cards.get(usize::from(count)) {
            Some(t) => fill(t, &[("card", &card)]),
            None => format!("{count} × {card}"),
        }
    }

    fn pending(&self, p: Pending) -> String {
        self.cards(p.count, p.card)
    }

    /// A move or attack in words, with one template for each of advance,
    /// retreat, attack and lunge (`{n}` squares, `{cards}` in words); `None`
    /// for the other actions.
    fn moved(
        &self,
        action: Action,
        [advance, retreat, attack, lunge]: [&str; 4],
    ) -> Option<String> {
        Some(match action {
            Action::Advance(c) => fill(advance, &[("n", &c)]),
            Action::Retreat(c) => fill(retreat, &[("n", &c)]),
            Action::Attack { card, count } => fill(attack, &[("cards", &self.cards(count, card))]),
            Action::Lunge {
                advance,
                card,
                count,
            } => fill(
                lunge,
                &[("n", &advance), ("cards", &self.cards(count, card))],
            ),
            _ => return None,
        })
    }

    /// An action control's name, verb first (DESIGN.md §7). A parry names the
    /// attack it answers (`pending`).
    pub fn action(&self, action: Action, pending: Option<Pending>) -> String {
        let moves = [
            self.act_advance,
            self.act_retreat,
            self.act_attack,
            self.act_lunge,
        ];
        match action {
            Action::Parry => match pending {
                Some(p) => fill(self.act_parry, &[("cards", &self.pending(p))]),
                None => self.parry.into(),
            },
            Action::Choose(s) => fill(self.act_choose, &[("special", &self.special(s))]),
            Action::Forfeit => self.give_up.into(),
            _ => self.moved(action, moves).unwrap_or_default(),
        }
    }

    pub fn target_opponent(&self, action: Action, pending: Option<Pending>) -> String {
        fill(
            self.target_opponent,
            &[("action", &self.action(action, pending))],
        )
    }

    pub fn special(&self, s: Special) -> &'static str {
        self.specials[special_index(s)]
    }

    pub fn special_help(&self, s: Special) -> &'static str {
        self.specials_help[special_index(s)]
    }

    pub fn preset(&self, p: Option<Preset>) -> &'static str {
        match p {
            Some(p) => self.presets[Preset::ALL.iter().position(|&x| x == p).unwrap_or(0)],
            None => self.custom,
        }
    }

    pub fn theme_name(&self, theme: crate::ui::theme::Theme) -> &'static str {
        let all = crate::ui::theme::Theme::ALL;
        self.themes[all.iter().position(|&x| x == theme).unwrap_or(0)]
    }

    pub fn level(&self, l: Level) -> &'static str {
        self.levels[Level::ALL.iter().position(|&x| x == l).unwrap_or(0)]
    }

    pub fn starter(&self, s: StarterRule) -> &'static str {
        match s {
            StarterRule::Alternate => self.starters[0],
            StarterRule::Loser => self.starters[1],
        }
    }

    pub fn difficulty(&self, d: Difficulty) -> &'static str {
        self.difficulties[Difficulty::ALL.iter().position(|&x| x == d).unwrap_or(0)]
    }

    pub fn difficulty_help(&self, d: Difficulty) -> &'static str {
        self.difficulties_help[Difficulty::ALL.iter().position(|&x| x == d).unwrap_or(0)]
    }

    /// A line of the round's log: what `by` did. `before` is the action just
    /// before it (a parry names the attack it answers).
    pub fn played(&self, by: Side, action: Action, human: Side, before: Option<Action>) -> String {
        let telling = if by == human {
            [
                self.you_advance,
                self.you_retreat,
                self.you_attack,
                self.you_lunge,
                self.you_parry,
                self.you_choose,
                self.you_give_up,
            ]
        } else {
            [
                self.computer_advances,
                self.computer_retreats,
                self.computer_attacks,
                self.computer_lunges,
                self.computer_parries,
                self.computer_chooses,
                self.computer_gives_up,
            ]
        };
        self.tell(telling, action, before)
    }

    /// An action told with one player's sentences: advance, retreat,
    /// attack, lunge, parry, choose, give up.
    pub(super) fn tell(
        &self,
        telling: [&str; 7],
        action: Action,
        before: Option<Action>,
    ) -> String {
        let [advance, retreat, attack, lunge, parry, choose, give_up] = telling;
        match action {
            Action::Parry => {
                let cards = attack_of(before)
                    .map(|p| self.pending(p))
                    .unwrap_or_default();
                fill(parry, &[("cards", &cards)])
            }
            Action::Choose(s) => fill(choose, &[("special", &self.special(s))]),
            Action::Forfeit => give_up.into(),
            _ => self
                .moved(action, [advance, retreat, attack, lunge])
                .unwrap_or_default(),
        }
    }

    /// The computer's second action of one turn of the page ("Then it advances 4.").
    fn then_played(&self, action: Action) -> Option<String> {
        let moves = [
            self.then_advances,
            self.then_retreats,
            self.then_attacks,
            self.then_lunges,
        ];
        self.moved(action, moves)
    }

    /// What the computer did since the person last acted, every step in words
    /// ("The computer parries your 5. Then it advances 4.").
    pub fn computer_did(&self, actions: &[(Side, Action)], human: Side) -> Vec<String> {
        let start = since(actions, human);
        let mut out = Vec::new();
        for i in start..actions.len() {
            let (by, a) = actions[i];
            let before = i.checked_sub(1).map(|j| actions[j].1);
            let line = match (i > start, self.then_played(a)) {
                (true, Some(then)) => then,
                _ => self.played(by, a, human, before),
            };
            out.push(line);
        }
        out
    }

    /// The round's last steps before its end, in words (up to three; the
    /// hit or the giving up itself is told by the story).
    pub fn final_steps(
        &self,
        actions: &[(Side, Action)],
        human: Side,
        story: &Story,
    ) -> Vec<String> {
        crate::ui::summary::final_steps(actions.len(), story)
            .map(|i| {
                let (by, a) = actions[i];
                self.played(by, a, human, i.checked_sub(1).map(|j| actions[j].1))
            })
            .collect()
    }

    /// What is asked now, as one sentence (and the empty-pile warning when
    /// this answer ends the round).
    pub fn prompt(&self, prompt: Prompt) -> String {
        match prompt {
            Prompt::Wait => self.thinking.into(),
            Prompt::Pick => self.pick_special.into(),
            Prompt::Defend {
                pending,
                parry,
                retreat,
            } => {
                let t = match (parry, retreat) {
                    (true, true) => self.defend_parry_or_retreat,
                    (true, false) => self.defend_parry,
                    (false, _) => self.defend_retreat,
                };
                fill(t, &[("cards", &self.pending(pending))])
            }
            Prompt::Turn {
                advance,
                retreat,
                attack,
                lunge,
            } => {
                let kinds: Vec<&str> = [advance, retreat, attack, lunge]
                    .iter()
                    .zip(self.kinds)
                    .filter_map(|(&on, k)| on.then_some(k))
                    .collect();
                let list = match kinds.as_slice() {
                    [] => return self.your_turn.into(),
                    [a] => (*a).to_string(),
                    [a, b] => fill(self.list[0], &[("a", a), ("b", b)]),
                    [a, b, c] => fill(self.list[1], &[("a", a), ("b", b), ("c", c)]),
                    [a, b, c, d, ..] => {
                        fill(self.list[2], &[("a", a), ("b", b), ("c", c), ("d", d)])
                    }
                };
                fill(self.your_turn_kinds, &[("list", &list)])
            }
        }
    }

    /// After picking cards: what they can be played on now, one sentence for
    /// each state of the turn (`None` when nothing is picked).
    pub fn hint(&self, selection: Selection, round: &Round) -> Option<String> {
        let targets = selection.targets(round);
        let square = targets.iter().any(|(t, _)| matches!(t, Target::Square(_)));
        let opponent = targets.iter().any(|(t, _)| *t == Target::Opponent);
        let answering = round.phase() == Phase::Answer;
        Some(match selection {
            Selection::None => return None,
            Selection::Lunge { .. } => self.hint_lunge.into(),
            Selection::Cards { card, count } => match (square, opponent, answering) {
                (true, true, true) => self.hint_parry_or_retreat.into(),
                (true, false, true) => self.hint_retreat.into(),
                (false, true, true) => self.hint_parry.into(),
                (true, true, false) => self.hint_square_or_attack.into(),
                (true, false, false) => self.hint_square.into(),
                (false, true, false) => self.hint_attack.into(),
                (false, false, _) => {
                    fill(self.hint_nothing, &[("cards", &self.cards(count, card))])
                }
            },
        })
    }

    /// A notice before the draw pile runs out (RULES.md §6, E3): how the round
    /// will then be decided. `None` while more than three cards are left.
    pub fn pile_low(&self, round: &Round) -> Option<String> {
        let p = round.public();
        let left = round.pile().len();
        if round.is_over() || left == 0 || left > 3 || p.special == Some(Special::TenCards) {
            return None;
        }
        let rules: Rules = p.rules;
        let t = if rules.level == Level::Basic && rules.final_strike {
            self.pile_low_strike
        } else if rules.final_count && p.special.is_none() {
            self.pile_low_count
        } else {
            self.pile_low_position
        };
        Some(fill(t, &[("n", &left)]))
    }

    pub fn score_line(&self, side: Side, points: u8, of: u8, human: Side) -> String {
        let t = if side == human {
            self.score_you
        } else {
            self.score_computer
        };
        fill(
            t,
            &[("side", &self.side(side)), ("points", &points), ("of", &of)],
        )
    }

    pub fn score_text(&self, white: u8, black: u8) -> String {
        fill(self.score_text, &[("white", &white), ("black", &black)])
    }

    pub fn opponent_label(&self, side: Side, level: Difficulty) -> String {
        fill(
            self.opponent_label,
            &[
                ("side", &self.side(side)),
                ("level", &self.difficulty(level)),
            ],
        )
    }

    pub fn fencer(&self, side: Side, human: Side, square: u8) -> String {
        let t = if side == human {
            self.fencer_you
        } else {
            self.fencer_computer
        };
        fill(t, &[("side", &self.side(side)), ("square", &square)])
    }

    pub fn square(&self, n: u8) -> String {
        fill(self.square, &[("n", &n)])
    }

    pub fn card(&self, card: Card) -> String {
        fill(self.card, &[("card", &card)])
    }

    pub fn unseen(&self, count: u8, card: Card) -> String {
        fill(self.unseen, &[("card", &card), ("n", &count)])
    }

    /// The end of round `n` for the live region, with the score after it.
    pub fn round_end(
        &self,
        n: usize,
        winner: Option<Side>,
        human: Side,
        you: u8,
        it: u8,
    ) -> String {
        let t = match winner {
            Some(w) if w == human => self.you_win_round,
            Some(_) => self.computer_wins_round,
            None => self.round_drawn,
        };
        fill(t, &[("n", &n), ("you", &you), ("it", &it)])
    }

    pub fn round_heading(&self, n: usize) -> String {
        fill(self.round_heading, &[("n", &n)])
    }

    pub fn match_end(&self, winner: Side, human: Side, you: u8, it: u8) -> String {
        let t = if winner == human {
            self.you_win_match
        } else {
            self.computer_wins_match
        };
        fill(t, &[("you", &you), ("it", &it)])
    }

    pub fn verdict(&self, winner: Side, human: Side) -> &'static str {
        if winner == human {
            self.verdict_won
        } else {
            self.verdict_lost
        }
    }

    /// Why the round ended, in whole sentences, from the person's side.
    pub fn story(&self, story: &Story, human: Side) -> String {
        let pick = |side: Side, you: &'static str, it: &'static str| {
            if side == human {
                you
            } else {
                it
            }
        };
        match *story {
            Story::Hit {
                attacker,
                kind,
                card,
                count,
                answerable,
            } => {
                let t = match (answerable, kind) {
                    (false, _) => pick(attacker, self.you_hit_basic, self.computer_hit_basic),
                    (true, AttackKind::Attack) => {
                        pick(attacker, self.you_hit_attack, self.computer_hit_attack)
                    }
                    (true, AttackKind::Lunge) => {
                        pick(attacker, self.you_hit_lunge, self.computer_hit_lunge)
                    }
                };
                fill(t, &[("cards", &self.cards(count, card))])
            }
            Story::NoLegalAction { loser } => {
                pick(loser, self.computer_stuck, self.you_stuck).into()
            }
            Story::FinalStrike { winner, distance } => fill(
                pick(winner, self.you_final_strike, self.computer_final_strike),
                &[("n", &distance)],
            ),
            Story::CardCount {
                distance, counts, ..
            } => {
                let held = |n: u8| match Card::new(distance) {
                    Some(c) => self.cards(n, c),
                    None => n.to_string(),
                };
                let you = held(counts[human]);
                let it = held(counts[human.opponent()]);
                let t = if counts[human] > counts[human.opponent()] {
                    self.card_count_you
                } else {
                    self.card_count_computer
                };
                fill(t, &[("n", &distance), ("yours", &you), ("theirs", &it)])
            }
            Story::Position {
                winner,
                advances,
                tied_count,
                empty_hand,
            } => {
                let mut sentences = vec![self.position_opening(empty_hand, tied_count)];
                let (yours, theirs) = (advances[human], advances[human.opponent()]);
                let t = match winner {
                    Some(w) => pick(w, self.you_farther, self.computer_farther),
                    None => self.both_advanced,
                };
                sentences.push(fill(t, &[("yours", &yours), ("theirs", &theirs)]));
                sentences.join(" ")
            }
            Story::Forfeit { loser } => pick(loser, self.you_gave_up, self.computer_gave_up).into(),
        }
    }

    /// How a round decided by position began: the pile or a hand ran out,
    /// and the cards equal to the distance were tied (E3, E4).
    pub(super) fn position_opening(
        &self,
        empty_hand: bool,
        tied_count: Option<(u8, u8)>,
    ) -> String {
        let mut sentences = vec![if empty_hand {
            self.hand_ran_out.to_string()
        } else {
            self.pile_ran_out.to_string()
        }];
        match tied_count {
            Some((d, 0)) => sentences.push(fill(self.neither_holds, &[("n", &d)])),
            Some((d, n)) => {
                if let Some(c) = Card::new(d) {
                    sentences.push(fill(
                        self.both_hold,
                        &[("n", &d), ("cards", &self.cards(n, c))],
                    ));
                }
            }
            None => {}
        }
        sentences.join(" ")
    }

    /// How earlier rounds ended, for the log.
    pub fn past_round(
        &self,
        n: usize,
        winner: Option<Side>,
        reason: Reason,
        human: Side,
    ) -> String {
        let t = match winner {
            Some(w) if w == human => self.past_you,
            Some(_) => self.past_computer,
            None => self.past_drawn,
        };
        fill(t, &[("n", &n), ("reason", &self.reason(reason))])
    }

    pub fn reason(&self, reason: Reason) -> &'static str {
        let i = match reason {
            Reason::Hit => 0,
            Reason::NoLegalAction => 1,
            Reason::FinalStrike => 2,
            Reason::CardCount => 3,
            Reason::Position => 4,
            Reason::Draw => 5,
            Reason::Forfeit => 6,
        };
        self.reasons[i]
    }

    /// A notice for the person.
    pub fn notice(&self, notice: &Notice) -> String {
        match notice {
            Notice::SaveUnreadable(p) => {
                fill(self.save_unreadable, &[("why", &self.record_problem(p))])
            }
            Notice::ImportFailed(p) => {
                fill(self.import_failed, &[("why", &self.record_problem(p))])
            }
            Notice::Imported(n) => fill(self.imported, &[("n", n)]),
            Notice::WorkerFailed => self.worker_failed.into(),
            Notice::SettingsInvalid(e) => {
                let why = match e {
                    RulesError::PointsToWin(n) => fill(self.bad_points, &[("n", n)]),
                };
                fill(self.settings_invalid, &[("why", &why)])
            }
            Notice::Refused(action, why) => {
                let pending = match *why {
                    IllegalAction::MustAnswer { pending, .. }
                    | IllegalAction::CannotParry { pending, .. } => Some(pending),
                    _ => None,
                };
                let what = fill(self.refused, &[("action", &self.action(*action, pending))]);
                format!("{what} {}", self.refusal(*why))
            }
            Notice::DownloadFailed => self.download_failed.into(),
            Notice::StorageFailed => self.storage_failed.into(),
            Notice::LinkBroken(e) => self.link_error(*e),
            Notice::LinkRecord(p) => fill(self.link_record, &[("why", &self.record_problem(p))]),
            Notice::Copied => self.copied.into(),
            Notice::CopyFailed => self.copy_failed.into(),
        }
    }

    /// Why the engine refused an action, in one sentence to the person who
    /// tried it (the engine's `IllegalAction` is the one source of reasons).
    pub fn refusal(&self, why: IllegalAction) -> String {
        use IllegalAction as E;
        let n = |c: Card| c.to_string();
        match why {
            E::RoundOver => self.refused_round_over.into(),
            E::MustChoose { .. } => self.refused_must_choose.into(),
            E::NoChoice { .. } => self.refused_no_choice.into(),
            E::MustAnswer { pending, .. } => {
                let t = match pending.kind {
                    AttackKind::Attack => self.refused_must_answer_attack,
                    AttackKind::Lunge => self.refused_must_answer_lunge,
                };
                fill(t, &[("cards", &self.pending(pending))])
            }
            E::NothingToParry { .. } => self.refused_nothing_to_parry.into(),
            E::MissingCards { card, needed, .. } => fill(
                self.refused_missing_cards,
                &[("cards", &self.cards(needed, card))],
            ),
            E::AdvancePastOpponent { card, lands_on, .. } => {
                let t = if lands_on {
                    self.refused_lands_on
                } else {
                    self.refused_passes
                };
                fill(t, &[("n", &n(card))])
            }
            E::RetreatOffPiste { card, .. } => fill(self.refused_off_piste, &[("n", &n(card))]),
            E::NoRetreatCard { .. } => self.refused_no_retreat.into(),
            E::RetreatFromAttack { .. } => self.refused_retreat_from_attack.into(),
            E::WrongDistance { card, distance, .. } => fill(
                self.refused_wrong_distance,
                &[("distance", &distance), ("n", &n(card))],
            ),
            E::NoAttackCards { .. } => self.refused_no_attack_cards.into(),
            E::BasicAttackCount { .. } => self.refused_basic_count.into(),
            E::NoLunge { .. } => self.refused_no_lunge.into(),
            E::CannotParry { pending, held, .. } => fill(
                self.refused_cannot_parry,
                &[("cards", &self.pending(pending)), ("held", &held)],
            ),
        }
    }

    /// Why a picked card cannot be played now: the card, then each of the
    /// engine's reasons, once.
    pub fn why_not(&self, card: Card, reasons: &[IllegalAction]) -> String {
        let mut said = vec![fill(self.why_not_card, &[("card", &card)])];
        for &why in reasons {
            let line = self.refusal(why);
            if !said.contains(&line) {
                said.push(line);
            }
        }
        said.join(" ")
    }

    /// A hint's chance to win the round, in words ("72% to win the round").
    pub fn chance(&self, chance: f32) -> String {
        let percent = (chance * 100.0).round() as u8;
        fill(self.hint_chance, &[("percent", &percent)])
    }

    /// Why a hint suggests an action, from the unseen cards.
    pub fn advice_reason(&self, reason: Why) -> String {
        let unseen_of =
            |value: u8, n: u8| Card::new(value).map_or_else(String::new, |c| self.cards(n, c));
        match reason {
            Why::Unparryable { card, count, .. } => fill(
                self.advice_unparryable,
                &[("cards", &self.cards(count, card))],
            ),
            Why::Parryable { card, unseen, .. } => fill(
                self.advice_parryable,
                &[("unseen", &self.cards(unseen, card))],
            ),
            Why::Distance { distance, .. } if distance > 5 => {
                fill(self.advice_out_of_reach, &[("distance", &distance)])
            }
            Why::Distance { distance, unseen } => fill(
                self.advice_distance,
                &[
                    ("distance", &distance),
                    ("unseen", &unseen_of(distance, unseen)),
                ],
            ),
            Why::Parry => self.advice_parry.into(),
            Why::Escape { distance } => fill(self.advice_escape, &[("distance", &distance)]),
            Why::Choose => self.advice_choose.into(),
        }
    }

    /// Why a pick could not be followed: the engine's reasons, or, for a
    /// square the card does not go to, where it goes.
    pub fn refused_pick(&self, refused: &Refused) -> String {
        match refused.square {
            Some(square) if refused.reasons.is_empty() => fill(
                self.why_not_square,
                &[("card", &refused.card), ("square", &square)],
            ),
            _ => self.why_not(refused.card, &refused.reasons),
        }
    }

    /// What is wrong with a record, and where, in words.
    pub fn record_problem(&self, problem: &RecordProblem) -> String {
        let e = match problem {
            RecordProblem::NoFile => return self.file_missing.into(),
            RecordProblem::Unreadable => return self.file_unreadable.into(),
            RecordProblem::Record(e) => e,
        };
        let what = match e.problem {
            Problem::Json { line, column } => {
                fill(self.bad_json, &[("line", &line), ("column", &column)])
            }
            Problem::Shape { field } => fill(self.bad_shape, &[("field", &field)]),
            Problem::Format => self.bad_format.into(),
            Problem::Rules => self.bad_rules.into(),
            Problem::NoRounds => self.no_rounds.into(),
            Problem::Setup => self.bad_setup.into(),
            Problem::WrongTurn => self.wrong_turn.into(),
            Problem::RoundOver => self.round_over.into(),
            Problem::Illegal(_) => self.illegal.into(),
        };
        match (e.round, e.action) {
            (Some(r), Some(a)) => fill(
                self.at_action,
                &[
                    ("round", &(r + 1)),
                    ("action", &(a + 1)),
                    ("problem", &what),
                ],
            ),
            (Some(r), None) => fill(self.at_setup, &[("round", &(r + 1)), ("problem", &what)]),
            _ => what,
        }
    }

    /// Why a shared link does not open.
    pub fn link_error(&self, e: LinkError) -> String {
        match e {
            LinkError::Empty => self.link_empty.into(),
            LinkError::Character(n) => fill(self.link_character, &[("n", &(n + 1))]),
            LinkError::Version(_) => self.link_version.into(),
            LinkError::Damaged => self.link_damaged.into(),
            LinkError::Content(n) => fill(self.link_content, &[("n", &n)]),
        }
    }
}
