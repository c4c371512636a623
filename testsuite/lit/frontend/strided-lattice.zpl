-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Same stride, other lattice: [2..16 by [2]] has none of [1..16 by [2]]'s
-- indices, so an array over one is not used over the other (issue 25,
-- item 1); a region translated by whole strides keeps the lattice (line 21).
-- CHECK: {{.*}}strided-lattice.zpl:19:13: error: array 'A' holds indices 1 + multiples of 2 in dimension 1 but is used over a region starting at 2, off that lattice
-- CHECK: {{.*}}strided-lattice.zpl:20:13: error: array 'B' holds indices 2 + multiples of 2 in dimension 1 but is used over a region starting at 1, off that lattice
-- CHECK: {{.*}}strided-lattice.zpl:22:8: error: array 'A' holds indices 1 + multiples of 2 in dimension 1 but is used over a region starting at 2, off that lattice
-- CHECK-NOT: error:
program base;
region R = [1..16];
region S1 = [R by [2]];
region S2 = [2..16 by [2]];
region S3 = [S1 at [4]];
region S4 = [S1 at [1]];
var A : [S1] integer;
var B : [S2] integer;
procedure base();
begin
  [S2] B := A;
  [S1] A := B;
  [S3] A := 1;
  [S4] A := 2;
end;
