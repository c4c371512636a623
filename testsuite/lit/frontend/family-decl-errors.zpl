-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Family declarations (multiregions, multiarrays): constant integer
-- bounds, one to 1024 elements, parallel arrays over a region, globals
-- only; an element named in a declaration has a constant index in range.
-- CHECK: {{.*}}family-decl-errors.zpl:22:9: error: the bounds of family 'B' must be integer constants (they fix the region of every element at compile time)
-- CHECK: {{.*}}family-decl-errors.zpl:23:13: error: a bound of a family must be an integer (have double)
-- CHECK: {{.*}}family-decl-errors.zpl:24:9: error: family 'E' must have 1 to 1024 elements (has 3..1)
-- CHECK: {{.*}}family-decl-errors.zpl:25:5: error: a family of variables holds parallel arrays over a region, as in 'var c{0..3} : [R{}] double'
-- CHECK: {{.*}}family-decl-errors.zpl:26:12: error: the index of family 'L' in the region of an array type must be a constant
-- CHECK: {{.*}}family-decl-errors.zpl:27:12: error: index 5 is outside the bounds 0..2 of family 'L'
-- CHECK: {{.*}}family-decl-errors.zpl:28:9: error: 'L' is a family: select one of its elements, as in 'L{i}'
-- CHECK: {{.*}}family-decl-errors.zpl:30:5: error: a family is declared outside every procedure ('T')
-- CHECK-NOT: error:
program familydeclerrors;
config var n : integer = 4;
constant two : integer = 2;
region R = [1..8, 1..8];
-- Fine: the strides fold to 1, 2 and 4 (bsl of constants).
region L{0..two} = [R by [bsl(1, {}), bsl(1, {})]];
var U{0..2} : [L{}] double;
var V{1..two + 1} : [L{{} - 1}] integer;
region B{0..n} = [1..n];
region F{0..1.5} = [1..n];
region E{3..1} = [1..n];
var c{0..1} : integer;
var X : [L{n}] double;
var Y : [L{5}] double;
var Z : [L] double;
procedure familydeclerrors();
var T{0..1} : [R] double;
begin
end;
