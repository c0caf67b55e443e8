"""Pure, deterministic rules of every Muster game (no I/O, no clock, no global randomness)."""
