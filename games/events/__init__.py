"""Event store: the append-only record of every game, from which state and replays are built."""
