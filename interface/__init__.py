"""The Discord interface: the posts and private panels of a game, the persistent components on
them and their custom ids, the menus of moves and picks, delivery to channels and DMs, and the
answers to interactions. Used by the cogs; knows games only through `games.py`."""
