"""Rules tests: named after the rulebook clauses and examples they check."""
