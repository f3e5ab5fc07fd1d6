"""The SQLite store: schema migrations, games with a version, and the append-only action log."""
