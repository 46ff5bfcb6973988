"""The game at the table: the seats and the middle, the decision and the hand, the
scoreboard, the log, the round's story, the hint, Undo, and the end of the game."""
