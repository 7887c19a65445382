// Package metrics serves an operator's view of a running arena: Prometheus metrics and
// pprof profiles, on a listener of their own (never the SSH port), off unless asked for.
package metrics

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/arena-classroom/arena/cluster"
	"github.com/arena-classroom/arena/health"
	"github.com/arena-classroom/arena/lobby"
	"github.com/arena-classroom/arena/replay"
	"github.com/arena-classroom/arena/rooms"
	"github.com/arena-classroom/arena/server"
	"github.com/arena-classroom/arena/tournament/director"
	"github.com/arena-classroom/arena/version"
)

// Sources are where the figures read at each scrape come from. Any may be nil.
type Sources struct {
	Server func() server.Stats
	Rooms  func() []rooms.Info
	Lobby  func() lobby.Stats
	// Cluster is this node's traffic on a cluster's bus (nil alone).
	Cluster func() cluster.Stats
	// Parts are the node's parts and whether each answers (its readiness checks: the
	// store, the bus, the hub), read at each scrape: arena_part_up.
	Parts func(ctx context.Context) []health.Result
	// Tournaments are the tournaments' director's figures (nil without a store).
	Tournaments func() director.Stats
}

// Metrics holds the arena's collectors. It is a rooms.Observer (the hub's tick and the house
// bots' decisions) and times the store's writes.
type Metrics struct {
	reg        *prometheus.Registry
	sources    *sourced
	tick, late prometheus.Histogram
	decision   *prometheus.HistogramVec
	storeWrite *prometheus.HistogramVec
	storeFail  *prometheus.CounterVec
	frameDelay prometheus.Histogram
	routing    prometheus.Histogram
}

var _ rooms.Observer = (*Metrics)(nil)

// New registers every collector, the Go runtime's and the process's included.
func New(src Sources) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		tick: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "arena_hub_tick_seconds", Help: "Time one tick of the hub takes (every room advanced once).",
			Buckets: prometheus.ExponentialBuckets(0.0001, 2, 14),
		}),
		late: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "arena_hub_tick_lateness_seconds", Help: "How late a tick starts behind its schedule.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 2, 14),
		}),
		decision: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "arena_bot_decision_seconds", Help: "Time a house bot takes to choose a move, by game.",
			Buckets: prometheus.ExponentialBuckets(0.00001, 4, 10),
		}, []string{"game"}),
		storeWrite: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "arena_store_write_seconds", Help: "Time to record a finished game durably, by store back end (sqlite, postgres).",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 12),
		}, []string{"backend"}),
		storeFail: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arena_store_write_failures_total", Help: "Finished games that could not be recorded, by store back end.",
		}, []string{"backend"}),
		frameDelay: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "arena_frame_delay_seconds",
			Help:    "Time from a room's snapshot to its frame written to a person's terminal.",
			Buckets: prometheus.ExponentialBuckets(0.001, 1.5, 20), // 1 ms to 2.2 s
		}),
		routing: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "arena_bus_routing_seconds",
			Help:    "Time from a room's snapshot on its node to its frame played on another node that shows it.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 2, 16), // 0.1 ms to 3.3 s
		}),
	}
	m.sources = &sourced{src: src}
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "arena_build_info", Help: "1, labelled with this node's version, commit and Go version: nodes of two versions side by side show as two series.",
		ConstLabels: prometheus.Labels{"version": version.Version(), "commit": version.Commit(), "goversion": runtime.Version()},
	})
	build.Set(1)
	reg.MustRegister(build)
	reg.MustRegister(m.tick, m.late, m.decision, m.storeWrite, m.storeFail, m.frameDelay, m.routing,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.sources)
	return m
}

// SetSources replaces the sources read at each scrape (the server is built after the hub that
// the metrics observe).
func (m *Metrics) SetSources(src Sources) {
	m.sources.mu.Lock()
	m.sources.src = src
	m.sources.mu.Unlock()
}

// Tick is rooms.Observer's.
func (m *Metrics) Tick(took, late time.Duration) {
	m.tick.Observe(took.Seconds())
	m.late.Observe(max(late, 0).Seconds())
}

// Decision is rooms.Observer's.
func (m *Metrics) Decision(game, _ string, took time.Duration) {
	m.decision.WithLabelValues(game).Observe(took.Seconds())
}

// FrameDrawn times a snapshot's way to a terminal (lobby.Options.FrameDrawn).
func (m *Metrics) FrameDrawn(delay time.Duration) {
	m.frameDelay.Observe(max(delay, 0).Seconds())
}

