"""The run layer: a hand from its bytes through the rules (pipeline), the rules across a table's hands
(sequences), the workers that share the files (parallel) and the house rules by name (house)."""
