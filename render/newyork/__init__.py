"""New York's pictures, drawn from views only."""

from render.newyork.city import city_picture
from render.newyork.hand import hand_picture
from render.newyork.scoring import scoring_picture
from render.newyork.sheet import score_sheet
from render.newyork.table import table_picture

__all__ = ["city_picture", "hand_picture", "score_sheet", "scoring_picture", "table_picture"]
