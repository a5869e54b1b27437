"""Rules engines: pure Python, no Django, no I/O, deterministic given their inputs.

Each rule set (NUM-X today; NUM-X "Objectifs", NMBR 9 and others later) is a package that
offers the same surface, described by :class:`games.engine.ruleset.RuleSet`, and registers
itself in :data:`games.engine.ruleset.RULE_SETS`.
"""
