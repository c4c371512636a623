// Pack/unpack kernels: contiguous, strided and general box sections of
// row-major arrays of rank 1..3 and element sizes 1, 2, 4, 8.
#include <catch2/catch.hpp>

#include "zplrt_internal.h"

#include <cstring>
#include <vector>

namespace {

zrt_region box(int rank, std::vector<int64_t> lo, std::vector<int64_t> hi) {
  zrt_region r{};
  r.rank = rank;
  for (int k = 0; k < rank; ++k) {
    r.lo[k] = lo[k];
    r.hi[k] = hi[k];
  }
  return r;
}

// element value at a global index, distinct per index
// (never zero, so unpacked elements can be told from untouched ones)
template <typename T> T val(const int64_t i[3]) {
  int64_t raw = (i[0] + 50) * 10007 + (i[1] + 50) * 101 + (i[2] + 50);
  return (T)(1 + raw % (sizeof(T) < 4 ? 113 : 1000003));
}

template <typename T> void round_trip(const zrt_region &storage, const zrt_region &sec) {
  zrt_layout L = zrt_layout_make(&storage, sizeof(T));
  int64_t n = zrt_box_count(&storage);
  std::vector<T> a(n);
  int64_t idx[3];
  auto at = [&](const int64_t *g) {
    int64_t off = 0;
    for (int k = 0; k < L.rank; ++k)
      off += (g[k] - L.lo[k]) * L.stride[k];
    return off;
  };
  auto for_each = [&](const zrt_region &b, auto f) {
    int64_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (int k = 0; k < b.rank; ++k) {
      lo[k] = b.lo[k];
      hi[k] = b.hi[k];
    }
    for (idx[0] = lo[0]; idx[0] <= hi[0]; ++idx[0])
      for (idx[1] = lo[1]; idx[1] <= hi[1]; ++idx[1])
        for (idx[2] = lo[2]; idx[2] <= hi[2]; ++idx[2])
          f(idx);
  };
  for_each(storage, [&](const int64_t *g) { a[at(g)] = val<T>(g); });
  int64_t m = zrt_box_count(&sec);
  std::vector<T> buf(m + 1, (T)0);
  buf[m] = (T)77; // sentinel
  size_t bytes = zrt_pack(buf.data(), a.data(), &L, &sec);
  REQUIRE(bytes == (size_t)m * sizeof(T));
  REQUIRE(buf[m] == (T)77);
  int64_t e = 0;
  for_each(sec, [&](const int64_t *g) { REQUIRE(buf[e++] == val<T>(g)); });
  // unpack into a zeroed array: exactly the section comes back
  std::vector<T> b(n, (T)0);
  REQUIRE(zrt_unpack(b.data(), &L, &sec, buf.data()) == bytes);
  int64_t nonzero = 0;
  for (int64_t x = 0; x < n; ++x)
    nonzero += b[x] != (T)0;
  REQUIRE(nonzero == m);
  for_each(sec, [&](const int64_t *g) { REQUIRE(b[at(g)] == val<T>(g)); });
  // in-place pointer + contiguity agree with a dense copy
  if (zrt_box_contiguous(&L, &sec))
    REQUIRE(std::memcmp(zrt_box_ptr(a.data(), &L, &sec), buf.data(), bytes) == 0);
}

template <typename T> void all_sections() {
  zrt_region s2 = box(2, {-1, 3}, {8, 21}); // 10 x 19
  round_trip<T>(s2, s2);                               // whole storage
  round_trip<T>(s2, box(2, {2, 3}, {2, 21}));          // one full row
  round_trip<T>(s2, box(2, {2, 3}, {5, 21}));          // full rows
  round_trip<T>(s2, box(2, {0, 3}, {7, 3}));           // a column (stride)
  round_trip<T>(s2, box(2, {0, 20}, {7, 21}));         // two columns
  round_trip<T>(s2, box(2, {1, 5}, {6, 18}));          // interior box
  round_trip<T>(s2, box(2, {4, 7}, {4, 7}));           // one element
  zrt_region s3 = box(3, {0, -2, 1}, {4, 5, 9});       // 5 x 8 x 9
  round_trip<T>(s3, s3);
  round_trip<T>(s3, box(3, {2, -2, 1}, {2, 5, 9}));    // a plane (contiguous)
  round_trip<T>(s3, box(3, {0, 1, 1}, {4, 1, 9}));     // rows across planes
  round_trip<T>(s3, box(3, {0, -2, 4}, {4, 5, 4}));    // a pencil along dims 0,1
  round_trip<T>(s3, box(3, {1, 0, 2}, {3, 4, 7}));     // interior box
  round_trip<T>(s3, box(3, {1, -2, 1}, {3, 5, 9}));    // full planes
  zrt_region s1 = box(1, {-3}, {40});
  round_trip<T>(s1, s1);
  round_trip<T>(s1, box(1, {5}, {30}));
}

} // namespace

