"""Screenshots of the first screen (1400 x 900) of every shipped report, for docs/report.md.

    python scripts/report_screens.py [NAME ...]   # reports/NAME.html (default: all)
                                                  # -> docs/images/first-screen-NAME.png

Headless Chromium through Playwright, as the browser tests (tests/support/browser.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from support.browser import open_page  # noqa: E402

FIRST_SCREEN = {"width": 1400, "height": 900}


def main() -> None:
    out = ROOT / "docs" / "images"
    out.mkdir(exist_ok=True)
    names = sys.argv[1:]
    reports = [ROOT / "reports" / f"{n}.html" for n in names] or sorted((ROOT / "reports").glob("*.html"))
    for report in reports:
        with open_page(report, FIRST_SCREEN) as (page, watch):
            shot = out / f"first-screen-{report.stem}.png"
            page.screenshot(path=str(shot))  # type: ignore[attr-defined]
            print(f"{shot.relative_to(ROOT)}: {page.title()}")  # type: ignore[attr-defined]
        assert watch.ok, watch.problems()


if __name__ == "__main__":
    main()
