program p;
-- café
procedure p(); begin end;
