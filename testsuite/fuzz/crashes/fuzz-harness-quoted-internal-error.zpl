program p;
-- a syntax error on the next line, whose quoted text names an internal error
begin begin zplc: error: internal error
