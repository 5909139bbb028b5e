"""Is the deal fair? Tests of the cards the histories show (free of selection) and of all-in luck with
exact equities, with calibrated verdicts (docs/GUIDE.md, "Fairness of the deal")."""
