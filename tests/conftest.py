"""Shared fixtures. The numba kernels compile once into the cache (emr_sim.jit)."""

import pytest

from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.options import default_options


@pytest.fixture(scope="session")
def deck():
    return load_deck()


@pytest.fixture(scope="session")
def opts():
    return default_options()


@pytest.fixture(scope="session")
def table(deck, opts):
    return card_table(deck, opts)
