#!/usr/bin/env python3
"""What if the machine were different? Sweeps of a simulated program.

usage: whatif.py [options] PROGRAM.zpl [-- PROGRAM ARGS...]

Compiles PROGRAM.zpl once for the simulator (--backend=sim --machine=M)
and runs it at every point of a sweep of one or two machine figures, each
point with every strategy (--strategy=chained and packed: every transfer
one way) and binding asked for, plus the cost model's own pick
(--strategy=model: each transfer as the model chooses on the changed
machine). A figure is changed at run time with --set, so no point needs a
new machine file or a new compile.

Figures (--sweep=FIGURE:LO:HI[:POINTS], factors of the machine's values,
POINTS spaced evenly on a log scale, default 5; give --sweep twice for a
two-figure sweep):
  latency     message.latency_us x factor (the network's per-message time)
  startup     message.startup_us x factor (the sender's per-message time)
  bandwidth   every figure of the network tables (Nd, Nadp) x factor
  memory      every local copy, send and receive throughput (the copy, send
              and receive tables: the node's memory system) x factor
  cpu         processor speed x factor: every compute.*_us / factor
  SECTION.KEY one figure of the description, e.g. send.64S0
A program's config var can be swept too, over listed values:
--sweep=--NAME=V1,V2,... (e.g. --sweep=--remote=0,10,20,40 for EM3D).

Writes OUT/sweep.csv (one row per point, binding and strategy: the
factors, the simulated run time and, for the model's runs, which strategy
it chose), OUT/summary.txt (the model against the simulated winner) and,
with matplotlib, OUT/sweep.png: run time against the factor (one figure)
or the region where each binding and strategy wins (two figures).

The model's pick is judged per binding against the faster of chained and
packed at the same point: it agrees when it picks the winner (every
transfer runs the winner's strategy once the model has seen the transfer
run: the first time, the model knows no computation it could overlap) or
its run is no slower (within 0.1%: a mix of strategies may even beat
both), and its regret is how much slower its run is than the winner's.
"""
import argparse
import csv
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

GROUPS = {"latency", "startup", "bandwidth", "memory", "cpu"}
TIE = 1e-3  # relative: runs this close count as equally fast


def parse_sweep(text):
    var = re.fullmatch(r"--([A-Za-z_]\w*)=(-?\d+(?:\.\d*)?(?:,-?\d+(?:\.\d*)?)*)", text)
    if var:
        return "--" + var[1], [float(v) if "." in v else int(v) for v in var[2].split(",")]
    m = re.fullmatch(r"([A-Za-z0-9_.]+):([0-9.eE+-]+):([0-9.eE+-]+)(?::(\d+))?", text)
    if not m:
        raise SystemExit("whatif: bad --sweep '%s' (expected FIGURE:LO:HI[:POINTS] or "
                         "--VAR=V1,V2,...)" % text)
    name, lo, hi = m[1], float(m[2]), float(m[3])
    points = int(m[4] or 5)
    if lo <= 0 or hi <= 0 or points < 1:
        raise SystemExit("whatif: --sweep '%s': factors must be positive, points >= 1" % text)
    if name not in GROUPS and "." not in name:
        raise SystemExit("whatif: unknown figure '%s' (latency, startup, bandwidth, memory, "
                         "cpu or SECTION.KEY)" % name)
    if points == 1:
        return name, [lo]
    step = (math.log(hi) - math.log(lo)) / (points - 1)
    return name, [round(math.exp(math.log(lo) + i * step), 6) for i in range(points)]


def figure_settings(machine, name, factor):
    """The arguments that scale figure `name` by `factor` (--set=SECTION.KEY=
    VALUE), or that set config var `--name` to `factor`."""
    if name.startswith("--"):
        return ["%s=%s" % (name, factor)]
    def scaled(path, value):
        return "--set=%s=%.10g" % (path, value)

    if name == "latency":
        return [scaled("message.latency_us", machine["message"]["latency_us"] * factor)]
    if name == "startup":
        return [scaled("message.startup_us", machine["message"]["startup_us"] * factor)]
    if name == "bandwidth":
        out = []
        for table, columns in machine["network"].items():
            if isinstance(columns, dict):
                out += [scaled("network.%s.%s" % (table, c), v * factor)
                        for c, v in columns.items()]
        return out
    if name == "memory":
        return [scaled("%s.%s" % (table, k), v * factor)
                for table in ("copy", "send", "receive") for k, v in machine[table].items()]
    if name == "cpu":
        return [scaled("compute." + k, v / factor)
                for k, v in machine["compute"].items() if k.endswith("_us")]
    section = machine
    for part in name.split(".")[:-1]:
        section = section.get(part, {}) if isinstance(section, dict) else {}
    value = section.get(name.split(".")[-1]) if isinstance(section, dict) else None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise SystemExit("whatif: the machine has no number '%s'" % name)
    return [scaled(name, value * factor)]


