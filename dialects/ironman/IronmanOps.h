//===- IronmanOps.h - ironman operations ------------------------*- C++ -*-===//
#ifndef IRONMAN_OPS_H
#define IRONMAN_OPS_H

#include "dialects/ironman/IronmanDialect.h"
#include "dialects/zpl/ZPLOps.h"

#define GET_OP_CLASSES
#include "dialects/ironman/IronmanOps.h.inc"

#endif // IRONMAN_OPS_H
