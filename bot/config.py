"""Settings from the environment (and a ``.env`` file when present)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv


@dataclass(frozen=True)
class Settings:
    token: str | None
    db: str  # MUSTER_DB: a SQLite file path (the default) or a postgresql:// URL
    packs: Path | None
    log_level: str
    ai_delay: float
    metrics_port: int | None = None  # MUSTER_METRICS_PORT: /healthz and /metrics; off when unset
    metrics_host: str = "127.0.0.1"  # MUSTER_METRICS_HOST: loopback unless asked otherwise
    log_format: str = "text"  # MUSTER_LOG_FORMAT: text or json (one object per line)

    @classmethod
    def from_env(cls) -> Settings:
        load_dotenv()
        packs = os.environ.get("MUSTER_PACKS") or None
        port = os.environ.get("MUSTER_METRICS_PORT") or None
        return cls(
            token=os.environ.get("DISCORD_TOKEN") or None,
            db=resolve_db(os.environ.get("MUSTER_DB") or "muster.db", os.environ.get("MUSTER_DATA_DIR") or None),
            packs=Path(packs) if packs else None,
            log_level=os.environ.get("MUSTER_LOG_LEVEL", "INFO").upper(),
            ai_delay=float(os.environ.get("MUSTER_AI_DELAY") or "1.5"),
            metrics_port=int(port) if port else None,
            metrics_host=os.environ.get("MUSTER_METRICS_HOST") or "127.0.0.1",
            log_format=(os.environ.get("MUSTER_LOG_FORMAT") or "text").lower(),
        )


def is_postgresql(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


def resolve_db(db: str, data_dir: str | None) -> str:
    """MUSTER_DB as the store opens it. The Docker image sets MUSTER_DATA_DIR=/data (its volume): there a
    relative SQLite path (``./muster.db`` from a copied ``.env.example``) lands on the volume, not in the
    container's own layer, where it would vanish with the container. Without MUSTER_DATA_DIR a relative
    path stays relative to the working directory, as anyone running ``python -m bot`` expects."""
    if is_postgresql(db) or data_dir is None or Path(db).is_absolute():
        return db
    return str(Path(data_dir) / db)


def cli_lang() -> str:
    """The operator's language for command-line messages (backup, start-up errors): the POSIX locale
    (LC_ALL, LC_MESSAGES, LANG, e.g. ``ru_RU.UTF-8``) when we have that catalog, else English."""
    from bot.i18n import LANGS

    code = next((os.environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(k)), "en")
    short = code.split(".")[0].split("_")[0].lower()
    return short if short in LANGS else "en"
