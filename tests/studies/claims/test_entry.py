"""The claims study's settings (studies/claims/entry.py) are `emr-sim claims`'s options as one
value: every option but what only the command prints (--json) or connects (--cluster) is a
field, with the option's default."""

import dataclasses

from emr_sim.cli.insight import claims as CMD
from emr_sim.studies.claims.entry import Settings

COMMAND_ONLY = {"as_json", "cluster"}


def test_settings_are_the_commands_options_with_their_defaults():
    parsed = CMD.make_context("emr-sim", ["community", "runs/a", "runs/b"]).params  # the required only
    options = {k: v for k, v in parsed.items() if k not in COMMAND_ONLY}
    assert set(options) == {f.name for f in dataclasses.fields(Settings)}
    assert Settings(**options) == Settings("community", ("runs/a", "runs/b"))
