//! Friend play's proven deck, timed natively (docs/FRIEND.md "Measured"):
//! an Advanced match to 5 by two seats, random legal actions; for each
//! message, the receiving seat rebuilt from its stored journal, then the
//! message taken in (its proofs checked, the next deck proven), then its
//! answer made; at the end, the whole journal rebuilt (median of 20). Each
//! rebuild is timed twice: from the whole journal, and as the page does,
//! from the snapshot kept at the seat's last message and the steps since.
//! The page's taking of the worker's answer is timed both ways too: the
//! steps replayed, or the worker's state after them taken whole.
//!
//! Run: `cargo run --release --example friend_timing --features friend`
use std::time::{Duration, Instant};

use engarde::friend::game::{FriendMatch, Journal, Snapshot};
use engarde::{Action, GameRng, Preset};
use rand::{Rng, SeedableRng};

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let mut rng = GameRng::seed_from_u64(3);
    let (mut host, invitation) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
    let (mut guest, mut code) = FriendMatch::accept(&invitation, "Bo", &mut rng).unwrap();
    let mut host_next = true;
    let (mut rebuilt, mut taken) = (Vec::new(), [Vec::new(), Vec::new()]);
    let mut from_snapshot = Vec::new();
    let (mut replayed, mut whole) = ([Vec::new(), Vec::new()], [Vec::new(), Vec::new()]);
    // Each seat's snapshot as the page keeps it (text), from its last message.
    let mut snapshots = [String::new(), String::new()];
    loop {
        let me = if host_next { &mut host } else { &mut guest };
        let kept = serde_json::to_string(me.journal()).unwrap();
        let began = Instant::now();
        let journal: Journal = serde_json::from_str(&kept).unwrap();
        *me = FriendMatch::restore(&journal).unwrap();
        rebuilt.push(began.elapsed());
        let snapshot = &snapshots[usize::from(host_next)];
        if !snapshot.is_empty() {
            let began = Instant::now();
            let journal: Journal = serde_json::from_str(&kept).unwrap();
            let snapshot = Snapshot::from_text(snapshot).unwrap();
            *me = FriendMatch::from_snapshot(&journal, &snapshot).unwrap();
            from_snapshot.push(began.elapsed());
        }
        let deck = usize::from(code.len() > 4_000);
        let before = me.clone();
        let began = Instant::now();
        me.receive(&code).unwrap();
        taken[deck].push(began.elapsed());
        // The worker's answer (what the seat owes with nothing to play
        // sent), taken in on the page both ways.
        let mut worker = me.clone();
        if worker.must_send() && worker.to_play().is_none() {
            worker.send();
        }
        let steps = &worker.journal().steps[before.journal().steps.len()..];
        let mut page = before.clone();
        let began = Instant::now();
        page.replay_steps(steps, None).unwrap();
        replayed[deck].push(began.elapsed());
        if let Some(after) = worker.snapshot().map(|s| s.to_text()) {
            let mut page = before.clone();
            let began = Instant::now();
            let after = Snapshot::from_text(&after).unwrap();
            page.replay_steps(steps, Some(&after)).unwrap();
            whole[deck].push(began.elapsed());
        }
        loop {
            if let Some(choices) = me.choice() {
                me.play(Action::Choose(choices[0])).unwrap();
                continue;
            }
            let Some(obs) = me.to_play() else { break };
            let legal = obs.legal_actions();
            me.play(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        if host.is_over() && guest.is_over() {
            break;
        }
        let me = if host_next { &mut host } else { &mut guest };
        code = me.send();
        snapshots[usize::from(host_next)] = me.snapshot().unwrap().to_text();
        host_next = !host_next;
    }
    let messages = rebuilt.len();
    let journal = host.journal().clone();
    for (kind, (replayed, whole)) in ["a move", "a deck"].iter().zip(replayed.iter().zip(&whole)) {
        println!(
            "{kind}: the worker's steps replayed on the page, median {:?}, max {:?} ({}); its state taken whole, median {:?}, max {:?} ({})",
            median(replayed.clone()),
            replayed.iter().max().unwrap(),
            replayed.len(),
            median(whole.clone()),
            whole.iter().max().copied().unwrap_or_default(),
            whole.len()
        );
    }
    let whole: Vec<Duration> = (0..20)
        .map(|_| {
            let began = Instant::now();
            FriendMatch::restore(&journal).unwrap();
            began.elapsed()
        })
        .collect();
    println!(
        "{messages} messages, {} steps in the host's journal",
        journal.steps.len()
    );
    println!(
        "rebuilt from the journal: median {:?}, last {:?}",
        median(rebuilt.clone()),
        rebuilt[messages - 1]
    );
    println!(
        "rebuilt from the snapshot and the steps since: median {:?}, last {:?}, max {:?}",
        median(from_snapshot.clone()),
        from_snapshot.last().unwrap(),
        from_snapshot.iter().max().unwrap()
    );
    for (kind, xs) in ["a move", "a deck"].iter().zip(taken) {
        println!(
            "{kind} taken in: median {:?}, max {:?} ({} messages)",
            median(xs.clone()),
            xs.iter().max().unwrap(),
            xs.len()
        );
    }
    println!(
        "the whole match's journal rebuilt: median {:?} of 20",
        median(whole)
    );
}
