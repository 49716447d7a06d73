"""Everything is declared in setup.cfg; this only writes, into the installed
`wordle_tournament` command package, the checkout it was installed from (the server runs
from its checkout: see scripts/command/__init__.py)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithCheckout(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "wordle_tournament" / "_checkout.py"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"ROOT = {str(ROOT)!r}\n")


setup(cmdclass={"build_py": BuildWithCheckout})
