"""Checks --set=SECTION.KEY=VALUE on a simulated program (set.test).

Usage: check-set.py PROGRAM PES
Runs PROGRAM on PES simulated PEs with the network latency at its own
value and raised by 5, 10 and 15 us, and with a figure that the native
binding does not read (the MPI library's per-send cost). The program's
output must not change; from 5 us up the simulated time must grow by the
same amount for each 5 us step (once the latency dominates, the longest
path is the same one and each message on it pays the latency once, so the
time is linear in it; at the machine's own 0.55 us another path can be the
longest; on one PE, which sends none, constant) and must stay exactly the
same for the figure that is not read; --stats names each setting.
"""
import subprocess
import sys

program, pes = sys.argv[1], sys.argv[2]


def run(*settings):
    out = subprocess.run([program, "--pes=" + pes, "--stats", *settings],
                         capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    output = [l for l in lines if not l.startswith("stats.")]
    time = float(next(l.split()[1] for l in lines if l.startswith("stats.sim.time ")))
    sets = [l.split()[1] for l in lines if l.startswith("stats.sim.set ")]
    return output, time, sets


base_out, base, base_sets = run()
assert base_sets == [], base_sets
times = []
for latency in ("5.55", "10.55", "15.55"):
    setting = "message.latency_us=" + latency
    out, t, sets = run("--set=" + setting)
    assert out == base_out, "the output changed with " + setting
    assert sets == [setting], sets
    times.append(t)
step1, step2 = times[1] - times[0], times[2] - times[1]
# One PE sends no message: the latency cannot change its time.
assert times[0] > base and step1 > 0 if pes != "1" else times[0] == base and step1 == 0, (base, times)
assert abs(step1 - step2) < 1e-9 * max(1.0, base), (step1, step2)
out, t, sets = run("--set=binding.mpi.library_send_us=50", "--set=compute.statement_us=0.5")
assert sets == ["binding.mpi.library_send_us=50", "compute.statement_us=0.5"], sets
out_unread, t_unread, _ = run("--set=binding.mpi.library_send_us=50")
assert t_unread == base, (t_unread, base)
assert t > base, (t, base)
print("set: ok, %.9f s + %.9f s per 5 us of latency" % (base, step1))
