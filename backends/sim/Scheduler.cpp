//===- Scheduler.cpp - PEs, contexts, virtual clocks, mail -----------------===//
//
// The PEs are user-level contexts (ucontext) of the process's one thread,
// each with its own stack. A PE runs until it must wait, finishes, or
// yields; the next PE is the ready one with the smallest virtual time
// (ties: the smaller id). Switching saves the running PE's copy of the
// program's thread-local block (its globals and the runtime's state) and
// installs the next PE's. The host scheduler is never involved, so a
// switch costs a few hundred nanoseconds on any host load.
//===----------------------------------------------------------------------===//

#include "backends/sim/Sim.h"

#include <link.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__)
#define ZSIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ZSIM_ASAN 1
#endif
#endif
#ifdef ZSIM_ASAN
#include <sanitizer/lsan_interface.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace zsim {

Simulator *g_sim = nullptr;

namespace {
#ifdef ZSIM_ASAN
// AddressSanitizer clears the shadow of a context's stack when it switches
// to it; the one GCC 12 ships does so only for stacks up to 4 MB (newer
// ones for any size). A larger one keeps the redzones of the
// frames a finished run left there, and the next run's PE on the same
// addresses trips over them (a false stack-buffer-underflow).
constexpr size_t kStackBytes = size_t(4) << 20;
#else
constexpr size_t kStackBytes = size_t(8) << 20;
#endif
constexpr size_t kGuardBytes = size_t(64) << 10;

// LeakSanitizer scans the thread's stack, not the PEs' stacks: what only a
// waiting (or, at an exit, an abandoned) PE's frames point to would be
// reported as leaked. Their stacks are roots.
void registerStack(void *stack) {
#ifdef ZSIM_ASAN
  __lsan_register_root_region(stack, kStackBytes);
#else
  (void)stack;
#endif
}
void unregisterStack(void *stack) {
#ifdef ZSIM_ASAN
  __lsan_unregister_root_region(stack, kStackBytes);
#else
  (void)stack;
#endif
}

/// The calling thread's instance of the program's own thread-local block
/// (the executable's PT_TLS segment, module 1) and its size.
struct TlsFind {
  char *addr = nullptr;
  size_t size = 0;
};
int findTls(struct dl_phdr_info *info, size_t, void *data) {
  auto *out = static_cast<TlsFind *>(data);
  if (info->dlpi_tls_modid != 1 || !info->dlpi_tls_data)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i)
    if (info->dlpi_phdr[i].p_type == PT_TLS) {
      out->addr = static_cast<char *>(info->dlpi_tls_data);
      out->size = info->dlpi_phdr[i].p_memsz;
      return 1;
    }
  return 0;
}
} // namespace

std::string seconds(Time us) {
  char b[64];
  snprintf(b, sizeof b, "%.9f", us * 1e-6);
  return b;
}

Simulator::Simulator(std::unique_ptr<model::Machine> machine,
                     const model::SimFigures &figures, const model::SimBinding &binding,
                     const Options &options, std::string program)
    : machine_(std::move(machine)), figures_(figures), bindingFigures_(binding),
      options_(options), program_(std::move(program)),
      network_(figures.topology, *machine_, options.pes), rates_(*machine_) {
  network_.setHorizon([this] {
    Time t = 1e300;
    for (auto &p : pes_)
      if (p->state != Pe::State::Finished)
        t = std::min(t, p->now);
    return t;
  });
  for (int i = 0; i < options.pes; ++i) {
    auto p = std::make_unique<Pe>();
    p->id = i;
    pes_.push_back(std::move(p));
  }
  const std::string &b = bindingFigures_.name;
  if (b == "shmem")
    binding_ = makeShmem(*this, bindingFigures_);
  else if (b == "eregs")
    binding_ = makeERegs(*this, bindingFigures_);
  else if (b == "nx-csend" || b == "nx-isend")
    binding_ = makeNx(*this, bindingFigures_, b == "nx-csend");
  else
    binding_ = makeMpi(*this, bindingFigures_);
}

Simulator::~Simulator() {
  for (auto &p : pes_)
    if (p->stack) {
      unregisterStack(p->stack);
      munmap(p->stack, kStackBytes);
    }
}

Pe &Simulator::self() { return *current_; }

//===----------------------------------------------------------------------===//
// Contexts
//===----------------------------------------------------------------------===//

void Simulator::peEntry(int id) {
  Simulator &sim = *g_sim;
  (*sim.body_)(id);
  bool last = sim.finish();
  if (sim.exitAtEnd_) {
    // A program ends with its last PE (the others wait in finish()).
    fflush(stdout);
    exit(0);
  }
  if (last) { // tests: back to run()
    Pe &me = sim.self();
    memcpy(me.tls.data(), sim.tlsBlock_, sim.tlsSize_);
    swapcontext(&me.context, &sim.mainContext_);
  }
  abort(); // a finished PE is never resumed
}

