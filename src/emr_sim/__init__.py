"""emr_sim: an exact, fast simulator of 8 Masters' Revenge for balance studies."""

__version__ = "0.1.0"


def __getattr__(name: str):
    """`emr_sim.matchup` on first use (the package import stays light for `emr-sim --help`)."""
    if name == "matchup":
        import importlib

        return importlib.import_module("emr_sim.matchup")  # a module callable as matchup(...)
    raise AttributeError(f"module 'emr_sim' has no attribute {name!r}")
