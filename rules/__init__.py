"""The games as pure Python: no Discord, no database, no Pillow. See `rules.contract`."""
