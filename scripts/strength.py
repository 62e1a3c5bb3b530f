#!/usr/bin/env python3
"""Generates docs/STRENGTH.md: the ladder (random, heuristic, easy, medium,
hard, expert, each against the one below), every level against the baselines
and the levels further below, Bradley-Terry ratings from all of it, hard
against heuristic under the other presets, hard on a slow device and hard
against itself with 8x the budget; and the browser benchmark's table
(docs/think-bench.json, from scripts/bench-browser). Colours alternate.

Usage: scripts/strength.py [--matches N] [--jobs J] [--only SUBSTRING] [--rerun] [--out FILE]
It builds the release binary first (native CLI only). Pairings already present
in the output's data file (docs/strength.json) with the same match count are
kept, so an interrupted run can be resumed, unless a level in it changed its
make-up since (each row records MAKEUP); --rerun plays the selected pairings
again anyway. Entries of pairings no longer in the list are dropped. Rows not
yet played again after a change are marked. --render plays nothing.
"""
import argparse
import datetime
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILT = os.path.join(ROOT, "target", "release", "engarde")
# A copy taken after the build, so rebuilding during a long run changes nothing.
ENGARDE = os.path.join(tempfile.gettempdir(), f"engarde-strength-{os.getpid()}")

LEVELS = ["easy", "medium", "hard", "expert"]
# The ladder, weakest first: each must win at least 65% of its matches
# against the one below (docs/STRENGTH.md).
LADDER = ["ai:random", "ai:heuristic"] + [f"ai:{l}" for l in LEVELS]
# Each level's make-up (the table in src/ai/levels.rs). A
# row is played again when the make-up of a level in it changed since.
MAKEUP = {
    "easy": "600 iterations, forgets 15%, safe",
    "medium": "1,500 iterations, forgets nothing, safe",
    "hard": "12,000 iterations, reads the last action, plays sure wins, solves endgames",
    "expert": "192,000 iterations, exploration 1.4, expands the playout policy's picks first, playouts favour advancing (3x), reads the last action through a model of hard's search (1,000 iterations per hand, seeing what hard saw), plays sure wins, solves endgames",
}
# Hard's iteration budget; the saturation pairing plays it against 8x as many.
HARD_ITERATIONS = 12_000


def pairings():
    """(A, B, rules, share of --matches)."""
    out = []
    # The ladder's steps.
    for below, above in zip(LADDER, LADDER[1:]):
        out.append((above, below, "advanced", 1.0))
    # Every level against the baselines and the levels further below, for
    # the ratings (expert only against hard: it is the slowest).
    for i, a in enumerate(LEVELS):
        if a == "expert":
            continue
        for b in ["ai:random", "ai:heuristic"] + [f"ai:{l}" for l in LEVELS[:max(0, i - 1)]]:
            # Hard vs heuristic under Advanced is an old headline bar (90%):
            # twice the matches, for a tighter interval.
            share = 2.0 if (a, b) == ("hard", "ai:heuristic") else 1.0
            if not any(p[:2] == (f"ai:{a}", b) for p in out):
                out.append((f"ai:{a}", b, "advanced", share))
    for rules in ["basic", "standard", "duel"]:
        out.append(("ai:hard", "ai:heuristic", rules, 1.0))
    # A device three times slower than this machine, in the page (which is
    # about 1.3x slower than native, docs: the search in the browser): hard's
    # time cap divided by 4, against hard without a cap.
    out.append(("ai:hard+slower=4", f"ai:hard:i{HARD_ITERATIONS}", "advanced", 0.25))
    # Saturation: the same search with 8x the iterations (no time cap either
    # side). About 25 minutes for 400 matches, two at once, on the reference
    # machine (with hard at 12,000).
    out.append((f"ai:hard:i{HARD_ITERATIONS}", f"ai:hard:i{8 * HARD_ITERATIONS}",
                "advanced", 1.0))
    # The ladder's top step again, both levels as `engarde bot` programs
    # asked with bot protocol v1's views alone: half the matches.
    out.append(("bot:expert", "bot:hard", "advanced", 0.5))
    return out


def levels_in(key):
    return [l for l in LEVELS if f"ai:{l}" in key or f"bot:{l}" in key]


