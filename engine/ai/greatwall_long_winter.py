"""The seat AIs' answers to Il Lungo Inverno's decisions [IT AC, "Il Lungo Inverno"]
(engine/greatwall/chronicles/long_winter.py), from the seat's own view only.

- Sending to the Emperor: 12 Honor for 4 resources and a Clerk is the best rate of the game (a
  donation pays 2 Honor a resource [ES p.11], a Wall level about as much), so send whenever a kind can
  go; the kind held most, keeping Gold and Chi last (Gold pays for Clerks, Chi clears Shame [ES p.7]).
- A Breach: 1 resource is always cheaper than a Shame token (−5 Honor at the end or a lost Horde
  card [ES p.7]); give the kind held most, Chi last. Take the Shame only with nothing to give."""

from __future__ import annotations

from engine.ai.greatwall_turn import Pick, Turn

KEEP_LAST = {"wood": 0, "stone": 0, "gold": 1, "chi": 2}  # ties: give the cheap building kinds first


def _rank(t: Turn, resource: str) -> tuple[int, int]:
    return (t.res.get(resource, 0), -KEEP_LAST.get(resource, 0))


def send(t: Turn) -> list[str]:
    sends = [o.id for o in t.prompt.options if o.id.startswith("send.")]
    if not sends:
        return ["none"]
    best = max(sends, key=lambda v: _rank(t, v[5:]))
    return [best]


def breach(t: Turn) -> list[str]:
    gives = [o.id for o in t.prompt.options if o.id.startswith("give.")]
    if not gives:
        return ["shame"]
    return [max(gives, key=lambda v: _rank(t, v[5:]))]


PICKS: dict[str, Pick] = {"lw_send": send, "lw_breach": breach}