// Store wraps a recorder (the hub's OnFinish) to time its writes to the store's backend
// ("sqlite", "postgres"; store.Store.Backend).
func (m *Metrics) Store(backend string, record func(rooms.Info, replay.Replay) error) func(rooms.Info, replay.Replay) error {
	took, failed := m.storeWrite.WithLabelValues(backend), m.storeFail.WithLabelValues(backend)
	return func(info rooms.Info, rp replay.Replay) error {
		start := time.Now()
		err := record(info, rp)
		took.Observe(time.Since(start).Seconds())
		if err != nil {
			failed.Inc()
		}
		return err
	}
}

// Handler serves /metrics, and the pprof profiles under /debug/pprof/.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintln(w, "arena: /metrics (Prometheus), /debug/pprof/ (profiles)")
	})
	return mux
}

// Serve listens on addr and serves h until ctx ends. It returns once listening (or failing
// to); serving goes on in the background.
func Serve(ctx context.Context, addr string, h http.Handler) (net.Addr, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics: %w", err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	go func() {
		if err := srv.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
			_ = err // the SSH server goes on without metrics
		}
	}()
	return l.Addr(), nil
}

// FrameRouted records how long a room's frame took from its node to this one.
func (m *Metrics) FrameRouted(d time.Duration) { m.routing.Observe(d.Seconds()) }

// sourced reads the figures that live elsewhere at each scrape.
type sourced struct {
	mu  sync.Mutex
	src Sources
}

var (
	descConns     = prometheus.NewDesc("arena_connections", "TCP connections counted against the limits.", nil, nil)
	descHandshake = prometheus.NewDesc("arena_connections_handshaking", "Connections still in their SSH handshake.", nil, nil)
	descLoggedIn  = prometheus.NewDesc("arena_connections_logged_in_idle", "Connections logged in with no session open.", nil, nil)
	descSessions  = prometheus.NewDesc("arena_sessions", "SSH sessions running, by kind (terminal or command).", []string{"kind"}, nil)
	descPeople    = prometheus.NewDesc("arena_online", "People and programs online, by where they are.", []string{"place"}, nil)
	descRooms     = prometheus.NewDesc("arena_rooms", "Live rooms, by game and state.", []string{"game", "state"}, nil)
	descSpectator = prometheus.NewDesc("arena_spectators", "Spectators of live rooms.", nil, nil)
	descWaiting   = prometheus.NewDesc("arena_matchmaker_waiting", "Players waiting in quick match, by game.", []string{"game"}, nil)
	descSent      = prometheus.NewDesc("arena_frames_sent_total", "Room snapshots handed to the viewers' screens.", nil, nil)
	descDropped   = prometheus.NewDesc("arena_frames_dropped_total", "Room snapshots replaced before their viewer drew them.", nil, nil)
	descRenders   = prometheus.NewDesc("arena_screens_drawn_total", "Screens drawn for the sessions (every View), the lobby's main cost.", nil, nil)
	descBusMsgs   = prometheus.NewDesc("arena_bus_messages_total", "Messages on the cluster's bus, by direction (in, out).", []string{"direction"}, nil)
	descBusBytes  = prometheus.NewDesc("arena_bus_bytes_total", "Bytes on the cluster's bus, by direction (in, out).", []string{"direction"}, nil)
	descBusFrames = prometheus.NewDesc("arena_bus_frames_total", "Room frames on the bus: sent for this node's rooms (out), played here for other nodes' rooms (in).", []string{"direction"}, nil)
	descBusReload = prometheus.NewDesc("arena_bus_room_loads_total", "Rooms of other nodes loaded here from their replay (a first viewer, or a frame missed).", nil, nil)
	descBusServed = prometheus.NewDesc("arena_bus_requests_served_total", "Requests of other nodes this node answered (a room's moves, a look at a room, a tournament's messages).", nil, nil)
	descBusReject = prometheus.NewDesc("arena_bus_rejected_total", "Messages from the bus dropped unread, by kind (heartbeat, request, frame, seat): too large, malformed, or of another version of the bus protocol.", []string{"kind"}, nil)
	descPeers     = prometheus.NewDesc("arena_cluster_nodes", "Nodes of the cluster this node hears, itself included.", nil, nil)
	descRefused   = prometheus.NewDesc("arena_logins_refused_total", "Connections and sessions refused, by reason: full, per_address, rate, hard_limit, shutting_down, channels, sessions_per_key, store (the account could not be loaded), command_length.", []string{"reason"}, nil)
	descLeader    = prometheus.NewDesc("arena_tournament_leader", "1 on the node that runs the tournaments (in a cluster, the one holding the director lease), 0 elsewhere.", nil, nil)
	descWaitingE  = prometheus.NewDesc("arena_tournament_entrants_waiting", "Programs lined up for their next tournament game on this node's director.", nil, nil)
	descLongest   = prometheus.NewDesc("arena_tournament_longest_wait_seconds", "How long the longest-waiting program has waited for its next tournament game.", nil, nil)
	descForfeits  = prometheus.NewDesc("arena_tournament_forfeits_total", "Tournament games lost without playing, by reason: away (not connected past the grace), removed (by the teacher), nobody_came.", []string{"reason"}, nil)
	descPartUp    = prometheus.NewDesc("arena_part_up", "1 when a part this node needs answers (store, bus, hub: what /readyz checks), 0 when it does not.", []string{"part"}, nil)
	descAnnounced = prometheus.NewDesc("arena_lobby_announcements_total", "Times the lobby's screens were told that what they show changed (at most twice a second).", nil, nil)
)

