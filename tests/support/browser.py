"""Open a local HTML file in headless Chromium and check it (a test helper, not a test file).

The browser is Debian's ``chromium`` (``/usr/bin/chromium``, or the path in ``EMR_SIM_CHROMIUM``),
driven by Playwright for Python with ``executable_path``: Playwright's own browsers are never
downloaded. ``.ci/run`` installs the package and sets ``CI``, so in CI a missing browser fails the
tests instead of skipping them (see :func:`require_browser`).

:func:`open_page` loads a page for a test to click and read (the report's game viewer), and
:func:`check_page` loads the page with every request to anything but a ``file:`` or ``data:`` URL
blocked and recorded (a report must be self-contained), and returns what a test asserts on: the
images that did not decode, the number of inline SVGs and of table cells, the console errors and
uncaught exceptions, and a full-page PNG screenshot.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ENV = "EMR_SIM_CHROMIUM"

# Headless, sandbox off (CI runs as root), no network of Chromium's own, no GPU.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # containers often have a small /dev/shm
]

VIEWPORT = {"width": 1280, "height": 900}
TIMEOUT_MS = 60_000  # launch, load and screenshot; each image decode gets its own shorter limit

# Runs in the page after "load": makes lazy images load, waits for every image to decode.
_INSPECT_JS = """
async ([selector, decodeTimeoutMs]) => {
  const images = Array.from(document.images);
  const describe = (img, i) => {
    const src = img.currentSrc || img.getAttribute("src") || "";
    const name = img.getAttribute("alt") || img.id || `#${i}`;
    return `img ${name}: ${src.length > 80 ? src.slice(0, 80) + "..." : src}`;
  };
  for (const img of images) if (img.loading === "lazy") img.loading = "eager";
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error("decode timed out")), decodeTimeoutMs));
  timeout.catch(() => {});  // the budget for all decodes together; never an unhandled rejection
  const broken = [];
  for (const [i, img] of images.entries()) {
    let decoded = true;
    try {
      await Promise.race([img.decode(), timeout]);
    } catch (e) {
      decoded = false;
    }
    if (!decoded || !img.complete || img.naturalWidth === 0) broken.push(describe(img, i));
  }
  const svgs = Array.from(document.querySelectorAll("svg")).filter(
    (s) => !(s.parentElement && s.parentElement.closest("svg")));
  return {
    images: images.length,
    broken,
    svgs: svgs.length,
    cells: document.querySelectorAll(selector).length,
  };
}
"""


@dataclass
class BrowserCheck:
    """What :func:`check_page` saw in the page."""

    images: int  # <img> elements
    broken_images: list[str]  # those that did not load or decode
    svgs: int  # inline <svg> elements (outermost only)
    cells: int  # elements matching the table selector
    console_errors: list[str] = field(default_factory=list)  # console messages of type "error"
    page_errors: list[str] = field(default_factory=list)  # uncaught exceptions
    failed_requests: list[str] = field(default_factory=list)  # blocked (not file:/data:) or failed
    screenshot: Path | None = None  # the full-page PNG

    @property
    def ok(self) -> bool:
        """No broken image, no console error, no uncaught exception, no failed request."""
        return not (self.broken_images or self.console_errors or self.page_errors or self.failed_requests)

    def problems(self) -> str:
        """A readable list of everything that went wrong, for assertion messages."""
        lines = []
        for title, items in (
            ("broken images", self.broken_images),
            ("console errors", self.console_errors),
            ("page errors", self.page_errors),
            ("failed requests", self.failed_requests),
        ):
            if items:
                lines += [f"{title}:"] + [f"  {item}" for item in items]
        return "\n".join(lines) or "none"


def chromium_path() -> str:
    """The Chromium executable: ``$EMR_SIM_CHROMIUM`` if set, else Debian's ``/usr/bin/chromium``."""
    return os.environ.get(CHROMIUM_ENV) or DEFAULT_CHROMIUM


