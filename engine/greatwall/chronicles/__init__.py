"""Ancient Chronicles, The Great Wall's six scenarios [IT AC; fact sheet §13.2]: the rules each
scenario adds, beside its variant in engine/greatwall/variants/ (a ``ScenarioVariant``), and its
numbers in data/chronicles/<scenario>.toml (read by engine/greatwall/chronicles/pack.py)."""
