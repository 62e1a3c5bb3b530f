use engarde::friend::game::{FriendMatch, Journal};
use engarde::{GameRng, Preset};
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn main() {
    let mut rng = GameRng::seed_from_u64(3);
    let (mut host, _invite) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
    let (mut guest, mut code) = FriendMatch::accept(&_invite, "Bo", &mut rng).unwrap();
    let mut host_next = true;
    let mut n = 0;
    let profile = std::env::var("PROFILE_RESTORE").is_ok();
    loop {
        let me = if host_next { &mut host } else { &mut guest };
        let text = serde_json::to_string(me.journal()).unwrap();
        let t0 = Instant::now();
        let kept: Journal = serde_json::from_str(&text).unwrap();
        let mut back = FriendMatch::restore(&kept).unwrap();
        let t1 = Instant::now();
        back.receive(&code).unwrap();
        let t2 = Instant::now();
        *me = back;
        loop {
            if let Some(c) = me.choice() {
                me.play(engarde::Action::Choose(c[0])).unwrap();
                continue;
            }
            let Some(obs) = me.to_play() else { break };
            let legal = obs.legal_actions();
            let a = legal[rng.random_range(0..legal.len())];
            me.play(a).unwrap();
        }
        if host.is_over() && guest.is_over() {
            break;
        }
        if profile && n == 180 {
            let j = host.journal().clone();
            let t = Instant::now();
            for _ in 0..20 {
                FriendMatch::restore(&j).unwrap();
            }
            println!("restore x20 {:?}", t.elapsed());
            return;
        }
        let me = if host_next { &mut host } else { &mut guest };
        let t3 = Instant::now();
        let kind = if code.len() > 4000 { "deck" } else { "move" };
        code = me.send();
        let t4 = Instant::now();
        println!(
            "{n}\t{kind}\tjournal {}\trestore {:?}\treceive {:?}\tsend {:?}",
            text.len(),
            t1 - t0,
            t2 - t1,
            t4 - t3
        );
        n += 1;
        host_next = !host_next;
    }
}