def _missing() -> str | None:
    """Why the browser cannot run, or None when it can."""
    path = chromium_path()
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        return (
            f"Chromium not found at {path} (install Debian's `chromium` package, "
            f"or set {CHROMIUM_ENV} to a Chromium executable)"
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


def browser_available() -> bool:
    """Chromium and Playwright are both installed."""
    return _missing() is None


def require_browser() -> str:
    """Return the Chromium path; skip the test without a browser, or fail it when ``CI`` is set.

    ``CI`` counts as set when it is non-empty; ``.ci/run`` exports ``CI=1`` unless already set.
    """
    import pytest

    reason = _missing()
    if reason is None:
        return chromium_path()
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but the browser test cannot run: {reason}", pytrace=False)
    pytest.skip(f"{reason}; CI is unset, so skipping")


def _is_local(url: str) -> bool:
    return url.startswith(("file:", "data:", "blob:", "about:"))


@dataclass
class Watch:
    """What went wrong in a page opened by :func:`open_page`, recorded as it happens."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.console_errors or self.page_errors or self.failed_requests)

    def problems(self) -> str:
        lines = [
            f"{what}: {item}"
            for what in ("console_errors", "page_errors", "failed_requests")
            for item in getattr(self, what)
        ]
        return "\n".join(lines) or "none"


# The elements that reach past the right edge of the viewport (a page wider than the window
# scrolls sideways as a whole): each as "tag#id.class (right edge px)", outermost first; an
# element inside one already listed is not listed again.
_WIDE_JS = """
() => {
  const limit = document.documentElement.clientWidth + 1;
  const out = [];
  const seen = new Set();
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= limit) continue;
    let up = el.parentElement, inside = false;
    while (up) { if (seen.has(up)) { inside = true; break; } up = up.parentElement; }
    seen.add(el);
    if (inside) continue;
    const named = typeof el.className === "string" && el.className;
    const cls = named ? "." + el.className.split(" ").join(".") : "";
    out.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls} (${Math.round(r.right)} px)`);
  }
  return {scrollWidth: document.documentElement.scrollWidth, wide: out};
}
"""


def wide_elements(page) -> list[str]:
    """The elements of a loaded page wider than its viewport (see _WIDE_JS); the page itself
    counts when it scrolls sideways."""
    seen = page.evaluate(_WIDE_JS)
    width = page.viewport_size["width"]
    page_wide = [f"the page ({seen['scrollWidth']} px)"] if seen["scrollWidth"] > width else []
    return page_wide + seen["wide"]


# Text of the page without the sections that may name things by the program's names (the
# glossary and the settings of the run).
_PROSE_JS = """
() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll("#glossary, #run, script, pre, code").forEach((n) => n.remove());
  return copy.innerText;
}
"""


def prose_text(page) -> str:
    """The page's visible words outside the glossary, the settings, code and logs."""
    return page.evaluate(_PROSE_JS)


@contextlib.contextmanager
def open_page(html_path: str | os.PathLike, viewport: dict | None = None) -> Iterator[tuple[object, Watch]]:
    """``html_path`` loaded in headless Chromium: yields (the Playwright page, its Watch), for a
    test to click and read; requests to anything but ``file:``/``data:`` URLs are blocked and
    recorded, as are console errors and uncaught exceptions."""
    from playwright.sync_api import sync_playwright

    watch = Watch()
    blocked: set[str] = set()

    def on_console(msg) -> None:
        if msg.type == "error":
            loc = msg.location or {}
            where = f" ({loc.get('url', '')}:{loc.get('lineNumber', '')})" if loc.get("url") else ""
            watch.console_errors.append(msg.text + where)

    def on_page_error(exc) -> None:
        watch.page_errors.append(f"{exc.name}: {exc.message}" if getattr(exc, "name", "") else str(exc))

    def on_route(route) -> None:
        url = route.request.url
        if _is_local(url):
            route.continue_()
        else:
            blocked.add(url)
            watch.failed_requests.append(f"blocked external request: {url}")
            route.abort("blockedbyclient")

    def on_request_failed(request) -> None:
        if request.url not in blocked:
            watch.failed_requests.append(f"request failed: {request.url} ({request.failure})")

    with tempfile.TemporaryDirectory(prefix="emr-sim-chromium-") as user_data_dir, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            user_data_dir,
            executable_path=chromium_path(),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport=viewport or VIEWPORT,
            timeout=TIMEOUT_MS,
            service_workers="block",
        )
        try:
            context.set_default_timeout(TIMEOUT_MS)
            context.route("**/*", on_route)
            page = context.pages[0] if context.pages else context.new_page()
            page.on("console", on_console)
            page.on("pageerror", on_page_error)
            page.on("requestfailed", on_request_failed)
            page.goto(Path(html_path).resolve().as_uri(), wait_until="load")
            yield page, watch
        finally:
            context.close()


def check_page(
    html_path: str | os.PathLike,
    screenshot_path: str | os.PathLike,
    table_selector: str = "#matrix td.cell",
) -> BrowserCheck:
    """Open ``html_path`` in headless Chromium, inspect it and save a full-page PNG screenshot.

    Requests to anything other than ``file:``/``data:`` URLs are blocked and recorded in
    ``failed_requests`` (as are local requests that fail). ``cells`` counts the elements matching
    ``table_selector``.
    """
    screenshot_path = Path(screenshot_path)
    screenshot_path.parent.mkdir(parents=True, exist_ok=True)
    with open_page(html_path) as (page, watch):
        seen = page.evaluate(_INSPECT_JS, [table_selector, 10_000])  # type: ignore[attr-defined]
        page.screenshot(path=str(screenshot_path), full_page=True)  # type: ignore[attr-defined]
    return BrowserCheck(
        images=seen["images"],
        broken_images=seen["broken"],
        svgs=seen["svgs"],
        cells=seen["cells"],
        console_errors=watch.console_errors,
        page_errors=watch.page_errors,
        failed_requests=watch.failed_requests,
        screenshot=screenshot_path,
    )
