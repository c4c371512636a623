/* main.c — the program's main: the back end launches the PEs (or this
 * process is the one PE) and each runs zrt_pe_main. Kept alone in its
 * object file so that programs with their own main (the unit tests) can
 * link the library without it. */
#include "zplrt_internal.h"

int main(int argc, char **argv) {
  const zrt_backend *be = zrt_backend_get();
  if (be->launch)
    be->launch(argc, argv, zrt_pe_main); /* does not return */
  else
    zrt_pe_main(argc, argv);
  return 0;
}
