"""NUM-X games: play, tournaments and replays."""
