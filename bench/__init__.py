"""Benchmarks: each script prints one table of figures (run them with scripts/bench.sh)."""
