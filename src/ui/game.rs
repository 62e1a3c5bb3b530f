//! The page: the match reducer, its callbacks, and the layout of the table's
//! components. The computer's turn and saving are hooks ([`super::hooks`]).

use rand::SeedableRng;
use yew::prelude::*;

use crate::engine::{Action, BySide, Card, Phase, Side};
use crate::GameRng;

use super::extras::{host::ExtrasHost, Opened};
use super::hooks::{use_autosave, use_computer_turn, use_hint, use_history};
use super::i18n::{use_texts, Lang, Prompt};
use super::menu::Menu;
use super::save::{self, Opponent, Settings};
use super::selection::{Selection, Step, Target};
use super::settings::SettingsForm;
use super::state::{GameAction, GameState, Notice};
use super::storage::{self, Resume};
use super::summary;
use super::table::action_bar::ActionBar;
use super::table::fencer::Pose;
use super::table::hand::{Hand, OpponentHand};
use super::table::log::Log;
use super::table::pile::Piles;
use super::table::round_summary::RoundSummary;
use super::table::scores::ScoreTracks;
use super::table::tracker::CardTracker;
use super::welcome::Welcome;

/// A seed for a deal or a search: from the platform's cryptographic random
/// source (Web Crypto's `getRandomValues` in the browser, via `getrandom`),
/// so that a deal between two people is fair beyond doubt. Browsers that run
/// WebAssembly all have it; should it ever fail, the clock seeds instead.
fn seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| {
        web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    })
}

/// What the page shows: the match, or the start screen of a first visit, or
/// a part of the extras (fetched on first use, `super::extras`).
#[derive(Clone, PartialEq)]
enum Mode {
    Welcome,
    Table,
    Extras(Opened),
}

/// What would show hidden cards, asked about first.
#[derive(Copy, Clone, PartialEq)]
enum Reveal {
    Export,
    Copy,
}

/// A match opened from a shared link (`#r=…`): its code, or what is wrong
/// with the link; `None` without one.
fn shared_link() -> Option<Result<String, Notice>> {
    let code = super::share::fragment()?;
    let settings = storage::settings();
    let mut rng = GameRng::seed_from_u64(seed());
    Some(
        match save::from_code(&code, (settings.side, settings.level), &mut rng) {
            Ok(_) => Ok(code),
            Err(save::CodeProblem::Link(e)) => Err(Notice::LinkBroken(e)),
            Err(save::CodeProblem::Record(e)) => {
                Err(Notice::LinkRecord(super::i18n::RecordProblem::Record(e)))
            }
        },
    )
}

fn start_state(link: Option<&Result<String, Notice>>) -> GameState {
    let mut state = resumed();
    if let Some(Err(n)) = link {
        state.notice = Some(n.clone());
    }
    state
}

fn resumed() -> GameState {
    let settings = storage::settings();
    match storage::resume(&settings, &mut GameRng::seed_from_u64(seed())) {
        Resume::Match(loaded) => GameState::loaded(loaded, seed(), None),
        Resume::Unreadable(why) => GameState {
            notice: Some(Notice::SaveUnreadable(why)),
            ..GameState::new(settings, seed())
        },
        Resume::Nothing => GameState::new(settings, seed()),
    }
}

/// Where the page stands, for tests and styles (`data-moment` on the table),
/// in no language: `turn`, `defend`, `pick`, `wait`, `pass` (two people:
/// the privacy screen), `round-over`, `match-over`.
fn moment_name(state: &GameState) -> &'static str {
    let game = &state.game;
    if game.is_over() {
        return "match-over";
    }
    if state.privacy && !game.round().is_over() {
        return "pass";
    }
    match Prompt::of(game.round(), state.human) {
        None => "round-over",
        Some(Prompt::Wait) => "wait",
        Some(Prompt::Pick) => "pick",
        Some(Prompt::Defend { .. }) => "defend",
        Some(Prompt::Turn { .. }) => "turn",
    }
}

#[derive(Properties, PartialEq)]
pub struct GameProps {
    /// The language in force, and how to change it.
    pub lang: Lang,
    pub on_lang: Callback<Lang>,
}

