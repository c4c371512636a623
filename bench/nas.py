#!/usr/bin/env python3
"""bench/nas.py (run by bench/nas.sh): the NAS benchmarks of examples/nas
against NPB 3.4's own MPI codes, on the same host in the same run.

  NPB_DIR=/path/to/NPB3.4-MPI bench/nas.sh [options]

NPB_DIR is a copy of NPB 3.4's MPI source tree that you provide (the
directory with EP/, IS/, MG/, CG/, config/ and sys/); the script never
downloads it. It is copied into a scratch directory and built there with
`make BENCH CLASS=C` and this host's mpif90/mpicc at -O3 -march=native
(config/make.def written from its template; -fallow-argument-mismatch and
-fallow-invalid-boz for a gfortran that needs them), so your tree is not changed.
Each zplc program is compiled with `zplc --backend=mpi -O2` and run with the
arguments of its `-- nas-class C: ARGS` line.

For every benchmark, class and rank count, the two programs run
interleaved (zplc, NPB, NPB, zplc, ...) --runs times each. From every run
the script takes the ` Time in seconds =` line both print (the section NPB
times), checks ` Verification = SUCCESSFUL`, and measures the peak resident
memory of every rank (/usr/bin/time), summed over the ranks. It prints the
medians, the ratio zplc / NPB of time and of memory, and the load average
before and after (a shared machine's timing moves), and writes OUT/nas.csv
(every run), OUT/summary.txt and OUT/nas.png (the time ratios).

Environment: NPB_DIR (required), ZPLC (default <repo>/build/bin/zplc).
"""
import argparse
import csv
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
NAS = os.path.join(REPO, "examples", "nas")
TIME_RE = re.compile(r"^\s*Time in seconds\s*=\s*([0-9.eE+-]+)", re.M)
VERIFIED_RE = re.compile(r"^\s*Verification\s*=\s*SUCCESSFUL", re.M)


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="bench/nas.sh", description=__doc__.split("\n", 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bench", default="", metavar="ep,is,...",
                   help="benchmarks (default: every examples/nas/*.zpl)")
    p.add_argument("--classes", default="W,A", metavar="W,A",
                   help="NPB classes (default W,A; a program without a line for a "
                   "class skips it, and says so)")
    p.add_argument("--ranks", default="1,2", metavar="1,2",
                   help="MPI rank counts (default 1,2)")
    p.add_argument("--runs", type=int, default=5,
                   help="runs of each program per point (default 5)")
    p.add_argument("--out", default=os.path.join(HERE, "nas-results"), metavar="DIR",
                   help="where nas.csv, summary.txt and nas.png go "
                   "(default bench/nas-results)")
    p.add_argument("--mpirun", default="mpirun --oversubscribe", metavar="CMD",
                   help="the MPI launcher (default: mpirun --oversubscribe)")
    p.add_argument("--replot", action="store_true",
                   help="no runs: the summary and plot again from OUT/nas.csv "
                   "(default: run)")
    opts = p.parse_args(argv)
    if opts.replot:
        return opts
    opts.npb = os.environ.get("NPB_DIR", "")
    if not opts.npb or not os.path.isdir(os.path.join(opts.npb, "config")):
        p.error("set NPB_DIR to NPB 3.4's MPI source tree (the directory with "
                "config/, sys/ and EP/ ... CG/); the script never downloads it")
    opts.zplc = os.environ.get("ZPLC", os.path.join(REPO, "build", "bin", "zplc"))
    if opts.runs < 1:
        p.error("--runs must be at least 1")
    found = sorted(f[:-4] for f in os.listdir(NAS) if f.endswith(".zpl"))
    opts.benches = opts.bench.split(",") if opts.bench else found
    for b in opts.benches:
        if b not in found:
            p.error("no program examples/nas/%s.zpl" % b)
    opts.classes = opts.classes.split(",")
    opts.ranks = [int(r) for r in opts.ranks.split(",")]
    return opts


def class_args(bench, klass):
    """The arguments of the program's `-- nas-class KLASS:` line, or None."""
    with open(os.path.join(NAS, bench + ".zpl")) as f:
        for line in f:
            m = re.match(r"--\s*nas-class\s+%s:(.*)$" % re.escape(klass), line)
            if m:
                return m.group(1).split()
    return None


