"""The package's version, for run records, reports and `emr-sim --version` (a module of its own
so that any layer may read it without importing the package's top)."""

__version__ = "0.1.0"
