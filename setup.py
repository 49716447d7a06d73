from setuptools import setup

setup()  # everything is declared in setup.cfg