def spec(player):
    """A player's spec for `engarde play`: `bot:LEVEL` is our opponent run
    as an external bot (`engarde bot --level LEVEL`)."""
    if player.startswith("bot:"):
        return f"cmd:{ENGARDE} bot --level {player[4:]}"
    return player


def makeup_of(key):
    return {l: MAKEUP[l] for l in levels_in(key)}


def shown_name(player):
    """A player's name as the tables show it: the program's copy is `engarde`."""
    return re.sub(r"\S*engarde-strength-\d+", "engarde", player)


def play(a, b, rules, matches, jobs, seed):
    cmd = [ENGARDE, "play", "--white", spec(a), "--black", spec(b), "--rules", rules,
           "--matches", str(matches), "--alternate", "--jobs", str(jobs),
           "--seed", str(seed), "--json"]
    if a.startswith("bot:") or b.startswith("bot:"):
        cmd += ["--views", "v1"]
    done = subprocess.run(cmd, check=True, capture_output=True, text=True)
    shown = [f"'{c}'" if " " in c else c for c in cmd[1:]]
    return json.loads(done.stdout), " ".join(shown).replace(" --json", "")


def stale(key, entry):
    """Whether a level in the row has changed its make-up since it was played
    (older rows recorded only hard's iterations)."""
    played = entry.get("makeup")
    if played is None:
        played = {"hard": MAKEUP["hard"]} if entry.get("hard_iterations") == HARD_ITERATIONS else {}
    return any(played.get(l) != m for l, m in makeup_of(key).items())


def seed_of(key):
    """A pairing's own first seed, from its name (stable when rows are added)."""
    return 10_000 * (1 + int.from_bytes(key.encode(), "little") % 100_003)


def pct(x):
    return f"{100 * x:.1f}%"


