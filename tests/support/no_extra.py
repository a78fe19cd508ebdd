"""Run Python as if the rl extra were not installed: a finder ahead of every other one refuses
its modules, as a missing package would (`python tests/support/no_extra.py -c CODE` or
`python tests/support/no_extra.py -m emr_sim ARGS`)."""

import runpy
import sys

HIDDEN = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")


class Hide:
    """A meta path finder for which the extra's modules do not exist."""

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


if __name__ == "__main__":
    sys.meta_path.insert(0, Hide())
    flag, rest = sys.argv[1], sys.argv[2:]
    if flag == "-c":
        sys.argv = ["-c", *rest[1:]]
        exec(compile(rest[0], "<no_extra>", "exec"), {"__name__": "__main__"})
    else:
        sys.argv = [rest[0], *rest[1:]]
        runpy.run_module(rest[0], run_name="__main__", alter_sys=True)
