"""The chaos run (`python -m scripts.chaos.run`): crashes, cuts, outages and fuzz against the
real server, then proof from the database that nothing was lost or doubled
(docs/reliability.md)."""
