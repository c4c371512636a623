/* RuntimeCallsCheck.c - RuntimeCalls.def agrees with the runtime headers.
 *
 * Redeclares every entry of the table the lowering calls through: a C
 * compiler rejects a redeclaration that does not match the one in
 * zplrt.h / ironman.h, so the build fails when the two drift apart. */
#include "ironman.h"
#include <string.h>

#define ZPL_RUNTIME_CALL(Id, name, result, params) result name params;
#include "passes/ZPLToLoops/RuntimeCalls.def"

#define ZPL_RUNTIME_CALL_TYPED(Id, name, result, params) result name##_i64 params;
#define T int64_t
#include "passes/ZPLToLoops/RuntimeCalls.def"
#undef T
#define ZPL_RUNTIME_CALL_TYPED(Id, name, result, params) result name##_f64 params;
#define T double
#include "passes/ZPLToLoops/RuntimeCalls.def"
#undef T
#define ZPL_RUNTIME_CALL_TYPED(Id, name, result, params) result name##_f32 params;
#define T float
#include "passes/ZPLToLoops/RuntimeCalls.def"
#undef T
#define ZPL_RUNTIME_CALL_TYPED(Id, name, result, params) result name##_i32 params;
#define T int32_t
#include "passes/ZPLToLoops/RuntimeCalls.def"
#undef T
#define ZPL_RUNTIME_CALL_TYPED(Id, name, result, params) result name##_bool params;
#define T bool
#include "passes/ZPLToLoops/RuntimeCalls.def"
#undef T
