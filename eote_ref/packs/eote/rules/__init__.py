"""The EotE 6.2 rules engine: pure functions from a table situation to an explained outcome.

Standard library only. Every procedure takes a frozen situation, the ruleset data
(:class:`~eote_ref.packs.eote.rules.ruleset.Ruleset`) and the dice, and returns an
:class:`~.core.Outcome` carrying the base value, each modifier with its rule
section and source, the modified value, the roll, the result code, the effects to apply and
the probability of every result over a fair d10.
"""
