package metrics

import (
	"net/http"
	"runtime"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/arena-classroom/arena/version"
)

// Bus serves the metrics of a cluster's bus (arena nats --metrics): that it is up, its
// nodes' connections, its traffic, its slow consumers (a node too slow to read its
// messages), and its version.
func Bus(s *natsserver.Server) http.Handler {
	reg := prometheus.NewRegistry()
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "arena_build_info", Help: "1, labelled with this bus's arena version, commit and Go version.",
		ConstLabels: prometheus.Labels{"version": version.Version(), "commit": version.Commit(), "goversion": runtime.Version()},
	})
	build.Set(1)
	reg.MustRegister(build, busCollector{s}, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	return mux
}

var (
	descNatsUp    = prometheus.NewDesc("arena_nats_up", "1 while the bus serves.", nil, nil)
	descNatsConns = prometheus.NewDesc("arena_nats_connections", "Connections to the bus: the nodes connected now.", nil, nil)
	descNatsMsgs  = prometheus.NewDesc("arena_nats_messages_total", "Messages through the bus, by direction (in, out).", []string{"direction"}, nil)
	descNatsBytes = prometheus.NewDesc("arena_nats_bytes_total", "Bytes through the bus, by direction (in, out).", []string{"direction"}, nil)
	descNatsSlow  = prometheus.NewDesc("arena_nats_slow_consumers_total", "Times a node read its messages too slowly and the bus cut it off.", nil, nil)
)

type busCollector struct{ s *natsserver.Server }

func (c busCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descNatsUp, descNatsConns, descNatsMsgs, descNatsBytes, descNatsSlow} {
		ch <- d
	}
}

func (c busCollector) Collect(ch chan<- prometheus.Metric) {
	v, err := c.s.Varz(nil)
	up := 1.0
	if err != nil || !c.s.Running() {
		up = 0
	}
	ch <- prometheus.MustNewConstMetric(descNatsUp, prometheus.GaugeValue, up)
	if err != nil {
		return
	}
	ch <- prometheus.MustNewConstMetric(descNatsConns, prometheus.GaugeValue, float64(v.Connections))
	ch <- prometheus.MustNewConstMetric(descNatsMsgs, prometheus.CounterValue, float64(v.InMsgs), "in")
	ch <- prometheus.MustNewConstMetric(descNatsMsgs, prometheus.CounterValue, float64(v.OutMsgs), "out")
	ch <- prometheus.MustNewConstMetric(descNatsBytes, prometheus.CounterValue, float64(v.InBytes), "in")
	ch <- prometheus.MustNewConstMetric(descNatsBytes, prometheus.CounterValue, float64(v.OutBytes), "out")
	ch <- prometheus.MustNewConstMetric(descNatsSlow, prometheus.CounterValue, float64(v.SlowConsumers))
}
