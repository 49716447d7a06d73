"""Per-language word lists and language definitions, and their loader."""
