/* Half of a two-file call cycle (with pong.c): the input on which
 * scripts/runtime-call-graph.py must report a cycle (ctest
 * runtime-call-graph-finds-cycles), so runtime-no-call-cycles can fail. */
int pong(int n);

int ping(int n) { return n <= 0 ? 0 : pong(n - 1) + 1; }
