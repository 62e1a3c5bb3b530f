#!/usr/bin/env python3
"""How one player's rounds ended, and how its attacks fared (docs/EXPERT.md).

Usage: scripts/endings.py RECORDS PLAYER [--engarde BIN]
RECORDS is what `engarde play --record FILE` wrote for several matches (a JSON
array of records); PLAYER is the start of one side's spec (e.g. ai:expert).
Each round is replayed by `engarde replay --trace` (default binary:
target/release/engarde). Printed: the rounds won, lost and drawn by how they
ended (E1 hit, E2 no legal action, E3.3 card count, E3.4 position), then each
side's attacks and lunges by the number of that card's value the attacker had
not seen (5 minus its own and the played ones) with how often they were
parried: where the player bets differently from the other side.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def replay(binary, record):
    out = subprocess.run([binary, "replay", "--trace", "-"], input=json.dumps(record),
                         capture_output=True, text=True, check=False)
    result = json.loads(out.stdout or "{}")
    if not result.get("ok"):
        sys.exit(f"a record does not replay: {out.stdout or out.stderr}")
    return result["rounds"]


def cards_used(action, pending):
    """The cards an action puts on the table (value -> count)."""
    do = action["do"]
    if do in ("advance", "retreat"):
        return {action["card"]: 1}
    if do == "attack":
        return {action["card"]: action["count"]}
    if do == "lunge":
        used = collections.Counter({action["advance"]: 1})
        used[action["card"]] += action["count"]
        return used
    if do == "parry" and pending:
        return {pending[0]: pending[1]}
    return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records")
    ap.add_argument("player")
    ap.add_argument("--engarde", default=os.path.join(ROOT, "target", "release", "engarde"))
    args = ap.parse_args()
    try:
        with open(args.records, encoding="utf-8") as f:
            records = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        sys.exit(f"cannot read the records {args.records}: {e}")
    if not os.access(args.engarde, os.X_OK):
        sys.exit(f"no engarde binary at {args.engarde} (cargo build --release, or --engarde BIN)")
    if isinstance(records, dict):
        records = [records]
    endings = collections.Counter()
    bets = collections.defaultdict(collections.Counter)
    for i, record in enumerate(records):
        players = record.get("players") if isinstance(record, dict) else None
        if not isinstance(players, dict) or "rounds" not in record:
            sys.exit(f"record {i + 1} of {args.records} is not a game record (players, rounds)")
        if players["white"].startswith(args.player):
            mine = "white"
        elif players["black"].startswith(args.player):
            mine = "black"
        else:
            sys.exit(f"neither side of a record is {args.player!r}: {players}")
        for replayed, played in zip(replay(args.engarde, record), record["rounds"]):
            winner = replayed["result"]["winner"]
            tag = "drawn" if winner is None else ("won" if winner == mine else "lost")
            endings[(replayed["result"]["reason"], tag)] += 1
            seen = collections.Counter()
            pending = None
            for state, action in zip(replayed["trace"], played["actions"]):
                by = action["by"]
                other = "black" if by == "white" else "white"
                if action["do"] in ("attack", "lunge"):
                    value, count = action["card"], action["count"]
                    unseen = 5 - seen[value] - state["hands"][by].count(value)
                    key = ("player" if by == mine else "other", action["do"], count, unseen)
                    bets[key]["made"] += 1
                    bets[key]["parried"] += state["hands"][other].count(value) >= count
                    pending = (value, count)
                seen.update(cards_used(action, pending))
    print(f"{args.player}: rounds by ending")
    for reason in sorted({r for r, _ in endings}):
        row = "  ".join(f"{t} {endings[(reason, t)]}" for t in ("won", "lost", "drawn"))
        print(f"  {reason:16s} {row}")
    print("attacks and lunges: side, kind, cards, unseen of the value -> made, parried")
    for key in sorted(bets):
        b = bets[key]
        print(f"  {key[0]:6s} {key[1]:6s} x{key[2]} unseen {key[3]}: "
              f"{b['made']:4d} made, {b['parried'] / b['made']:.0%} parried")


if __name__ == "__main__":
    main()
