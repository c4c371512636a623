/* boundary under a chosen transfer strategy (see strategy_wrap.h). */
#include "strategy_wrap.h"

#include "boundary_abi.c"
