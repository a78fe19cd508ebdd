"""The scan's settings (studies/scan/entry.py) are `emr-sim sensitivity`'s options as one value:
every option but what only the command prints (--top, --json) or connects (--cluster) is a
field, with the option's default."""

import dataclasses

from emr_sim.cli.insight import sensitivity as CMD
from emr_sim.studies.scan.entry import Settings

COMMAND_ONLY = {"top", "as_json", "cluster"}


def test_settings_are_the_commands_options_with_their_defaults():
    parsed = CMD.make_context("emr-sim", ["runs/base", "-o", "scan"]).params  # the required options only
    options = {k: v for k, v in parsed.items() if k not in COMMAND_ONLY}
    assert set(options) == {f.name for f in dataclasses.fields(Settings)}
    assert Settings(**options) == Settings("runs/base", "scan")
