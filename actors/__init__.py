"""Concurrency: greenlet actors with mailboxes (lobbies, duels, connections, supervisor)."""
