"""Every message the bot sends or edits, as discord.py serialised it, keeps to Discord's documented
request fields and limits (tests/bot/contract.py lists them with the documentation they come from).

Driven through simcord, recorded at discord.py's HTTP layer (what would go over the wire): channel
posts, board posts with files, DM panels classic and Components V2 with a picture, the panel edits
after a pick and after an answer, the ephemeral /hand panel, component updates and followups."""

from __future__ import annotations

from typing import Any

import pytest
from contract import V2, Recorder, install, problems
from driver import answer, close_dms, current_panel, interactive, open_table, play_until, table_of

pytestmark = pytest.mark.simcord(settle_timeout=5)


@pytest.fixture
def wire(world: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> Recorder:
    recorder = Recorder()
    install(monkeypatch, recorder, world["env"].backend)
    return recorder


def _broken(recorder: Recorder) -> list[tuple[str, str, list[str]]]:
    return [(r.kind, r.path, found) for r in recorder.messages() if (found := problems(r))]


def _v2_with_picture(request: Any) -> bool:
    return bool(int(request.message.get("flags") or 0) & V2) and "you.png" in request.files


async def test_a_programme_table_sends_only_documented_requests(world: dict[str, Any], wire: Recorder) -> None:
    """Lords of Xidit: classic DM panels with the seat's picture, boards in the channel, then the V2
    programme panel: picks redraw it (component updates), /hand shows it ephemerally, lock-in turns it
    into a note (an edit of the original response). Each V2 request uploads the picture its gallery
    names, and each edit of a message with a file says which files it keeps."""
    env, alice = world["env"], world["alice"]
    lobby = await open_table(world, ai=3, game="xidit", humans=("alice",), length="short")
    await alice.click(lobby, label="Start")
    await play_until([alice], lambda: table_of(env).state.phase == "program")
    panel = current_panel(alice)
    assert panel is not None and panel.flags.components_v2
    hand = await alice.slash(world["channel"], "hand")
    assert hand.ephemeral
    slots = [i for i in interactive(panel) if i.custom_id.startswith("mu:slot:")]
    for select in slots:
        await alice.user.select(panel, ["act"], custom_id=select.custom_id)
        await alice.user.select(panel, ["act"], custom_id=select.custom_id)  # the same pick again
        panel = next(m for m in alice.user.dm_channel.history() if m.id == panel.id)
    await alice.user.click(panel, label="Lock in")
    await play_until([alice], lambda: table_of(env).state.phase != "program", limit=40)
    kinds = {r.kind for r in wire.messages()}
    assert {"message.create", "message.edit", "interaction.message", "interaction.update",
            "interaction.edit"} <= kinds, kinds
    # The V2 panel arrives as a new DM or, when alice's own answer opened it, in the DM she answered
    # (bot/dm_panels.py): either way its picture is uploaded with it.
    assert any(_v2_with_picture(r) and r.kind in ("message.create", "interaction.edit") for r in wire.messages())
    assert any(_v2_with_picture(r) and r.kind == "interaction.update" for r in wire.messages())
    assert any("board.png" in r.files for r in wire.messages())
    assert _broken(wire) == []
    assert not env.errors


async def test_closed_dms_and_hand_send_only_documented_requests(world: dict[str, Any], wire: Recorder) -> None:
    """Akhedena with alice's DMs closed: the channel ping names her (with allowed mentions), /hand
    answers ephemerally with her picture, an answer there edits that panel and the next one comes as
    a followup."""
    env, alice = world["env"], world["alice"]
    close_dms(env, alice)
    lobby = await open_table(world, ai=1, game="akhedena", humans=("alice",))
    await alice.click(lobby, label="Start")
    for _ in range(3):
        shown = await alice.slash(world["channel"], "hand")
        assert shown.ephemeral and shown.response is not None
        if not interactive(shown.response):
            break
        await answer(alice, shown.response)
    kinds = {r.kind for r in wire.messages()}
    assert {"message.create", "interaction.message", "interaction.edit", "interaction.followup"} <= kinds, kinds
    assert any("you.png" in r.files and r.kind == "interaction.message" for r in wire.messages())
    assert any(r.message.get("allowed_mentions") and "<@" in str(r.message.get("content")) for r in wire.messages())
    assert _broken(wire) == []
    assert not env.errors
