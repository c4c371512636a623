//===- Report.cpp - stats.sim.* lines and the Chrome trace -----------------===//

#include "backends/sim/Sim.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace zsim {

namespace {
std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (static_cast<unsigned char>(c) < 0x20)
      continue;
    out += c;
  }
  return out + "\"";
}

/// The --set settings of the run, separated by spaces ("" without any).
std::string joined(const std::vector<std::string> &settings) {
  std::string out;
  for (const std::string &s : settings)
    out += (out.empty() ? "" : " ") + s;
  return out;
}
} // namespace

void Simulator::report() {
  bool normal = std::all_of(pes_.begin(), pes_.end(), [](auto &p) { return p->normalEnd; });
  if (options_.stats && normal) {
    Time total[3] = {0, 0, 0}, layer = 0;
    for (auto &p : pes_) {
      for (int a = 0; a < 3; ++a)
        total[a] += p->busy[a];
      layer += p->ironmanLayer;
    }
    printf("stats.sim.machine %s\n", machine_->name().c_str());
    printf("stats.sim.binding %s\n", bindingFigures_.name.c_str());
    for (const std::string &setting : options_.settings)
      printf("stats.sim.set %s\n", setting.c_str());
    printf("stats.sim.time %s\n", seconds(endTime()).c_str());
    printf("stats.sim.compute %s\n", seconds(total[int(Activity::Compute)]).c_str());
    printf("stats.sim.comm %s\n", seconds(total[int(Activity::Comm)]).c_str());
    printf("stats.sim.wait %s\n", seconds(total[int(Activity::Wait)]).c_str());
    printf("stats.sim.ironman_layer %s\n", seconds(layer).c_str());
    printf("stats.sim.events %llu\n", static_cast<unsigned long long>(events_));
    for (auto &p : pes_) {
      printf("stats.sim.pe.%d.time %s\n", p->id, seconds(p->now).c_str());
      printf("stats.sim.pe.%d.compute %s\n", p->id,
             seconds(p->busy[int(Activity::Compute)]).c_str());
      printf("stats.sim.pe.%d.comm %s\n", p->id, seconds(p->busy[int(Activity::Comm)]).c_str());
      printf("stats.sim.pe.%d.wait %s\n", p->id, seconds(p->busy[int(Activity::Wait)]).c_str());
    }
    printf("stats.sim.model.congestion %d\n", choiceMachine().congestion());
    printStrategies();
    fflush(stdout);
  }
  if (!options_.tracePath.empty())
    writeTrace(options_.tracePath);
}

// Chrome trace-event format (JSON object form): each PE is a process with
// two threads, its processor and its network interface; complete events
// ("ph": "X") in microseconds of virtual time, and for each message a flow
// (an arrow, "ph": "s" on the sender's transfer, "ph": "f" with "bp": "e"
// in the receiver's call that waited for it, one "id" per message).
void Simulator::writeTrace(const std::string &path) {
  FILE *f = fopen(path.c_str(), "w");
  if (!f) {
    fprintf(stderr, "%s: error: cannot write the trace file '%s'\n", program_.c_str(),
            path.c_str());
    exit(2);
  }
  fprintf(f,
          "{\"displayTimeUnit\": \"ns\",\n \"otherData\": {\"machine\": %s, \"binding\": %s, "
          "\"network\": %s, \"set\": %s},\n \"traceEvents\": [\n",
          jsonString(machine_->name()).c_str(), jsonString(bindingFigures_.name).c_str(),
          jsonString(network_.describe()).c_str(), jsonString(joined(options_.settings)).c_str());
  bool first = true;
  auto sep = [&]() {
    fputs(first ? "  " : ",\n  ", f);
    first = false;
  };
  for (auto &p : pes_) {
    sep();
    fprintf(f, "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": %d, \"args\": {\"name\": \"PE %d\"}}",
            p->id, p->id);
    for (int tid = 0; tid < 2; ++tid) {
      sep();
      fprintf(f,
              "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": %d, \"tid\": %d, "
              "\"args\": {\"name\": \"%s\"}}",
              p->id, tid, tid == 0 ? "processor" : "network");
    }
    std::vector<TraceEvent> events = p->trace;
    // enclosing spans (longer) first when they start together
    std::stable_sort(events.begin(), events.end(), [](const TraceEvent &a, const TraceEvent &b) {
      return a.start < b.start || (a.start == b.start && a.dur > b.dur);
    });
    for (const TraceEvent &e : events) {
      sep();
      if (e.phase != 'X') { // a flow: bound to the span around ts on its track
        fprintf(f,
                "{\"name\": \"message\", \"cat\": \"message\", \"ph\": \"%c\", "
                "\"id\": %llu, \"pid\": %d, \"tid\": %d, \"ts\": %.6f%s}",
                e.phase, (unsigned long long)e.flow, p->id, int(e.track), e.start,
                e.phase == 'f' ? ", \"bp\": \"e\"" : "");
        continue;
      }
      fprintf(f,
              "{\"name\": %s, \"ph\": \"X\", \"pid\": %d, \"tid\": %d, \"ts\": %.6f, "
              "\"dur\": %.6f, \"args\": {%s}}",
              jsonString(e.name).c_str(), p->id, int(e.track), e.start, e.dur,
              e.args.c_str());
    }
  }
  fputs("\n]}\n", f);
  if (fclose(f) != 0) {
    fprintf(stderr, "%s: error: cannot write the trace file '%s'\n", program_.c_str(),
            path.c_str());
    exit(2);
  }
}

