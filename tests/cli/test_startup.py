"""Start-up of the command line: the kernels load without importing scipy.linalg, and only
the command-line process changes numba's BLAS probe (cli.skip_blas_probe)."""

import subprocess
import sys

CLI_RUN = """
import sys
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.matrix import MatrixPlay
from emr_sim.cli import main
main(["matchup", "crow", "illusion", "-n", "2", "--quiet", "--json"], standalone_mode=False)
import numba.np.arraymath as arraymath
print("scipy.linalg" in sys.modules, arraymath._HAVE_BLAS)
"""

API_RUN = """
import sys
import numba.np.linalg as linalg
original = linalg.ensure_blas
import emr_sim
result = emr_sim.matchup("crow", "illusion", n=2)
print(linalg.ensure_blas is original, result.summary["games"])
"""


def last_line(script: str) -> str:
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.strip().splitlines()[-1]


def test_cli_loads_the_kernels_without_scipy_linalg():
    assert last_line(CLI_RUN) == "False False"


def test_python_api_leaves_numba_blas_probe_alone():
    assert last_line(API_RUN) == "True 2"


COMPARE_RUN = """
import sys
from emr_sim.cli import main
main(["compare", sys.argv[1], sys.argv[1], "--json"], standalone_mode=False)
CODES_ONLY = ("emr_sim.players", "emr_sim.players.kinds")  # the player kinds' codes: plain constants
KERNEL_ROOMS = ("rules", "players", "loops")
def is_kernel(m):
    parts = m.split(".")
    room = parts[3:4] if parts[1:2] == ["games"] else parts[1:2]
    in_room = parts[0] == "emr_sim" and room and room[0] in KERNEL_ROOMS and m not in CODES_ONLY
    return in_room or m in ("emr_sim.jit", "emr_sim.rng", "emr_sim.kernel_contract")
kernels = [m for m in sys.modules if is_kernel(m)]
print("numba" in sys.modules, kernels)
"""


def test_compare_imports_neither_numba_nor_a_kernel(tmp_path):
    """`emr-sim compare` reads two runs and computes from their frames: nothing of numba."""
    from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
    from emr_sim.simulate.play.settings import RunSettings

    run_matrix(tmp_path / "r", RunSettings(seed=3, workers=1), MatrixPlay(heroes="crow,wind", games=4))
    done = subprocess.run(
        [sys.executable, "-c", COMPARE_RUN, str(tmp_path / "r")], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "False []"