#[function_component]
pub fn Game(props: &GameProps) -> Html {
    let t = use_texts();
    let settings = use_state(storage::settings);
    let link = use_memo((), |()| shared_link());
    let state = use_reducer({
        let link = link.clone();
        move || start_state(link.as_ref().as_ref())
    });
    // Settings that did not work are shown with the notice saying so.
    let show_settings = use_state(|| matches!(state.notice, Some(Notice::SettingsInvalid(_))));
    // A shared link opens its review; a broken one, the start screen. A
    // first visit opens on the start screen, not on a live match.
    let mode = use_state(|| match link.as_ref() {
        Some(Ok(code)) => Mode::Extras(Opened::Review {
            code: code.clone(),
            round: None,
        }),
        Some(Err(_)) => Mode::Welcome,
        None if storage::first_visit() => Mode::Welcome,
        None => Mode::Table,
    });
    // Exporting or copying a match in progress asks first (it shows hidden
    // cards): which one waits for the answer.
    let confirm_reveal = use_state(|| None::<Reveal>);
    // The action under the pointer or focus (at that moment): where it
    // leads is shown on the piste.
    let preview = use_state(|| None::<(super::state::Moment, Action)>);
    use_computer_turn(&state);
    use_autosave(&state);
    use_hint(&state);
    use_history(&state);
    let to = |m: Mode| {
        let mode = mode.clone();
        Callback::from(move |()| mode.set(m.clone()))
    };

    let game = &state.game;
    let round = game.round();
    let p = round.public();
    let human = state.human;
    let actions = state.actions();
    let observation = game.observation(human);
    let selection = state.selection;
    let mine = state.human_to_act();
    let score = game.score();
    let (you, it) = (score[human], score[human.opponent()]);

    let number = game.round_number();
    // Targets of the picked cards.
    let targets = if mine {
        selection.targets(round)
    } else {
        vec![]
    };
    let squares: Vec<u8> = targets
        .iter()
        .filter_map(|(t, _)| match t {
            Target::Square(s) => Some(*s),
            Target::Opponent => None,
        })
        .collect();
    let opponent_target = targets.iter().find_map(|(target, s)| match (target, s) {
        (Target::Opponent, Step::Play(a)) => Some(t.target_opponent(*a, p.pending)),
        _ => None,
    });
    let pickable: Vec<Card> = if mine && p.phase != Phase::Choose {
        Card::ALL
            .into_iter()
            .filter(|&c| selection.can_pick(round, c))
            .collect()
    } else {
        vec![]
    };
    let offered: Vec<(Action, String)> = if mine {
        selection
            .actions(round)
            .into_iter()
            .map(|a| (a, t.action(a, p.pending)))
            .collect()
    } else {
        vec![]
    };
    let last = summary::last_cards(actions);
    // The fencers' poses: what the last action did, or who was hit.
    let hit = round
        .result()
        .filter(|r| r.reason == crate::engine::Reason::Hit)
        .and_then(|r| r.winner.map(Side::opponent));
    let poses = Pose::after(actions.last().copied(), hit);
    let beat = number * 1000 + actions.len();
    let results = summary::results(game);
    let bar_key = {
        let (g, r, a, w) = state.moment();
        format!("{g}.{r}.{a}.{w}")
    };
    // Two people on one device: each named; else "you" and "the computer".
    let people = state.people.as_ref();
    let line = |i: usize| {
        let (by, a) = actions[i];
        let before = i.checked_sub(1).map(|j| actions[j].1);
        match people {
            Some(names) => t.person_played(names, by, a, before),
            None => t.played(by, a, human, before),
        }
    };

    // The live region: what happened since the person last acted, then what
    // is asked of them; or the end of the round or match.
    let status = match (game.winner(), round.result(), people) {
        (Some(w), _, Some(names)) => t.people_match_end(names, w, score),
        (Some(w), _, None) => t.match_end(w, human, you, it),
        (None, Some(r), Some(names)) => t.people_round_end(names, number, r.winner, score),
        (None, Some(r), None) => t.round_end(number, r.winner, human, you, it),
        (None, None, Some(names)) if state.privacy => {
            t.about_person(t.pass_to, names, round.to_act(), &[])
        }
        (None, None, _) if mine => {
            let mut said = match people {
                Some(names) => t.people_did(names, actions, human),
                None => t.computer_did(actions, human),
            };
            said.extend(Prompt::of(round, human).map(|q| t.prompt(q)));
            said.join(" ")
        }
        (None, None, _) => {
            let mut said: Vec<String> =
                actions.len().checked_sub(1).map(line).into_iter().collect();
            said.push(t.thinking.into());
            said.join(" ")
        }
    };

    let dispatch = |make: fn(()) -> GameAction| {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(make(())))
    };
    let on_pick = {
        let state = state.clone();
        Callback::from(move |c: Card| state.dispatch(GameAction::Pick(c)))
    };
    let on_target = {
        let state = state.clone();
        Callback::from(move |t: Target| state.dispatch(GameAction::Target(t)))
    };
    let on_play = {
        let state = state.clone();
        Callback::from(move |a: Action| state.dispatch(GameAction::Play(a)))
    };
    let on_start = {
        let state = state.clone();
        let settings = settings.clone();
        let show_settings = show_settings.clone();
        Callback::from(move |(s, names): (Settings, BySide<String>)| {
            storage::save_settings(s);
            settings.set(s);
            show_settings.set(false);
            if s.opponent == Opponent::Person {
                storage::save_names(&names);
                state.dispatch(GameAction::NewPeople(s, names, seed()));
            } else {
                state.dispatch(GameAction::New(s, seed()));
            }
        })
    };
    let on_rematch = {
        let state = state.clone();
        let settings = *settings;
        Callback::from(move |()| {
            let s = Settings {
                rules: state.game.rules(),
                side: state.human,
                level: state.level,
                ..settings
            };
            match &state.people {
                Some(names) => state.dispatch(GameAction::NewPeople(s, names.clone(), seed())),
                None => state.dispatch(GameAction::New(s, seed())),
            }
        })
    };
    let open_settings = {
        let show = show_settings.clone();
        Callback::from(move |()| show.set(true))
    };
    let close_settings = {
        let show = show_settings.clone();
        Callback::from(move |()| show.set(false))
    };
    let on_toggle_tracker = {
        let settings = settings.clone();
        Callback::from(move |()| {
            let s = Settings {
                tracker: !settings.tracker,
                ..*settings
            };
            storage::save_settings(s);
            settings.set(s);
        })
    };
    let export_now = {
        let state = state.clone();
        Callback::from(move |()| {
            let text = state.save_text();
            if storage::download("engarde-match.json", &text).is_err() {
                state.dispatch(GameAction::Notice(Some(Notice::DownloadFailed)));
            }
        })
    };
    let copy_now = {
        let state = state.clone();
        Callback::from(move |()| {
            let text = state.save_text();
            let state = state.clone();
            yew::platform::spawn_local(async move {
                let said = match super::share::copy(&text).await {
                    Ok(()) => Notice::Copied,
                    Err(_) => Notice::CopyFailed,
                };
                state.dispatch(GameAction::Notice(Some(said)));
            });
        })
    };
    // A match in progress: the record would show the computer's hand and the
    // draw pile's order, so the person is told first.
    let reveal = |what: Reveal, now: &Callback<()>| {
        let (over, confirm, now) = (game.is_over(), confirm_reveal.clone(), now.clone());
        Callback::from(move |()| {
            if over {
                now.emit(());
            } else {
                confirm.set(Some(what));
            }
        })
    };
    let on_export = reveal(Reveal::Export, &export_now);
    let on_copy = reveal(Reveal::Copy, &copy_now);
    let on_import = {
        let state = state.clone();
        Callback::from(move |text: Result<String, super::i18n::RecordProblem>| {
            let mut rng = GameRng::seed_from_u64(seed());
            let loaded = text.and_then(|t| {
                save::load(&t, (state.human, state.level), &mut rng)
                    .map_err(super::i18n::RecordProblem::Record)
            });
            match loaded {
                Ok(loaded) => {
                    let notice = Notice::Imported(loaded.game.rounds().len());
                    state.dispatch(GameAction::Load(Box::new(loaded), seed(), Some(notice)));
                }
                Err(why) => state.dispatch(GameAction::Notice(Some(Notice::ImportFailed(why)))),
            }
        })
    };
    let on_key = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            if key == "Escape" {
                state.dispatch(GameAction::Cancel);
            } else if let Some(c) = key.parse::<u8>().ok().and_then(Card::new) {
                state.dispatch(GameAction::Pick(c));
            }
        })
    };
    let dismiss = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(GameAction::Notice(None)))
    };

    // The action bar says one thing: what the picked cards can do, or, when
    // this answer ends the round, that it does.
    let hint = match &state.why_not {
        Some(refused) if mine => Some(t.refused_pick(refused)),
        _ if mine => t.hint(selection, round),
        _ => None,
    };
    let warning = (mine && p.final_answer && hint.is_none()).then(|| t.final_answer.to_string());
    let advice: Vec<(Action, String, String, String)> = state
        .advice_now()
        .filter(|_| mine)
        .map(|list| {
            list.iter()
                .map(|a| {
                    let name = t.action(a.action, p.pending);
                    (
                        a.action,
                        name,
                        t.chance(a.chance),
                        t.advice_reason(a.reason),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    // The match so far, to review (from a round's summary: every round is over).
    let review = |round: Option<usize>| Opened::Review {
        code: save::link_code(game, human, state.level, state.help),
        round,
    };
    let summary_panel = round.result().map(|_| {
        let over = game.is_over();
        let story = summary::story(round, actions);
        let mut lines: Vec<String> = story
            .as_ref()
            .map(|s| summary::final_steps(actions.len(), s).map(line).collect())
            .unwrap_or_default();
        lines.extend(story.as_ref().map(|s| match people {
            Some(names) => t.people_story(names, s),
            None => t.story(s, human),
        }));
        let verdict = game.winner().map(|w| match people {
            Some(names) => t.person_verdict(names, w),
            None => t.verdict(w, human).to_string(),
        });
        // Between two people there is no review ("you" would be one of them).
        let on_replay = people
            .is_none()
            .then(|| to(Mode::Extras(review((!over).then(|| number - 1)))));
        // The status line says who won; the panel says how.
        html! {
            <RoundSummary heading={t.round_heading(number)} {lines}
                match_over={over} {verdict}
                on_next={dispatch(|()| GameAction::NextRound)}
                on_rematch={on_rematch.clone()} on_new={open_settings.clone()}
                {on_replay} />
        }
    });
    let past: Vec<String> = results
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            r.map(|r| match people {
                Some(names) => t.people_past_round(names, i + 1, r.winner, r.reason),
                None => t.past_round(i + 1, r.winner, r.reason, human),
            })
        })
        .collect();
    let log: Vec<String> = (0..actions.len()).map(line).collect();
    // Hands are shown when the round is over (the count is made face up).
    let open = observation
        .opponent_hand
        .or_else(|| round.is_over().then(|| round.hand(human.opponent())));
    let thinking = state.computer_to_act();
    let last_words = actions.len().checked_sub(1).map(line).unwrap_or_default();

    let leave_extras = {
        let mode = mode.clone();
        Callback::from(move |()| {
            super::share::clear_fragment();
            mode.set(Mode::Table);
        })
    };
    let previewed = (*preview)
        .filter(|(m, _)| mine && *m == state.moment())
        .and_then(|(_, a)| p.landing(a));
    let on_preview = {
        let (preview, moment) = (preview.clone(), state.moment());
        Callback::from(move |a: Option<Action>| preview.set(a.map(|a| (moment, a))))
    };
    // Between two people a take-back would undo the other's move too.
    let can_take_back = people.is_none() && state.previous_decision().is_some() && !game.is_over();

    html! {
        <>
        <header class="top">
            <h1>{ "En Garde" }</h1>
            <ScoreTracks {score} to_win={game.rules().points_to_win} {human} names={people.cloned()} />
            <Menu on_new={open_settings.clone()} on_learn={to(Mode::Extras(Opened::Lessons))}
                on_guide={to(Mode::Extras(Opened::Guide))} on_history={to(Mode::Extras(Opened::History))} {on_export} {on_copy} {on_import} />
        </header>
        if let Some(n) = &state.notice {
            <div class="notice" role="alert">
                <p>{ t.notice(n) }</p>
                <button onclick={dismiss}>{ t.dismiss }</button>
            </div>
        }
        if let Some(what) = *confirm_reveal {
            <div class="notice confirm" role="alertdialog" aria-labelledby="reveal-q">
                <p id="reveal-q">{ match (what, people.is_some()) {
                    (Reveal::Export, false) => t.export_warning,
                    (Reveal::Copy, false) => t.copy_warning,
                    (Reveal::Export, true) => t.export_warning_people,
                    (Reveal::Copy, true) => t.copy_warning_people,
                } }</p>
                <button class="primary" onclick={ {
                    let (confirm, now) = (confirm_reveal.clone(), match what { Reveal::Export => export_now.clone(), Reveal::Copy => copy_now.clone() });
                    Callback::from(move |_| { confirm.set(None); now.emit(()); })
                } }>{ match what { Reveal::Export => t.export_anyway, Reveal::Copy => t.copy_anyway } }</button>
                <button onclick={ { let c = confirm_reveal.clone(); Callback::from(move |_| c.set(None)) } }>{ t.cancel }</button>
            </div>
        }
        { match &*mode {
            Mode::Welcome => html! {
                <Welcome on_learn={ {
                    let mode = mode.clone();
                    Callback::from(move |()| {
                        storage::welcomed();
                        // Straight into the first lesson.
                        let mut progress = storage::lessons();
                        progress.at = Some((0, 0));
                        storage::save_lessons(&progress);
                        mode.set(Mode::Extras(Opened::Lessons));
                    })
                } } on_play={ {
                    let (mode, show) = (mode.clone(), show_settings.clone());
                    Callback::from(move |()| {
                        storage::welcomed();
                        mode.set(Mode::Table);
                        show.set(true);
                    })
                } } />
            },
            Mode::Extras(opened) => html! {
                <ExtrasHost opened={opened.clone()} lang={props.lang} on_leave={leave_extras} />
            },
            Mode::Table if state.privacy && !round.is_over() => {
                // Two people: nothing of either hand until the next player
                // says they hold the device.
                let names = people.cloned().unwrap_or_default();
                let next = round.to_act();
                html! {
        <main class="table" data-moment="pass">
            <section class="pass-screen" role="dialog" aria-modal="true" aria-labelledby="pass-title">
                <p class="status" role="status" aria-live="polite" id="pass-title">{ status }</p>
                <p>{ t.about_person(t.pass_hidden, &names, next, &[]) }</p>
                <button class="primary" onclick={ { let s = state.clone(); Callback::from(move |_| s.dispatch(GameAction::HandOver)) } }>
                    { t.about_person(t.pass_ready, &names, next, &[]) }
                </button>
            </section>
        </main>
                }
            }
            Mode::Table => html! {
        <main class="table" onkeydown={on_key} data-moment={moment_name(&state)}>
            <p class="status" role="status" aria-live="polite">{ status }</p>
            <section class="opponent-area">
                <span class="label">{ match people {
                    Some(names) => t.about_person(t.label_person, names, human.opponent(), &[]),
                    None => t.opponent_label(human.opponent(), state.level),
                } }</span>
                <OpponentHand size={observation.opponent_hand_len} {open} />
                if thinking {
                    <span class="think-bar" role="progressbar" aria-label={t.thinking}
                        style={format!("--think: {}ms", think_bar_ms(state.level))}>
                        <span></span>
                    </span>
                }
            </section>
            <super::table::piste::Piste position={p.position} {human} {squares} {opponent_target}
                ghost={selection.ghost(round).filter(|_| mine).or(previewed)} {poses} {beat} on_target={on_target}
                names={people.cloned()}
                explain={mine && selection != Selection::None}
                suggested={advice.first().and_then(|(a, ..)| round.public().landing(*a))} />
            { for summary_panel }
            <Hand hand={round.hand(human)} picked={selection.picked()} {pickable} {on_pick}
                suggested={advice.first().map(|(a, ..)| a.cards(p.pending).values().collect::<Vec<Card>>()).unwrap_or_default()} />
            if !round.is_over() {
                <ActionBar key={bar_key} text={hint.or(warning)} actions={offered} can_cancel={mine && selection != Selection::None}
                    can_give_up={mine && p.phase != Phase::Choose}
                    give_up_question={people.map(|n| t.about_person(t.give_up_person, n, human.opponent(), &[]))}
                    {advice} asking={state.hint_asked == Some(state.moment())}
                    on_hint={dispatch(|()| GameAction::AskHint)} {on_preview}
                    {on_play} on_cancel={dispatch(|()| GameAction::Cancel)} />
            }
            if can_take_back {
                <div class="take-back"><button onclick={ { let s = state.clone(); Callback::from(move |_| s.dispatch(GameAction::TakeBack)) } }>{ t.take_back }</button></div>
            }
            <div class="table-row">
                <Piles pile={round.pile().len()}
                    last={last.map(|(by, _, cards)| (cards, last_words, by == human))} {beat}
                    special={p.special} pile_low={t.pile_low(round)} />
                <CardTracker unseen={observation.unseen()} shown={settings.tracker} on_toggle={on_toggle_tracker} />
            </div>
            <Log lines={log} {past} />
        </main>
            },
        } }
        if *show_settings {
            <SettingsForm initial={*settings} {on_start} on_close={close_settings}
                lang={props.lang} on_lang={props.on_lang.clone()} />
        }
        </>
    }
}

/// How long the thinking bar takes to fill: twice the level's usual think
/// on this device (the bar, easing out, is then about four fifths full when
/// the move usually comes); before its first think here, the level's longest
/// (its time cap). Never shorter than a move is shown, nor longer than the cap.
fn think_bar_ms(level: crate::ai::Difficulty) -> u128 {
    let shown = super::hooks::MIN_THINK;
    let cap = level.budget().time.unwrap_or_default().max(shown);
    super::hooks::usual_think(level)
        .map_or(cap, |usual| (usual * 2).clamp(shown, cap))
        .as_millis()
}
