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

func report(out io.Writer, o options, clients []*client, connected time.Duration, before, mid, after *sample) {
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

// reportServer prints what the server says of itself between mid and after (before: at the
// harness's start, for the memory the clients added), n clients connected.
func reportServer(out io.Writer, o options, before, mid, after *sample, n int) {
	ms := func(s float64) string { return fmt.Sprintf("%.1f ms", s*1000) }
	if mid == nil || after == nil {
		if o.metrics != "" {
			fmt.Fprintln(out, "server metrics: could not be read from", o.metrics)
		}
		return
	}
	secs := after.at.Sub(mid.at).Seconds()
	cpu := (after.get("process_cpu_seconds_total") - mid.get("process_cpu_seconds_total")) / secs
	rss := after.get("process_resident_memory_bytes")
	base := before.get("process_resident_memory_bytes")
	fmt.Fprintf(out, "server CPU         %.2f cores\n", cpu)
	fmt.Fprintf(out, "server memory      %.0f MiB resident (%.0f MiB before: %.0f KiB a session)\n",
		rss/(1<<20), base/(1<<20), (rss-base)/1024/float64(max(n, 1)))
	fmt.Fprintf(out, "server sessions    %.0f terminals, %.0f commands, %.0f connections\n",
		after.get(`arena_sessions{kind="terminal"}`), after.get(`arena_sessions{kind="command"}`), after.get("arena_connections"))
	sent := after.get("arena_frames_sent_total") - mid.get("arena_frames_sent_total")
	dropped := after.get("arena_frames_dropped_total") - mid.get("arena_frames_dropped_total")
	fmt.Fprintf(out, "server frames      %.0f sent, %.0f replaced before drawn\n", sent, dropped)
	if drawn := after.get("arena_frame_delay_seconds_count") - mid.get("arena_frame_delay_seconds_count"); drawn > 0 {
		fmt.Fprintf(out, "frame delay        p50 %s  p99 %s  (snapshot to terminal, %.0f frames)\n",
			ms(histogramQuantile(mid, after, "arena_frame_delay_seconds", 0.5)), ms(histogramQuantile(mid, after, "arena_frame_delay_seconds", 0.99)), drawn)
	}
	fmt.Fprintf(out, "hub tick           p99 %s, lateness p99 %s\n",
		ms(histogramQuantile(mid, after, "arena_hub_tick_seconds", 0.99)), ms(histogramQuantile(mid, after, "arena_hub_tick_lateness_seconds", 0.99)))
}
