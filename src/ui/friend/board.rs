//! One match with a friend: who plays whom, the score, what the friend did
//! since the person's last action, the table (the person chooses as in a
//! match), the link to send, and the buttons under it ([`BarTools`]:
//! resigning, and once over its review and record).

use yew::prelude::*;

use super::bar_tools::BarTools;
use super::link::FriendLink;
use super::live::Watched;
use super::moves::Move;
use super::said::{self, Moment};
use super::state::FriendsAction;
use super::table::FriendTable;
use super::tools::{self, tools, Confirm, Facts};
use super::{names_shown, record_text, review_code, shown, standing, started, store};
use super::{theirs_wins, unanswered, Problem, Standing, PREFIX};
use crate::engine::Action;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::shell::share::address_with;

#[derive(Properties, PartialEq)]
pub(crate) struct BoardProps {
    /// The match as last heard.
    pub watched: Watched,
    /// What went wrong: with the link just read, the last move, a message.
    pub problem: Option<Problem>,
    /// The question the bar asks before doing it.
    pub asking: Option<Confirm>,
    /// "No direct connection" is said.
    pub no_route: bool,
    /// Changes the friend screens ([`super::state::FriendScreens`]).
    pub dispatch: Callback<FriendsAction>,
    /// The person's move, to be made and kept.
    pub on_move: Callback<Move>,
    pub on_back: Callback<()>,
    /// Opens the finished match's review (its link code).
    pub on_review: Callback<String>,
    /// Another match with the same friend, this person inviting.
    pub on_again: Callback<()>,
    /// Accepts the friend's invitation to another match (its code).
    pub on_accept_again: Callback<String>,
}

#[function_component]
pub(crate) fn Board(props: &BoardProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let Watched {
        held: m,
        presence,
        checking,
        offered,
        link,
    } = props.watched.clone();
    let id = m.id().to_string();
    // Taken from a backup: this seat must be the only copy in play; the
    // friend's name as the list knows it (from the match before, until
    // they accept this one).
    let (restored, known) = (*use_memo(id.clone(), |id| {
        store::load(id).map(|k| (k.restored, k.summary.friend))
    }))
    .clone()
    .unwrap_or_default();
    let names = names_shown(&m, &known);
    let me = m.side();
    let now = standing(&m);
    let score = super::score(&m);
    let on_move = props.on_move.clone();
    let on_choose = on_move.reform(Move::Play);
    // Asks first; the same button again does it.
    let on_ask = {
        let (asking, dispatch) = (props.asking, props.dispatch.clone());
        Callback::from(move |what: Confirm| {
            if asking == Some(what) {
                on_move.emit(Move::Confirmed(what));
            } else {
                dispatch.emit(FriendsAction::Ask(what));
            }
        })
    };
    let actions = m.actions().to_vec();
    let friend = names[me.opponent()].clone();
    // Before the friend accepts, the link's own words say it all.
    let accepted = !m.names()[me.opponent()].is_empty() || m.played().is_some();
    let at = shown(&m);
    let begun = started(&m);
    // Held back while the connection carries it or its offer is being made.
    let link = link.map(|text| super::parts::links(&address_with(PREFIX, ""), &text));
    let moment = Moment {
        standing: now,
        presence,
        no_route: props.no_route,
        link: link.is_some(),
        table: matches!(at, super::Shown::Playing(_)),
        checking,
    };
    let said = said::lines_named(t, x, &m, moment, &names);
    // The Choice card turned, this side starts: its pick before the deal (S4).
    let choices = m.choice().map(|list| {
        list.map(|s| {
            let a = Action::Choose(s);
            let on_choose = on_choose.clone();
            let data = serde_json::to_string(&crate::record::write::action(None, a)).unwrap_or_default();
            html! {
                <button class="action" data-action={data} onclick={Callback::from(move |_| on_choose.emit(a))}>
                    { t.action(a, None) }
                </button>
            }
        })
    });
    let review = review_code(&m);
    let record = record_text(&m);
    // A void match's evidence: how it began and every step, its messages
    // as they came (without the seed of this seat's secrets).
    let evidence = m.void().and_then(|_| {
        let j = m.journal();
        serde_json::to_string_pretty(&(&j.begun, &j.steps)).ok()
    });
    let steps = m.journal().steps.len();
    let again = tools::again(now);
    // Both pages asked for another match at once: one invitation is
    // played, the lower id's; this page takes the friend's if it wins.
    let yields = offered
        .as_deref()
        .and_then(|code| crate::friend::game::match_of(code).ok())
        .is_some_and(|theirs| unanswered(&m) && theirs_wins(&id, &theirs.to_string()));
    let offer = offered.clone().filter(|_| again);
    let bar = tools(Facts {
        standing: now,
        checking,
        in_play: at != super::Shown::Bare || choices.is_some(),
        begun,
        accepted,
        presence,
        offered: offer.is_some(),
        asking: props.asking,
    });
    {
        let (on_accept_again, code) = (props.on_accept_again.clone(), offered);
        use_effect_with(yields, move |&yields| {
            if let (true, Some(code)) = (yields, code) {
                on_accept_again.emit(code);
            }
        });
    }
    html! {
        <section class="friend-match" data-standing={format!("{now:?}")} data-steps={steps.to_string()} data-presence={format!("{presence:?}")}
            data-checking={checking.then_some("")}>
            // Who plays whom and the score, on one line where it fits.
            <header class="friend-head">
                // (Another match: the friend is known before they accept.)
                if accepted || !friend.is_empty() {
                    <h3>{ x.friend_heading(&names) }</h3>
                }
                <p class="friend-score">{ x.friend_score_of(score[me], score[me.opponent()]) }</p>
            </header>
            if restored && !now.is_over() {
                <p class="friend-restored">{ x.friend_restored_seat }</p>
            }
            if let Some(p) = props.problem {
                <p class="friend-problem" role="alert">{ x.friend_problem(t, p) }</p>
            }
            <div class="lesson-words" role="status" aria-live="polite" tabindex="-1">
                { for said.into_iter().map(|s| html! { <p>{ s }</p> }) }
                if checking {
                    <progress class="friend-checking"></progress>
                }
            </div>
            if let Some(choices) = choices {
                <section class="action-bar" aria-label={t.actions}>
                    <p class="hint">{ t.refused_must_choose }</p>
                    <div class="buttons">{ for choices }</div>
                </section>
            }
            <FriendTable shown={at} side={me} active={now == Standing::Yours} {on_choose} names={names.clone()}
                actions={actions.clone()} />
            if let Some(code) = offer {
                <section class="friend-offer">
                    <p role="status">{ x.friend_offered_by(&friend) }</p>
                    <button class="primary" data-next="" onclick={props.on_accept_again.reform(move |_| code.clone())}>{ x.friend_accept }</button>
                </section>
            }
            if let Some(urls) = link {
                <FriendLink {urls} said={x.friend_send_to(&friend)} />
            }
            <BarTools tools={bar} asking={props.asking} {review} {record} {evidence} {on_ask}
                on_cancel={props.dispatch.reform(|()| FriendsAction::Cancel)}
                on_review={props.on_review.clone()} on_again={props.on_again.clone()} on_back={props.on_back.clone()} />
        </section>
    }
}