def read_machine(opts):
    """The machine description the sweep scales: a .toml path, or the named
    machine installed beside zplc (<bin>/../share/zplc/machines)."""
    path = opts.machine
    if not os.path.isfile(path):
        zplc = opts.zplc if os.sep in opts.zplc else (shutil.which(opts.zplc) or opts.zplc)
        path = os.path.join(os.path.dirname(os.path.realpath(zplc)), "..", "share", "zplc",
                            "machines", opts.machine + ".toml")
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except OSError as e:
        raise SystemExit("whatif: cannot read the machine description %s: %s" % (path, e))


def run(exe, args, pes, binding, strategy, settings):
    cmd = [exe, "--pes=%d" % pes, "--strategy=" + strategy, "--stats"] + args + settings
    if binding != "native":
        cmd.append("--binding=" + binding)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("whatif: %s failed (%d): %s" % (" ".join(cmd), p.returncode,
                                                         p.stderr.strip()))
    stats = dict(line.split(" ", 1) for line in p.stdout.splitlines()
                 if line.startswith("stats.sim."))
    picks = {v for k, v in stats.items() if re.fullmatch(r"stats\.sim\.transfer\.\d+\.runs", k)}
    pick = picks.pop() if len(picks) == 1 else ("mixed" if picks else "none")
    return float(stats["stats.sim.time"]), pick


def sweep(opts, exe, machine):
    names = [name for name, _ in opts.sweeps]
    grids = [factors for _, factors in opts.sweeps]
    points = [(f,) for f in grids[0]] if len(grids) == 1 else \
        [(f, g) for f in grids[0] for g in grids[1]]
    rows = []
    for point in points:
        settings = [s for name, f in zip(names, point) for s in figure_settings(machine, name, f)]
        for binding in opts.bindings:
            for strategy in opts.strategies + ["model"]:
                seconds, pick = run(exe, opts.args, opts.pes, binding, strategy, settings)
                rows.append({"point": point, "binding": binding, "strategy": strategy,
                             "seconds": seconds, "pick": pick})
    return names, points, rows


def judge(points, rows, bindings, strategies):
    """Per (point, binding): the winner, the model's time, agreement, regret."""
    out = []
    for point in points:
        for binding in bindings:
            here = {r["strategy"]: r for r in rows if r["point"] == point and r["binding"] == binding}
            winner = min(strategies, key=lambda s: here[s]["seconds"])
            best = here[winner]["seconds"]
            if all(here[s]["seconds"] <= best * (1 + TIE) for s in strategies):
                winner = "tie"  # e.g. no transfer at all
            model = here["model"]
            regret = model["seconds"] / best - 1.0
            out.append({"point": point, "binding": binding, "winner": winner,
                        "model_pick": model["pick"], "regret": regret,
                        "agrees": model["pick"] == winner or regret <= TIE})
    return out


def column(name):
    """A sweep's CSV column and axis: a config var by its name, a figure as a factor."""
    return name[2:] if name.startswith("--") else name + "_factor"


def axis(ax, which, name, values):
    """Labels an axis of a sweep and puts a tick at each swept value."""
    getattr(ax, "set_%slabel" % which)(
        "%s (config var)" % name[2:] if name.startswith("--") else
        "%s (x the machine's value)" % name)
    if not name.startswith("--"):
        getattr(ax, "set_%sscale" % which)("log")
    getattr(ax, "set_%sticks" % which)(values, ["%.3g" % v for v in values])
    getattr(ax, "minorticks_off")()


def write_csv(path, names, rows, verdicts):
    by_key = {(v["point"], v["binding"]): v for v in verdicts}
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow([column(n) for n in names] +
                   ["binding", "strategy", "sim_seconds", "runs", "winner"])
        for r in rows:
            v = by_key[(r["point"], r["binding"])]
            w.writerow(list(r["point"]) + [r["binding"], r["strategy"], "%.9f" % r["seconds"],
                                           r["pick"], v["winner"]])


def summary(opts, names, verdicts):
    lines = ["program %s machine %s pes %d sweep %s" %
             (os.path.basename(opts.program), opts.machine, opts.pes,
              " x ".join("%s %g..%g" % (n, min(f), max(f)) for n, f in opts.sweeps))]
    for binding in opts.bindings:
        mine = [v for v in verdicts if v["binding"] == binding]
        agree = sum(v["agrees"] for v in mine)
        worst = max(mine, key=lambda v: v["regret"])
        wins = {s: sum(v["winner"] == s for v in mine) for s in opts.strategies + ["tie"]}
        lines.append("binding %s: model picks the winner at %d of %d points (%.0f%%), "
                     "worst regret %.1f%% (at %s), winners %s" %
                     (binding, agree, len(mine), 100.0 * agree / len(mine),
                      100.0 * max(worst["regret"], 0.0),
                      " ".join("%s=%g" % (n, f) for n, f in zip(names, worst["point"])),
                      " ".join("%s %d" % kv for kv in wins.items())))
    return "\n".join(lines) + "\n"


