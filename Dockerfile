# Build: a static binary, with the same command CI builds it.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# The commit, which the build cannot read (.git stays out of the context): docker build
# --build-arg COMMIT=$(git rev-parse --short=12 HEAD) . (arena version prints it).
ARG COMMIT=unknown
RUN CGO_ENABLED=0 go build -ldflags "-X github.com/arena-classroom/arena/version.Built=${COMMIT}" -o /arena ./cmd/arena
# distroless has no mkdir: prepare the data directory and the bus's here.
RUN mkdir -p /out/data /out/bus

# Run: no shell, no package manager, a non-root user (distroless's "nonroot", uid 65532).
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /arena /arena
# The data directory holds the host key and the database: mount a volume on it. A new named
# volume takes this directory's owner, so the non-root user can write to it.
COPY --from=build --chown=65532:65532 /out/data /data
# A cluster's bus keys (arena nats init /bus, deploy/compose.yaml): owned by the same user,
# so that the keys init writes (mode 600) are readable by the bus and the nodes, which run
# as that user too.
COPY --from=build --chown=65532:65532 /out/bus /bus
USER 65532:65532
VOLUME /data
EXPOSE 2222
# The same image runs a cluster's bus with another entrypoint: /arena nats --listen :4222
# --nodes /bus/nodes … (deploy/compose.yaml).
ENTRYPOINT ["/arena", "serve", "--listen", ":2222", "--data", "/data"]
