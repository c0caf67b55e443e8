FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY rendering rendering
COPY bot bot
RUN pip install --no-cache-dir '.[postgresql]' && useradd --create-home muster && mkdir /data && chown muster /data
USER muster
ENV MUSTER_DB=/data/muster.db
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
