FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY rendering rendering
COPY bot bot
# Fonts for players' names in any script (rendering/fonts.py): emoji in colour, CJK, Arabic, Hebrew, symbols.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-core fonts-noto-cjk \
        fonts-noto-color-emoji fonts-symbola fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
RUN pip install --no-cache-dir '.[postgresql]' && useradd --create-home muster && mkdir /data && chown muster /data
USER muster
# The database lives on the /data volume: MUSTER_DATA_DIR makes any relative SQLite MUSTER_DB (e.g. a
# copied .env.example's ./muster.db, passed with --env-file) resolve under /data (bot/config.py resolve_db).
ENV MUSTER_DATA_DIR=/data MUSTER_DB=/data/muster.db
# The image turns the health and metrics endpoint on, bound to the container's loopback only, so the
# HEALTHCHECK below can reach it and nothing outside the container can. To scrape /metrics from
# another container, set MUSTER_METRICS_HOST=0.0.0.0 and publish the port; MUSTER_METRICS_PORT= (empty)
# turns it off (the HEALTHCHECK then reports unhealthy: drop it with --no-healthcheck).
ENV MUSTER_METRICS_PORT=9108 MUSTER_METRICS_HOST=127.0.0.1
VOLUME ["/data"]
# /healthz: 200 once the gateway is ready and the store answers, 503 otherwise (and while closing).
# python, not curl: the slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD python -c "import os,urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ['MUSTER_METRICS_PORT'], timeout=4); sys.exit(0)" || exit 1
# docker stop sends SIGTERM: the bot lets clicks finish, posts the boards asked for, closes the store.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
