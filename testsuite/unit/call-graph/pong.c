/* The other half of the cycle of ping.c. */
int ping(int n);

int pong(int n) { return n <= 0 ? 0 : ping(n - 1) + 1; }
