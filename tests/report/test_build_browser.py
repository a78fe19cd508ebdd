"""The HTML report in a real browser (headless Chromium): every image decodes, the matrix
has one cell per pair of heroes, the console stays clean, nothing is fetched from the network.

Runs wherever Chromium is installed; skips without it only when CI is unset (tests/support/browser.py).
"""

from __future__ import annotations

import json

import pytest
from support.browser import check_page, open_page, require_browser
from support.report import build_report

from emr_sim.games.emr import codes as C
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunSettings

GAMES = 20  # per cell: enough for every section to have data, quick to play


@pytest.fixture(scope="module")
def full_report(tmp_path_factory):
    """An 8-hero report with a comparison section (health 8 → 9 on the same seed)."""
    root = tmp_path_factory.mktemp("browser")
    run_matrix(root / "base", RunSettings(seed=11), MatrixPlay(games=GAMES))
    run_matrix(root / "health9", RunSettings(rules={"health": "9"}, seed=11), MatrixPlay(games=GAMES))
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


def test_the_example_game_viewer_steps_forward_and_back_in_chromium(full_report):
    """The report's first example game as a board: the buttons, the keys and the slider step
    through its frames, each showing the frame's action, log lines, cards and result."""
    require_browser()
    with open_page(full_report) as (page, watch):
        viewers = page.locator(".viewer")
        assert viewers.count() >= 1
        viewer = viewers.first
        data = json.loads(viewer.locator(".viewer-data").text_content())
        frames, last = data["frames"], len(data["frames"]) - 1
        step, board = viewer.locator(".viewer-step"), viewer.locator(".viewer-board")
        log = viewer.locator(".viewer-log")

        def at(k: int) -> None:
            f = frames[k]
            when = f" · move made in turn {f['moved_in']}" if k else " · the deal"
            assert step.text_content() == f"step {k} of {last}{when}"
            moved = f" (turn {f['moved_in']})" if k else ""
            assert viewer.locator(".vaction").text_content() == f"step {k}{moved}: {f['action']}"
            if k == 0:
                assert viewer.locator(".vnew").count() == 0  # nothing is outlined at the deal
            assert viewer.locator(".vnext").text_content() == f["next"]
            assert log.text_content() == "\n".join(f["log"])
            shown = board.inner_text()
            for p in (0, 1):
                assert f"{data['names'][p]} · health {f['players'][p]['health']}" in shown.replace(
                    "\u00a0", " "
                )
                for z in f["players"][p]["zones"]:
                    if z[0] >= 0:
                        colour, left, right = data["cards"][z[0]][:3]
                        assert f"{data['colours'][colour]} {left}-{right}" in shown

        at(0)
        assert frames[0]["action"] == "the deal" and frames[last]["next"].split()[1] in ("wins", "after")
        assert "Marks on a card" in viewer.locator(".vlegend").text_content()  # the legend of marks
        first_board = board.inner_text()
        for _ in range(3):
            viewer.locator("button[data-go=next]").click()
        at(3)
        viewer.locator("button[data-go=prev]").click()
        at(2)
        viewer.locator("button[data-go=last]").click()
        at(last)
        log_lines = page.locator("pre.log").first.text_content().rstrip("\n").splitlines()
        assert log_lines[-1] == frames[last]["next"]  # the text log's summary line: the same end
        viewer.focus()
        page.keyboard.press("Home")
        at(0)
        assert board.inner_text() == first_board
        page.keyboard.press("ArrowRight")
        at(1)
        page.keyboard.press("End")
        at(last)
        viewer.locator(".viewer-range").evaluate(
            "(r, k) => { r.value = String(k); r.dispatchEvent(new Event('input')); }", last // 2
        )
        at(last // 2)
        viewer.locator("button[data-go=next]").click()
        at(last // 2 + 1)
        moves = [k for k in range(1, last + 1) if frames[k]["action"].split(" ", 1)[1].startswith("plays")]
        if moves:  # a card played into a zone: the move outlines what it changed
            viewer.locator(".viewer-range").evaluate(
                "(r, k) => { r.value = String(k); r.dispatchEvent(new Event('input')); }", moves[0]
            )
            assert viewer.locator(".vnew").count() >= 1
    assert watch.ok, watch.problems()
