"""Developer and admin scripts, run from the project root as `python -m scripts.NAME`."""