def wilson(k, n, z=1.96):
    """The 95% Wilson interval of k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("--rerun", action="store_true")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "STRENGTH.md"))
    ap.add_argument("--render", action="store_true",
                    help="play nothing: write the markdown from the data files")
    args = ap.parse_args()
    data_path = os.path.join(os.path.dirname(args.out), "strength.json")
    if args.render:
        with open(data_path) as f:
            data = json.load(f)
        write_markdown(args, data)
        return
    subprocess.run(["cargo", "build", "--release", "--quiet", "--no-default-features",
                    "--features", "cli"], cwd=ROOT, check=True)
    shutil.copy2(BUILT, ENGARDE)
    data = {}
    if os.path.exists(data_path):
        with open(data_path) as f:
            data = json.load(f)
    for a, b, rules, share in pairings():
        matches = max(2, int(args.matches * share))
        key = f"{a} vs {b} ({rules})"
        if args.only and args.only not in key:
            continue
        if (key in data and data[key]["summary"]["matches"] == matches
                and not stale(key, data[key]) and not args.rerun):
            continue
        print(f"playing {key} ...", file=sys.stderr, flush=True)
        summary, command = play(a, b, rules, matches, args.jobs, seed_of(key))
        command = command.replace(ENGARDE, "engarde")
        data[key] = {"summary": summary, "command": "engarde " + command,
                     "date": datetime.date.today().isoformat()}
        data[key]["makeup"] = makeup_of(key)
        os.makedirs(os.path.dirname(data_path), exist_ok=True)
        with open(data_path, "w") as f:
            json.dump(data, f, indent=1)
    keys = [f"{a} vs {b} ({rules})" for a, b, rules, *_ in pairings()]
    data = {k: data[k] for k in keys if k in data}
    with open(data_path, "w") as f:
        json.dump(data, f, indent=1)
    write_markdown(args, data)


def write_markdown(args, data):
    lines = [
        "# Opponent strength",
        "",
        "Generated by `scripts/strength.py` (do not edit by hand). Each row is one",
        "pairing; colours alternate every match; a match is first to 5 points.",
        "Win rates are of matches, with a 95% Wilson interval. Think times are per",
        "decision on this machine (native, release build), with as many matches",
        "played at once as the command's `--jobs` says, on a machine shared with",
        "other work (so they are upper figures; see the commands below).",
        "What was tried towards the expert level, and how it did: `docs/EXPERT.md`.",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores. "
        f"Generated {datetime.date.today().isoformat()} (each row's date is in docs/strength.json).",
        "",
        "| pairing | rules | matches | A wins (95% CI) | rounds A–B (drawn) | A's share of decided rounds (95% CI) | A think mean / p95 ms | B think mean / p95 ms |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, entry in data.items():
        s = entry["summary"]
        a, b = s["players"]
        a, b = dict(a, player=shown_name(a["player"])), dict(b, player=shown_name(b["player"]))
        lo, hi = a["win_rate_95"]
        decided = a["rounds_won"] + b["rounds_won"]
        share = a["rounds_won"] / decided if decided else 0.0
        rlo, rhi = wilson(a["rounds_won"], decided)
        mark = " ⚠" if stale(key, entry) else ""
        lines.append(
            f"| **{a['player']}**{mark} vs {b['player']} | {s['rules']} | {s['matches']} | "
            f"{pct(a['win_rate'])} ({pct(lo)}–{pct(hi)}) | {a['rounds_won']}–{b['rounds_won']} ({s['round_draws']}) | "
            f"{pct(share)} ({pct(rlo)}–{pct(rhi)}) | "
            f"{a['think_ms']['mean']} / {a['think_ms']['p95']} | {b['think_ms']['mean']} / {b['think_ms']['p95']} |"
        )
    if any(stale(k, e) for k, e in data.items()):
        lines += ["", "⚠ Played before a level in it changed its make-up (see the make-ups "
                  "below): not yet played again."]
    lines += ["", "Make-ups (src/ai/levels.rs):", ""]
    lines += [f"- {l}: {m}" for l, m in MAKEUP.items()]
    lines += ladder_section(data)
    lines += browser_section(os.path.join(os.path.dirname(args.out), "think-bench.json"))
    lines += ["", "## Commands", ""]
    for key, entry in data.items():
        lines.append(f"- {key}: `{entry['command']}`")
    lines.append("")
    with open(args.out, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {args.out}", file=sys.stderr)


def ladder_section(data):
    """Each step of the ladder, and Bradley-Terry ratings from every pairing."""
    lines = ["", "## The ladder", "",
             "Each level against the one below it (Advanced, first to 5): the bar is "
             "65% of the matches.", "",
             "| step | matches | upper wins (95% CI) | at least 65% |", "|---|---|---|---|"]
    for below, above in zip(LADDER, LADDER[1:]):
        entry = data.get(f"{above} vs {below} (advanced)")
        if entry is None:
            lines.append(f"| {above} over {below} | not played | | |")
            continue
        a = entry["summary"]["players"][0]
        lo, hi = a["win_rate_95"]
        verdict = "yes" if a["win_rate"] >= 0.65 else "**no**"
        lines.append(f"| {above} over {below} | {entry['summary']['matches']} | "
                     f"{pct(a['win_rate'])} ({pct(lo)}–{pct(hi)}) | {verdict} |")
    entry = data.get("bot:expert vs bot:hard (advanced)")
    if entry is not None:
        a = entry["summary"]["players"][0]
        lo, hi = a["win_rate_95"]
        verdict = "yes" if a["win_rate"] >= 0.65 else "**no**"
        lines.append(f"| expert over hard, both through `engarde bot` (v1 views) | "
                     f"{entry['summary']['matches']} | "
                     f"{pct(a['win_rate'])} ({pct(lo)}–{pct(hi)}) | {verdict} |")
    ratings, intervals, n = bradley_terry(data)
    lines += ["", "Ratings: a Bradley–Terry fit of every Advanced match between the six players "
              f"above ({n:,} matches; drawn matches left out), on the Elo scale (400 points: "
              "10 to 1 odds), heuristic at 0. Each pairing's wins get half a win each way "
              "added (so that a player who never loses still gets a finite rating); the "
              "intervals are the 2.5th and 97.5th percentiles of 400 fits to resampled "
              "results (each pairing's wins drawn again from its own rate).", "",
              "| player | rating | 95% interval |", "|---|---|---|"]
    for p in sorted(ratings, key=ratings.get, reverse=True):
        lo, hi = intervals[p]
        lines.append(f"| {p} | {ratings[p]:+.0f} | {lo:+.0f} to {hi:+.0f} |")
    return lines


def fit(games, players, rounds=500):
    """Bradley–Terry strengths by the MM algorithm (Hunter 2004); games are
    (a, b, a's wins, b's wins)."""
    strength = {p: 1.0 for p in players}
    for _ in range(rounds):
        new = {}
        for p in players:
            wins = sum(w for a, b, w, _ in games if a == p) + sum(w for a, b, _, w in games if b == p)
            denom = 0.0
            for a, b, wa, wb in games:
                if p in (a, b):
                    q = b if p == a else a
                    denom += (wa + wb) / (strength[p] + strength[q])
            new[p] = wins / denom if denom else strength[p]
        norm = new["ai:heuristic"]
        strength = {p: v / norm for p, v in new.items()}
    return {p: 400 * math.log10(v) for p, v in strength.items()}


def bradley_terry(data):
    import random
    games = []
    for key, entry in data.items():
        s = entry["summary"]
        a, b = s["players"]
        if s["rules"] != "advanced" or a["player"] not in LADDER or b["player"] not in LADDER:
            continue
        games.append((a["player"], b["player"], a["wins"], b["wins"]))
    players = [p for p in LADDER if any(p in g[:2] for g in games)]
    smooth = lambda gs: [(a, b, wa + 0.5, wb + 0.5) for a, b, wa, wb in gs]
    ratings = fit(smooth(games), players)
    rng = random.Random(1)
    samples = {p: [] for p in players}
    for _ in range(400):
        again = []
        for a, b, wa, wb in games:
            n = wa + wb
            p = (wa + 0.5) / (n + 1)
            k = sum(rng.random() < p for _ in range(n))
            again.append((a, b, k, n - k))
        for p, r in fit(smooth(again), players, rounds=200).items():
            samples[p].append(r)
    intervals = {}
    for p, xs in samples.items():
        xs.sort()
        intervals[p] = (xs[int(0.025 * len(xs))], xs[int(0.975 * len(xs)) - 1])
    return ratings, intervals, sum(wa + wb for _, _, wa, wb in games)


def browser_section(path):
    """The search in the page against native (scripts/bench-browser)."""
    if not os.path.exists(path):
        return []
    with open(path) as f:
        bench = json.load(f)
    lines = [
        "",
        "## The search in the browser",
        "",
        f"`scripts/bench-browser` ({bench['date']}; {bench['machine']}; {bench['browser']}, headless):",
        f"the {bench['positions']} positions of `bench/positions.json` (decisions from real Advanced",
        "matches of each level against itself), each decided once in the page's own",
        "worker and once natively (the better of two native runs), one decision at a",
        "time, the same seed on both sides. Think time is the decision inside the",
        "worker (the message round trip adds about a millisecond). \"Cut\" counts the",
        "decisions the time cap stopped before the level's iteration budget; \"unsearched\"",
        "those decided without a search (a sure win found, or an exact solution). \"Caps / 3\"",
        "is the same run with every time cap divided by 3: what a device three times",
        "slower than this machine gets within the full caps.",
        "",
        "| caps | level | budget (iterations) | native it/s | page it/s | native / page | iterations per decision, page | page think median / p95 ms | native think median / p95 ms | cut by the cap, page (native) | unsearched, page (native) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for run in bench["runs"]:
        caps = "full" if run["slower"] == 1 else f"/ {run['slower']}"
        for l in run["levels"]:
            n, w = l["native"], l["page"]
            lines.append(
                f"| {caps} | {l['level'].lower()} | {w['budget']:,} | {n['iterations_per_second']:,} | "
                f"{w['iterations_per_second']:,} | {l['ratio']} | {w['iterations_per_decision']:,} | "
                f"{w['think_ms']['median']} / {w['think_ms']['p95']} | {n['think_ms']['median']} / {n['think_ms']['p95']} | "
                f"{w['cut']} of {w['positions']} ({n['cut']}) | "
                f"{w.get('unsearched', '–')} ({n.get('unsearched', '–')}) |")
    # A level whose make-up changed since the benchmark ran (its budget is
    # the first number of its MAKEUP) is marked until it is measured again.
    for level, makeup in MAKEUP.items():
        budget = int(makeup.split(" ")[0].replace(",", ""))
        measured = {l["page"]["budget"] for run in bench["runs"] for l in run["levels"]
                    if l["level"].lower() == level}
        if measured and budget not in measured:
            lines += ["", f"**Stale:** the {level} rows were measured with an earlier make-up of the "
                      f"level ({', '.join(f'{b:,}' for b in sorted(measured))} iterations); it is now: "
                      f"{makeup}. Not yet measured again in the browser."]
    return lines


if __name__ == "__main__":
    main()
