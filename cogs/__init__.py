"""Discord adapters: slash commands, buttons, select menus and DMs. Thin: check who acts, call the
table service, then tell Discord. Everything game-specific is in `cogs/ui/<game>.py`."""
