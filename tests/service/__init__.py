"""Table service tests over a temporary store."""