TEST_CASE("pack/unpack round trips, 8-byte elements", "[pack]") { all_sections<double>(); }
TEST_CASE("pack/unpack round trips, 4-byte elements", "[pack]") { all_sections<float>(); }
TEST_CASE("pack/unpack round trips, 2-byte elements", "[pack]") { all_sections<int16_t>(); }
TEST_CASE("pack/unpack round trips, 1-byte elements", "[pack]") { all_sections<uint8_t>(); }
TEST_CASE("pack/unpack round trips, int64 elements", "[pack]") { all_sections<int64_t>(); }

TEST_CASE("contiguity of box sections", "[pack]") {
  zrt_region s2 = box(2, {0, 0}, {9, 9});
  zrt_layout L = zrt_layout_make(&s2, 8);
  CHECK(L.stride[0] == 10);
  CHECK(L.stride[1] == 1);
  CHECK(zrt_box_contiguous(&L, &s2));
  CHECK(zrt_box_contiguous(&L, &(const zrt_region &)box(2, {3, 0}, {5, 9})));
  CHECK(zrt_box_contiguous(&L, &(const zrt_region &)box(2, {3, 2}, {3, 7})));
  CHECK_FALSE(zrt_box_contiguous(&L, &(const zrt_region &)box(2, {3, 2}, {4, 7})));
  CHECK_FALSE(zrt_box_contiguous(&L, &(const zrt_region &)box(2, {0, 0}, {9, 0})));
  zrt_region s3 = box(3, {0, 0, 0}, {3, 4, 5});
  zrt_layout L3 = zrt_layout_make(&s3, 4);
  CHECK(L3.stride[0] == 30);
  CHECK(L3.stride[1] == 6);
  CHECK(zrt_box_contiguous(&L3, &(const zrt_region &)box(3, {1, 0, 0}, {2, 4, 5})));
  CHECK(zrt_box_contiguous(&L3, &(const zrt_region &)box(3, {1, 1, 0}, {1, 3, 5})));
  CHECK_FALSE(zrt_box_contiguous(&L3, &(const zrt_region &)box(3, {1, 1, 0}, {2, 3, 5})));
  CHECK_FALSE(zrt_box_contiguous(&L3, &(const zrt_region &)box(3, {0, 0, 1}, {0, 4, 1})));
}

TEST_CASE("transfer messages to the PE itself are local copies", "[pack]") {
  // a wrap-around style copy inside one array: column 1 -> column 9 (strided)
  // and row 1 -> row 9 (contiguous)
  zrt_region st = box(2, {0, 0}, {10, 10});
  zrt_array arr{};
  arr.rank = 2;
  arr.esz = sizeof(double);
  arr.storage = st;
  arr.layout = zrt_layout_make(&st, sizeof(double));
  std::vector<double> mem(121);
  for (int i = 0; i < 121; ++i)
    mem[i] = i;
  arr.base = mem.data();
  im_transfer t{};
  t.a = &arr;
  zrt_msg sends[2]{}, recvs[2]{};
  t.send = sends;
  t.recv = recvs;
  std::vector<std::vector<char>> bufs;
  auto msg = [&](zrt_msg &m, const zrt_region &b, int tag) {
    m.peer = zrt_g.me;
    m.tag = tag;
    m.box = b;
    m.bytes = (size_t)zrt_box_count(&b) * sizeof(double);
    m.contiguous = zrt_box_contiguous(&arr.layout, &b);
    m.ptr = zrt_box_ptr(arr.base, &arr.layout, &b);
    bufs.emplace_back(m.bytes);
    m.buf = m.contiguous ? nullptr : bufs.back().data();
  };
  msg(t.send[0], box(2, {1, 1}, {8, 1}), 5);
  msg(t.recv[0], box(2, {1, 9}, {8, 9}), 5);
  msg(t.send[1], box(2, {1, 0}, {1, 8}), 6);
  msg(t.recv[1], box(2, {9, 0}, {9, 8}), 6);
  CHECK_FALSE(t.send[0].contiguous);
  CHECK(t.send[1].contiguous);
  t.nsend = t.nrecv = 2;
  CHECK(zrt_transfer_local_copies(&t) == 2);
  for (int i = 1; i <= 8; ++i)
    CHECK(mem[i * 11 + 9] == (double)(i * 11 + 1));
  for (int j = 0; j <= 8; ++j)
    CHECK(mem[9 * 11 + j] == (double)(11 + j));
  CHECK(mem[9 * 11 + 10] == 9.0 * 11 + 10); // untouched
}

