"""A finished game's review: each decision rated in the background, kept with the game,
and shown beside the replay."""
