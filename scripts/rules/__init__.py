"""Tools over the pure game rules (models/): `simulate` plays whole tournaments in-process."""
