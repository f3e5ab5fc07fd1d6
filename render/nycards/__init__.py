"""The New York card game's pictures: the public table, a seat's money, and scorings."""

from render.nycards.hand import hand_picture
from render.nycards.sheet import final_picture, scoring_picture
from render.nycards.table import table_picture

__all__ = ["final_picture", "hand_picture", "scoring_picture", "table_picture"]
