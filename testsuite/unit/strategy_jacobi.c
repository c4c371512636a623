/* jacobi under a chosen transfer strategy (see strategy_wrap.h). */
#include "strategy_wrap.h"

#include "jacobi_abi.c"