def fortran_mpi_flags(work):
    """gfortran 10 and later reject NPB's calls of MPI routines with buffers
    of different ranks, and the X'...' constants of its random number
    generator, unless told to allow them."""
    src = os.path.join(work, "probe.f")
    with open(src, "w") as f:
        f.write("      end\n")
    flags = ["-fallow-argument-mismatch", "-fallow-invalid-boz"]
    p = subprocess.run(["mpif90"] + flags + ["-c", src, "-o",
                        os.path.join(work, "probe.o")], capture_output=True)
    return " " + " ".join(flags) if p.returncode == 0 else ""


def build_npb(opts, work):
    """Copies NPB_DIR into work/npb with this host's make.def."""
    tree = os.path.join(work, "npb")
    shutil.copytree(opts.npb, tree, symlinks=True)
    template = os.path.join(tree, "config", "make.def.template")
    with open(template) as f:
        text = f.read()
    text = re.sub(r"^FFLAGS\s*=.*$", "FFLAGS\t= -O3 -march=native" + fortran_mpi_flags(work),
                  text, flags=re.M)
    text = re.sub(r"^CFLAGS\s*=.*$", "CFLAGS\t= -O3 -march=native", text, flags=re.M)
    with open(os.path.join(tree, "config", "make.def"), "w") as f:
        f.write(text)
    os.makedirs(os.path.join(tree, "bin"), exist_ok=True)
    return tree


def npb_binary(tree, bench, klass):
    exe = os.path.join(tree, "bin", "%s.%s.x" % (bench, klass))
    if not os.path.exists(exe):
        log = subprocess.run(["make", bench, "CLASS=" + klass], cwd=tree,
                             capture_output=True, text=True)
        if not os.path.exists(exe):
            sys.exit("nas: building NPB %s class %s failed:\n%s" %
                     (bench, klass, (log.stdout + log.stderr)[-3000:]))
    return exe


def zplc_binary(opts, bench, work):
    exe = os.path.join(work, bench + ".zplc")
    if not os.path.exists(exe):
        src = os.path.join(NAS, bench + ".zpl")
        subprocess.run([opts.zplc, src, "--backend=mpi", "-O2", "-o", exe], check=True)
    return exe


def run_once(opts, work, ranks, cmd):
    """One run: (seconds from its Time line, summed peak RSS in KB, output)."""
    for f in os.listdir(work):
        if f.startswith("rss."):
            os.remove(os.path.join(work, f))
    rss = os.path.join(work, "rss")
    wrapped = ["sh", "-c", '/usr/bin/time -f %M -o "$0.$OMPI_COMM_WORLD_RANK" "$@"', rss] + cmd
    p = subprocess.run(opts.mpirun.split() + ["-np", str(ranks)] + wrapped,
                       capture_output=True, text=True)
    out = p.stdout + p.stderr
    m = TIME_RE.search(out)
    if p.returncode != 0 or not m or not VERIFIED_RE.search(out):
        sys.exit("nas: a run of %s failed or did not verify:\n%s" % (" ".join(cmd), out[-3000:]))
    kb = 0
    for f in os.listdir(work):
        if f.startswith("rss."):
            with open(os.path.join(work, f)) as fh:
                kb += int(fh.read().split()[-1])
    return float(m.group(1)), kb


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def measure(opts, work, tree):
    rows = []
    for bench in opts.benches:
        for klass in opts.classes:
            args = class_args(bench, klass)
            if args is None:
                print("%s class %s: the program has no '-- nas-class %s:' line, skipped" %
                      (bench, klass, klass))
                continue
            programs = {"zplc": [zplc_binary(opts, bench, work)] + args,
                        "npb": [npb_binary(tree, bench, klass)]}
            for ranks in opts.ranks:
                for i in range(opts.runs):
                    order = ["zplc", "npb"] if i % 2 == 0 else ["npb", "zplc"]
                    for impl in order:
                        seconds, kb = run_once(opts, work, ranks, programs[impl])
                        rows.append({"bench": bench, "class": klass, "ranks": ranks,
                                     "impl": impl, "run": i, "seconds": seconds,
                                     "peak_kb": kb})
    return rows


