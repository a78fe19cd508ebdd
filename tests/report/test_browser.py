"""The headless-browser helper (tests/support/browser.py) on small hand-made pages: it passes a good page and
catches each kind of fault a report could have, so the report's browser test can fail."""

import base64
import struct
import zlib

import pytest
from support.browser import BrowserCheck, browser_available, check_page, chromium_path, require_browser

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_bytes(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A valid single-colour RGB PNG, made by hand."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return PNG_MAGIC + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def matrix(k: int) -> str:
    header = "".join(f"<th>H{j}</th>" for j in range(k))
    rows = "".join(
        f"<tr><th>H{i}</th>" + "".join(f'<td class="cell">{(i + j) % 3}</td>' for j in range(k)) + "</tr>"
        for i in range(k)
    )
    return f'<table id="matrix"><tr><th></th>{header}</tr>{rows}</table>'


def page(body: str, head: str = "") -> str:
    head = f'<meta charset="utf-8"><title>t</title>{head}'
    return f"<!doctype html><html><head>{head}</head><body>{body}</body></html>"


GOOD_BODY = (
    "<h1>Report</h1>"
    f'<img alt="red" src="{data_uri(png_bytes(40, 30, (200, 30, 30)))}">'
    f'<img alt="blue" src="{data_uri(png_bytes(30, 40, (30, 30, 200)))}">'
    '<svg width="20" height="20"><circle cx="10" cy="10" r="8"/></svg>' + matrix(3)
)


def run(tmp_path, html: str, **kwargs) -> BrowserCheck:
    require_browser()
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    return check_page(path, tmp_path / "shot.png", **kwargs)


def test_hand_made_png_is_valid():
    png = png_bytes(3, 2, (1, 2, 3))
    assert png.startswith(PNG_MAGIC)
    assert struct.unpack(">II", png[16:24]) == (3, 2)


def test_good_page_passes(tmp_path):
    check = run(tmp_path, page(GOOD_BODY))
    assert check.ok, check.problems()
    assert check.images == 2
    assert check.broken_images == []
    assert check.svgs == 1
    assert check.cells == 9
    assert check.console_errors == [] and check.page_errors == [] and check.failed_requests == []
    assert check.screenshot == tmp_path / "shot.png"
    assert check.screenshot.read_bytes().startswith(PNG_MAGIC)
    assert check.screenshot.stat().st_size > 1000


def test_table_selector(tmp_path):
    check = run(tmp_path, page(matrix(4)), table_selector="#matrix th")
    assert check.ok, check.problems()
    assert check.cells == 4 + 1 + 4  # the column headers, the corner, the row headers
    assert run(tmp_path, page(matrix(4))).cells == 16


def test_broken_data_uri_image(tmp_path):
    broken = "data:image/png;base64," + base64.b64encode(PNG_MAGIC + b"not a png at all").decode()
    check = run(tmp_path, page(GOOD_BODY + f'<img alt="bad" src="{broken}">'))
    assert check.images == 3
    assert len(check.broken_images) == 1 and "img bad" in check.broken_images[0]
    assert not check.ok


def test_missing_local_image(tmp_path):
    check = run(tmp_path, page('<img alt="gone" src="missing.png">'))
    assert len(check.broken_images) == 1
    assert any("missing.png" in r for r in check.failed_requests)
    assert not check.ok


def test_console_error(tmp_path):
    check = run(tmp_path, page(GOOD_BODY + '<script>console.error("x")</script>'))
    assert check.broken_images == [] and check.cells == 9
    assert any(e.startswith("x") for e in check.console_errors), check.console_errors
    assert not check.ok


def test_uncaught_exception(tmp_path):
    check = run(tmp_path, page(GOOD_BODY + '<script>throw new Error("boom")</script>'))
    assert any("boom" in e for e in check.page_errors), check.page_errors
    assert not check.ok


def test_external_request_is_blocked(tmp_path):
    check = run(tmp_path, page(GOOD_BODY + '<img alt="remote" src="https://example.com/x.png">'))
    assert "blocked external request: https://example.com/x.png" in check.failed_requests
    assert any("img remote" in b for b in check.broken_images)
    assert not check.ok


def test_external_script_is_blocked(tmp_path):
    check = run(tmp_path, page(GOOD_BODY, head='<script src="https://cdn.example.com/lib.js"></script>'))
    assert check.failed_requests == ["blocked external request: https://cdn.example.com/lib.js"]


def test_require_browser_skips_without_ci(monkeypatch):
    monkeypatch.setenv("EMR_SIM_CHROMIUM", "/nonexistent/chromium")
    monkeypatch.delenv("CI", raising=False)
    assert chromium_path() == "/nonexistent/chromium"
    assert not browser_available()
    with pytest.raises(pytest.skip.Exception, match="Chromium not found at /nonexistent/chromium"):
        require_browser()


def test_require_browser_fails_in_ci(monkeypatch):
    monkeypatch.setenv("EMR_SIM_CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        require_browser()
