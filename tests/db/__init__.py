"""Store tests, each on a fresh temporary database."""
