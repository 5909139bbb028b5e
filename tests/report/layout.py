"""Layout checks of a page open in headless Chromium (tests/report/browser.py) at a given width: no
sideways scroll, every element's box inside the viewport (or inside a scroll container that is meant to
scroll: an ancestor with overflow-x auto or scroll, itself inside the viewport), nothing cut off by an
element that hides its overflow, no text running out of the viewport, every identifier (codes, hand
numbers, badges, amounts, line numbers) on one line, and no word of a name (rooms, tables, players) broken
over two lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from report.browser import Browser, blank_share

# (in the tables of a hand's view, `.figs`, every cell but the second and the names is one)
IDENTIFIERS = ".id, .sev, td.num, nav.sections a, details.hand > summary > b, .figs td:not(:nth-child(2)):not(.name)"

LAYOUT = r"""((identifiers) => {
  const width = window.innerWidth;
  const page = document.documentElement;
  const problems = [];
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '') +
    ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  if (page.scrollWidth > width) problems.push('page scrolls sideways: ' + page.scrollWidth + ' > ' + width);
  const scrolls = (el) => {
    for (let up = el.parentNode; up && up !== document.body; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') return true;
    }
    return false;
  };
  let boxes = 0;
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('script, style, svg title')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    boxes += 1;
    if ((rect.left < -1 || rect.right > width + 1) && !scrolls(el)) {
      problems.push('outside the viewport: ' + name(el) + ' ' + Math.round(rect.left) + '..' + Math.round(rect.right));
    }
    const style = getComputedStyle(el);
    if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && el.scrollWidth > el.clientWidth + 1) {
      problems.push('cut off: ' + name(el) + ' ' + el.scrollWidth + ' > ' + el.clientWidth);
    }
    // (text wider than its box: a long word that neither wraps nor scrolls)
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if ((text.left < -1 || text.right > width + 1) && !scrolls(node)) {
        const where = Math.round(text.left) + '..' + Math.round(text.right);
        problems.push('text outside the viewport: ' + name(el) + ' ' + where);
      }
    }
  }
  let words = 0;
  for (const el of document.querySelectorAll(identifiers)) {
    if (!el.textContent.trim() || el.getClientRects().length === 0) continue;
    words += 1;
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set();
    for (const rect of range.getClientRects()) {
      if (rect.width > 0) tops.add(Math.round(rect.bottom / 4));
    }
    const lines = Array.from(tops).sort((a, b) => a - b);
    if (lines.length > 1 && lines[lines.length - 1] - lines[0] > 1) {
      problems.push('broken over lines: ' + name(el));
    }
  }
  // names (rooms, tables, players) may wrap between words: no word of theirs on two lines
  for (const el of document.querySelectorAll('.name')) {
    if (el.getClientRects().length === 0) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/\S+/g)) {
        words += 1;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const bottoms = Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.bottom));
        if (bottoms.length > 1 && Math.max(...bottoms) - Math.min(...bottoms) > 4) {
          problems.push('word broken: ' + JSON.stringify(match[0]) + ' in ' + name(el));
        }
      }
    }
  }
  return {boxes: boxes, identifiers: words, problems: problems.slice(0, 30), count: problems.length};
})"""


def open_everything(chromium: Browser) -> None:
    """Open every folded part: the listed hand views (drawn as they open), the table views and folds."""
    chromium.evaluate("for (const d of document.querySelectorAll('details')) d.open = true")
    chromium.evaluate("new Promise(done => requestAnimationFrame(() => setTimeout(done, 50)))")
    chromium.evaluate("for (const d of document.querySelectorAll('details')) d.open = true")


def check_layout(chromium: Browser) -> dict[str, Any]:
    return chromium.evaluate(f"{LAYOUT}({IDENTIFIERS!r})")  # type: ignore[no-any-return]


def screenshots(chromium: Browser, folder: Path, name: str, places: tuple[str, ...] = ()) -> list[Path]:
    """Screenshots of the top of the page and of each place (a selector scrolled to), saved in `folder`;
    each must show a page, not a blank."""
    folder.mkdir(parents=True, exist_ok=True)
    saved = []
    for place in ("", *places):
        if place:
            chromium.evaluate(f"document.querySelector({place!r}).scrollIntoView()")
        else:
            chromium.evaluate("window.scrollTo(0, 0)")
        png = chromium.screenshot()
        share, colours = blank_share(png)
        assert share < 0.97 and colours > 20, f"{name} {place}: {share:.0%} of the screenshot is one colour"
        path = folder / f"{name}-{place.strip('#.') or 'top'}.png"
        path.write_bytes(png)
        saved.append(path)
    return saved
