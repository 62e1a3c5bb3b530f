//! A fencer on the piste: a figure in the side's colour, facing the other
//! (White faces right, Black is drawn mirrored). It slides to its square,
//! lunges on an attack, raises its blade on a parry and lights up when hit;
//! styles/fencer.css moves it (under 400 ms, still under reduced motion).

use yew::prelude::*;

use crate::engine::{Action, BySide, Side};

use crate::ui::play::selection::Target;

/// What a fencer is doing, from the round's last action (or its end).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Pose {
    #[default]
    Guard,
    /// Advanced or retreated: slides to its new square.
    Step,
    /// Attacked or lunged: the arm and blade thrust forward.
    Lunge,
    /// Parried: the blade raised across the body.
    Parry,
    /// Hit: the round is lost to a touch.
    Hit,
}

impl Pose {
    /// The pose of the side that played `action`.
    pub fn of(action: Action) -> Pose {
        match action {
            Action::Advance(_) | Action::Retreat(_) => Pose::Step,
            Action::Attack { .. } | Action::Lunge { .. } => Pose::Lunge,
            Action::Parry => Pose::Parry,
            Action::Choose(_) | Action::Forfeit => Pose::Guard,
        }
    }

    /// Both fencers' poses after the `last` action (by whom), and the side
    /// `hit` if the round ended in a touch.
    pub fn after(last: Option<(Side, Action)>, hit: Option<Side>) -> BySide<Pose> {
        let mut poses = BySide::new(Pose::Guard, Pose::Guard);
        if let Some((by, action)) = last {
            poses[by] = Pose::of(action);
        }
        if let Some(side) = hit {
            poses[side] = Pose::Hit;
        }
        poses
    }

    fn name(self) -> &'static str {
        match self {
            Pose::Guard => "guard",
            Pose::Step => "step",
            Pose::Lunge => "lunge",
            Pose::Parry => "parry",
            Pose::Hit => "hit",
        }
    }
}

/// Legs, body and the rear arm, one path (facing right, a 40 × 48 box).
const BODY: &str = "M14 30 8 38 6 46M17 30 23 38 24 46M13.5 15 15.5 30M13.5 17 8 12 9 6";
/// The sword arm; the blade runs on from the hand.
const ARM: &str = "M15 18 23 21";
const BLADE: &str = "M23 21 39 14";

/// The figure itself (also drawn for the ghost of a move).
pub fn drawing(side: Side) -> Html {
    html! {
        <svg class={classes!("figure", side.name())} viewBox="0 0 40 48" aria-hidden="true" focusable="false">
            <path class="edge" d={BODY} />
            <path class="body" d={BODY} />
            <circle class="head" cx="14" cy="9" r="5" />
            <g class="sword">
                <path class="edge" d={ARM} />
                <path class="body" d={ARM} />
                <path class="blade" d={BLADE} />
            </g>
        </svg>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct FigureProps {
    pub side: Side,
    pub square: u8,
    pub pose: Pose,
    /// Counts actions: the drawing is made anew at each, so that a pose
    /// played twice in a row moves twice.
    pub beat: usize,
    /// Its name in words ("The computer's fencer (Black) on square 17").
    pub label: String,
    /// The name of the action a tap on it makes, when it is a target.
    pub target: Option<String>,
    /// Cards are picked but it is no target: a tap says why.
    pub explain: bool,
    pub on_target: Callback<Target>,
}

#[function_component]
pub(crate) fn Figure(props: &FigureProps) -> Html {
    let class = classes!(
        "fencer",
        props.side.name(),
        format!("pose-{}", props.pose.name())
    );
    let style = format!("--square: {}", props.square);
    let drawing = html! { <span class="stance" key={props.beat}>{ drawing(props.side) }</span> };
    let on_target = props.on_target.clone();
    let onclick = Callback::from(move |_| on_target.emit(Target::Opponent));
    match &props.target {
        Some(name) => html! {
            <button {class} {style} aria-label={name.clone()} title={props.label.clone()} {onclick}>{ drawing }</button>
        },
        None if props.explain => html! {
            <div {class} {style} role="img" aria-label={props.label.clone()} {onclick}>{ drawing }</div>
        },
        None => html! {
            <div {class} {style} role="img" aria-label={props.label.clone()}>{ drawing }</div>
        },
    }
}
