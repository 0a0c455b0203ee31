package bot

import (
	"testing"
	"time"

	"atheneum/bot/discordtest"
	"atheneum/engine/tictactoe"
)

// BenchmarkFirstResponse measures, side by side, how long a person waits
// for the bot's first response to a command answered at once (/tictactoe
// help), as the fake Discord times it: from writing INTERACTION_CREATE to
// the callback's arrival on the gateway, from sending the POST to reading
// the answer's body over HTTP. ns/op is the whole round trip, the
// answer's message included.
func BenchmarkFirstResponse(b *testing.B) {
	for _, mode := range []string{"gateway", "http"} {
		b.Run(mode, func(b *testing.B) {
			h := newHarness(b, "ana")
			if mode == "http" {
				overHTTP(b, h, HTTPOptions{})
			}
			ana := h.user("ana")
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				in, err := h.Srv.SlashCommand(h.Ctx, ana, h.Channel, tictactoe.ID, discordtest.Sub("help"))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := in.WaitResponse(h.Ctx); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			lat := h.Srv.AckLatencies()
			b.ReportMetric(float64(discordtest.Percentile(lat, 50))/float64(time.Microsecond), "ack-p50-µs")
			b.ReportMetric(float64(discordtest.Percentile(lat, 99))/float64(time.Microsecond), "ack-p99-µs")
		})
	}
}
