package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// sample is the server's metrics at one moment: each series (name and labels) and its value.
type sample struct {
	at     time.Time
	values map[string]float64
}

// scrape reads the server's metrics; nil without a URL or on failure (the report then says
// what it could not read).
func scrape(url string) *sample {
	if url == "" {
		return nil
	}
	client := http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(url)
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	s := &sample{at: time.Now(), values: map[string]float64{}}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err == nil {
			s.values[line[:i]] = v
		}
	}
	return s
}

// metricsURLs are the URLs of --metrics: one, or several separated by commas (the nodes of a
// cluster).
func metricsURLs(list string) []string {
	var out []string
	for _, u := range strings.Split(list, ",") {
		if u = strings.TrimSpace(u); u != "" {
			out = append(out, u)
		}
	}
	return out
}

// scrapeAll reads the metrics of every URL of --metrics, in their order (nil for those that
// could not be read).
func scrapeAll(list string) []*sample {
	var out []*sample
	for _, u := range metricsURLs(list) {
		out = append(out, scrape(u))
	}
	return out
}

// get is a series' value, 0 when missing.
func (s *sample) get(series string) float64 {
	if s == nil {
		return 0
	}
	return s.values[series]
}

// histogramQuantile estimates quantile q of a histogram's observations between two samples
// from its cumulative buckets (the upper bound of the bucket the quantile falls in).
func histogramQuantile(a, b *sample, name string, q float64) float64 {
	if a == nil || b == nil {
		return 0
	}
	type bucket struct{ le, count float64 }
	var buckets []bucket
	for series, v := range b.values {
		rest, ok := strings.CutPrefix(series, name+`_bucket{le="`)
		if !ok {
			continue
		}
		le, err := strconv.ParseFloat(strings.TrimSuffix(rest, `"}`), 64)
		if err != nil && !strings.HasPrefix(rest, "+Inf") {
			continue
		}
		if strings.HasPrefix(rest, "+Inf") {
			le = 1e18
		}
		buckets = append(buckets, bucket{le, v - a.values[series]})
	}
	if len(buckets) == 0 {
		return 0
	}
	for i := range buckets {
		for j := i + 1; j < len(buckets); j++ {
			if buckets[j].le < buckets[i].le {
				buckets[i], buckets[j] = buckets[j], buckets[i]
			}
		}
	}
	total := buckets[len(buckets)-1].count
	for _, bk := range buckets {
		if bk.count >= q*total {
			return bk.le
		}
	}
	return buckets[len(buckets)-1].le
}

func report(out io.Writer, o options, clients []*client, connected time.Duration, before, mid, after []*sample) {
	var connects, gaps, echoes, fps, bps []float64
	var frames, stalled int64
	for _, c := range clients {
		c.mu.Lock()
		connects = append(connects, c.connect.Seconds())
		if c.stalled {
			stalled++
		} else {
			gaps = append(gaps, c.gaps...)
			fps = append(fps, float64(c.frames)/o.duration.Seconds())
			bps = append(bps, float64(c.bytes)/o.duration.Seconds())
			frames += c.frames
		}
		echoes = append(echoes, c.echoes...)
		c.mu.Unlock()
	}
	ms := func(s float64) string { return fmt.Sprintf("%.1f ms", s*1000) }
	fmt.Fprintf(out, "\nscenario %s · %d sessions · measured %v\n", o.scenario, len(clients), o.duration)
	fmt.Fprintf(out, "connect            p50 %s  p99 %s  (all connected in %v)\n",
		ms(percentile(connects, 0.5)), ms(percentile(connects, 0.99)), connected.Round(time.Millisecond))
	unit := "frames"
	if o.scenario == "bots" {
		unit = "turns"
	}
	fmt.Fprintf(out, "%-18s p50 %.2f/s  min %.2f/s  (%d in all, %d stalled clients left out)\n", unit+" per client",
		percentile(fps, 0.5), percentile(fps, 0), frames, stalled)
	fmt.Fprintf(out, "bytes per client   p50 %.0f B/s  p99 %.0f B/s\n", percentile(bps, 0.5), percentile(bps, 0.99))
	if len(gaps) > 0 {
		fmt.Fprintf(out, "gap between frames p50 %s  p99 %s\n", ms(percentile(gaps, 0.5)), ms(percentile(gaps, 0.99)))
	}
	if len(echoes) > 0 {
		fmt.Fprintf(out, "key echo           p50 %s  p99 %s  (%d keys)\n", ms(percentile(echoes, 0.5)), ms(percentile(echoes, 0.99)), len(echoes))
	}
	reportServer(out, o, before, mid, after, len(clients))
}

