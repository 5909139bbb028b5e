"""Code only the tests and the benchmarks run, kept out of the package (and so out of the wheel): the fuzz
harness (fuzz.py, fuzz_archives.py, fuzz_outputs.py), the generator's recall and precision runner
(accuracy.py) and the bridge to pokerkit, the reference replayer the engine is checked against
(pokerkit_bridge.py). The tests import it as `devtools` (tests/ is on their path); a benchmark puts tests/ on
its path first."""
