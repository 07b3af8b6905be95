"""Brass (2007 classic rules), a variant of the Lancashire ruleset.

It has no hooks of its own: the base's are registered before it, and the rule
files and one data patch say all it changes.
"""
