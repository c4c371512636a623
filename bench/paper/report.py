#!/usr/bin/env python3
"""bench/paper/report.py: docs/paper/README.md and its plots from the data
of bench/paper/run.sh.

    python3 bench/paper/report.py DATA_DIR OUT_DIR [--no-plots]

DATA_DIR holds what run.sh measured (throughput.txt, model.txt, nn8.csv,
weak.csv, latency.csv, overhead.csv, meta.txt); every number of the report
comes from there, every published figure from the PUBLISHED table below
(with its source). --no-plots writes the README without matplotlib (the
smoke test of make check).
"""
import csv
import math
import os
import re
import sys

RUN = "bench/paper/run.sh"

# Published figures: (low, high) ranges, the source of each.
PUBLISHED = {
    "t3d_1q1": (70.0, "Stricker & Gross 5.1.2: T3D 1Q'1 = 70 MB/s (chained)"),
    "paragon_1q1": (52.0, "Stricker & Gross 5.1.4: Paragon 1Q'1 = 52 MB/s (chained)"),
    "eregs8": (32.8, "Scott: 32.8 MB/s with 8 E-registers in flight"),
    "t3d_latency": ((600.0, 750.0), "MACHINES.md 2: T3D remote read latency 600-750 ns"),
    "t3e_latency": ((1500.0, 1500.0), "MACHINES.md 3: T3E remote read latency about 1500 ns"),
    "t3d_comm": ((0.0, 42.0), "IRONMAN Fig. 8/9: T3D SHMEM vs MPI, communication time reduced by up to 42%"),
    "t3d_total": ((1.0, 14.0), "IRONMAN Fig. 8/9: T3D SHMEM vs MPI, total time improved by 1-14%"),
    "paragon_comm": ((0.0, 13.0), "IRONMAN Fig. 8/9: Paragon NX vs MPI, communication time reduced by up to 13%"),
    "paragon_total": ((0.0, 4.0), "IRONMAN Fig. 8/9: Paragon NX vs MPI, total time improved by 0-4%"),
    "overhead_share": ((0.0, 1.0), "MACHINES.md 5: IRONMAN's own cost under 1% of every benchmark's run time"),
}
# A point estimate counts as reproduced within this relative tolerance.
POINT_TOLERANCE = 0.05
GRIDS = ["1x16", "2x8", "4x4", "8x2", "16x1"]
NATIVE = {"t3d": ["shmem"], "paragon": ["nx-isend", "nx-csend"]}
MACHINE_NAME = {"t3d": "Cray T3D", "paragon": "Intel Paragon", "t3e": "Cray T3E"}
BENCHES = ["cannon", "jacobi", "simple", "swm", "tomcatv"]
PER_PE = {"cannon": "128x128", "jacobi": "256x256", "simple": "32x32",
          "swm": "64x64", "tomcatv": "16x16"}


# ---------------------------------------------------------------- reading
def read_meta(d):
    meta = {}
    path = os.path.join(d, "meta.txt")
    if os.path.exists(path):
        for line in open(path):
            k, _, v = line.strip().partition(" ")
            meta[k] = v
    return meta


def read_csv(d, name):
    path = os.path.join(d, name)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(f))


def read_throughput(d):
    """Simulated vs model MB/s per (machine, pattern, strategy); E-register
    scan; N1/2."""
    sim, eregs, n12 = {}, {}, None
    text = open(os.path.join(d, "throughput.txt")).read()
    pat = re.compile(r"^(t3d|paragon) (\S+) (chained|packed) \(MB/s\)\s+measured\s+([\d.]+) MB/s\s+expected\s+([\d.]+)", re.M)
    for m in pat.finditer(text):
        sim[(m.group(1), m.group(2), m.group(3))] = (float(m.group(4)), float(m.group(5)))
    for m in re.finditer(r"^t3e Get stream, (\d+) E-registers.*?measured\s+([\d.]+) MB/s\s+expected\s+([\d.]+)", text, re.M):
        eregs[int(m.group(1))] = float(m.group(2))
    m = re.search(r"^t3e shmem-style get N1/2\s+measured\s+([\d.]+)", text, re.M)
    if m:
        n12 = float(m.group(1))
    return sim, eregs, n12


def read_model(d):
    """`zplc model` per (machine, pattern): {strategy: (MB/s, text)}."""
    model, key = {}, None
    for line in open(os.path.join(d, "model.txt")):
        line = line.rstrip("\n")
        if line.startswith("# "):
            _, machine, q = line.split()
            key = (machine, q)
            model[key] = {}
        elif line.startswith(("packed ", "chained ")) and key:
            strategy, mbps, text = line.split(" ", 2)
            model[key][strategy] = (float(mbps), text)
        elif line.startswith("choice ") and key:
            model[key]["choice"] = line.split()[1]
    return model


# ---------------------------------------------------------------- helpers
def fmt(v, digits=2):
    return f"{v:.{digits}f}"


def pct(native, mpi):
    """Share of mpi's value that native saves, in percent."""
    return 100.0 * (mpi - native) / mpi if mpi > 0 else float("nan")