void Simulator::run(const std::function<void(int)> &body, bool exitAtEnd) {
  body_ = &body;
  exitAtEnd_ = exitAtEnd;
  g_sim = this;
  TlsFind tls;
  dl_iterate_phdr(findTls, &tls);
  tlsBlock_ = tls.addr;
  tlsSize_ = tls.size;
  for (auto &p : pes_) {
    // every PE starts from the block's initial values
    p->tls.assign(tlsBlock_, tlsBlock_ + tlsSize_);
    void *mem = mmap(nullptr, kStackBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) {
      fprintf(stderr, "%s: error: cannot allocate the stack of simulated PE %d\n",
              program_.c_str(), p->id);
      exit(2);
    }
    mprotect(mem, kGuardBytes, PROT_NONE); // a stack overflow faults
    p->stack = mem;
    registerStack(mem);
    getcontext(&p->context);
    p->context.uc_stack.ss_sp = mem;
    p->context.uc_stack.ss_size = kStackBytes;
    p->context.uc_link = nullptr;
    makecontext(&p->context, reinterpret_cast<void (*)()>(peEntry), 1, p->id);
    makeReady(*p, 0);
  }
  auto first = ready_.begin();
  Pe &p0 = pe(first->second);
  ready_.erase(first);
  switchTo(p0);
  current_ = nullptr; // the last PE came back (tests)
}

void Simulator::switchTo(Pe &next) {
  Pe *from = current_;
  if (from == &next) {
    next.state = Pe::State::Running;
    return;
  }
  if (from)
    memcpy(from->tls.data(), tlsBlock_, tlsSize_);
  memcpy(tlsBlock_, next.tls.data(), tlsSize_);
  current_ = &next;
  next.state = Pe::State::Running;
  swapcontext(from ? &from->context : &mainContext_, &next.context);
  // resumed: whoever switched back has installed this PE's block
}

void *Simulator::addressOf(int pe, void *p) {
  char *c = static_cast<char *>(p);
  if (current_ && pe != current_->id && c >= tlsBlock_ && c < tlsBlock_ + tlsSize_)
    return pes_[size_t(pe)]->tls.data() + (c - tlsBlock_);
  return p;
}

//===----------------------------------------------------------------------===//
// Scheduling
//===----------------------------------------------------------------------===//

void Simulator::makeReady(Pe &p, Time at) {
  p.state = Pe::State::Ready;
  p.readyAt = at;
  ready_.insert({at, p.id});
}

void Simulator::switchAway() {
  if (ready_.empty())
    deadlock();
  auto first = ready_.begin();
  Pe &next = pe(first->second);
  ready_.erase(first);
  switchTo(next);
}

void Simulator::block() {
  Pe &me = self();
  me.state = Pe::State::Blocked;
  switchAway();
}

void Simulator::yieldIfBehind() {
  Pe &me = self();
  if (ready_.empty() || ready_.begin()->first + lookaheadUs >= me.now)
    return;
  makeReady(me, me.now);
  switchAway();
}

bool Simulator::finish() {
  Pe &me = self();
  if (me.state == Pe::State::Finished) // the program's finalize, then the context's end
    return finished_ == npes();
  me.state = Pe::State::Finished;
  ++finished_;
  ++events_;
  if (finished_ == npes())
    return true;
  switchAway(); // never comes back
  return false;
}

[[noreturn]] void Simulator::deadlock() {
  fflush(stdout);
  Time t = 0;
  for (auto &p : pes_)
    t = std::max(t, p->now);
  fprintf(stderr,
          "%s: error: deadlock: every simulated PE is waiting (virtual time %.3f us)\n",
          program_.c_str(), t);
  for (auto &p : pes_) {
    if (p->state == Pe::State::Finished)
      fprintf(stderr, "  PE %d: finished at %.3f us\n", p->id, p->now);
    else
      fprintf(stderr, "  PE %d: %s (waiting since %.3f us)\n", p->id,
              p->waitWhat.c_str(), p->waitSince);
  }
  fflush(stderr);
  exit(2);
}

//===----------------------------------------------------------------------===//
// Clocks
//===----------------------------------------------------------------------===//

void Simulator::busy(Time dt, Activity a, const char *name, Lazy args) {
  if (!(dt > 0))
    return;
  Pe &me = self();
  me.busy[int(a)] += dt;
  ++events_;
  if (!options_.tracePath.empty())
    me.trace.push_back({name, me.now, dt, Track::Cpu, args.str()});
  me.now += dt;
}

