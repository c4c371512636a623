-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}syntax-missing-program.zpl:3:1: error: expected 'program', found 'region'
region R = [1..4];