TEST_CASE("messages pack and unpack indexed sections of their own array", "[pack]") {
  // Remap messages: an element list (zrt_msg.idx) in message order, in the
  // array m.arr (not the transfer's a); sends pack it, receives unpack it.
  std::vector<int64_t> src(10), dst(10, -1);
  for (int i = 0; i < 10; ++i)
    src[i] = 100 + i;
  zrt_array a{}, b{};
  a.esz = b.esz = sizeof(int64_t);
  a.base = src.data();
  b.base = dst.data();
  im_transfer t{};
  t.a = &b; // the messages name their arrays: t.a is not used
  const int64_t from[4] = {7, 0, 7, 3}; // a source element may repeat
  const int64_t to[4] = {1, 8, 2, 5};
  zrt_msg send{}, recv{};
  send.arr = &a;
  send.idx = from;
  send.nidx = 4;
  send.bytes = 4 * sizeof(int64_t);
  recv = send;
  recv.arr = &b;
  recv.idx = to;
  std::vector<int64_t> buf(4);
  zrt_msg_pack(buf.data(), &send, t.a);
  CHECK(buf == std::vector<int64_t>{107, 100, 107, 103});
  zrt_msg_unpack(&recv, t.a, buf.data());
  CHECK(dst == std::vector<int64_t>{-1, 107, 107, -1, -1, 103, -1, -1, 100, -1});
}

TEST_CASE("messages pack strided views in their traversal order", "[pack]") {
  // A transpose message: the column of a 3 x 4 row-major block, as a view
  // whose layout walks elements 1, 5, 9 (stride 4) and then the next
  // column; packing follows the view's row-major order.
  std::vector<double> mem(12);
  for (int i = 0; i < 12; ++i)
    mem[i] = i;
  zrt_array view{};
  view.esz = sizeof(double);
  view.rank = 2;
  view.base = mem.data() + 1;
  view.layout.rank = 2;
  view.layout.esz = sizeof(double);
  view.layout.ext[0] = 2, view.layout.stride[0] = 1; // columns 1 and 2
  view.layout.ext[1] = 3, view.layout.stride[1] = 4; // rows 0..2
  view.layout.ext[2] = 1, view.layout.stride[2] = 1;
  zrt_msg m{};
  m.arr = &view;
  m.box = box(2, {0, 0}, {1, 2});
  m.bytes = 6 * sizeof(double);
  m.ptr = view.base; // a view's section starts at its base
  std::vector<double> buf(6);
  zrt_msg_pack(buf.data(), &m, &view);
  CHECK(buf == std::vector<double>{1, 5, 9, 2, 6, 10});
  std::vector<double> back{-1, -2, -3, -4, -5, -6};
  zrt_msg_unpack(&m, &view, back.data());
  CHECK(mem == std::vector<double>{0, -1, -4, 3, 4, -2, -5, 7, 8, -3, -6, 11});
}

TEST_CASE("boxes with steps pack their lattice points only", "[pack]") {
  // a 6x10 array; the box rows 1..5 by 2, columns 2..8 by 3: rows 1, 3, 5
  // and columns 2, 5, 8
  zrt_region storage = box(2, {0, 0}, {5, 9});
  zrt_layout L = zrt_layout_make(&storage, 8);
  std::vector<int64_t> a(60);
  for (int64_t i = 0; i < 60; ++i)
    a[i] = 100 + i;
  zrt_region sec = box(2, {1, 2}, {5, 8});
  sec.step[0] = 2;
  sec.step[1] = 3;
  CHECK(zrt_box_points(&sec) == 9);
  CHECK(zrt_box_count(&sec) == 35); // the dense count is unchanged
  CHECK_FALSE(zrt_box_contiguous(&L, &sec));
  zrt_layout Ls;
  zrt_region shape = zrt_lattice_shape(&L, &sec, &Ls);
  CHECK(Ls.stride[0] == 20);
  CHECK(Ls.stride[1] == 3);
  CHECK(shape.hi[0] - shape.lo[0] == 2);
  CHECK(shape.hi[1] - shape.lo[1] == 2);
  std::vector<int64_t> buf(10, 0);
  const int64_t *first = &a[1 * 10 + 2];
  REQUIRE(zrt_pack(buf.data(), first, &Ls, &shape) == 9 * 8);
  std::vector<int64_t> want;
  for (int64_t i : {1, 3, 5})
    for (int64_t j : {2, 5, 8})
      want.push_back(100 + i * 10 + j);
  want.push_back(0);
  CHECK(buf == want);
  // one point along a stepped dimension is a plain row again
  zrt_region row = box(2, {3, 0}, {3, 9});
  row.step[0] = 2;
  CHECK(zrt_box_contiguous(&L, &row));
}
