"""The HTML report in a real browser (headless Chromium): every image decodes, the matrix
has one cell per pair of heroes, the console stays clean, nothing is fetched from the network.

Runs wherever Chromium is installed; skips without it only when CI is unset (tests/support/browser.py).
"""

from __future__ import annotations

import pytest
from support.browser import check_page, require_browser
from support.report import build_report

from emr_sim import codes as C
from emr_sim.simulate.matrix import run_matrix

GAMES = 20  # per cell: enough for every section to have data, quick to play


@pytest.fixture(scope="module")
def full_report(tmp_path_factory):
    """An 8-hero report with a comparison section (health 8 → 9 on the same seed)."""
    root = tmp_path_factory.mktemp("browser")
    run_matrix(root / "base", games=GAMES, seed=11)
    run_matrix(root / "health9", games=GAMES, seed=11, rules={"health": "9"})
    return build_report(root / "base", root / "report.html", root / "health9")


def test_report_renders_cleanly_in_chromium(full_report, tmp_path):
    require_browser()
    shot = tmp_path / "report.png"
    check = check_page(full_report, shot)
    assert check.ok, check.problems()
    assert check.images >= 10 and check.broken_images == []
    assert check.cells == len(C.HERO_NAMES) ** 2
    assert check.console_errors == [] and check.page_errors == [] and check.failed_requests == []
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
