"""The replay viewer: a whole game watched move by move, played on by itself, or played
on from any move."""