func (c *sourced) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descConns, descHandshake, descLoggedIn, descSessions, descPeople, descRooms, descSpectator, descWaiting, descSent, descDropped, descRenders, descAnnounced,
		descBusMsgs, descBusBytes, descBusFrames, descBusReload, descBusServed, descBusReject, descPeers, descPartUp, descRefused, descLeader, descWaitingE, descLongest, descForfeits} {
		ch <- d
	}
}

func (c *sourced) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	src := c.src
	c.mu.Unlock()
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	if src.Server != nil {
		st := src.Server()
		gauge(descConns, float64(st.Connections))
		gauge(descHandshake, float64(st.Handshaking))
		gauge(descLoggedIn, float64(st.LoggedIn))
		gauge(descSessions, float64(st.Terminals), "terminal")
		gauge(descSessions, float64(st.Sessions-st.Terminals), "command")
		for _, reason := range sortedStrings(st.Refused) {
			ch <- prometheus.MustNewConstMetric(descRefused, prometheus.CounterValue, float64(st.Refused[reason]), reason)
		}
	}
	if src.Rooms != nil {
		count := map[[2]string]int{}
		spectators := 0
		for _, r := range src.Rooms() {
			count[[2]string{r.Game, string(r.Status)}]++
			spectators += r.Spectators
		}
		for _, k := range sortedKeys(count) {
			gauge(descRooms, float64(count[k]), k[0], k[1])
		}
		gauge(descSpectator, float64(spectators))
	}
	if src.Lobby != nil {
		st := src.Lobby()
		for _, place := range sortedStrings(st.Places) {
			gauge(descPeople, float64(st.Places[place]), place)
		}
		for _, game := range sortedStrings(st.Waiting) {
			gauge(descWaiting, float64(st.Waiting[game]), game)
		}
		ch <- prometheus.MustNewConstMetric(descSent, prometheus.CounterValue, float64(st.FramesSent))
		ch <- prometheus.MustNewConstMetric(descRenders, prometheus.CounterValue, float64(st.Renders))
		ch <- prometheus.MustNewConstMetric(descAnnounced, prometheus.CounterValue, float64(st.Announcements))
	}
	ch <- prometheus.MustNewConstMetric(descDropped, prometheus.CounterValue, float64(rooms.FramesDropped()))
	if src.Tournaments != nil {
		st := src.Tournaments()
		leader := 0.0
		if st.Leading {
			leader = 1
		}
		gauge(descLeader, leader)
		gauge(descWaitingE, float64(st.Waiting))
		gauge(descLongest, st.LongestWait.Seconds())
		for _, reason := range sortedStrings(st.Forfeits) {
			ch <- prometheus.MustNewConstMetric(descForfeits, prometheus.CounterValue, float64(st.Forfeits[reason]), reason)
		}
	}
	if src.Parts != nil {
		for _, r := range src.Parts(context.Background()) {
			up := 1.0
			if r.Err != nil {
				up = 0
			}
			gauge(descPartUp, up, r.Name)
		}
	}
	if src.Cluster != nil {
		st := src.Cluster()
		counter := func(d *prometheus.Desc, v uint64, labels ...string) {
			ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), labels...)
		}
		counter(descBusMsgs, st.MessagesIn, "in")
		counter(descBusMsgs, st.MessagesOut, "out")
		counter(descBusBytes, st.BytesIn, "in")
		counter(descBusBytes, st.BytesOut, "out")
		counter(descBusFrames, st.FramesIn, "in")
		counter(descBusFrames, st.FramesOut, "out")
		counter(descBusReload, st.RoomLoads)
		counter(descBusServed, st.Served)
		for _, kind := range sortedStrings(st.Rejected) {
			counter(descBusReject, st.Rejected[kind], kind)
		}
		gauge(descPeers, float64(st.Nodes))
	}
}

func sortedKeys(m map[[2]string]int) [][2]string {
	keys := make([][2]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i][0] < keys[j][0] || keys[i][0] == keys[j][0] && keys[i][1] < keys[j][1]
	})
	return keys
}

func sortedStrings[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
