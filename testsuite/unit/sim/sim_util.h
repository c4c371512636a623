// sim_util.h - building simulators and one-message transfers for the
// simulator's tests and its validation program.
#ifndef ZPL_TEST_SIM_UTIL_H
#define ZPL_TEST_SIM_UTIL_H

#include "backends/sim/Sim.h"
// The tests build transfers by hand: the runtime's structures, which the
// back end itself sees only through zplrt_comm.h.
#include "zplrt_backend.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace simtest {

namespace model = zpl::model;

/// A simulator of machines/<machine>.toml with `pes` PEs and `binding`
/// ("" = native); `tweak` may change the binding's figures. Tracing is on
/// (events are kept in memory; nothing is written). Fails loudly.
std::unique_ptr<zsim::Simulator>
makeSim(const std::string &machine, int pes, const std::string &binding = "",
        const std::function<void(model::SimBinding &)> &tweak = {});

/// One PE's side of a transfer of one message of `bytes` bytes between
/// PEs `sender` and `receiver` (its own message buffer, filled with a
/// pattern when sending), laid out with `pattern` on this side.
class OneMessage {
public:
  OneMessage(zsim::Simulator &sim, int me, int sender, int receiver, size_t bytes,
             const model::Pattern &pattern, bool chained, int tag = 1);
  zsim::Transfer &transfer() { return x; }
  const std::vector<char> &data() const { return buffer; }
  /// DR, SR, DN, SV in order, as a program would call them.
  void exchange();

private:
  zsim::Simulator &sim;
  im_transfer t{};
  zrt_msg msg{};
  std::vector<char> buffer;
  zsim::Transfer x;
};

/// The model's throughput (MB/s) of `q` ("1Q64") under `strategy` on
/// `machine`, as `zplc model` prints it.
double modelMBps(const std::string &machine, const std::string &q, bool chained);

/// Simulated throughput of one transfer of `bytes` from PE 0 to PE 1 on
/// `machine` with its native binding: bytes / (the receiver's DN end).
double simulatedMBps(const std::string &machine, const std::string &q, bool chained,
                     size_t bytes);

/// T3E: MB/s of one chained contiguous transfer of `bytes` between PEs
/// `hops` apart, with `registers` E-registers in flight (the Get stream
/// itself: from its start-up to its last word).
double eregGetMBps(int registers, int hops, size_t bytes);

/// T3E: the time (us) of a get of `bytes` between neighbours that reads
/// the source every `stride` words and writes contiguously, from the start
/// of its start-up to its last word.
double eregGetUs(size_t bytes, int stride = 1);

} // namespace simtest

#endif
