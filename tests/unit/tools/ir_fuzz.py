"""A mutational fuzzer for ascdsl-opt: mutate the suite's IR files, run each mutant through
several pipelines, and classify what the tool does with it.

    python tests/unit/tools/ir_fuzz.py --files 2000 --sim 500 --seed 1   # a long local run
    python tests/unit/tools/ir_fuzz.py --files 300 --sim 60 --budget 30  # what the suite runs

Seeds are the `.mlir` inputs of tests/filecheck and examples/ir, split at `// -----`. A mutant
is a seed with one to three edits: lines deleted, duplicated, swapped or spliced from another
seed; spans deleted; a character from a hostile alphabet (quotes, brackets, sigils, NUL, a
byte order mark) inserted; a value name, an integer, a type or an enum keyword replaced by
another; the text truncated. Each mutant runs in this process through `ascdsl_opt.main` under
every PIPELINE with a time limit, and the outcome is one of:

- `ok`: exit 0, or exit 1 where every error is located (`file:line:col: error:`);
- `unlocated`: an `error:` line without a location;
- `internal`: an exception escaped `main`, or it reported an internal error;
- `hang`: the time limit passed.

With `--sim N` it also runs N mutants of an `ascdsl-sim` command line (hostile option values,
array and scalar specs, fills, expectations; a usage error, exit 2, is a fine outcome).

The report lists every non-ok outcome with its seed, edits and stderr, so a failure can be
replayed (`--replay SEED_INDEX:MUTANT_SEED`, `--replay sim:SEED`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import re
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SEED_DIRS = [ROOT / "tests" / "filecheck", ROOT / "examples" / "ir"]
SPLIT = "// -----"

PIPELINES: dict[str, list[str]] = {
    "roundtrip": [],
    "default": ["--ascdsl-default"],
    "ascendc": ["--ascdsl-default", "--generate-boilerplate", "-t", "ascendc"],
    "generic": ["--print-op-generic", "--canonicalize-barriers"],
}

HOSTILE = list('"{}()[]<>%^#@!:,=-*?|.') + ["\x00", "\ufeff", "\\", "'", "`", "\n", "$"]
INTEGERS = ["0", "-1", "1", "7", "8", "64", "65", "255", "2147483647", "2147483648",
            "-2147483649", "9223372036854775808", "99999999999999999999", "0x7f", "1e9"]
TYPES = ["i1", "i8", "i16", "i32", "i64", "ui8", "ui64", "si32", "f16", "bf16", "f32", "f64",
         "index", "none", "!ascendc.pipe", "memref<?xf32, 22>", "tuple<>", "i0"]
KEYWORDS = ["vecin", "vecout", "veccalc", "gm", "a1", "co2", "mte2_v", "v_mte3", "mte3_mte2",
            "s_v", "v_s", "pipe_v", "pipe_s", "pipe_all", "pipe_mte2", "ub", "l1", "cast_rint"]
LOCATED = re.compile(r"^[^\n:]+:\d+:\d+: ")


def seeds() -> list[tuple[str, str]]:
    """(name, text) of every seed chunk, in a fixed order."""
    out = []
    for d in SEED_DIRS:
        for path in sorted(p for p in d.rglob("*.mlir") if "Output" not in p.parts):
            rel = path.relative_to(ROOT)
            for i, chunk in enumerate(path.read_text(encoding="utf-8").split(SPLIT + "\n")):
                body = "\n".join(l for l in chunk.splitlines() if not l.startswith("// RUN"))
                if body.strip():
                    out.append((f"{rel}#{i}", body + "\n"))
    return out


def mutate(text: str, rng: random.Random, pool: list[tuple[str, str]]) -> tuple[str, list[str]]:
    """`text` with one to three random edits, and a description of each."""
    edits = []
    for _ in range(rng.randint(1, 3)):
        op = rng.choice(_MUTATORS)
        new, what = op(text, rng, pool)
        if new != text:
            text = new
            edits.append(what)
    return text, edits


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _delete_line(text, rng, pool):
    lines = _lines(text)
    i = rng.randrange(len(lines))
    return "\n".join(lines[:i] + lines[i + 1:]), f"delete line {i + 1}"


def _duplicate_line(text, rng, pool):
    lines = _lines(text)
    i = rng.randrange(len(lines))
    return "\n".join(lines[:i + 1] + lines[i:]), f"duplicate line {i + 1}"


def _swap_lines(text, rng, pool):
    lines = _lines(text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines), f"swap lines {i + 1} and {j + 1}"


def _splice_line(text, rng, pool):
    name, other = rng.choice(pool)
    line = rng.choice(_lines(other))
    lines = _lines(text)
    i = rng.randrange(len(lines) + 1)
    return "\n".join(lines[:i] + [line] + lines[i:]), f"insert at {i + 1} a line of {name}"


def _delete_span(text, rng, pool):
    if not text:
        return text, ""
    i = rng.randrange(len(text))
    n = rng.randint(1, 20)
    return text[:i] + text[i + n:], f"delete {n} chars at {i}"


def _insert_char(text, rng, pool):
    i = rng.randrange(len(text) + 1)
    c = rng.choice(HOSTILE)
    return text[:i] + c + text[i:], f"insert {c!r} at {i}"


def _replace(pattern: str, choices_of):
    rx = re.compile(pattern)

    def op(text, rng, pool):
        found = list(rx.finditer(text))
        if not found:
            return text, ""
        m = rng.choice(found)
        new = rng.choice(choices_of(text, found))
        return text[:m.start()] + new + text[m.end():], f"replace {m.group()!r} by {new!r}"

    return op


_replace_value = _replace(r"%[A-Za-z0-9_]+", lambda t, f: [m.group() for m in f] + ["%undefined"])
_replace_int = _replace(r"(?<![\w%#^.])-?\d+(?![\w.])", lambda t, f: INTEGERS)
_replace_type = _replace(r"\b(?:i1|i8|i16|i32|i64|f16|f32|bf16|index|ui\d+)\b", lambda t, f: TYPES)
_replace_keyword = _replace(r"\b(?:" + "|".join(KEYWORDS) + r")\b", lambda t, f: KEYWORDS)


def _truncate(text, rng, pool):
    i = rng.randrange(len(text) + 1)
    return text[:i], f"truncate at {i}"


_MUTATORS = [_delete_line, _duplicate_line, _swap_lines, _splice_line, _delete_span,
             _insert_char, _replace_value, _replace_value, _replace_int, _replace_int,
             _replace_type, _replace_keyword, _replace_keyword, _truncate]


@dataclass
class Outcome:
    kind: str  # ok, unlocated, internal, hang
    pipeline: str
    seed: str
    key: str
    edits: list[str]
    stderr: str = ""


class _Timeout(BaseException):
    pass


def _alarm(signum, frame):
    raise _Timeout


def _classify(tool: str, call, limit: float, statuses: tuple[int, ...]) -> tuple[str, str]:
    """(kind, stderr) of `call()` (a tool's main, returning its exit status) under a time
    limit; see the module docstring for the kinds."""
    err, out = io.StringIO(), io.StringIO()
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            status = call(out)
    except _Timeout:
        return "hang", err.getvalue()
    except BaseException as e:  # noqa: BLE001 - what the fuzzer is looking for
        return "internal", f"{err.getvalue()}{type(e).__name__}: {e}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    text = err.getvalue()
    if status not in statuses or any(l.startswith(f"{tool}: internal error")
                                     for l in text.splitlines()):
        return "internal", text
    # An unlocated diagnostic renders as `error: ...` at the start of a line; located ones
    # start with `file:line:col:` (the source lines echoed under them are arbitrary text).
    for line in text.splitlines():
        if line.startswith(("error:", "warning:")):
            return "unlocated", text
    return "ok", text


def run_one(text: str, argv: list[str], limit: float, tmp: Path) -> tuple[str, str]:
    """(kind, stderr) of ascdsl-opt on `text` with `argv`."""
    from ascdsl.tools import ascdsl_opt

    src = tmp / "mutant.mlir"
    src.write_text(text, encoding="utf-8")
    return _classify("ascdsl-opt", lambda out: ascdsl_opt.main(
        [str(src), "--allow-unregistered-dialect", *argv]), limit, (0, 1))


def fuzz(files: int, seed: int, budget: float, limit: float, tmp: Path,
         progress: Path | None = None) -> tuple[list[Outcome], dict]:
    pool = seeds()
    rng = random.Random(seed)
    found: list[Outcome] = []
    counts = {"files": 0, "runs": 0, "ok": 0}
    start = time.monotonic()
    for n in range(files):
        if time.monotonic() - start > budget:
            break
        index = rng.randrange(len(pool))
        mutant_seed = rng.randrange(1 << 30)
        name, text = pool[index]
        mutant, edits = mutate(text, random.Random(mutant_seed), pool)
        key = f"{index}:{mutant_seed}"
        counts["files"] += 1
        for pname, argv in PIPELINES.items():
            if progress is not None:
                progress.write_text(f"{key} {pname}\n")
            kind, err = run_one(mutant, argv, limit, tmp)
            counts["runs"] += 1
            if kind == "ok":
                counts["ok"] += 1
            else:
                found.append(Outcome(kind, pname, name, key, edits, err[-3000:]))
    counts["seconds"] = round(time.monotonic() - start, 1)
    return found, counts


# --- ascdsl-sim arguments ---------------------------------------------------------------------

SIM_KERNEL = ROOT / "examples" / "ir" / "vadd_auto.mlir"
SIM_BASE = ["-p", "ascdsl-default", "--cores", "2", "--arg", "x=f32[512]:rand",
            "--arg", "y=f32[512]:rand", "--arg", "z=f32[512]", "--arg", "n=256",
            "--expect", "z = x + y"]
SIM_VALUES = ["-1", "0", "1", "2", "65536", "1e40", "nan", "inf", "-inf", "8x", "x8", "8x0",
              "99999999999999", "0x10", "abc", "", "1.5", "-0", "4096x4096x4096"]
SIM_DTYPES = ["f32", "f16", "bf16", "i32", "i64", "ui8", "i1", "f64", "q7", ""]
SIM_FILLS = ["zeros", "ones", "rand", "randn", "arange", "7", "-3", "1e40", "nan", "file=none.npy",
             "file=", "sparkly", ""]
SIM_OPTIONS = ["--cores", "--seed", "--rtol", "--max-memory", "--sanitize", "--kernel", "--soc"]


def mutate_sim_args(rng: random.Random) -> tuple[list[str], list[str]]:
    """ascdsl-sim's argument list with one to three random edits, and their descriptions."""
    argv = list(SIM_BASE)
    edits = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(6)
        if kind == 0:  # an option with a hostile value
            opt, val = rng.choice(SIM_OPTIONS), rng.choice(SIM_VALUES + ["warn", "Ascend910B4"])
            argv += [opt, val]
            edits.append(f"{opt} {val!r}")
        elif kind == 1:  # an array spec with a hostile dtype, shape and fill
            name = rng.choice("xyzw")
            spec = (f"{name}={rng.choice(SIM_DTYPES)}[{rng.choice(SIM_VALUES)}]"
                    f":{rng.choice(SIM_FILLS)}")
            argv += ["--arg", spec]
            edits.append(f"--arg {spec!r}")
        elif kind == 2:  # a scalar spec
            spec = f"n={rng.choice(['', 'i32:', 'f32:', 'i64:'])}{rng.choice(SIM_VALUES)}"
            argv += ["--arg", spec]
            edits.append(f"--arg {spec!r}")
        elif kind == 3:  # an expectation
            expr = rng.choice(["z = x +", "z = x * 0", "q = x", "z = __import__('os')", "z",
                               "z = x[:3]", "z = nan", "z = x + y"])
            argv += ["--expect", expr]
            edits.append(f"--expect {expr!r}")
        elif kind == 4 and len(argv) > 1:  # drop a token
            i = rng.randrange(len(argv))
            edits.append(f"drop {argv[i]!r}")
            del argv[i]
        else:  # a positional spec
            spec = rng.choice(SIM_VALUES)
            argv += ["--arg", spec]
            edits.append(f"--arg {spec!r} (positional)")
    return argv, edits


def run_sim(argv: list[str], limit: float, tmp: Path) -> tuple[str, str]:
    """(kind, stderr) of ascdsl-sim on the fuzz kernel with `argv` (usage errors, exit 2, are
    fine outcomes)."""
    from ascdsl.tools import ascdsl_sim

    return _classify("ascdsl-sim", lambda out: ascdsl_sim.main([str(SIM_KERNEL), *argv],
                                                               out=out), limit, (0, 1, 2))


def fuzz_sim(count: int, seed: int, budget: float, limit: float, tmp: Path,
             progress: Path | None = None) -> tuple[list[Outcome], dict]:
    rng = random.Random(seed)
    found: list[Outcome] = []
    counts = {"sim_runs": 0, "sim_ok": 0}
    start = time.monotonic()
    for _ in range(count):
        if time.monotonic() - start > budget:
            break
        key = rng.randrange(1 << 30)
        argv, edits = mutate_sim_args(random.Random(key))
        if progress is not None:
            progress.write_text(f"sim {key}\n")
        kind, err = run_sim(argv, limit, tmp)
        counts["sim_runs"] += 1
        if kind == "ok":
            counts["sim_ok"] += 1
        else:
            found.append(Outcome(kind, "ascdsl-sim", "args", f"sim:{key}", edits, err[-3000:]))
    return found, counts


def replay(key: str) -> str:
    """The mutant text of a `SEED_INDEX:MUTANT_SEED` key (or the ascdsl-sim arguments of a
    `sim:SEED` key)."""
    if key.startswith("sim:"):
        argv, _ = mutate_sim_args(random.Random(int(key[4:])))
        return "ascdsl-sim " + str(SIM_KERNEL) + " " + " ".join(repr(a) for a in argv) + "\n"
    pool = seeds()
    index, mutant_seed = (int(x) for x in key.split(":"))
    return mutate(pool[index][1], random.Random(mutant_seed), pool)[0]


def main(argv: list[str] | None = None) -> int:
    import tempfile

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=200)
    ap.add_argument("--sim", type=int, default=0, help="also run this many ascdsl-sim mutants")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=1e9, help="stop after this many seconds")
    ap.add_argument("--limit", type=float, default=20.0, help="seconds per run before 'hang'")
    ap.add_argument("--json", help="write the outcomes here")
    ap.add_argument("--progress", help="file holding the case being run")
    ap.add_argument("--replay", help="print the mutant of SEED_INDEX:MUTANT_SEED and exit")
    args = ap.parse_args(argv)
    if args.replay:
        sys.stdout.write(replay(args.replay))
        return 0
    with tempfile.TemporaryDirectory(prefix="ascdsl-fuzz-") as tmp:
        progress = Path(args.progress) if args.progress else None
        found, counts = fuzz(args.files, args.seed, args.budget, args.limit, Path(tmp), progress)
        if args.sim:
            more, sim_counts = fuzz_sim(args.sim, args.seed, args.budget / 2, args.limit,
                                        Path(tmp), progress)
            found += more
            counts.update(sim_counts)
    summary = dict(counts, **{k: sum(o.kind == k for o in found)
                              for k in ("hang", "internal", "unlocated")})
    print(json.dumps(summary))
    for o in found:
        print(f"--- {o.kind} [{o.pipeline}] {o.seed} key={o.key} edits={o.edits}\n{o.stderr}")
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"summary": summary, "outcomes": [o.__dict__ for o in found]}, indent=1))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
