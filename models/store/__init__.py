"""The store: everything the game and the REST routes keep in the database.

`sql.SqlStore` implements the two interfaces of `interfaces` (`GameStore` for the actors,
`WebStore` for the web layer) over modules split by what they store: `players`, `tournaments`
(results as they are played, models/results.py), `reads` (for the REST routes), `migrations`
(the schema), over `tables` (the Peewee `...Row` models) and `connection`. Every call is one
short transaction, returns plain values, and raises only the store's own errors (`errors`).
Results the database could not take yet wait in the `journal`.

This package's `__init__` imports nothing, so importing any of its modules runs no other.
"""
