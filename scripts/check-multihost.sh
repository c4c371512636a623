#!/usr/bin/env bash
# make check-multihost: compiled MPI programs across emulated hosts.
#   scripts/check-multihost.sh [BUILD_DIR]
# Four network namespaces ("hosts" h1..h4, each with its own hostname)
# are joined by a bridge; Open MPI starts its daemons through an rsh agent
# that enters a host's namespaces and is restricted to TCP over that
# subnet; mpirun itself runs on h1, through zplrun (the shipped launcher
# settings). Checks: examples on 2 and 4 hosts print their .expected; a
# killed rank ends the job with a message; a host whose link goes down
# (a silent partition) ends the job within 30 s with a message naming it;
# no process of the job is left on any host. Everything it creates
# (namespaces, bridge, processes, files) is removed on exit, also when
# interrupted. Needs root; otherwise it says so and succeeds.
set -uo pipefail

if [ "$(id -u)" != 0 ]; then
  echo "check-multihost: skipped (needs root to create network namespaces)"
  exit 0
fi
for tool in ip nsenter unshare mpirun; do
  if ! command -v "$tool" >/dev/null; then
    echo "check-multihost: skipped ('$tool' is not installed)"
    exit 0
  fi
done

# Open MPI refuses root without these (the hosts are this machine's root).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
build=$(cd "${1:-build}" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
zplc=$build/bin/zplc
zplrun=$build/bin/zplrun
nhosts=4
# Names and addresses carry this run's id, so concurrent runs do not meet.
id=$(($$ % 100000))
tag=zmh$id
subnet=10.$((200 + id % 50)).$((id % 250)).0/24
prefix=${subnet%.0/24}
work=$(mktemp -d /tmp/zplc-multihost.XXXXXX)
holders=()

cleanup() {
  trap - EXIT INT TERM HUP
  local h ns
  for h in $(seq 1 $nhosts); do
    ns=$tag-h$h
    # Every process in the host's network namespace: the holder, daemons, ranks.
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null
    ip netns del "$ns" 2>/dev/null
    # The kernel frees a deleted namespace (and its end of the link) only
    # when its last socket is gone: remove the link now.
    ip link del "${tag}v$h" 2>/dev/null
  done
  ip link del "${tag}br" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'echo "check-multihost: interrupted, cleaning up"; exit 130' INT TERM HUP

fail() {
  echo "FAIL: $*"
  status=1
}

# ---- the hosts -----------------------------------------------------------------
ip link add "${tag}br" type bridge || exit 1
ip link set "${tag}br" up
for h in $(seq 1 $nhosts); do
  ns=$tag-h$h
  ip netns add "$ns" || exit 1
  ip link add "${tag}v$h" type veth peer name "${tag}p$h" || exit 1
  ip link set "${tag}p$h" netns "$ns"
  ip link set "${tag}v$h" master "${tag}br" up
  ip -n "$ns" link set lo up
  ip -n "$ns" link set "${tag}p$h" name eth0
  ip -n "$ns" addr add "$prefix.$h/24" dev eth0
  ip -n "$ns" link set eth0 up
  # A process that holds the host's own UTS namespace (its hostname); the
  # rsh agent enters its namespaces.
  ip netns exec "$ns" unshare --uts sh -c "hostname $tag-h$h; exec sleep 100000" &
  holders[$h]=$!
  disown
  echo "${holders[$h]}" > "$work/$prefix.$h.pid"
done
for h in $(seq 1 $nhosts); do # the holders have set their hostnames
  for _ in $(seq 50); do
    [ "$(nsenter -t "${holders[$h]}" -u hostname 2>/dev/null)" = "$tag-h$h" ] && break
    sleep 0.1
  done
done

# The rsh agent: `agent [options] HOST COMMAND...` runs COMMAND on HOST.
cat > "$work/agent" <<EOF
#!/bin/sh
while [ \$# -gt 0 ] && [ "\${1#-}" != "\$1" ]; do shift; done
host=\$1; shift
pid=\$(cat "$work/\$host.pid" 2>/dev/null) || { echo "agent: unknown host \$host" >&2; exit 255; }
exec nsenter -t "\$pid" -n -u -- /bin/sh -c "\$*"
EOF
chmod +x "$work/agent"
for n in 2 4; do
  : > "$work/hosts$n"
  for h in $(seq 1 $n); do echo "$prefix.$h slots=1" >> "$work/hosts$n"; done
done

# mpirun on h1 (through zplrun), daemons through the agent, TCP only, on
# the hosts' subnet only. Each host sees every core: ranks yield when idle.
# Usage: mpirun_on_h1 SECONDS NPROCS PROGRAM ARGS... (killed after SECONDS).
mpirun_on_h1() {
  local limit=$1 n=$2
  shift 2
  timeout -s KILL "$limit" nsenter -t "${holders[1]}" -n -u -- "$zplrun" -np "$n" --hostfile "$work/hosts$n" \
    --mca plm_rsh_agent "$work/agent" --mca plm_rsh_no_tree_spawn 1 \
    --mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include "$subnet" \
    --mca oob_tcp_if_include "$subnet" --mca mpi_yield_when_idle 1 "$@"
}

# Processes of a run left on a host (other than its holder).
leftovers() {
  local h left=""
  for h in $(seq 1 $nhosts); do
    for pid in $(ip netns pids "$tag-h$h" 2>/dev/null); do
      [ "$pid" = "${holders[$h]}" ] || left+=" h$h:$(cat /proc/"$pid"/comm 2>/dev/null)"
    done
  done
  echo "$left"
}

# Waits up to $2 seconds for the process $1 to end; its status in $?.
wait_for() {
  local pid=$1 limit=$2
  for _ in $(seq $((limit * 10))); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    return 124
  fi
  wait "$pid"
}

status=0

# ---- examples on 2 and 4 hosts ----------------------------------------------------
examples="summa transpose life heat3d"
for ex in $examples; do
  "$zplc" "$root/examples/$ex.zpl" --backend=mpi -o "$work/$ex" || { fail "$ex does not compile"; continue; }
  for n in 2 4; do
    start=$SECONDS
    mpirun_on_h1 120 $n "$work/$ex" > "$work/$ex.$n.out" 2> "$work/$ex.$n.err"
    rc=$?
    if [ $rc != 0 ]; then
      fail "$ex on $n hosts: exit status $rc"
      grep -v setpgid "$work/$ex.$n.err" | head -20
    elif ! diff -u "$root/examples/$ex.expected" "$work/$ex.$n.out"; then
      fail "$ex on $n hosts: output differs from examples/$ex.expected (above)"
    else
      echo "ok: $ex on $n hosts prints examples/$ex.expected ($((SECONDS - start)) s)"
    fi
  done
done
left=$(leftovers)
[ -z "$left" ] || fail "processes left after the examples:$left"

# A long run: jacobi that would iterate for minutes.
"$zplc" "$root/examples/jacobi.zpl" --backend=mpi -o "$work/jacobi" || exit 1
long_run() {
  local n=$1 out=$2
  mpirun_on_h1 300 "$n" "$work/jacobi" --n=400 --maxit=100000000 > "$out" 2>&1 &
  long_pid=$!
  sleep 4 # started and computing
}

# ---- a killed rank ------------------------------------------------------------------
long_run 4 "$work/kill.out"
victim=""
for pid in $(ip netns pids "$tag-h3"); do
  [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = jacobi ] && victim=$pid
done
if [ -z "$victim" ]; then
  fail "kill a rank: no rank of jacobi runs on h3"
  cat "$work/kill.out"
else
  start=$SECONDS
  kill -9 "$victim"
  wait_for "$long_pid" 30
  rc=$?
  took=$((SECONDS - start))
  if [ $rc = 124 ]; then
    fail "kill a rank: the job still runs 30 s after rank on h3 was killed"
  elif [ $rc = 0 ]; then
    fail "kill a rank: mpirun exited with status 0"
  elif ! grep -q "signal 9" "$work/kill.out"; then
    fail "kill a rank: no message about the killed rank"
    cat "$work/kill.out"
  else
    echo "ok: a rank killed on h3 ends the job in ${took} s (status $rc): $(grep -m1 'signal 9' "$work/kill.out" | sed 's/^ *//')"
  fi
fi
sleep 1
left=$(leftovers)
[ -z "$left" ] || fail "kill a rank: processes left:$left"

# ---- a silent partition: h3's link goes down ---------------------------------------
long_run 4 "$work/partition.out"
start=$SECONDS
ip link set "${tag}v3" down
wait_for "$long_pid" 30
rc=$?
took=$((SECONDS - start))
if [ $rc = 124 ]; then
  fail "partition: the job still runs 30 s after h3's link went down"
elif [ $rc = 0 ]; then
  fail "partition: mpirun exited with status 0"
elif ! grep -q "lost communication" "$work/partition.out" ||
     ! grep -q "$prefix.3" "$work/partition.out"; then
  fail "partition: no message naming the lost host $prefix.3"
  grep -v setpgid "$work/partition.out" | head -20
else
  echo "ok: h3 partitioned ends the job in ${took} s (status $rc): $(grep -m1 'lost communication' "$work/partition.out" | sed 's/^ *//'); $(grep -m1 "Remote daemon" "$work/partition.out" | sed 's/^ *//')"
fi
# The cut-off host's daemon notices too (same keepalive) and ends its ranks.
for _ in $(seq 30); do
  [ -z "$(leftovers)" ] && break
  sleep 1
done
left=$(leftovers)
[ -z "$left" ] || fail "partition: processes left 30 s later:$left"

if [ $status = 0 ]; then
  echo "check-multihost: all passed ($examples on 2 and 4 hosts, killed rank, partition)"
else
  echo "check-multihost: FAILED"
fi
exit $status
