"""Admin and developer commands, run from the project root as `python -m scripts.NAME`."""
