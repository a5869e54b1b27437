"""Each game's site adapter, one package per game (``games/rulesets/<id>/``): how its table
is drawn, how a posted form becomes an action, how its events read in words, its new-game
options. The platform reaches them through :mod:`games.registry`, never by name."""
