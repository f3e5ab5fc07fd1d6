"""Pillow pictures drawn only from a game's views (public or one seat's); never from state."""
