"""Palazzo's pictures: the public table, a seat's hand, the final score sheet."""

from render.palazzo.hand import hand_picture
from render.palazzo.sheet import score_sheet
from render.palazzo.table import table_picture

__all__ = ["hand_picture", "score_sheet", "table_picture"]
