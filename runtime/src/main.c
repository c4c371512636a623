/* main.c — the program's main: start the back end, run zpl_main, report.
 * Kept alone in its object file so that programs with their own main (the
 * unit tests) can link the library without it. */
#include "zplrt_internal.h"

int main(int argc, char **argv) {
  zrt_startup(argc, argv);
  double t0 = zrt_g.be->clock();
  zpl_main();
  double seconds = zrt_g.be->clock() - t0;
  zrt_shutdown_after_main(seconds);
  return 0;
}
