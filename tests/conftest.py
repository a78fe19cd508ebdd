"""Shared fixtures. The numba kernels compile once into the cache (emr_sim.jit)."""

import numpy as np
import pytest

from emr_sim.cards import card_table, load_deck
from emr_sim.options import default_options


@pytest.fixture(scope="session")
def deck():
    return load_deck()


@pytest.fixture(scope="session")
def opts():
    return default_options()


@pytest.fixture(scope="session")
def table(deck, opts):
    return card_table(deck, opts)


def seats(kind0: int, kind1: int, hero0: int = -1, hero1: int = -1) -> np.ndarray:
    return np.array([kind0, kind1, hero0, hero1], dtype=np.int64)