// reportServer prints what each server of --metrics says of itself between mid and after
// (before: at the harness's start, for the memory the clients added), n clients connected
// (to the first server).
func reportServer(out io.Writer, o options, before, mid, after []*sample, n int) {
	urls := metricsURLs(o.metrics)
	for i, url := range urls {
		if len(urls) > 1 {
			fmt.Fprintf(out, "\nserver %s\n", url)
		}
		if i >= len(before) || i >= len(mid) || i >= len(after) {
			break
		}
		reportNode(out, url, before[i], mid[i], after[i], n, i == 0)
	}
}

// reportNode prints one server's figures; the memory a session is the first server's only
// (the clients are connected to it).
func reportNode(out io.Writer, url string, before, mid, after *sample, n int, first bool) {
	ms := func(s float64) string { return fmt.Sprintf("%.1f ms", s*1000) }
	if mid == nil || after == nil {
		fmt.Fprintln(out, "server metrics: could not be read from", url)
		return
	}
	secs := after.at.Sub(mid.at).Seconds()
	delta := func(series string) float64 { return after.get(series) - mid.get(series) }
	cpu := delta("process_cpu_seconds_total") / secs
	rss := after.get("process_resident_memory_bytes")
	base := before.get("process_resident_memory_bytes")
	allocs := delta("go_memstats_mallocs_total")
	fmt.Fprintf(out, "server CPU         %.3f cores, %.0f allocations/s\n", cpu, allocs/secs)
	if first {
		fmt.Fprintf(out, "server memory      %.0f MiB resident (%.0f MiB before: %.0f KiB a session)\n",
			rss/(1<<20), base/(1<<20), (rss-base)/1024/float64(max(n, 1)))
	} else {
		fmt.Fprintf(out, "server memory      %.0f MiB resident (%.0f MiB before)\n", rss/(1<<20), base/(1<<20))
	}
	fmt.Fprintf(out, "server sessions    %.0f terminals, %.0f commands, %.0f connections\n",
		after.get(`arena_sessions{kind="terminal"}`), after.get(`arena_sessions{kind="command"}`), after.get("arena_connections"))
	fmt.Fprintf(out, "server frames      %.0f sent, %.0f replaced before drawn\n",
		delta("arena_frames_sent_total"), delta("arena_frames_dropped_total"))
	if drawn := delta("arena_frame_delay_seconds_count"); drawn > 0 {
		fmt.Fprintf(out, "frame delay        p50 %s  p99 %s  (snapshot to terminal, %.0f frames)\n",
			ms(histogramQuantile(mid, after, "arena_frame_delay_seconds", 0.5)), ms(histogramQuantile(mid, after, "arena_frame_delay_seconds", 0.99)), drawn)
	}
	if drawn := delta("arena_screens_drawn_total"); drawn > 0 {
		fmt.Fprintf(out, "screens drawn      %.0f (%.1f/s), %.0f allocations a screen\n", drawn, drawn/secs, allocs/drawn)
	}
	if told := delta("arena_lobby_announcements_total"); told > 0 {
		fmt.Fprintf(out, "lobby changes      %.0f announced to the lobby's screens (%.1f/s)\n", told, told/secs)
	}
	fmt.Fprintf(out, "hub tick           p99 %s, lateness p99 %s\n",
		ms(histogramQuantile(mid, after, "arena_hub_tick_seconds", 0.99)), ms(histogramQuantile(mid, after, "arena_hub_tick_lateness_seconds", 0.99)))
	if nodes := after.get("arena_cluster_nodes"); nodes > 0 {
		in, sent := delta(`arena_bus_bytes_total{direction="in"}`)/secs, delta(`arena_bus_bytes_total{direction="out"}`)/secs
		fmt.Fprintf(out, "bus                %.0f nodes heard; in %.0f B/s, out %.0f B/s (%.1f and %.1f B/s a client); %.0f and %.0f messages/s\n",
			nodes, in, sent, in/float64(max(n, 1)), sent/float64(max(n, 1)),
			delta(`arena_bus_messages_total{direction="in"}`)/secs, delta(`arena_bus_messages_total{direction="out"}`)/secs)
		fmt.Fprintf(out, "bus frames         %.0f in (played here), %.0f out (of rooms here), %.0f rooms loaded",
			delta(`arena_bus_frames_total{direction="in"}`), delta(`arena_bus_frames_total{direction="out"}`), delta("arena_bus_room_loads_total"))
		if delta("arena_bus_routing_seconds_count") > 0 {
			fmt.Fprintf(out, "; routing p50 %s  p99 %s",
				ms(histogramQuantile(mid, after, "arena_bus_routing_seconds", 0.5)), ms(histogramQuantile(mid, after, "arena_bus_routing_seconds", 0.99)))
		}
		fmt.Fprintln(out)
	}
}
