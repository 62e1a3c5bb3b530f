//! `cmd:COMMAND`: an external bot speaking bot protocol v1 on stdin/stdout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use engarde::record::format::ActionRecord;
use engarde::record::parse;
use engarde::referee::arena::Player;
use engarde::referee::protocol;
use engarde::{Action, GameRng, Match, Side};

pub struct ExternalBot {
    command: String,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<String>>,
    timeout: Duration,
    /// Views with bot protocol v1's fields alone ([`protocol::view_v1`]).
    v1: bool,
}

impl ExternalBot {
    pub fn new(command: &str, timeout: Duration, v1: bool) -> ExternalBot {
        ExternalBot {
            command: command.to_string(),
            child: None,
            stdin: None,
            lines: None,
            timeout,
            v1,
        }
    }

    /// Starts the bot the first time it is needed.
    fn start(&mut self) -> Result<(), String> {
        if self.child.is_some() {
            return Ok(());
        }
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start bot {:?}: {e}", self.command))?;
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        self.stdin = child.stdin.take();
        self.child = Some(child);
        self.lines = Some(rx);
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("bot is not running")?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("bot stopped reading its input: {e}"))
    }
}

impl Drop for ExternalBot {
    fn drop(&mut self) {
        self.stdin = None;
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Player for ExternalBot {
    fn act(&mut self, game: &Match, side: Side, _: &mut GameRng) -> Result<Action, String> {
        self.start()?;
        // A late answer to an earlier question must not answer this one.
        if let Some(rx) = &self.lines {
            while rx.try_recv().is_ok() {}
        }
        let message = if self.v1 {
            protocol::act_message_v1(game, side)
        } else {
            protocol::act_message(game, side)
        };
        self.send(&message.to_string())?;
        let rx = self.lines.as_ref().ok_or("bot is not running")?;
        let line = match rx.recv_timeout(self.timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!("no answer within {} ms", self.timeout.as_millis()))
            }
            Err(RecvTimeoutError::Disconnected) => return Err("bot exited".into()),
        };
        let record: ActionRecord = serde_json::from_str(&line)
            .map_err(|e| format!("malformed answer {:?}: {e}", truncate(&line)))?;
        let (by, action) = parse::action(&record).map_err(|e| format!("bad answer: {e}"))?;
        if by.is_some_and(|b| b != side) {
            return Err(format!(
                "answered for {}, but plays {side}",
                by.expect("some")
            ));
        }
        game.round()
            .check(action)
            .map_err(|e| format!("illegal action: {e}"))?;
        Ok(action)
    }

    fn round_over(&mut self, game: &Match, _: Side) {
        if self.child.is_some() {
            let message = protocol::result_message(game, game.round().result());
            let _ = self.send(&message.to_string());
        }
    }
}

fn truncate(s: &str) -> String {
    if s.len() <= 80 {
        s.to_string()
    } else {
        let cut = (0..=80).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0);
        format!("{}…", &s[..cut])
    }
}
