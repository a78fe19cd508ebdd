"""Where the jitted kernels spend their time: `perf record` with a map of their symbols.

    python benchmarks/profile_kernels.py [--heroes crow,illusion] [--games 20000] [--no-inline]

Plays greedy-vs-greedy pairs of the two heroes (fury on, default deck) on one thread
while Linux `perf record -e cpu-clock` samples the process, then prints `perf report`
by symbol. numba's code has no symbols of its own, so the script writes
/tmp/perf-PID.map (perf's format for JIT code) with the address of every compiled
function; the kernels are compiled afresh in a temporary cache so that every
dispatcher knows its addresses. With --no-inline the small helpers (jit.njit) are
compiled as functions of their own: slower, but their time shows by name.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heroes", default="crow,illusion")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--no-inline", action="store_true", help="compile the helpers as functions")
    parser.add_argument("--top", type=int, default=40, help="symbols to print")
    return parser.parse_args()


def compiled_functions(numba) -> list[tuple[int, str]]:
    """(address, module.name) of every compiled overload of the package's dispatchers,
    and of numba's reference-count helpers."""
    found = []
    for mod in list(sys.modules.values()):
        if not getattr(mod, "__name__", "").startswith("emr_sim"):
            continue
        for name, obj in vars(mod).items():
            if isinstance(obj, numba.core.registry.CPUDispatcher) and obj.py_func.__module__ == mod.__name__:
                for cres in obj.overloads.values():
                    addr = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
                    if addr:
                        found.append((addr, f"{mod.__name__.removeprefix('emr_sim.')}.{name}"))
    from numba.core.runtime import nrt

    for fn in ("NRT_incref", "NRT_decref"):
        found.append((nrt.rtsys._library.get_pointer_to_function(fn), fn))
    return sorted(set(found))


def write_perf_map(functions: list[tuple[int, str]]) -> None:
    """Each function runs to the next one's address (the sizes are not known)."""
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as out:
        for k, (addr, name) in enumerate(functions):
            end = functions[k + 1][0] if k + 1 < len(functions) else addr + 0x10000
            out.write(f"{addr:x} {min(end - addr, 0x100000):x} {name}\n")


def main() -> None:
    args = parse_args()
    os.environ["EMR_SIM_CACHE"] = tempfile.mkdtemp(prefix="emr_sim_profile_")
    import emr_sim.jit as jit

    if args.no_inline:
        jit.njit = jit.njit_entry  # before any kernel module is imported
    import numba
    import numpy as np

    from emr_sim.games.emr import codes as C
    from emr_sim.games.emr.cards import card_table, load_deck
    from emr_sim.games.emr.loops import pairs as aggregate
    from emr_sim.games.emr.options import O_TURN_CAP, make_options

    opts = make_options({"fury": "on"})
    table = card_table(load_deck(None), opts)
    hero_a, hero_b = args.heroes.split(",")
    sides = np.array(
        [C.PLAYER_GREEDY, C.PLAYER_GREEDY, C.HERO_NAMES.index(hero_a), C.HERO_NAMES.index(hero_b)]
    )
    agg = np.zeros(aggregate.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
    records = np.zeros((0, aggregate.RECORD_COLS), dtype=np.int64)
    print("compiling the kernels afresh ...", file=sys.stderr)
    aggregate.play_pairs(table, opts, args.seed, 0, 2, sides, agg, records)
    write_perf_map(compiled_functions(numba))
    data = os.path.join(tempfile.gettempdir(), f"emr_sim_profile_{os.getpid()}.data")
    perf = subprocess.Popen(
        ["perf", "record", "-q", "-F", "4000", "-e", "cpu-clock", "-p", str(os.getpid()), "-o", data],
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    start = time.perf_counter()
    aggregate.play_pairs(table, opts, args.seed, 0, args.games // 2, sides, agg, records)
    seconds = time.perf_counter() - start
    perf.send_signal(2)
    perf.wait()
    games = 2 * (args.games // 2)
    print(f"# {args.heroes}, {games:,} games on one thread: {seconds / games * 1e6:.1f} us per game")
    report = subprocess.run(
        ["perf", "report", "-i", data, "--sort", "sym", "--stdio"], capture_output=True, text=True
    ).stdout
    rows = [line for line in report.splitlines() if line.strip() and not line.startswith("#")]
    print("\n".join(rows[: args.top]))


if __name__ == "__main__":
    main()
