-- RUN: not %zplc --emit=zpl %s 2>&1 | FileCheck %s
-- exit, continue and an early return come with a later issue.

program c;

procedure early(k : integer) : integer;
begin
  if k > 0 then
-- CHECK: unsupported-control.zpl:[[@LINE+1]]:5: error: `return` before the end of a procedure is not supported yet
    return 1;
  end;
  return 0;
end;

procedure c();
var i : integer;
begin
  while true do
-- CHECK: unsupported-control.zpl:[[@LINE+1]]:5: error: `exit` is not supported yet
    exit;
  end;
  for i := 1 to 3 do
-- CHECK: unsupported-control.zpl:[[@LINE+1]]:5: error: `continue` is not supported yet
    continue;
  end;
end;

-- CHECK-NOT: not supported
-- CHECK-NOT: module
