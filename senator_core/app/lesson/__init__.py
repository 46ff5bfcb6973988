"""The guided first game: its fixed deal and line of moves, and the coach that holds the
table to teach."""
