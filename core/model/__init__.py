"""The lowest layer: cards, contract rows, frozen values and views, errors. Imports nothing else of the project."""