def plot(path, opts, names, points, rows, verdicts):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    title = "%s on a simulated %s, %d PEs" % (os.path.basename(opts.program), opts.machine,
                                               opts.pes)
    if len(names) == 1:
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for binding in opts.bindings:
            for strategy in opts.strategies + ["model"]:
                xs = [p[0] for p in points]
                ys = [next(r["seconds"] for r in rows if r["point"] == p and
                           r["binding"] == binding and r["strategy"] == strategy) * 1e3
                      for p in points]
                label = strategy if len(opts.bindings) == 1 else "%s, %s" % (binding, strategy)
                style = dict(linestyle="--", marker="x", color="black") if strategy == "model" \
                    else dict(marker="o")
                ax.plot(xs, ys, label=label, **style)
        axis(ax, "x", names[0], opts.sweeps[0][1])
        ax.set_ylabel("simulated run time (ms)")
        ax.legend()
    else:
        fig, ax = plt.subplots(figsize=(7, 5.5))
        combos = [(b, s) for b in opts.bindings for s in opts.strategies]
        colours = plt.get_cmap("tab10")
        for i, (binding, strategy) in enumerate(combos):
            xs, ys = [], []
            for p in points:
                here = [r for r in rows if r["point"] == p and r["strategy"] != "model"]
                best = min(here, key=lambda r: r["seconds"])
                tie = all(r["seconds"] <= best["seconds"] * (1 + TIE) for r in here)
                if not tie and (best["binding"], best["strategy"]) == (binding, strategy):
                    xs.append(p[0])
                    ys.append(p[1])
            label = strategy if len(opts.bindings) == 1 else "%s, %s" % (binding, strategy)
            ax.scatter(xs, ys, s=260, marker="s", color=colours(i), label=label + " wins")
        ties = [p for p in points if all(v["winner"] == "tie" for v in verdicts if v["point"] == p)]
        if ties:
            ax.scatter([p[0] for p in ties], [p[1] for p in ties], s=260, marker="s",
                       color="lightgrey", label="a tie (e.g. no transfer)")
        wrong = [v["point"] for v in verdicts if not v["agrees"]]
        if wrong:
            ax.scatter([p[0] for p in wrong], [p[1] for p in wrong], s=80, marker="x",
                       color="black", label="model picks a slower strategy")
        axis(ax, "x", names[0], opts.sweeps[0][1])
        axis(ax, "y", names[1], opts.sweeps[1][1])
        ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0))
    ax.set_title(title)
    # The command that made the plot, so the picture can be read alone.
    command = "bench/whatif.sh --machine=%s --pes=%d %s %s%s" % (
        os.path.basename(opts.machine), opts.pes,
        " ".join("--sweep=" + s for s in opts.sweep), os.path.basename(opts.program),
        " -- " + " ".join(opts.args) if opts.args else "")
    fig.text(0.01, 0.01, command, fontsize=7, color="dimgray")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv):
    program_args = []
    if "--" in argv:
        program_args = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("program", help="the .zpl program")
    p.add_argument("--machine", default="t3d", help="t3d, t3e, paragon or a .toml (default t3d)")
    p.add_argument("--pes", type=int, default=4, help="simulated PEs (default 4)")
    p.add_argument("--sweep", action="append", required=True,
                   help="FIGURE:LO:HI[:POINTS] (once or twice)")
    p.add_argument("--strategies", default="chained,packed",
                   help="strategies to compare (default chained,packed)")
    p.add_argument("--bindings", default="native",
                   help="bindings, comma separated (default native: the machine's own)")
    p.add_argument("--out", help="output folder (default whatif-PROGRAM-MACHINE)")
    p.add_argument("--zplc", default=os.environ.get("ZPLC", "zplc"),
                   help="the compiler (default $ZPLC or zplc on PATH)")
    p.add_argument("--no-plot", action="store_true", help="write no PNG (default: plot)")
    opts = p.parse_args(argv)
    opts.args = program_args
    if len(opts.sweep) > 2:
        raise SystemExit("whatif: at most two --sweep figures")
    opts.sweeps = [parse_sweep(s) for s in opts.sweep]
    opts.strategies = opts.strategies.split(",")
    for s in opts.strategies:
        if s not in ("chained", "packed"):
            raise SystemExit("whatif: unknown strategy '%s' (chained, packed)" % s)
    opts.bindings = opts.bindings.split(",")
    stem = os.path.splitext(os.path.basename(opts.program))[0]
    opts.out = opts.out or "whatif-%s-%s" % (stem, os.path.basename(opts.machine))
    os.makedirs(opts.out, exist_ok=True)

    with tempfile.TemporaryDirectory() as work:
        exe = os.path.join(work, stem)
        built = subprocess.run([opts.zplc, "--backend=sim", "--machine=" + opts.machine,
                                opts.program, "-o", exe], capture_output=True, text=True)
        if built.returncode != 0:
            raise SystemExit("whatif: zplc failed:\n" + built.stderr)
        machine = read_machine(opts)
        names, points, rows = sweep(opts, exe, machine)
    verdicts = judge(points, rows, opts.bindings, opts.strategies)
    write_csv(os.path.join(opts.out, "sweep.csv"), names, rows, verdicts)
    text = summary(opts, names, verdicts)
    with open(os.path.join(opts.out, "summary.txt"), "w") as f:
        f.write(text)
    sys.stdout.write(text)
    if not opts.no_plot:
        plot(os.path.join(opts.out, "sweep.png"), opts, names, points, rows, verdicts)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