void Simulator::printStrategies() const {
  for (const auto &[id, note] : strategies_) {
    long long n = static_cast<long long>(id);
    printf("stats.sim.transfer.%lld.array %s\n", n, note.array.c_str());
    printf("stats.sim.transfer.%lld.runs %s\n", n, note.chained ? "chained" : "packed");
    printf("stats.sim.transfer.%lld.model %s\n", n, model::strategyName(note.modelChoice));
    printf("stats.sim.transfer.%lld.bytes %zu\n", n, note.bytes);
  }
}

namespace {
/// The largest message a PE sends: its access pattern on the sender's side
/// stands for both sides (a halo's or a boundary's two sides lie alike in
/// the same array). Null when the PE sends nothing.
const Msg *largestSend(const Transfer &t) {
  const Msg *largest = nullptr;
  for (const Msg &m : t.sends)
    if (!largest || m.bytes > largest->bytes)
      largest = &m;
  return largest;
}

/// The part of one message's time `totalUs` during which the processor is
/// busy: start-up, packing, the stream when the processor sends it itself
/// (S rather than an engine's F) and unpacking. The rest runs on an engine
/// or the network while the processor computes.
double processorUs(const Phases &ph, double startupUs, double totalUs, size_t bytes) {
  auto stage = [&](double mbps) { return mbps > 0 ? double(bytes) / mbps : 0.0; };
  double busy = startupUs + stage(ph.packMBps) + stage(ph.unpackMBps);
  if (ph.sendByCpu)
    busy += stage(ph.sendMBps);
  return std::min(busy, totalUs);
}

/// The cost model's choice for a transfer whose PE sends `count` messages
/// like `m`: the strategy that delays the program least. Each message's
/// time splits into the processor's part and an engine's (DMA, network);
/// the engine streams one message while the processor prepares the next,
/// and the engine's part can hide behind `overlapUs` of computation, the
/// processor's cannot: count messages cost max(count x processor part,
/// pipeline - overlap), the pipeline taking count x the larger part plus
/// the smaller once. With one message and no overlap that is the message's
/// time, the copy-transfer model's own choice. False when the model has no
/// estimate for the pattern.
bool modelChoiceFor(Simulator &sim, const Msg &m, size_t count, Time overlapUs,
                    model::Strategy &choice) {
  model::Answer answer;
  std::string err;
  if (!model::estimate(sim.choiceMachine(), {m.pattern, m.pattern}, m.bytes, answer, err))
    return false;
  double k = double(count);
  auto delay = [&](bool chained, double startupUs, double totalUs) {
    double busy = processorUs(messagePhases(sim, chained, m, m), startupUs, totalUs, m.bytes);
    double engine = totalUs - busy;
    double pipeline = k * std::max(busy, engine) + std::min(busy, engine);
    return std::max(k * busy, pipeline - overlapUs);
  };
  double chained = delay(true, answer.chainedStartupUs, answer.chainedUs(m.bytes));
  double packed = delay(false, answer.packedStartupUs, answer.packedUs(m.bytes));
  choice = packed < chained ? model::Strategy::Packed : model::Strategy::Chained;
  return true;
}
} // namespace

void Simulator::chooseStrategy(Transfer &t) {
  switch (options_.strategy) {
  case StrategyOverride::Chained:
    zrt_xfer_set_chained(t.t, true);
    break;
  case StrategyOverride::Packed:
    zrt_xfer_set_chained(t.t, false);
    break;
  case StrategyOverride::AsCompiled:
  case StrategyOverride::Model:
    break;
  }
  bool byModel = options_.strategy == StrategyOverride::Model;
  const Msg *largest = largestSend(t);
  if (!largest || (!byModel && !options_.stats))
    return; // nothing to choose, nothing to report
  model::Strategy choice;
  bool estimated = modelChoiceFor(*this, *largest, t.sends.size(), t.overlapUs, choice);
  if (estimated && byModel)
    zrt_xfer_set_chained(t.t, choice == model::Strategy::Chained);
  StrategyNote &note = strategies_[zrt_xfer_id(t.t)];
  if (!options_.stats || largest->bytes < note.bytes)
    return;
  note.chained = t.chained();
  if (!estimated)
    return;
  note.array = zrt_xfer_array_name(t.t);
  note.modelChoice = choice;
  note.bytes = largest->bytes;
}

} // namespace zsim
