-- RUN: %zplc --emit=c %s > %t.c
-- RUN: FileCheck %s < %t.c
-- RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c
-- Grids, distributions, tiles and a redistribution through the whole
-- pipeline to C, which must compile with -Wall -Werror.

program distributions;
config var p : integer = 1;
config var k : integer = 2;
grid G = [p, 2];
distribution D : G = [cyclic, blockcyclic(k)];
direction east = [0, 1];
region R = [1..8, 1..8];
region S : D = [1..8, 1..8];
var A : [R] double;
var B : [S] double;

-- CHECK-LABEL: void zpl_main() {
-- CHECK:         int64_t [[G:v[0-9]+]] = zrt_grid_new("G", 2, {{v[0-9]+}}, {{v[0-9]+}}, 0);
-- CHECK:         zg_G = [[G]];
-- CHECK:         int64_t [[D:v[0-9]+]] = zrt_dist_new("D", {{v[0-9]+}}, 2, 1, 0, 2, {{v[0-9]+}}, 0, 0);
-- CHECK:         zg_D = [[D]];
-- CHECK:         zrt_dist_add(
-- CHECK:         zrt_region [[SB:v[0-9]+]] = zrt_region_dist({{v[0-9]+}}, {{v[0-9]+}});
-- CHECK:         zg_S = [[SB]];

-- [S] B := A@east: A is redistributed into a temporary aligned with B over
-- S widened by one column, whose halo is then exchanged; the statement
-- loops over B's tiles.
-- CHECK-LABEL: void zp_distributions() {
-- CHECK:         zrt_region [[W:v[0-9]+]] = zrt_region_make(2, {{.*}});
-- CHECK:         zrt_region [[WA:v[0-9]+]] = zrt_region_align([[W]], {{v[0-9]+}});
-- CHECK:         zrt_array* [[T:v[0-9]+]] = zrt_array_new("A_redist", [[WA]], 1, 0, 0, 0, 1, 0, 0);
-- CHECK:         im_redist({{v[0-9]+}}, 0, [[T]], {{v[0-9]+}}, [[W]]);
-- CHECK:         im_halo({{v[0-9]+}}, 1, [[T]], {{v[0-9]+}}, 0, 1, 0);
-- CHECK:         for (int64_t [[TI:i[0-9]+]] = {{v[0-9]+}}; [[TI]] < {{v[0-9]+}}; [[TI]] += {{v[0-9]+}}) {
-- At -O2 the statement's interior is computed while the halo travels:
-- its bounds are the tile's inner ones.
-- CHECK:           zrt_array_tile_offset([[T]], {{v[0-9]+}}, [[TI]]);
-- CHECK:           zrt_tile_inner_lo({{v[0-9]+}}, [[TI]], 0,
-- The temporary is a plain box: its innermost stride is 1.
-- CHECK-NOT:       zrt_array_stride([[T]], 1)
-- CHECK:           for (int64_t [[K:k[0-9]+]] =
-- CHECK:             int64_t [[E:v[0-9]+]] = [[K]] + {{v[0-9]+}};
-- CHECK:             = {{v[0-9]+}}[[[E]]];
-- CHECK:         zrt_array_free([[T]]);
procedure distributions();
begin
  [R] A := Index1 + Index2 / 10.0;
  [S] B := A@east;
  [S] writeln(B);
end;
