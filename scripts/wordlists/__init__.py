"""Building (`build`, reading its sources with `dictionaries` and choosing Kazakh answers with
`kazakh`) and auditing (`audit`) the shipped word lists: developer tools that need the `admin`
extra and Debian's hunspell dictionaries (wordlists/SOURCES.md). Importing a list
into a running installation is the admin command `scripts.import_wordlist`, which reads its
sources with `import_sources`."""