def signed(v, digits=0):
    """+12% / -3%, never -0%."""
    text = f"{v:+.{digits}f}"
    return text.replace("-0", "+0", 1) if float(text) == 0 else text


def inside(v, rng):
    lo, hi = rng
    return lo - 1e-9 <= v <= hi + 1e-9


def mark(ok):
    return "inside" if ok else "**outside**"


def point_inside(v, published):
    return abs(v - published) <= POINT_TOLERANCE * published


def command_note(fig, text):
    fig.text(0.01, 0.005, text, fontsize=7, color="#444444", ha="left", va="bottom")


# ---------------------------------------------------------------- sections
class Report:
    def __init__(self, data, out, plots):
        self.data, self.out, self.plots = data, out, plots
        self.meta = read_meta(data)
        self.lines = []
        self.summary = []  # (figure, published, ours, verdict, note)
        if plots:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
            self.plt = plt
            plt.rcParams.update({"font.size": 9, "svg.hashsalt": "zplc",
                                 "figure.dpi": 110})

    def w(self, text=""):
        self.lines.append(text)

    def save(self, fig, name, command):
        command_note(fig, "made by: " + command)
        path = os.path.join(self.out, name)
        fig.savefig(path, metadata={"Software": None})
        self.plt.close(fig)
        self.w(f"![{name}]({name})")
        self.w()

    # 1. the copy-transfer model
    def throughput(self):
        sim, eregs, n12 = read_throughput(self.data)
        model = read_model(self.data)
        self.w("## 1. The copy-transfer model: estimates and simulated transfers")
        self.w()
        self.w("One 4 MB transfer per access pattern and strategy between two PEs of the "
               "simulated machine (through the whole binding: flags, start-up, ports), against "
               "`zplc model`'s estimate; the published estimates of Stricker & Gross that follow "
               "from MACHINES.md's tables are the markers. Each strategy's own resource constraint "
               "is in the model's derivation (docs/model.md).")
        self.w()
        self.w("| machine | pattern | strategy | model (MB/s) | simulated (MB/s) | sim / model | published | derivation |")
        self.w("|---|---|---|---|---|---|---|---|")
        published = {("t3d", "1Q1", "chained"): PUBLISHED["t3d_1q1"][0],
                     ("paragon", "1Q1", "chained"): PUBLISHED["paragon_1q1"][0]}
        for machine in ("t3d", "paragon"):
            for q in ("1Q1", "1Q64", "64Q1", "wQw", "1Qw", "wQ1"):
                for strategy in ("chained", "packed"):
                    mv, text = model[(machine, q)][strategy]
                    s = sim.get((machine, q, strategy))
                    pub = published.get((machine, q, strategy))
                    self.w(f"| {machine} | {q} | {strategy} | {fmt(mv)} | "
                           f"{fmt(s[0]) if s else '–'} | {fmt(s[0] / mv, 3) if s else '–'} | "
                           f"{fmt(pub, 0) if pub else ''} | `{text.replace('|', chr(92) + '|')}` |")
        self.w()
        for machine, key in (("t3d", "t3d_1q1"), ("paragon", "paragon_1q1")):
            pub, src = PUBLISHED[key]
            mv = model[(machine, "1Q1")]["chained"][0]
            s = sim[(machine, "1Q1", "chained")][0]
            ok = point_inside(mv, pub)
            note = ("table 4 gives Nd (c=2) = 69, the paper's 70 needs 70: the one input that "
                    "differs, by 1 MB/s (docs/model.md)" if machine == "t3d" and mv != pub
                    else "min(1S0, Nd, 0R1) = 1S0, no constraint")
            self.summary.append((src, fmt(pub, 0), f"model {fmt(mv)}, simulated {fmt(s)}",
                                 mark(ok), note))
        if self.plots:
            plt = self.plt
            fig, axes = plt.subplots(1, 2, figsize=(10, 4.2), sharey=False)
            patterns = ["1Q1", "1Q64", "64Q1", "wQw"]
            for ax, machine in zip(axes, ("t3d", "paragon")):
                xs = range(len(patterns))
                for i, (strategy, color) in enumerate((("chained", "#1f77b4"), ("packed", "#ff7f0e"))):
                    off = -0.2 + 0.4 * i
                    mv = [model[(machine, q)][strategy][0] for q in patterns]
                    sv = [sim[(machine, q, strategy)][0] for q in patterns]
                    ax.bar([x + off for x in xs], mv, width=0.36, color=color, alpha=0.45,
                           label=f"{strategy}: model")
                    ax.plot([x + off for x in xs], sv, "o", color=color, markeredgecolor="black",
                            label=f"{strategy}: simulated")
                key = "t3d_1q1" if machine == "t3d" else "paragon_1q1"
                ax.plot([-0.2], [PUBLISHED[key][0]], "*", color="red", markersize=14,
                        markeredgecolor="black", label="published estimate (1Q'1)")
                ax.set_xticks(list(xs))
                ax.set_xticklabels(patterns)
                ax.set_xlabel("access pattern xQy (source x, destination y)")
                ax.set_ylabel("throughput (MB/s of payload)")
                ax.set_title(f"{MACHINE_NAME[machine]}: 4 MB transfer, model vs simulator")
                ax.set_ylim(0, 80)
                ax.grid(axis="y", alpha=0.3)
                ax.legend(fontsize=7, loc="upper right")
            fig.tight_layout(rect=(0, 0.04, 1, 1))
            self.save(fig, "throughput.png", f"{RUN} (zplsim-unit-tests \"[validate]\", zplc model)")

        self.w("### T3E: E-register Get stream")
        self.w()
        self.w("A stream of remote Gets three hops away (27 PEs, a 3x3x3 torus) with k "
               "E-registers in flight (Little's law, docs/simulator.md); Scott measured 32.8 MB/s "
               "at k = 8 and about 128 registers suffice for the maximum rate.")
        self.w()
        self.w("| E-registers | " + " | ".join(str(k) for k in sorted(eregs)) + " |")
        self.w("|---|" + "---|" * len(eregs))
        self.w("| MB/s | " + " | ".join(fmt(eregs[k]) for k in sorted(eregs)) + " |")
        self.w()
        top = max(eregs.values())
        pub, src = PUBLISHED["eregs8"]
        self.summary.append((src, fmt(pub), fmt(eregs[8]), mark(abs(eregs[8] / pub - 1) <= 0.10),
                             "within 10%: the round trip 1.86 us is the published one"))
        at128 = eregs.get(128, 0)
        self.summary.append(("Scott: about 128 E-registers suffice for the maximum rate", "128",
                             f"{fmt(100 * at128 / top, 1)}% of the maximum at 128",
                             mark(at128 >= 0.9 * top), ""))
        if n12:
            self.summary.append(("MACHINES.md 3: shmem_get N1/2 about 1 KB", "1024 B",
                                 f"{fmt(n12, 0)} B", mark(1024 / 1.5 <= n12 <= 1024 * 1.5),
                                 "within a factor 1.5"))
        if self.plots:
            plt = self.plt
            fig, ax = plt.subplots(figsize=(6.5, 4))
            ks = sorted(eregs)
            ax.plot(ks, [eregs[k] for k in ks], "o-", label="simulated T3E")
            ax.plot([8], [pub], "*", color="red", markersize=14, markeredgecolor="black",
                    label="Scott: 32.8 MB/s at 8")
            ax.axvline(128, color="gray", linestyle=":", label="about 128 suffice (Scott)")
            ax.set_xscale("log", base=2)
            ax.set_xticks(ks)
            ax.set_xticklabels([str(k) for k in ks])
            ax.set_ylim(bottom=0)
            ax.set_xlabel("E-registers in flight")
            ax.set_ylabel("Get stream throughput (MB/s)")
            ax.set_title("T3E remote Get stream vs E-registers (3 hops)")
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8)
            fig.tight_layout(rect=(0, 0.05, 1, 1))
            self.save(fig, "eregs.png", f"{RUN} (zplsim-unit-tests \"[validate]\")")

    # 2. the bindings micro benchmark
    def nn8(self):
        rows = read_csv(self.data, "nn8.csv")
        if not rows:
            return
        b = self.meta.get("nn8_block", "?")
        self.w("## 2. The bindings micro benchmark (IRONMAN Fig. 6)")
        self.w()
        self.w(f"nn8's eight-way nearest-neighbour exchange in a loop of 1000 iterations on 16 "
               f"simulated PEs, grids 1x16 .. 16x1; every PE holds a {b}x{b} block "
               f"(the array is {b}P x {b}Q on a P x Q grid), so each pair of neighbouring PEs "
               f"exchanges {b} elements across an edge and one across a corner on every grid. "
               f"Virtual run time (ms); improvement = the share of mpi's time the native binding "
               f"saves. Every run prints what the serial back end prints at its size "
               f"({self.meta.get('nn8_reference', 'square case not checked')} against "
               f"examples/reference/nn8.py).")
        self.w()
        t = {(r["machine"], r["binding"], r["grid"]): r for r in rows}
        self.w("| grid | T3D shmem | T3D mpi | shmem vs mpi | Paragon nx-isend | nx-csend | mpi | isend vs mpi | csend vs mpi | output |")
        self.w("|---|---|---|---|---|---|---|---|---|---|")
        ms = lambda m, bd, g: 1000 * float(t[(m, bd, g)]["time"])
        for g in GRIDS:
            ok = all(t[k]["check"] == "serial" for k in t if k[2] == g)
            self.w(f"| {g} | {fmt(ms('t3d','shmem',g),3)} | {fmt(ms('t3d','mpi',g),3)} | "
                   f"{signed(pct(ms('t3d','shmem',g), ms('t3d','mpi',g)))}% | "
                   f"{fmt(ms('paragon','nx-isend',g),3)} | {fmt(ms('paragon','nx-csend',g),3)} | "
                   f"{fmt(ms('paragon','mpi',g),3)} | "
                   f"{signed(pct(ms('paragon','nx-isend',g), ms('paragon','mpi',g)))}% | "
                   f"{signed(pct(ms('paragon','nx-csend',g), ms('paragon','mpi',g)))}% | "
                   f"{'= serial' if ok else 'WRONG'} |")
        self.w()
        # The paper's two shape observations, per machine and binding.
        self.w("The paper's two observations about the grid shapes, checked per binding:")
        self.w()
        self.w("| machine | binding | skewed grids faster than 4x4 | more PE rows than columns faster (16x1 < 1x16, 8x2 < 2x8) |")
        self.w("|---|---|---|---|")
        for machine, bindings in (("t3d", ["shmem", "mpi"]), ("paragon", ["nx-isend", "nx-csend", "mpi"])):
            for bd in bindings:
                v = {g: ms(machine, bd, g) for g in GRIDS}
                skew = [g for g in ("1x16", "2x8", "8x2", "16x1") if v[g] < v["4x4"]]
                rowsfirst = (v["16x1"] < v["1x16"], v["8x2"] < v["2x8"])
                self.w(f"| {machine} | {bd} | {len(skew)}/4 ({', '.join(skew) or 'none'}) | "
                       f"16x1 {fmt(v['16x1'],1)} vs 1x16 {fmt(v['1x16'],1)}: {'yes' if rowsfirst[0] else 'no'}; "
                       f"8x2 {fmt(v['8x2'],1)} vs 2x8 {fmt(v['2x8'],1)}: {'yes' if rowsfirst[1] else 'no'} |")
                if bd in NATIVE.get(machine, []) or bd == "mpi":
                    self.summary.append((f"IRONMAN Fig. 6: skewed grids faster than square ({machine} {bd})",
                                         "all 4 skewed < 4x4", f"{len(skew)}/4", mark(len(skew) == 4), ""))
                    self.summary.append((f"IRONMAN Fig. 6: more PE rows than columns faster ({machine} {bd})",
                                         "16x1 < 1x16 and 8x2 < 2x8",
                                         f"{'yes' if rowsfirst[0] else 'no'}, {'yes' if rowsfirst[1] else 'no'}",
                                         mark(all(rowsfirst)), ""))
        self.w()
        misses = []
        for machine, bindings in (("t3d", ["shmem", "mpi"]), ("paragon", ["nx-isend", "nx-csend", "mpi"])):
            for bd in bindings:
                for tall, wide in (("16x1", "1x16"), ("8x2", "2x8")):
                    a, b2 = t[(machine, bd, tall)], t[(machine, bd, wide)]
                    if float(a["time"]) >= float(b2["time"]):
                        misses.append(f"{machine} {bd}: {tall} comm {fmt(float(a['comm']), 3)} s, wait "
                                      f"{fmt(float(a['wait']), 3)} s against {wide} comm "
                                      f"{fmt(float(b2['comm']), 3)} s, wait {fmt(float(b2['wait']), 3)} s")
        if misses:
            self.w("Where more PE rows than columns is *not* faster, the time splits as follows "
                   "(comm = the processors' time in the calls, wait = waiting for neighbours' data, "
                   "both summed over the 16 PEs): " + "; ".join(misses) + ". With " + str(b) +
                   "-element edges a message costs mostly its per-message overheads, not its "
                   "streaming, so contiguous rows gain little over strided columns here; the rest "
                   "is not explained by this report. The T3D SHMEM binding's costs on the tall "
                   "and square grids are part of the SHMEM anomaly of issue 13 section 2(a), under "
                   "investigation in the simulator; this report is regenerated when it is fixed.")
            self.w()
        if self.plots:
            plt = self.plt
            fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
            for ax, (machine, bindings) in zip(axes, (("t3d", ["shmem", "mpi"]),
                                                      ("paragon", ["nx-isend", "nx-csend", "mpi"]))):
                n = len(bindings)
                width = 0.8 / n
                for i, bd in enumerate(bindings):
                    xs = [j - 0.4 + width * (i + 0.5) for j in range(len(GRIDS))]
                    ax.bar(xs, [ms(machine, bd, g) for g in GRIDS], width=width, label=bd)
                for j, g in enumerate(GRIDS):
                    nat = NATIVE[machine][0]
                    gain = pct(ms(machine, nat, g), ms(machine, "mpi", g))
                    top = max(ms(machine, bd, g) for bd in bindings)
                    ax.text(j, top * 1.02, f"{signed(gain)}%", ha="center", fontsize=7)
                ax.set_xticks(range(len(GRIDS)))
                ax.set_xticklabels(GRIDS)
                ax.set_xlabel("PE grid (rows x columns of PEs), 16 PEs")
                ax.set_ylabel("virtual run time (ms)")
                ax.set_title(f"{MACHINE_NAME[machine]}: nn8, {b}x{b} per PE, 1000 iterations\n"
                             f"(above the bars: time {NATIVE[machine][0]} saves vs mpi)", fontsize=9)
                ax.grid(axis="y", alpha=0.3)
                ax.legend(fontsize=8)
                ax.set_ylim(0, max(ms(machine, bd, g) for bd in bindings for g in GRIDS) * 1.15)
            fig.tight_layout(rect=(0, 0.04, 1, 1))
            self.save(fig, "nn8.png", f"{RUN} (nn8pair.zpl --rows={b}P --cols={b}Q --iters=1000 --pes=16 --grid=PxQ)")

    # 3. weak scaling
    def weak(self):
        rows = read_csv(self.data, "weak.csv")
        if not rows:
            return
        self.w("## 3. The IRONMAN benchmarks, weak-scaled (IRONMAN Figs. 8 and 9)")
        self.w()
        self.w(f"Each benchmark keeps the paper's per-PE size (CANNON 128x128, JACOBI 256x256, "
               f"SIMPLE 32x32, SWM 64x64, TOMCATV 16x16) on 1, 4, 16 and 64 simulated PEs (square "
               f"grids; the global problem grows with the PE count) and a fixed iteration count "
               f"(CANNON its n rounds, JACOBI 100, SIMPLE 10 time steps, SWM 20, TOMCATV 20). Times are virtual seconds: total = the run time, "
               f"comm = communication + waiting summed over the PEs. Improvement = the share of "
               f"mpi's time the native binding saves; the published ranges are the paper's "
               f"(T3D SHMEM: comm up to 42%, total 1-14%; Paragon NX: comm up to 13%, total 0-4%). "
               f"Every run prints what the serial back end prints at the same size.")
        self.w()
        t = {(r["bench"], int(r["pes"]), r["machine"], r["binding"]): r for r in rows}
        pes_list = sorted({int(r["pes"]) for r in rows})
        total = lambda k: float(t[k]["time"])
        comm = lambda k: float(t[k]["comm"]) + float(t[k]["wait"])
        self.w("| benchmark | PEs | binding | total (s) | comm (s) | total vs mpi | comm vs mpi | total in range | comm in range | output |")
        self.w("|---|---|---|---|---|---|---|---|---|---|")
        stats = {}  # (machine, measure) -> list of (bench, pes, binding, value, ok)
        for bench in BENCHES:
            for pes in pes_list:
                for machine in ("t3d", "paragon"):
                    mk = (bench, pes, machine, "mpi")
                    if mk not in t:
                        continue
                    self.w(f"| {bench} | {pes} | {machine} mpi | {fmt(total(mk), 4)} | {fmt(comm(mk), 4)} | | | | | "
                           f"{'= serial' if t[mk]['check'] == 'serial' else 'WRONG'} |")
                    for bd in NATIVE[machine]:
                        k = (bench, pes, machine, bd)
                        if k not in t:
                            continue
                        gt, gc = pct(total(k), total(mk)), pct(comm(k), comm(mk))
                        okt = inside(gt, PUBLISHED[f"{machine}_total"][0])
                        okc = inside(gc, PUBLISHED[f"{machine}_comm"][0])
                        if pes > 1:
                            stats.setdefault((machine, "total"), []).append((bench, pes, bd, gt, okt))
                            stats.setdefault((machine, "comm"), []).append((bench, pes, bd, gc, okc))
                        rng = "(1 PE: no messages)" if pes == 1 else ""
                        self.w(f"| {bench} | {pes} | {machine} {bd} | {fmt(total(k), 4)} | {fmt(comm(k), 4)} | "
                               f"{signed(gt, 1)}% | {signed(gc, 1)}% | {rng or mark(okt)} | {rng or mark(okc)} | "
                               f"{'= serial' if t[k]['check'] == 'serial' else 'WRONG'} |")
        self.w()
        for machine in ("t3d", "paragon"):
            for measure in ("total", "comm"):
                vals = stats.get((machine, measure), [])
                if not vals:
                    continue
                rng, src = PUBLISHED[f"{machine}_{measure}"]
                n_in = sum(1 for v in vals if v[4])
                lo = min(vals, key=lambda v: v[3])
                hi = max(vals, key=lambda v: v[3])
                self.summary.append((src, f"{fmt(rng[0], 0)}% to {fmt(rng[1], 0)}%",
                                     f"{lo[3]:+.1f}% ({lo[0]} {lo[1]} PEs {lo[2]}) to "
                                     f"{hi[3]:+.1f}% ({hi[0]} {hi[1]} PEs {hi[2]})",
                                     f"{n_in}/{len(vals)} inside", "runs on 4-64 PEs"))
        self.why(t, pes_list)
        if self.plots:
            plt = self.plt
            colors = {"shmem": "#1f77b4", "mpi": "#7f7f7f", "nx-isend": "#2ca02c", "nx-csend": "#d62728"}
            for bench in BENCHES:
                if not any(k[0] == bench for k in t):
                    continue
                fig, axes = plt.subplots(2, 2, figsize=(11, 7.5))
                for col, machine in enumerate(("t3d", "paragon")):
                    ax = axes[0][col]
                    for bd in NATIVE[machine] + ["mpi"]:
                        ks = [(bench, p, machine, bd) for p in pes_list if (bench, p, machine, bd) in t]
                        ax.plot([k[1] for k in ks], [total(k) for k in ks], "o-", color=colors[bd],
                                label=f"{bd}: total")
                        ax.plot([k[1] for k in ks], [comm(k) / k[1] for k in ks], "s--", color=colors[bd],
                                alpha=0.7, label=f"{bd}: comm per PE")
                    ax.set_xscale("log", base=2)
                    ax.set_xticks(pes_list)
                    ax.set_xticklabels([str(p) for p in pes_list])
                    ax.set_xlabel("PEs (weak scaling)")
                    ax.set_ylabel("virtual seconds")
                    ax.set_title(f"{MACHINE_NAME[machine]}: {bench.upper()}, {PER_PE[bench]} per PE")
                    ax.grid(alpha=0.3)
                    ax.legend(fontsize=7)
                    ax.set_ylim(bottom=0)
                for col, measure in enumerate(("total", "comm")):
                    ax = axes[1][col]
                    for machine, shade in (("t3d", "#1f77b4"), ("paragon", "#2ca02c")):
                        lo, hi = PUBLISHED[f"{machine}_{measure}"][0]
                        ax.axhspan(lo, hi, color=shade, alpha=0.12,
                                   label=f"published {machine} range {lo:.0f}-{hi:.0f}%")
                        for bd in NATIVE[machine]:
                            ks = [(bench, p, machine, bd) for p in pes_list
                                  if p > 1 and (bench, p, machine, bd) in t]
                            f = total if measure == "total" else comm
                            ax.plot([k[1] for k in ks],
                                    [pct(f(k), f((bench, k[1], machine, "mpi"))) for k in ks],
                                    "o-", color=colors[bd], label=f"{machine} {bd} vs mpi")
                    ax.axhline(0, color="black", linewidth=0.8)
                    ax.set_xscale("log", base=2)
                    ax.set_xticks([p for p in pes_list if p > 1])
                    ax.set_xticklabels([str(p) for p in pes_list if p > 1])
                    ax.set_xlabel("PEs (weak scaling)")
                    ax.set_ylabel(f"{measure} time saved vs mpi (%)")
                    ax.set_title(f"{bench.upper()}: improvement in {measure} time "
                                 f"({'communication + wait' if measure == 'comm' else 'run time'})")
                    ax.grid(alpha=0.3)
                    ax.legend(fontsize=7)
                fig.tight_layout(rect=(0, 0.03, 1, 1))
                self.save(fig, f"weak-{bench}.png",
                          f"{RUN} (examples/{bench}.zpl, {PER_PE[bench]} per PE, --pes=1,4,16,64)")

    def why(self, t, pes_list):
        """Where the weak-scaled results leave the published ranges, the
        quantities that explain it, from the same runs."""
        top = max(pes_list)
        self.w(f"### Why results fall outside the published ranges ({top} PEs)")
        self.w()
        self.w("The published improvements come from machines where communication was a modest "
               "share of the run time. In the simulated runs that share, and the MPI binding's "
               "per-call costs (MACHINES.md section 6: a T3D PE that sends and receives pays "
               "30.2 us per transfer, a Paragon PE 25.5 us, plus IRONMAN's 2.0 and 3.35 us; "
               "a SHMEM transfer about 1 us of start-up and flags, an NX call 6 us), decide the "
               "improvement. Per benchmark on the largest PE count of this run:")
        self.w()
        self.w("| benchmark | machine | messages per PE | bytes per message | mpi: comm share of PE time | native: comm share | total vs mpi |")
        self.w("|---|---|---|---|---|---|---|")
        for bench in BENCHES:
            for machine in ("t3d", "paragon"):
                mk = (bench, top, machine, "mpi")
                nk = (bench, top, machine, NATIVE[machine][0])
                if mk not in t or nk not in t:
                    continue
                r, n = t[mk], t[nk]
                msgs = float(r["messages"]) / top
                size = float(r["bytes"]) / float(r["messages"]) if float(r["messages"]) > 0 else 0
                share = lambda x: 100 * (float(x["comm"]) + float(x["wait"])) / (top * float(x["time"]))
                gain = pct(float(n["time"]), float(r["time"]))
                self.w(f"| {bench} | {machine} | {msgs:.0f} | {size:.0f} | {fmt(share(r), 1)}% | "
                       f"{fmt(share(n), 1)}% ({NATIVE[machine][0]}) | {signed(gain, 1)}% |")
        self.w()
        self.w("Reading it: where messages are small and many per PE (TOMCATV's 16x16 blocks, SIMPLE's "
               "32x32, SWM's 64x64 with its many wrap and shift transfers), MPI's per-call costs are a large share of the simulated MPI run and the native "
               "binding saves far more than the paper's 1-14% (T3D) and 0-4% (Paragon); where blocks "
               "are large (JACOBI 256x256, CANNON 128x128) computation dominates and the saving shrinks "
               "towards the published range. The paper's machines also ran their compilers' "
               "node code, our simulator charges each array statement from the description's per-"
               "operation costs (docs/simulator.md), and the simulated message costs follow the "
               "model's figures with no tuning per benchmark: a difference in the computation's share "
               "moves every improvement. Where the T3D's SHMEM binding is *slower* than MPI (nn8 on "
               "4x4 in section 2) the simulator shows the anomaly of issue 13 section 2(a), which is "
               "being fixed in the simulator (engineer sim); this report is regenerated when it lands.")
        self.w()
        worst = [(bench, p, bd, pct(float(t[(bench, p, "paragon", bd)]["time"]),
                                   float(t[(bench, p, "paragon", "mpi")]["time"])))
                 for bench in BENCHES for p in pes_list if p > 1 for bd in NATIVE["paragon"]
                 if (bench, p, "paragon", bd) in t and (bench, p, "paragon", "mpi") in t]
        losers = [w for w in worst if w[3] < 0]
        if losers:
            self.w("A native Paragon binding is slower than MPI in " + ", ".join(
                f"{w[0]} on {w[1]} PEs ({w[2]}, {signed(w[3], 1)}%)" for w in losers) +
                   ": csend blocks its PE until the DMA has sent the message and crecv, posted "
                   "only at DN, copies every early message out of the system buffer "
                   "(docs/simulator.md, the bindings compared), while MPI's isend overlaps.")
            self.w()

    # 4. latency
    def latency(self):
        rows = read_csv(self.data, "latency.csv")
        if not rows:
            return
        self.w("## 4. Remote access latency, T3D vs T3E")
        self.w()
        self.w("bench/paper/latency.zpl on 2 PEs (1x2 grid): every iteration each PE reads the other's "
               "one element (one 8-byte message each way) and updates its own. The time per "
               "iteration is the difference of two runs (2000 and 1000 iterations) / 1000, so "
               "start-up and output drop out. A remote read is a request and a reply; the "
               "binding's exchange has the same shape (T3D: a ready flag to the source, the data "
               "and a done flag back; T3E: a queue message to the destination, a Get round trip).")
        self.w()
        self.w("| machine | binding | per iteration (ns) | of which compute (ns) | published remote read (ns) | inside |")
        self.w("|---|---|---|---|---|---|")
        t = {(r["machine"], r["binding"], int(r["iters"])): r for r in rows}
        for machine, bd in (("t3d", "shmem"), ("t3e", "eregs"), ("t3d", "mpi"), ("t3e", "mpi")):
            a, b = t.get((machine, bd, 1000)), t.get((machine, bd, 2000))
            if not a or not b:
                continue
            per = (float(b["time"]) - float(a["time"])) / 1000 * 1e9
            comp = (float(b["compute"]) - float(a["compute"])) / 2 / 1000 * 1e9
            key = f"{machine}_latency"
            rng, src = PUBLISHED[key]
            native = bd in ("shmem", "eregs")
            lo, hi = rng
            ok = (lo * (1 - POINT_TOLERANCE) <= per <= hi * (1 + POINT_TOLERANCE))
            pubtext = f"{lo:.0f}-{hi:.0f}" if lo != hi else f"about {lo:.0f}"
            self.w(f"| {machine} | {bd} | {fmt(per, 0)} | {fmt(comp, 0)} | {pubtext if native else ''} | "
                   f"{mark(ok) if native else ''} |")
            if native:
                self.summary.append((src, pubtext + " ns", f"{fmt(per, 0)} ns per exchange ({bd})",
                                     mark(ok), "a binding's exchange, not a bare read: section 4"))
        self.w()
        self.w("The probe measures what a ZPL program can do: a transfer through the binding, not a "
               "single load instruction. The simulator's primitive remote access costs are the "
               "published ones (T3D: start-up 0.75 us = the upper end of 600-750 ns, plus 0.55 us "
               "network latency; T3E: a Get round trip of 1.86 us three hops away, "
               "machines/*.toml), but the T3D SHMEM binding's exchange is a ready flag, the data, "
               "a done flag and the statement, one after the other, and the T3E binding's is a "
               "64-byte queue message (2.7 us one way), the Get, and a 'done' message back. So the "
               "exchange is several remote accesses long on both machines, and the T3E's is the "
               "longer one, as the published latencies order them (T3E slower than T3D).")
        self.w()

    # 5. overhead
    def overhead(self):
        rows = read_csv(self.data, "overhead.csv")
        self.w("## 5. The IRONMAN layer's overhead on this host")
        self.w()
        if not rows:
            self.w("Not measured in this run.")
            self.w()
            return
        r = {row["role"]: row for row in rows}
        load = self.meta.get("overhead_load", "?")
        self.w("bench/paper/overhead.zpl compiled for the MPI back end and run as one process with "
               "every MPI call stubbed out (bench/paper/mpi_stub.c, LD_PRELOAD): a loop of one "
               "million one-element transfers (`[R] A := (A@ea + it) % m`); wall time per "
               "iteration, median of 3 interleaved runs, minus the same loop without the shift "
               "(the baseline). What is left is the IRONMAN calls (im_dr, im_sr, im_dn, im_sv), "
               "the MPI back end's bookkeeping around its (stubbed) MPI calls, the runtime's "
               "clock reads around each call, and the temporary array the shifted statement "
               f"needs. This is a measurement of this host (load average {load} when measured), "
               "not of the simulator: it varies from run to run.")
        self.w()
        self.w("| role (one transfer per iteration) | ns per iteration | ns per transfer over the baseline |")
        self.w("|---|---|---|")
        names = {"baseline": "baseline: no transfer", "sender": "sender (PE 1 of 1x2)",
                 "receiver": "receiver (PE 0 of 1x2)", "both": "both (PE 1 of 1x3)",
                 "neither": "neither (2x1: no message)"}
        for role in ("baseline", "sender", "receiver", "both", "neither"):
            if role in r:
                extra = "" if role == "baseline" else fmt(float(r[role]["ns_per_transfer"]), 0)
                self.w(f"| {names[role]} | {fmt(float(r[role]['ns_per_iteration']), 0)} | {extra} |")
        self.w()
        runs = read_csv(self.data, "host-runs.csv")
        if runs and "both" in r:
            per = float(r["both"]["ns_per_transfer"])
            self.w(f"The share of each benchmark's run time on this host (MPI back end, 4 ranks, "
                   f"its 4-PE weak size), taking the *both* figure ({fmt(per, 0)} ns) for every "
                   f"transfer of a PE:")
            self.w()
            self.w("| benchmark | transfers per PE | run time (s) | IRONMAN overhead | share | under 1% |")
            self.w("|---|---|---|---|---|---|")
            shares = []
            for row in runs:
                per_pe = float(row["transfers"]) / float(row["pes"])
                total = float(row["total_seconds"])
                cost = per_pe * per * 1e-9
                share = 100 * cost / total if total > 0 else float("nan")
                shares.append((row["bench"], share))
                self.w(f"| {row['bench']} | {per_pe:.0f} | {fmt(total, 3)} | {fmt(cost * 1e3, 3)} ms | "
                       f"{fmt(share, 2)}% | {'yes' if share < 1 else '**no**'} |")
            self.w()
            hi = max(shares, key=lambda x: x[1])
            rng, src = PUBLISHED["overhead_share"]
            if hi[1] >= rng[1]:
                row = next(x for x in runs if x["bench"] == hi[0])
                per_pe = float(row["transfers"]) / float(row["pes"])
                gap = float(row["total_seconds"]) / per_pe * 1e6
                self.w(f"{hi[0]} exceeds the published 1%: its small per-PE blocks make "
                       f"{per_pe:.0f} transfers per PE in a {fmt(float(row['total_seconds']), 3)} s "
                       f"run, one every {fmt(gap, 1)} us of run time, while this host computes a "
                       f"block far faster than a 1990s node did; the per-transfer figure also "
                       f"counts the temporary array and clock reads named above, which are not "
                       f"IRONMAN's own.")
                self.w()
            self.summary.append((src, "under 1%", f"at most {fmt(hi[1], 2)}% ({hi[0]})",
                                 mark(hi[1] < rng[1]), "this host, MPI stubbed; varies with load"))
        self.summary.append(("MACHINES.md 5: IRONMAN adds 1-5 us per transfer (1990s machines)",
                             "1-5 us", f"{fmt(float(r['both']['ns_per_transfer']) / 1000, 2)} us (both, this host)",
                             "not comparable", "the 1990s figure is of other machines; the share is the comparable result"))

    def write(self):
        m = self.meta
        head = ["# Reproducing the published figures",
                "",
                f"Generated by `{RUN}` (commit {m.get('commit', '?')}, {m.get('date', '?')}, "
                f"{m.get('host', '?')}; {m.get('elapsed', '?')} s). Do not edit by hand: every number "
                f"below comes from that run, every published figure from bench/paper/report.py's "
                f"PUBLISHED table (sources named). The simulator is deterministic: the same numbers "
                f"on every host.",
                "",
                "## Summary",
                "",
                f"A point estimate is reproduced when ours is within {int(POINT_TOLERANCE * 100)}% of it "
                f"(unless the row says otherwise); a range when ours falls in it.",
                "",
                "| published figure | published | ours | verdict | note |",
                "|---|---|---|---|---|"]
        for fig_, pub, ours, verdict, note in self.summary:
            head.append(f"| {fig_} | {pub} | {ours} | {verdict} | {note} |")
        head.append("")
        with open(os.path.join(self.out, "README.md"), "w") as f:
            f.write("\n".join(head + self.lines) + "\n")


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    data, out = args
    os.makedirs(out, exist_ok=True)
    r = Report(data, out, "--no-plots" not in argv)
    r.throughput()
    r.nn8()
    r.weak()
    r.latency()
    r.overhead()
    r.write()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
