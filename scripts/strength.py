#!/usr/bin/env python3
"""Generates docs/STRENGTH.md: every level against every other level and against
random and heuristic, plus hard against heuristic under the other presets and
hard against itself with 8x the budget. Each pairing alternates colours.

Usage: scripts/strength.py [--matches N] [--jobs J] [--only SUBSTRING] [--rerun] [--out FILE]
It builds the release binary first (native CLI only). Pairings already present
in the output's data file (docs/strength.json) with the same match count are
kept, so an interrupted run can be resumed, unless hard's budget changed since
(each row that plays hard records HARD_ITERATIONS); --rerun plays the selected
pairings again anyway (e.g. after the opponent changed otherwise). Entries of
pairings no longer in the list are dropped. Rows not yet played again after a
change of hard's budget are marked in the table.
"""
import argparse
import datetime
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILT = os.path.join(ROOT, "target", "release", "engarde")
# A copy taken after the build, so rebuilding during a long run changes nothing.
ENGARDE = os.path.join(tempfile.gettempdir(), f"engarde-strength-{os.getpid()}")

LEVELS = ["easy", "medium", "hard"]
# Hard's iteration budget (src/ai/mod.rs, Difficulty::budget); the saturation
# pairing plays it against 8x as many.
HARD_ITERATIONS = 48_000


def pairings():
    out = []
    players = [f"ai:{l}" for l in LEVELS]
    baselines = ["ai:random", "ai:heuristic"]
    for i, a in enumerate(players):
        for b in baselines + players[:i]:
            # Hard vs heuristic under Advanced is the headline bar (90%): twice
            # the matches, for a tighter interval.
            share = 2.0 if (a, b) == ("ai:hard", "ai:heuristic") else 1.0
            out.append((a, b, "advanced", share))
    out.append(("ai:heuristic", "ai:random", "advanced"))
    for rules in ["basic", "standard", "duel"]:
        out.append(("ai:hard", "ai:heuristic", rules))
    # Saturation: the same search with 8x the iterations (no time cap either
    # side). Eight times slower: about 25 minutes per 100 matches on one core
    # of the reference machine.
    out.append((f"ai:hard:i{HARD_ITERATIONS}", f"ai:hard:i{8 * HARD_ITERATIONS}",
                "advanced"))
    return out


def play(a, b, rules, matches, jobs, seed):
    cmd = [ENGARDE, "play", "--white", a, "--black", b, "--rules", rules,
           "--matches", str(matches), "--alternate", "--jobs", str(jobs),
           "--seed", str(seed), "--json"]
    done = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return json.loads(done.stdout), " ".join(cmd[1:]).replace(" --json", "")


def stale(key, entry):
    """Whether a row with hard in it was played with another budget for hard
    (rows from before budgets were recorded had 24,000 iterations)."""
    return "hard" in key and entry.get("hard_iterations", 24_000) != HARD_ITERATIONS


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
    for n, (a, b, rules, *share) in enumerate(pairings()):
        matches = max(2, int(args.matches * (share[0] if share else 1)))
        key = f"{a} vs {b} ({rules})"
        if args.only and args.only not in key:
            continue
        if (key in data and data[key]["summary"]["matches"] == matches
                and not stale(key, data[key]) and not args.rerun):
            continue
        print(f"playing {key} ...", file=sys.stderr, flush=True)
        summary, command = play(a, b, rules, matches, args.jobs, 10_000 * (n + 1))
        command = command.replace(ENGARDE, "engarde")
        data[key] = {"summary": summary, "command": "engarde " + command,
                     "date": datetime.date.today().isoformat()}
        if "hard" in key:
            data[key]["hard_iterations"] = HARD_ITERATIONS
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
    old = sorted({e.get("hard_iterations", 24_000) for k, e in data.items() if stale(k, e)})
    if old:
        lines += ["", f"⚠ Played when `hard` searched {', '.join(f'{n:,}' for n in old)} "
                  f"iterations per decision (now {HARD_ITERATIONS:,}): not yet played again "
                  "with the current budget."]
    lines += browser_section(os.path.join(os.path.dirname(args.out), "think-bench.json"))
    lines += ["", "## Commands", ""]
    for key, entry in data.items():
        lines.append(f"- {key}: `{entry['command']}`")
    lines.append("")
    with open(args.out, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {args.out}", file=sys.stderr)


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
        "decisions the time cap stopped before the level's iteration budget. \"Caps / 3\"",
        "is the same run with every time cap divided by 3: what a device three times",
        "slower than this machine gets within the full caps.",
        "",
        "| caps | level | budget (iterations) | native it/s | page it/s | native / page | iterations per decision, page | page think median / p95 ms | native think median / p95 ms | cut by the cap, page (native) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for run in bench["runs"]:
        caps = "full" if run["slower"] == 1 else f"/ {run['slower']}"
        for l in run["levels"]:
            n, w = l["native"], l["page"]
            lines.append(
                f"| {caps} | {l['level'].lower()} | {w['budget']:,} | {n['iterations_per_second']:,} | "
                f"{w['iterations_per_second']:,} | {l['ratio']} | {w['iterations_per_decision']:,} | "
                f"{w['think_ms']['median']} / {w['think_ms']['p95']} | {n['think_ms']['median']} / {n['think_ms']['p95']} | "
                f"{w['cut']} of {w['positions']} ({n['cut']}) |")
    return lines


if __name__ == "__main__":
    main()
