#!/usr/bin/env python3
"""File-level call graph of a static library, from its symbol tables.

For every object file (member) of the archive, each undefined symbol that
another member defines is an edge "member -> definer" (a call, or a use of
the definer's data). The script prints the edges, then the members in
dependency order (each one uses only members printed before it), and fails
with the cycles when there is no such order.

    scripts/runtime-call-graph.py build/lib/libzplrt.a

Exit status: 0 when the graph has no cycle, 1 when it has one, 2 on bad use
(no such archive, or one with fewer than two object files: nothing to check).
"""
import os
import subprocess
import sys


def symbol_tables(archive):
    """{member: (defined symbols, undefined symbols)} from `nm -A`."""
    out = subprocess.run(["nm", "-A", archive], check=True, capture_output=True,
                         text=True).stdout
    tables = {}
    for line in out.splitlines():
        # "lib.a:member.o:0000000000000000 T name" or "lib.a:member.o:  U name"
        where, _, rest = line.rpartition(":")
        member = where.rpartition(":")[2]
        fields = rest.split()
        if len(fields) < 2:
            continue
        kind, name = fields[-2], fields[-1]
        defined, undefined = tables.setdefault(member, (set(), set()))
        if kind == "U":
            undefined.add(name)
        elif kind.isupper() or kind == "u":  # global (or unique global) definition
            defined.add(name)
    return tables


def file_graph(tables):
    definer = {}
    for member, (defined, _) in tables.items():
        for name in defined:
            definer[name] = member
    graph = {member: {} for member in tables}
    for member, (_, undefined) in tables.items():
        for name in undefined:
            target = definer.get(name)
            if target and target != member:
                graph[member].setdefault(target, []).append(name)
    return graph


def strongly_connected(graph):
    """Tarjan's algorithm, iterative; components in reverse topological order."""
    index, low, on_stack, stack, comps = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            advanced = False
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    comp.append(top)
                    if top == node:
                        break
                comps.append(sorted(comp))
    return comps


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    archive = argv[1]
    if not os.path.isfile(archive):
        print(f"runtime-call-graph.py: error: no archive '{archive}'", file=sys.stderr)
        return 2
    graph = file_graph(symbol_tables(archive))
    if len(graph) < 2:
        print(f"runtime-call-graph.py: error: '{archive}' holds {len(graph)} object "
              "file(s) with symbols: nothing to check", file=sys.stderr)
        return 2
    print(f"call graph of {archive} ({len(graph)} files):")
    for member in sorted(graph):
        uses = ", ".join(sorted(graph[member])) or "-"
        print(f"  {member} -> {uses}")
    comps = strongly_connected(graph)
    cycles = [c for c in comps if len(c) > 1]
    if cycles:
        print(f"{len(cycles)} call cycle(s) between files:")
        for comp in cycles:
            print("  cycle: " + " <-> ".join(comp))
            for a in comp:
                for b in comp:
                    if b in graph[a]:
                        print(f"    {a} -> {b}: {', '.join(sorted(graph[a][b]))}")
        return 1
    print("no call cycle; lowest layer first:")
    print("  " + " < ".join(c[0] for c in comps))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
