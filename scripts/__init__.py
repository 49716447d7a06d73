"""Commands, run from the project root as `python -m scripts.NAME` or `scripts.GROUP.NAME`.

Here at the top, what a self-hoster runs: `manage.py` (serve, test), `migrate`,
`import_wordlist` and `bots`. In groups, by who runs them: `bench/` (load and CPU
benchmarks), `chaos/` (the chaos run), `wordlists/` (building and auditing the shipped lists),
`rules/` (whole tournaments simulated in-process).
"""
