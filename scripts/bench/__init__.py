"""Benchmarks: players per process (`load`), CPU per received frame (`reader`), word-list
loading (`wordlist_load`), and the garbage collector's work (`gc_sampler/`, `gc_report`).
Figures and how to read them: docs/performance.md."""
