"""Print how long an HTML audit report takes to open in headless Chromium: for each width (390 px, a
phone; 1280 px, a desktop) the median over --runs loads of the time to the first paint, to
DOMContentLoaded and to the end of the load event (the page's script has run: the first page of findings
and of hand views listed), with the page's height and the file's size. Uses tests/report/browser.py
(Chromium over the DevTools pipe, no other package); the network is emulated offline.

    omaha-audit generate --hands 20000 --seed 7 --fault-rate 0.1 -o hands.txt
    omaha-audit audit hands.txt --html report.html --fail-on never
    python benchmarks/report_open.py report.html [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from report.browser import Browser

TIMES = """(() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByType('paint').find(entry => entry.name === 'first-paint');
  return {paint: paint ? paint.startTime : NaN, ready: navigation.domContentLoadedEventEnd,
          load: navigation.loadEventEnd, height: document.documentElement.scrollHeight};
})()"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    print(f"{options.page}: {options.page.stat().st_size:,} bytes")
    with Browser(timeout=120) as chromium:
        for width in (390, 1280):
            runs = []
            for _ in range(options.runs):
                chromium.open(options.page, width=width)
                runs.append(chromium.evaluate(TIMES))

            def median(key: str, runs: list[dict[str, float]] = runs) -> float:
                return statistics.median(run[key] for run in runs)

            print(
                f"{width:>5} px: first paint {median('paint'):,.0f} ms, DOMContentLoaded {median('ready'):,.0f} ms, "
                f"load {median('load'):,.0f} ms, page height {median('height'):,.0f} px"
            )


if __name__ == "__main__":
    main()
