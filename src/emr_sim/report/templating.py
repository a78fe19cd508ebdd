"""The Jinja environment of the HTML pages (templates/: the report, the metagame page and the
parts they share): autoescaping, undefined names refused."""

from __future__ import annotations

import importlib.resources

from jinja2 import Environment, FileSystemLoader, StrictUndefined


def environment() -> Environment:
    folder = importlib.resources.files("emr_sim.report") / "templates"
    return Environment(
        loader=FileSystemLoader(str(folder)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
