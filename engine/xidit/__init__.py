"""Lords of Xidit (Libellud, 2014): rules engine. Rulebook: ../shared/rules/002_*.txt (Spanish)."""
