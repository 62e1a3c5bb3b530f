//! `human`: a person at the terminal, with a readable board and numbered choices.

use std::io::{BufRead, Write};

use engarde::referee::arena::Player;
use engarde::{Action, GameRng, Match, Phase, Side};

pub struct Human<R: BufRead, W: Write> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> Human<R, W> {
    pub fn new(input: R, output: W) -> Self {
        Human { input, output }
    }
}

/// The piste as text: squares 1–23, W and B for the fencers.
pub fn board(game: &Match, side: Side) -> String {
    let round = game.round();
    let p = round.public();
    let mut out = String::new();
    let score = game.score();
    out += &format!(
        "Score White {} – Black {}   Draw pile {}   Distance {}{}\n",
        score.white,
        score.black,
        round.pile().len(),
        p.distance(),
        p.special()
            .map_or(String::new(), |s| format!("   Special card: {s}"))
    );
    let squares: String = (1..=23u8)
        .map(|sq| {
            if sq == p.position().white {
                " W".to_string()
            } else if sq == p.position().black {
                " B".to_string()
            } else if sq == 12 {
                " |".to_string()
            } else {
                " .".to_string()
            }
        })
        .collect();
    out += &format!("{squares}\n");
    out += &format!(
        " (White on {}, Black on {})\n",
        p.position().white,
        p.position().black
    );
    out += &format!("Your hand ({side}): {}\n", round.hand(side));
    let obs = round.observation(side);
    match obs.opponent_hand() {
        Some(h) => out += &format!("{} holds {h} (open hands)\n", side.opponent().title()),
        None => {
            out += &format!(
                "{} holds {} cards\n",
                side.opponent().title(),
                obs.opponent_hand_len()
            )
        }
    }
    if let Some(q) = p.pending() {
        out += &format!(
            "{} made a {} with {} × {}: answer it.\n",
            side.opponent().title(),
            q.kind.name(),
            q.count,
            q.card
        );
    }
    out
}

impl<R: BufRead, W: Write> Player for Human<R, W> {
    fn act(&mut self, game: &Match, side: Side, _: &mut GameRng) -> Result<Action, String> {
        let legal = game.round().legal_actions();
        let io = |e: std::io::Error| format!("terminal: {e}");
        write!(self.output, "\n{}", board(game, side)).map_err(io)?;
        if game.round().phase() == Phase::Choose {
            writeln!(
                self.output,
                "The Choice card is turned: pick this round's special card."
            )
            .map_err(io)?;
        }
        for (i, a) in legal.iter().enumerate() {
            writeln!(self.output, "  {}) {a}", i + 1).map_err(io)?;
        }
        loop {
            write!(self.output, "Your action (number, or words like \"advance 3\"; \"forfeit\" gives up the round): ").map_err(io)?;
            self.output.flush().map_err(io)?;
            let mut line = String::new();
            if self.input.read_line(&mut line).map_err(io)? == 0 {
                return Err("no more input".into());
            }
            let line = line.trim();
            if line == "forfeit" {
                return Ok(Action::Forfeit);
            }
            if let Ok(n) = line.parse::<usize>() {
                if (1..=legal.len()).contains(&n) {
                    return Ok(legal[n - 1]);
                }
            }
            if let Some(&a) = legal.iter().find(|a| a.to_string() == line) {
                return Ok(a);
            }
            writeln!(self.output, "Not one of the choices: {line:?}").map_err(io)?;
        }
    }

    fn round_over(&mut self, game: &Match, _: Side) {
        let round = game.round();
        if let Some(r) = round.result() {
            let who = r
                .winner
                .map_or("Nobody".to_string(), |w| w.title().to_string());
            let _ = writeln!(
                self.output,
                "\nRound over: {who} wins ({}). Score White {} – Black {}.{}",
                r.reason.name(),
                game.score().white,
                game.score().black,
                if game.is_over() {
                    " The match is over."
                } else {
                    ""
                }
            );
        }
    }
}
