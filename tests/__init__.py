"""Tavolo's tests. A package, so test modules in sub-packages may share basenames."""
