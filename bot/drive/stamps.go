package drive

import (
	"fmt"
	"regexp"
	"strconv"
	"time"
)

// transcriptTime is how a transcript writes a time: "Tue 3 Mar 09:00".
const transcriptTime = "Mon 2 Jan 15:04"

var (
	stampWithRelative = regexp.MustCompile(`<t:(\d+):[a-zA-Z]> \(<t:\d+:R>\)`)
	stampAlone        = regexp.MustCompile(`<t:(\d+)(?::[a-zA-Z])?>`)
)

// readableStamps writes Discord's timestamps in text as a reader in UTC
// sees them ("Tue 3 Mar 09:00 UTC"); with clocked (the fake Discord runs
// on the bot's simulated clock), a relative one is reckoned from at, when
// the message was written ("in 23 h"), else left out.
func readableStamps(text string, at time.Time, clocked bool) string {
	when := func(sec string) time.Time {
		n, _ := strconv.ParseInt(sec, 10, 64)
		return time.Unix(n, 0).UTC()
	}
	text = stampWithRelative.ReplaceAllStringFunc(text, func(s string) string {
		t := when(stampWithRelative.FindStringSubmatch(s)[1])
		out := t.Format(transcriptTime) + " UTC"
		if clocked {
			out += " (" + relative(t.Sub(at)) + ")"
		}
		return out
	})
	return stampAlone.ReplaceAllStringFunc(text, func(s string) string {
		return when(stampAlone.FindStringSubmatch(s)[1]).Format(transcriptTime) + " UTC"
	})
}

// relative words a span of time from now: "in 23 h", "40 min ago".
func relative(d time.Duration) string {
	ago := d < 0
	if ago {
		d = -d
	}
	n := fmt.Sprintf("%d h", int(d.Round(time.Hour)/time.Hour))
	if d < time.Hour {
		n = fmt.Sprintf("%d min", int(d.Round(time.Minute)/time.Minute))
	}
	if ago {
		return n + " ago"
	}
	return "in " + n
}
