"""The rebalance's settings (studies/rebalance/prepare.py) are the command's options as one
value: every option of `emr-sim rebalance` but what only the command prints (--json) or
connects (--cluster) is a field, with the option's default, so a study made from Python with
the defaults is the command's with its defaults."""

import dataclasses

import pytest

from emr_sim.cli.rebalance import rebalance as CMD
from emr_sim.errors import BadInput
from emr_sim.studies.rebalance.prepare import Settings, prepare

COMMAND_ONLY = {"as_json", "cluster"}


def test_settings_are_the_commands_options_with_their_defaults():
    parsed = CMD.make_context("emr-sim", ["-o", "study"]).params  # the required options only
    options = {k: v for k, v in parsed.items() if k not in COMMAND_ONLY}
    assert set(options) == {f.name for f in dataclasses.fields(Settings)}
    assert Settings(**options) == Settings("study")


def test_a_bad_setting_is_refused_before_anything_is_written(tmp_path):
    study = tmp_path / "study"
    with pytest.raises(BadInput, match="--verify-seed 5 is the search's seed"):
        prepare(Settings(str(study), knobs=("trap_once",), heroes="crow,wind,bushido", seed=5, verify_seed=5))
    assert not study.exists()