void Simulator::waitUntil(Time t, Lazy what) {
  Pe &me = self();
  if (!(t > me.now))
    return;
  me.busy[int(Activity::Wait)] += t - me.now;
  ++events_;
  if (!options_.tracePath.empty())
    me.trace.push_back({"wait", me.now, t - me.now, Track::Cpu,
                        "\"for\": \"" + what.str() + "\""});
  me.now = t;
}

void Simulator::traceTransfer(const char *name, Time start, Time end, Lazy args) {
  if (options_.tracePath.empty() || !(end > start))
    return;
  self().trace.push_back({name, start, end - start, Track::Network, args.str()});
}

uint64_t Simulator::flowFrom(Time ts, Track track) {
  if (options_.tracePath.empty())
    return 0;
  TraceEvent e{"message", ts, 0, track, ""};
  e.phase = 's';
  e.flow = ++flows_;
  self().trace.push_back(e);
  return e.flow;
}

void Simulator::flowTo(uint64_t id) {
  if (options_.tracePath.empty() || id == 0)
    return;
  TraceEvent e{"message", self().now, 0, Track::Cpu, ""};
  e.phase = 'f';
  e.flow = id;
  self().trace.push_back(e);
}

void Simulator::traceCall(const char *name, Time start, Lazy args) {
  if (options_.tracePath.empty())
    return;
  Pe &me = self();
  me.trace.push_back({name, start, me.now - start, Track::Cpu, args.str()});
}

Time Simulator::endTime() const {
  Time t = 0;
  for (auto &p : pes_)
    t = std::max(t, p->now);
  return t;
}

//===----------------------------------------------------------------------===//
// Mail
//===----------------------------------------------------------------------===//

void Simulator::post(int dst, const MailKey &key, Mail mail) {
  Pe &d = pe(dst);
  Time arrival = mail.arrival;
  d.mailbox[key].push_back(std::move(mail));
  ++events_;
  if (d.state == Pe::State::Blocked && d.waitKey == key)
    makeReady(d, std::max(d.now, arrival));
}

Mail Simulator::take(const MailKey &key, Lazy what) {
  Pe &me = self();
  std::deque<Mail> &q = me.mailbox[key]; // node-based: stays valid
  while (q.empty()) {
    me.waitKey = key;
    me.waitWhat = what.str();
    me.waitSince = me.now;
    block();
  }
  Mail m = std::move(q.front());
  q.pop_front();
  ++events_;
  return m;
}

bool Simulator::tryTake(const MailKey &key, Mail &mail) {
  auto it = self().mailbox.find(key);
  if (it == self().mailbox.end() || it->second.empty())
    return false;
  mail = std::move(it->second.front());
  it->second.pop_front();
  ++events_;
  return true;
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

void Simulator::collective(const char *what, void *contribution,
                           const std::function<Time(std::vector<void *> &)> &combine) {
  Pe &me = self();
  if (slot_.arrived == 0) {
    slot_.what = what;
    slot_.contributions.assign(size_t(npes()), nullptr);
    slot_.arrivals.assign(size_t(npes()), 0);
  } else if (strcmp(slot_.what, what) != 0) {
    fflush(stdout);
    fprintf(stderr, "%s: error: internal: PE %d calls %s while other PEs are in %s\n",
            program_.c_str(), me.id, what, slot_.what);
    exit(2);
  }
  slot_.contributions[size_t(me.id)] = contribution;
  slot_.arrivals[size_t(me.id)] = me.now;
  Time start = me.now;
  if (++slot_.arrived < npes()) {
    Mail m = take({MailKind::Release, -1, 0},
                  [&] { return std::string(what) + ": waiting for every PE to arrive"; });
    waitUntil(m.aux, [&] { return std::string(what) + ": the last PE arrives"; });
    busy(m.arrival - m.aux, Activity::Comm, what);
  } else {
    Time latest = *std::max_element(slot_.arrivals.begin(), slot_.arrivals.end());
    // a contribution in the thread-local block is in its PE's saved copy
    for (int q = 0; q < npes(); ++q)
      if (slot_.contributions[size_t(q)])
        slot_.contributions[size_t(q)] = addressOf(q, slot_.contributions[size_t(q)]);
    Time cost = combine(slot_.contributions);
    slot_.arrived = 0;
    for (int q = 0; q < npes(); ++q) {
      if (q == me.id)
        continue;
      Mail m;
      m.arrival = latest + cost;
      m.aux = latest;
      post(q, {MailKind::Release, -1, 0}, std::move(m));
    }
    waitUntil(latest, [&] { return std::string(what) + ": the last PE arrives"; });
    busy(cost, Activity::Comm, what);
  }
  traceCall(what, start, "");
}

} // namespace zsim
