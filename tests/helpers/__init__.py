"""Test helpers shared by the suites: game-generic playouts and invariants, Money fixtures."""
