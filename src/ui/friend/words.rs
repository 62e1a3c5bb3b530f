//! Play a friend's messages with typed arguments: the list's
//! lines, the invitation, the match's heading, and why a link does not go
//! on ([`Problem`]).

use crate::engine::{BySide, Rules, Side};
use crate::friend::game::{Audited, Cheat};
use crate::friend::parts::{PartError, Progress};
use crate::ui::friend::live::frame::Presence;
use crate::ui::friend::waiting::Waiting;
use crate::ui::friend::{preset_of, FormError, Problem, Results, Summary};
use crate::ui::i18n::{fill, plural, ExtraTexts, Texts};
use crate::ui::play::seats::Seats;

impl ExtraTexts {
    /// The end of a match with a friend, as any match ends: "You win the
    /// match 3–1.", "Ben wins the match 3–1.".
    pub fn friend_match_end(
        &self,
        t: &Texts,
        names: &BySide<String>,
        me: Side,
        winner: Side,
        score: BySide<u8>,
    ) -> String {
        if winner == me {
            t.match_end(Seats::Computer { human: me }, winner, score)
        } else {
            t.match_end(Seats::People(names), winner, score)
        }
    }

    /// A match's line in the list: the friend, the score, where it stands.
    pub fn friend_line(&self, s: &Summary) -> String {
        self.friend_row_with(s, self.friend_standing[s.standing.index()])
    }

    /// The list's line of a match of an older construction: read only.
    pub fn friend_retired_line(&self, s: &Summary) -> String {
        self.friend_row_with(s, self.friend_retired_note)
    }

    fn friend_row_with(&self, s: &Summary, standing: &str) -> String {
        fill(
            self.friend_row,
            &[
                ("friend", &s.friend),
                ("you", &s.score.0),
                ("them", &s.score.1),
                ("standing", &standing),
            ],
        )
    }

    /// A list's button to open the match `s`: go on with it, or once over
    /// see it; by the friend's name (none yet: "Continue").
    pub fn friend_open_line(&self, s: &Summary) -> String {
        let friend = s.friend.trim();
        match (friend.is_empty(), s.standing.is_over()) {
            (true, _) => self.friend_continue.to_string(),
            (false, false) => fill(self.friend_continue_with, &[("friend", &friend)]),
            (false, true) => fill(self.friend_see_with, &[("friend", &friend)]),
        }
    }

    /// A list's button to remove the match `s`, by the friend's name.
    pub fn friend_remove_line(&self, s: &Summary) -> String {
        let friend = s.friend.trim();
        if friend.is_empty() {
            return self.friend_remove.to_string();
        }
        fill(self.friend_remove_with, &[("friend", &friend)])
    }

