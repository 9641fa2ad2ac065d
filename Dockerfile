# Builds the motti server; the image runs it against the PostgreSQL named by DATABASE_URL.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/target/release/motti /usr/local/bin/motti
RUN useradd --system --home /var/lib/motti motti
USER motti
ENV MOTTI_BIND=0.0.0.0:8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD curl -fsS http://127.0.0.1:8080/readyz || exit 1
CMD ["motti", "serve"]
