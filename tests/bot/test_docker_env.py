"""The Docker path, checked without a Docker daemon: the image's ENV and VOLUME (read from the Dockerfile),
a `docker run --env-file .env` built from `.env.example`, and bot.config's own resolution."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


def image_env() -> dict[str, str]:
    """Every ``ENV k=v …`` of the Dockerfile, later lines winning, as ``docker build`` sets them."""
    env: dict[str, str] = {}
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if line.startswith("ENV "):
            env.update(pair.split("=", 1) for pair in shlex.split(line[4:]))
    return env


def volumes() -> list[str]:
    found = re.findall(r"^VOLUME\s+\[(.*)\]", (ROOT / "Dockerfile").read_text(), re.M)
    return [v.strip().strip('"') for line in found for v in line.split(",")]


def env_file(text: str) -> dict[str, str]:
    """``--env-file``'s reading: KEY=VALUE lines taken literally; ``#`` lines and blank lines skipped."""
    return dict(line.split("=", 1) for line in text.splitlines() if line.strip() and not line.startswith("#"))


def settings_in_container(monkeypatch: pytest.MonkeyPatch, dotenv: dict[str, str]) -> Settings:
    """The container's environment: the image's ENV, overridden by --env-file, as Docker does."""
    monkeypatch.setattr("bot.config.load_dotenv", lambda: None)  # no .env inside the image
    for key in ("MUSTER_DB", "MUSTER_DATA_DIR"):
        monkeypatch.delenv(key, raising=False)
    for key, value in {**image_env(), **dotenv}.items():
        monkeypatch.setenv(key, value)
    return Settings.from_env()


def on_volume(db: str) -> bool:
    return any(Path(db).is_relative_to(v) for v in volumes())


def test_the_example_env_file_keeps_the_database_on_the_volume(monkeypatch: pytest.MonkeyPatch) -> None:
    """`docker run --env-file .env -v muster-data:/data` with .env copied from .env.example."""
    settings = settings_in_container(monkeypatch, env_file((ROOT / ".env.example").read_text()))
    assert on_volume(settings.db), settings.db


@pytest.mark.parametrize("value", ["./muster.db", "muster.db", "games/muster.db"])
def test_a_relative_muster_db_in_env_lands_under_data(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    """The old .env.example said MUSTER_DB=./muster.db: in the image that is /data/muster.db."""
    settings = settings_in_container(monkeypatch, {"MUSTER_DB": value})
    assert on_volume(settings.db) and settings.db == str(Path("/data") / value)


def test_a_postgresql_url_or_absolute_path_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    url = "postgresql://muster:pw@db:5432/muster"
    assert settings_in_container(monkeypatch, {"MUSTER_DB": url}).db == url
    assert settings_in_container(monkeypatch, {"MUSTER_DB": "/srv/m.db"}).db == "/srv/m.db"


def test_outside_docker_a_relative_path_stays_relative(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.config.load_dotenv", lambda: None)
    monkeypatch.delenv("MUSTER_DATA_DIR", raising=False)
    monkeypatch.setenv("MUSTER_DB", "./muster.db")
    assert Settings.from_env().db == "./muster.db"


def test_compose_gives_the_bot_the_grace_period_the_readme_asks() -> None:
    """The README asks 30 s for a clean stop; compose's default is 10 s."""
    compose = (ROOT / "docker-compose.yml").read_text()
    bot = compose[compose.index("\n  bot:"):]
    assert re.search(r"^    stop_grace_period: 30s$", bot, re.M)
    assert "at least 30 s" in (ROOT / "README.md").read_text()


def test_the_readme_gives_one_backup_recipe_and_it_needs_no_sqlite3_binary() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "sqlite3 " not in readme and ".backup" not in readme
    assert "python -m bot backup" in readme
