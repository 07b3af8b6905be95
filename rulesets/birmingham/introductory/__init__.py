"""Brass: Birmingham, introductory game: a variant with no hooks of its own."""
