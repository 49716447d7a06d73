"""Game rules as plain Python (no gevent, sockets or database), plus the one persistence module."""
