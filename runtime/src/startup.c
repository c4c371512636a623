/* startup.c — start-up and shut-down of a program: the back end, the
 * program's name and arguments, the runtime options, the statistics. */
#include "zplrt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void start_up(int argc, char **argv) {
  zrt_g.be = zrt_backend_get();
  zrt_g.be->init(&argc, &argv);
  zrt_g.me = zrt_g.be->pe_id();
  zrt_g.npes = zrt_g.be->pe_count();
  zrt_install_stack_guard(); /* after the back end's own signal handlers */
  const char *prog = argc > 0 && argv[0] ? argv[0] : "zpl";
  const char *slash = strrchr(prog, '/');
  zrt_g.prog = slash ? slash + 1 : prog;
  zrt_g.argc = argc;
  zrt_g.argv = argv;
  zrt_g.arg_used = calloc((size_t)(argc > 0 ? argc : 1), sizeof(bool));
  if (!zrt_g.arg_used) {
    fprintf(stderr, "%s: error: out of memory\n", zrt_g.prog);
    zrt_g.be->abort(2);
  }
  zrt_parse_runtime_options();
}

static void shut_down(double seconds) {
  fflush(stdout);
  if (zrt_g.stats)
    zrt_stats_report(seconds);
  fflush(stdout);
  fflush(stderr);
  zrt_g.be->finalize();
}

void zrt_pe_main(int argc, char **argv) {
  start_up(argc, argv);
  zrt_g.start_seconds = zrt_g.be->clock();
  zpl_main();
  double seconds = zrt_g.be->clock() - zrt_g.start_seconds;
  if (zrt_g.be->program_end)
    zrt_g.be->program_end();
  shut_down(seconds);
}

double zrt_timer(void) {
  double t = zrt_g.be->clock() - zrt_g.start_seconds;
  return t > 0 ? t : 0.0;
}
