/* stencil3d under a chosen transfer strategy (see strategy_wrap.h). */
#include "strategy_wrap.h"

#include "stencil3d_abi.c"
