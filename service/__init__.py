"""The table service: lobbies and moves over the store and the rules. Knows nothing of Discord."""