def summarize(rows):
    points = sorted({(r["bench"], r["class"], r["ranks"]) for r in rows})
    lines = ["%-5s %-5s %5s %12s %12s %8s %12s %12s %8s" %
             ("bench", "class", "ranks", "zplc s", "NPB s", "ratio", "zplc MB", "NPB MB",
              "mem")]
    table = []
    for point in points:
        def med(impl, key):
            return statistics.median(r[key] for r in rows
                                     if (r["bench"], r["class"], r["ranks"]) == point
                                     and r["impl"] == impl)
        z, n = med("zplc", "seconds"), med("npb", "seconds")
        zm, nm = med("zplc", "peak_kb") / 1024, med("npb", "peak_kb") / 1024
        table.append((point, z / n if n > 0 else float("inf")))
        lines.append("%-5s %-5s %5d %12.3f %12.3f %8.2f %12.1f %12.1f %8.2f" %
                     (point[0], point[1], point[2], z, n, z / n if n > 0 else float("inf"),
                      zm, nm, zm / nm))
    return lines, table


def plot(table, path, command):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("nas: no matplotlib, no plot")
        return
    labels = ["%s %s\n%d rank%s" % (b.upper(), c, r, "" if r == 1 else "s")
              for (b, c, r), _ in table]
    ratios = [ratio for _, ratio in table]
    fig, ax = plt.subplots(figsize=(max(7, 1.1 * len(table) + 1.5), 4.5))
    colours = ["tab:green" if v <= 1.5 else "tab:red" for v in ratios]
    ax.bar(range(len(table)), ratios, color=colours)
    ax.axhline(1.0, color="black", linewidth=1)
    ax.axhline(1.5, color="grey", linestyle="--", linewidth=1, label="target 1.5")
    if max(ratios) > 10:  # keep the target readable beside large ratios
        ax.set_yscale("log")
        ax.set_ylim(top=max(ratios) * 1.8)
    else:
        ax.set_ylim(top=max(max(ratios), 1.5) * 1.15)
    ax.set_xticks(range(len(table)))
    ax.set_xticklabels(labels, fontsize=8)
    ax.set_ylabel("time zplc / NPB (median; lower is better)")
    ax.set_title("NAS benchmarks: zplc against NPB 3.4 MPI")
    for i, v in enumerate(ratios):
        ax.text(i, v, "%.2f" % v, ha="center", va="bottom", fontsize=8)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.text(0.01, 0.01, command, fontsize=7, color="dimgrey")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(path, dpi=100)


def replot(opts, argv):
    with open(os.path.join(opts.out, "nas.csv")) as f:
        rows = [dict(r, ranks=int(r["ranks"]), seconds=float(r["seconds"]),
                     peak_kb=int(r["peak_kb"])) for r in csv.DictReader(f)]
    lines, table = summarize(rows)
    print("\n".join(lines))
    command = "bench/nas.sh " + " ".join(argv)
    summary = os.path.join(opts.out, "summary.txt")
    if os.path.exists(summary):  # the command that measured them
        with open(summary) as f:
            command = f.readline().split(" (load average")[0]
    plot(table, os.path.join(opts.out, "nas.png"), command)


def main(argv):
    opts = parse_args(argv)
    if opts.replot:
        replot(opts, argv)
        return
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    os.makedirs(opts.out, exist_ok=True)
    before = load_average()
    with tempfile.TemporaryDirectory() as work:
        tree = build_npb(opts, work)
        rows = measure(opts, work, tree)
    after = load_average()
    with open(os.path.join(opts.out, "nas.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["bench", "class", "ranks", "impl", "run",
                                          "seconds", "peak_kb"])
        w.writeheader()
        w.writerows(rows)
    lines, table = summarize(rows)
    command = "bench/nas.sh " + " ".join(argv)
    lines = ["%s (load average %s before, %s after; medians of %d runs each, interleaved)" %
             (command, before, after, opts.runs)] + lines
    with open(os.path.join(opts.out, "summary.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    if table:
        plot(table, os.path.join(opts.out, "nas.png"), command)


if __name__ == "__main__":
    main(sys.argv[1:])
