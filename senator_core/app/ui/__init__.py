"""The pieces every screen shares: the HTML builder, the cards and badges, the drawings,
the words, the motion, the loading screen's texts."""
