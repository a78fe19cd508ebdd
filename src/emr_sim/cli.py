"""The emr-sim command line (click). Commands stay thin; numba loads lazily."""

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="emr-sim")
def main() -> None:
    """Simulate 8 Masters' Revenge exactly and fast, for balance studies."""
