"""Print how long the HTML audit report of a large run takes and how big it gets.

The input is made by the project's generator (--hands hands, --fault-rate of them with one injected
dealer error), written once to --keep FILE and reused when that file exists. The figures: the audit
alone, the audit with the report collected alongside (statistics rows for every hand, hand views for
the first --views hands with findings), the rendering, the file size, and the peak memory.

    python benchmarks/report_size.py [--hands 100000] [--fault-rate 0.02] [--views 2000]
                                     [--keep FILE] [--out report.html]
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.report.html import HtmlReport
from omaha_audit.run.pipeline import Auditor


def histories(path: Path, hands: int, seed: int, fault_rate: float) -> Path:
    if path.exists():
        print(f"input: {path} (reused)")
        return path
    started = time.perf_counter()
    with path.open("w", encoding="utf-8") as text, open(path.with_suffix(".labels.jsonl"), "w") as labels:
        generate(GenerateConfig(hands=hands, seed=seed, fault_rate=fault_rate), text, labels)
    print(f"input: {path}, {hands:,} hands generated in {time.perf_counter() - started:.1f} s")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--fault-rate", type=float, default=0.02)
    parser.add_argument("--views", type=int, default=2000, help="hand views kept (the report's cap)")
    parser.add_argument("--keep", type=Path, help="generated input file (made when missing)")
    parser.add_argument("--out", type=Path, help="where to write the report (default: a temporary file)")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="omaha-audit-bench-"))
    source = histories(args.keep or work / f"generated-{args.hands}.txt", args.hands, args.seed, args.fault_rate)
    out = args.out or work / "report.html"

    started = time.perf_counter()
    auditor = Auditor()
    for _ in auditor.audit_files([source]):
        pass
    audit_only = time.perf_counter() - started
    print(f"audit alone:                 {audit_only:7.1f} s", flush=True)

    started = time.perf_counter()
    auditor = Auditor()
    report = HtmlReport(max_hand_views=args.views)
    for audited in auditor.audit_files([source]):
        report.add_hand(audited)
    collected = time.perf_counter() - started
    print(f"audit + report collection:   {collected:7.1f} s", flush=True)
    started = time.perf_counter()
    report.write(auditor.tally, out)
    rendered = time.perf_counter() - started
    size = out.stat().st_size
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux

    tally = auditor.tally
    print(f"hands: {tally.hands:,}, findings: {tally.findings:,}")
    print(f"hands with an error or warning: {report.hands_with_findings:,}; views written: {len(report.views):,}")
    print(f"audit alone {tally.hands / audit_only:,.0f} hands/s, with the report {tally.hands / collected:,.0f}")
    print(f"render + write:              {rendered:7.1f} s")
    print(f"report: {out}  {size / 1e6:.1f} MB")
    print(f"peak memory: {peak:,.0f} MiB")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
