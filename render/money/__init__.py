"""Money's pictures: the public table, a seat's private hand, and the score sheet."""

from render.money.hand import hand_picture
from render.money.sheet import score_sheet
from render.money.table import table_picture

__all__ = ["hand_picture", "score_sheet", "table_picture"]
