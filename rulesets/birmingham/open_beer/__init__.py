"""Brass: Birmingham with open beer: a house-rule variant with no hooks of its own."""
