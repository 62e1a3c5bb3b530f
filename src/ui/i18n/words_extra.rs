//! The extras' messages with typed arguments: the lessons, the guide's
//! diagrams, the review and the history (see `words.rs` for the page's).

use super::{fill, plural, ExtraTexts, Texts};
use crate::ai::advice::{Mark, Verdict};
use crate::ai::Difficulty;
use crate::engine::{Action, Pending, Rules, RulesLevel, StarterRule};
use crate::ui::shell::theme::Theme;

impl ExtraTexts {
    pub(crate) fn theme_name(&self, theme: Theme) -> &'static str {
        let all = Theme::ALL;
        self.themes[all.iter().position(|&x| x == theme).unwrap_or(0)]
    }

    pub fn level(&self, l: RulesLevel) -> &'static str {
        self.levels[RulesLevel::ALL.iter().position(|&x| x == l).unwrap_or(0)]
    }

    pub fn starter(&self, s: StarterRule) -> &'static str {
        match s {
            StarterRule::Alternate => self.starters[0],
            StarterRule::Loser => self.starters[1],
        }
    }

    pub(crate) fn difficulty_help(&self, d: Difficulty) -> &'static str {
        self.difficulties_help[Difficulty::ALL.iter().position(|&x| x == d).unwrap_or(0)]
    }

    /// The link from a worked example to lesson `lesson`.
    pub(crate) fn practise(&self, lesson: usize) -> String {
        let title = self.lesson_titles.get(lesson).copied().unwrap_or_default();
        fill(self.practise, &[("lesson", &title)])
    }

    /// A piste diagram's text alternative.
    pub(crate) fn diagram_label(&self, white: u8, black: u8, distance: u8) -> String {
        fill(
            self.diagram_label,
            &[
                ("white", &white),
                ("black", &black),
                ("distance", &distance),
            ],
        )
    }

    /// A lesson's sentences: for each step, what to do, then what happened.
    pub fn lesson_steps(&self, lesson: usize) -> &[&'static str] {
        match lesson {
            0 => &self.lesson_moving,
            1 => &self.lesson_attack,
            2 => &self.lesson_parry,
            3 => &self.lesson_lunge,
            4 => &self.lesson_pile,
            _ => &self.lesson_duel,
        }
    }

    /// Where the review stands: round `round`'s `n`th action of `total`.
    pub(crate) fn review_step(&self, round: usize, n: usize, total: usize) -> String {
        fill(
            self.review_step,
            &[("round", &round), ("n", &n), ("total", &total)],
        )
    }

    pub fn review_deal(&self, round: usize) -> String {
        fill(self.review_deal, &[("round", &round)])
    }

    pub fn analysing(&self, done: usize, total: usize) -> String {
        fill(
            self.analysing[plural(self.code, total)],
            &[("done", &done), ("total", &total)],
        )
    }

    /// How many decisions earned each mark: inaccuracies, mistakes, blunders.
    pub(crate) fn analysis_done(&self, counts: [usize; 3]) -> String {
        let [a, b, c] = counts;
        fill(
            self.analysis_done,
            &[("inaccuracies", &a), ("mistakes", &b), ("blunders", &c)],
        )
    }

    pub fn mark(&self, m: Mark) -> &'static str {
        self.marks[Mark::ALL.iter().position(|&x| x == m).unwrap_or(0)]
    }

    /// The marks' thresholds, in points of chance.
    pub(crate) fn marks_help(&self) -> String {
        let points = |m: Mark| (m.threshold() * 100.0).round() as u32;
        fill(
            self.marks_help,
            &[
                ("inaccuracy", &points(Mark::Inaccuracy)),
                ("mistake", &points(Mark::Mistake)),
                ("blunder", &points(Mark::Blunder)),
            ],
        )
    }

    /// The verdict on a decision: the chances before and after, and the
    /// computer's choice.
    pub fn judged(
        &self,
        t: &Texts,
        v: &Verdict,
        chosen: Action,
        pending: Option<Pending>,
        player: Option<&str>,
    ) -> Vec<String> {
        let percent = |c: f32| (c * 100.0).round() as u32;
        let mut lines = Vec::new();
        if let Some(after) = v.after {
            lines.push(fill(
                self.verdict_chances[usize::from(player.is_some())],
                &[
                    ("before", &percent(v.before)),
                    ("after", &percent(after)),
                    ("who", &player.unwrap_or_default()),
                ],
            ));
        }
        lines.push(if v.best == chosen {
            self.verdict_same.into()
        } else if v.missed_sure_win {
            fill(
                self.verdict_sure_win,
                &[("action", &t.action(v.best, pending))],
            )
        } else {
            fill(self.verdict_best, &[("action", &t.action(v.best, pending))])
        });
        lines
    }

    /// "Analyse my decisions", or another's (`player`: their name or side).
    pub fn analyse(&self, player: Option<&str>) -> String {
        self.whose(self.analyse, player)
    }

    /// The chance graph's name, for the person's decisions or another's.
    pub fn graph_label(&self, player: Option<&str>) -> String {
        self.whose(self.graph_label, player)
    }

    fn whose(&self, forms: [&str; 2], player: Option<&str>) -> String {
        match player {
            Some(who) => fill(forms[1], &[("who", &who)]),
            None => forms[0].into(),
        }
    }

    /// The hand of a player other than the person looking.
    pub fn hand_of(&self, who: &str) -> String {
        fill(self.hand_of, &[("who", &who)])
    }

    /// A chance on the graph's axis ("50%").
    pub(crate) fn graph_percent(&self, chance: f32) -> String {
        let percent = (chance * 100.0).round() as u32;
        fill(self.graph_percent, &[("percent", &percent)])
    }

    /// A decision on the graph: its number, the chance before it and its
    /// mark, if any.
    pub fn graph_point(&self, n: usize, chance: f32, mark: Option<Mark>) -> String {
        let percent = (chance * 100.0).round() as u32;
        match mark {
            None => fill(self.graph_point, &[("n", &n), ("percent", &percent)]),
            Some(m) => fill(
                self.graph_point_marked,
                &[("n", &n), ("percent", &percent), ("mark", &self.mark(m))],
            ),
        }
    }

    /// A finished match's result: won or lost, the person's score first.
    pub fn result(&self, won: bool, you: u8, it: u8) -> String {
        let t = if won {
            self.result_won
        } else {
            self.result_lost
        };
        fill(t, &[("you", &you), ("it", &it)])
    }

    pub(crate) fn review_match(&self, date: &str) -> String {
        fill(self.review_match, &[("date", &date)])
    }

    /// Rules by name: a preset's, a preset's to other points ("Basic to 3
    /// points"), else "Custom".
    pub fn rules_name(&self, t: &Texts, rules: Rules) -> String {
        match (rules.preset(), rules.preset_but_points()) {
            (Some(p), _) => t.preset(Some(p)).to_string(),
            (None, Some(p)) => {
                let n = usize::from(rules.points_to_win);
                let preset = t.preset(Some(p));
                fill(
                    self.rules_to_points[plural(self.code, n)],
                    &[("preset", &preset), ("n", &n)],
                )
            }
            (None, None) => t.custom.to_string(),
        }
    }

    pub fn history_kept(&self, n: usize) -> String {
        fill(self.history_kept[plural(self.code, n)], &[("n", &n)])
    }
}
