// RUN: %zpl-opt %s --zpl-c-declarations | FileCheck %s

// The runtime's headers first (string.h for memmove), a prototype of every
// function defined here but zpl_main (declared in zplrt.h) after the
// globals, and zpl_main, the program's entry, first of the functions.
// CHECK-LABEL: module
// CHECK-NEXT:    emitc.include "zplrt.h"
// CHECK-NEXT:    emitc.include "ironman.h"
// CHECK-NEXT:    emitc.include <"string.h">
// CHECK-NEXT:    emitc.global @zg_n : i64
// CHECK-NEXT:    emitc.declare_func @helper
// CHECK-NEXT:    emitc.func @zpl_main()
// CHECK:         emitc.func @helper
// CHECK:         emitc.func private @ext
module {
  emitc.global @zg_n : i64
  emitc.func @helper(%p: !emitc.ptr<i8>) {
    emitc.call_opaque "memmove"(%p, %p) {args = [0 : index, 1 : index, 8]} : (!emitc.ptr<i8>, !emitc.ptr<i8>) -> ()
    emitc.return
  }
  emitc.func private @ext(i64) attributes {specifiers = ["extern"]}
  emitc.func @zpl_main() {
    %p = "emitc.constant"() <{value = #emitc.opaque<"NULL">}> : () -> !emitc.ptr<i8>
    emitc.call @helper(%p) : (!emitc.ptr<i8>) -> ()
    emitc.return
  }
}
