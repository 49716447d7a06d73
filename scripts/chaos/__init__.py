"""The chaos run (`python -m scripts.chaos.run`): crashes, cuts, outages and fuzz against the
real server, then proof from the database that nothing was lost or doubled
(docs/reliability.md). `run` orchestrates; `players` are the troublesome clients, `fuzz` the
generated input, `verify` the database checks, `figures` what is counted."""