    /// Why a form was not taken.
    pub fn friend_form_error(&self, e: FormError) -> &'static str {
        match e {
            FormError::NoName => self.friend_name_needed,
            FormError::Points => self.friend_points_range,
        }
    }

    /// What to do with the link: send it to `friend` (none yet: the
    /// invitation).
    pub fn friend_send_to(&self, friend: &str) -> String {
        if friend.is_empty() {
            self.friend_send_invitation.to_string()
        } else {
            fill(self.friend_send, &[("friend", &friend)])
        }
    }

    /// Who invites to what.
    pub fn friend_invited_by(&self, t: &Texts, host: &str, rules: Rules) -> String {
        fill(
            self.friend_invited,
            &[
                ("host", &host),
                ("preset", &t.preset(preset_of(rules))),
                ("points", &rules.points_to_win),
            ],
        )
    }

    /// Who plays whom.
    pub fn friend_heading(&self, names: &BySide<String>) -> String {
        fill(
            self.friend_versus,
            &[("white", &names.white), ("black", &names.black)],
        )
    }

    pub fn friend_score_of(&self, you: u8, them: u8) -> String {
        fill(self.friend_score, &[("you", &you), ("them", &them)])
    }

    pub fn friend_waiting_for(&self, friend: &str) -> String {
        fill(self.friend_waiting, &[("friend", &friend)])
    }

    /// The friend's message is being checked (by name once known).
    pub fn friend_checking_from(&self, friend: &str) -> String {
        if friend.is_empty() {
            return self.friend_checking[1].to_string();
        }
        fill(self.friend_checking[0], &[("friend", &friend)])
    }

    /// Where the live connection stands, for the status line (nothing
    /// while it is not in play or forming).
    pub fn friend_presence(&self, presence: Presence, friend: &str) -> Option<String> {
        let words = match presence {
            Presence::Here => self.friend_live_here,
            Presence::Left => self.friend_live_left,
            Presence::NoRoute => self.friend_live_no_route,
            Presence::Preparing => self.friend_live_making,
            Presence::Links | Presence::Invited | Presence::Connecting => return None,
        };
        Some(fill(words, &[("friend", &friend)]))
    }

    /// A friend's results, with the day last played (`day`, in the page's
    /// language) if known.
    pub fn friend_results_line(&self, r: &Results, day: Option<&str>) -> String {
        let args: [(&str, &dyn std::fmt::Display); 4] = [
            ("friend", &r.friend),
            ("won", &r.won),
            ("lost", &r.lost),
            ("day", &day.unwrap_or_default()),
        ];
        fill(self.friend_results[usize::from(day.is_some())], &args)
    }

    /// The match is over by the last round's public result; the friend's
    /// page has not sent its key for that round's audit.
    pub fn friend_unaudited_by(&self, friend: &str) -> String {
        fill(self.friend_unaudited, &[("friend", &friend)])
    }

    /// The friend's page offers another match over the connection.
    pub fn friend_offered_by(&self, friend: &str) -> String {
        fill(self.friend_offered, &[("friend", &friend)])
    }

    /// Waiting for the friend's move, over the connection.
    pub fn friend_live_waiting_for(&self, friend: &str) -> String {
        fill(self.friend_live_waiting, &[("friend", &friend)])
    }

    /// Round 1's starter as the lot drew it (R7): the person (`you`) or
    /// the friend.
    pub fn friend_drawn_starter(&self, you: bool, friend: &str) -> String {
        if you {
            return self.friend_drawn[0].to_string();
        }
        fill(self.friend_drawn[1], &[("friend", &friend)])
    }

    /// The last round's end, told.
    pub fn friend_last_round(&self, story: &str) -> String {
        fill(self.friend_round_over, &[("story", &story)])
    }

    pub fn friend_restored_count(&self, n: usize) -> String {
        fill(self.friend_restored[plural(self.code, n)], &[("n", &n)])
    }

    /// Why a link, a kept match or a backup does not go on.
    pub fn friend_problem(&self, t: &Texts, p: Problem) -> String {
        let said = match p {
            Problem::Damaged => self.friend_damaged,
            Problem::Version => t.link_version,
            Problem::Old => self.friend_old,
            Problem::Own => self.friend_own,
            Problem::Ahead => self.friend_ahead,
            Problem::Forked => self.friend_forked,
            Problem::NotHeld => self.friend_not_held,
            Problem::Misfit => self.friend_misfit,
            Problem::Kept => self.friend_kept,
            Problem::Over => self.friend_over,
            Problem::StorageRefused => self.friend_storage_refused,
            Problem::BackupUnreadable => self.friend_backup_unreadable,
            Problem::ElsewhereAhead => self.friend_elsewhere,
            Problem::Void(cheat) => self.friend_void_said(cheat),
            Problem::Forged => self.friend_forged,
            Problem::OlderVersion => self.friend_older_version,
            Problem::Retired => self.friend_retired,
            Problem::BackupUnchecked => self.friend_backup_unchecked,
            Problem::BackupForeign => self.friend_backup_foreign,
            Problem::BackupBehind => self.friend_backup_behind,
            Problem::Part(e) => self.friend_part_error(e),
        };
        said.to_string()
    }

    /// What the friend's page sent that made the match void, plainly.
    pub fn friend_void_said(&self, cheat: Cheat) -> &'static str {
        self.friend_void[match cheat {
            Cheat::Deck => 0,
            Cheat::Share => 1,
            Cheat::Shown => 2,
            Cheat::Start => 3,
            Cheat::Audit(Audited::Deck) => 4,
            Cheat::Audit(Audited::Action) => 5,
            Cheat::Audit(Audited::Shown) => 6,
            Cheat::Key => 7,
            Cheat::Played => 8,
            Cheat::Chance => 9,
        }]
    }

    /// Why a part of a link is not taken.
    pub fn friend_part_error(&self, e: PartError) -> &'static str {
        self.friend_part_errors[match e {
            PartError::Damaged => 0,
            PartError::OtherMessage => 1,
            PartError::OtherTotal => 2,
            PartError::Conflict => 3,
            PartError::Mismatch => 4,
        }]
    }

    /// Part numbers as a list: "2", "2 and 3", "1, 2 and 4".
    pub fn friend_part_numbers(&self, numbers: &[u8]) -> String {
        let [pair, comma] = self.friend_parts_and;
        match numbers {
            [] => String::new(),
            [one] => one.to_string(),
            [rest @ .., last] => {
                let head = rest
                    .iter()
                    .map(u8::to_string)
                    .reduce(|a, b| fill(comma, &[("a", &a), ("b", &b)]))
                    .unwrap_or_default();
                fill(pair, &[("a", &head), ("b", last)])
            }
        }
    }

    /// How far the parts of a message are: "This message comes in 3
    /// parts. Received: 1. Still missing: 2 and 3." (empty once complete).
    pub fn friend_parts_said(&self, p: &Progress) -> String {
        let Progress::Waiting { total, got } = p else {
            return String::new();
        };
        fill(
            self.friend_parts_progress,
            &[
                ("got", &self.friend_part_numbers(got)),
                ("total", total),
                ("missing", &self.friend_part_numbers(&p.missing())),
            ],
        )
    }

    /// A part's textbox, its copy button, what copying it did (part `n`,
    /// from 1, of `total`), or what to do with the `total` parts.
    pub fn friend_part_line(&self, template: &str, n: usize, total: usize) -> String {
        fill(template, &[("n", &n), ("total", &total)])
    }
}

impl Texts {
    /// The start screen's word that friends wait for the person: "Bo is
    /// waiting for you."; several (or no name kept) "Your friends …".
    pub fn friend_waits_for(&self, w: Waiting<'_>) -> String {
        if w.count > 1 || w.friend.is_empty() {
            return self.friend_waits[1].to_string();
        }
        fill(self.friend_waits[0], &[("friend", &w.friend)])
    }
}
