//===- SimFigures.h - the simulator's part of a machine description -*- C++ -*-===//
//
// The simulated back end (backends/sim, docs/simulator.md) charges time
// from the same machine description as the cost model: the transfer
// figures and composition expressions of Model.h, plus four tables that
// only the simulator reads:
//
//   [topology]   kind ("torus3d" | "mesh2d"), pes_per_node, hop_us
//   [compute]    per-element costs of array statements (op_us, ...)
//   [collective] barrier_us (0: no hardware barrier)
//   [ironman]    classify_us, layer_{send,recv,both,neither}_us: what every
//                IRONMAN call costs
//                whatever the binding
//   [binding]    native = "NAME", and one sub-table per binding
//                ([binding.shmem], [binding.eregs], [binding.nx] for
//                nx-csend and nx-isend, [binding.mpi])
//
// This reader checks that every key the simulator needs is there and that
// no unknown key is (typos do not vanish), and parses the binding's
// composition expressions. Like Model.h, nothing throws across it.
//===----------------------------------------------------------------------===//

#ifndef ZPL_BACKENDS_SIM_SIMFIGURES_H
#define ZPL_BACKENDS_SIM_SIMFIGURES_H

#include "model/Model.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace zpl {
namespace model {

struct SimTopology {
  enum Kind { Torus3D, Mesh2D };
  Kind kind = Torus3D;
  int pesPerNode = 1;
  double hopUs = 0; // added per hop beyond the first to [message] latency_us
};

/// Costs of array statements, per element of the PE's part of the region
/// (microseconds), and per statement execution.
struct SimCompute {
  double opUs = 0;            // arithmetic, comparison, logic, conversion
  double divUs = 0;           // division and remainder
  double callUs = 0;          // a math library call (sqrt, exp, pow, ...)
  double loadUs = 0;          // first read of an array, unit stride
  double loadStridedUs = 0;   // first read of an array, region with a `by` step
  double cachedUs = 0;        // a further read of an array (neighbouring
                              // element, in the cache), or a flood read
  double storeUs = 0;         // store, unit stride
  double storeStridedUs = 0;  // store, region with a `by` step
  double statementUs = 0;     // loop set-up per statement execution
};

/// One binding's figures: its numbers and its composition expressions by
/// key (the key names are documented in docs/simulator.md and in the
/// machine files).
struct SimBinding {
  std::string name;  // shmem, eregs, nx-csend, nx-isend, mpi
  std::string table; // binding.shmem, binding.nx, ...
  std::map<std::string, double> figures;
  std::map<std::string, std::shared_ptr<Expr>> exprs;
  double figure(const std::string &key) const;
  const Expr &expr(const std::string &key) const;
};

/// The code of the IRONMAN calls that every binding runs (microseconds per
/// transfer and PE, a quarter in each of DR, SR, DN, SV): classifying the
/// PE as a sender, receiver, both or neither, and the layer's own calls,
/// whose cost depends on that role (IRONMAN Fig. 5 measured each).
struct SimIronman {
  double classifyUs = 0;
  double layerSendUs = 0, layerRecvUs = 0, layerBothUs = 0, layerNeitherUs = 0;
  double layerUs(bool sends, bool receives) const {
    return sends ? (receives ? layerBothUs : layerSendUs) : (receives ? layerRecvUs : layerNeitherUs);
  }
  double perCallUs(bool sends, bool receives) const {
    return (classifyUs + layerUs(sends, receives)) / 4;
  }
};

struct SimFigures {
  SimTopology topology;
  SimCompute compute;
  double barrierUs = 0;
  SimIronman ironman;
  std::string nativeBinding;
  std::vector<std::string> bindings; // the bindings this machine describes
};

/// Reads the simulator's tables of `m`. Returns false with one line in
/// `error` (naming the file and the key) when a table or key is missing or
/// unknown, or the machine describes no binding.
bool readSimFigures(const Machine &m, SimFigures &out, std::string &error);

/// Reads the figures of binding `name` ("" = the machine's native one).
/// Returns false when the machine does not describe that binding (the
/// message lists the ones it does) or a figure is missing or malformed.
bool readSimBinding(const Machine &m, const std::string &name, SimBinding &out,
                    std::string &error);

/// Every binding the simulator implements, whatever the machine.
const std::vector<std::string> &allSimBindings();

} // namespace model
} // namespace zpl

#endif // ZPL_BACKENDS_SIM_SIMFIGURES_H
