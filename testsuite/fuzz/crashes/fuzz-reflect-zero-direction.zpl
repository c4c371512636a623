program p;
region R = [1..4, 1..4];
direction north = [-0, 0];
var T : [R] double;
procedure p();
begin
  [north of R] reflect T;
end;
