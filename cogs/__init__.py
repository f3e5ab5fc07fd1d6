"""Discord cogs: each module's `setup(bot)` adds a Cog, slash commands or listeners. Thin: check
who acts, call the table service, then tell Discord through `interface/` (posts, panels,
components, delivery). Everything game-specific comes from `games.py`."""
