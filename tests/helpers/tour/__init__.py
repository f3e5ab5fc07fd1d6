"""The table tour (`scripts/tour.py`): one seeded game per title through the loopback Discord
and the production bot, one seat played as a person would, every message saved, and the
line of counters issue 15 checks. `counts` (the counters and targets), `texts` (what a
player reads of a message), `person` (the seat's policy), `saving` (the files), `run` (one
game)."""
