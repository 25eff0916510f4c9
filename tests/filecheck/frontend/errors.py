# RUN: not %python -m ascdsl.frontend.dump %s bad i32 2>&1 | filecheck %s
# RUN: not %python -m ascdsl.frontend.dump %s one_branch i32 2>&1 | filecheck %s --check-prefix=BRANCH
# Rejected syntax: file:line:col, the message, the source line and a caret; exit status 1.
import ascdsl as asc


@asc.jit
def bad(n: int):
    for i in range(n):
        if i > 3:
            continue


@asc.jit
def one_branch(n: int):
    if n > 0:
        m = n
    asc.printf("%d", m)


# CHECK:      {{.*}}errors.py:11:13: error: 'continue' is not supported in a JIT function
# CHECK-NEXT: {{^            continue$}}
# CHECK-NEXT: {{^            \^$}}

# BRANCH:      {{.*}}errors.py:18:22: error: 'm' is assigned in only one branch of the runtime if at line 16; assign it before the if or in both branches to use it after the if
# BRANCH-NEXT: {{^    asc.printf\("%d", m\)$}}
# BRANCH-NEXT: {{^                     \^$}}
