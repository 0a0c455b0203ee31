package bot

// This file is the HTTP interactions endpoint: the other way Discord
// delivers interactions, instead of the gateway. Discord POSTs each
// interaction, signed with the application's key, and takes the first
// response from the body of the HTTP answer; everything after it (edits of
// the answer, follow-ups) goes over REST as on the gateway. Since no
// process holds a connection of its own, any number of identical processes
// can serve the endpoint behind a load balancer.

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"atheneum/i18n"
)

const (
	// DefaultSignatureMaxAge is how old a request's signed timestamp may
	// be: a request replayed later than that is refused.
	DefaultSignatureMaxAge = 5 * time.Minute
	// signatureSkew is how far ahead of this host's clock a timestamp may
	// be, as two clocks never agree exactly.
	signatureSkew = time.Minute
	// DefaultAnswerWithin is how long a request waits for the bot's first
	// response before the endpoint answers for it: Discord waits three
	// seconds, counted from before the request left, so the endpoint
	// answers with room to spare.
	DefaultAnswerWithin = 2500 * time.Millisecond
	// maxInteractionBody bounds a request's body; an interaction, even
	// with the message it was pressed on, is far smaller.
	maxInteractionBody = 4 << 20
)

// HTTPOptions configure the interactions endpoint (HTTPHandler).
type HTTPOptions struct {
	// PublicKey is the application's public key (DISCORD_PUBLIC_KEY, on
	// the developer portal's General Information page), which checks that
	// each request comes from Discord.
	PublicKey ed25519.PublicKey
	// MaxAge is how old a request's signed timestamp may be
	// (DefaultSignatureMaxAge when zero).
	MaxAge time.Duration
	// AnswerWithin is how long a request waits for the bot's first
	// response (DefaultAnswerWithin when zero); past it, the endpoint
	// answers that the bot could not answer in time, and the bot's own
	// answer, when it comes, is refused as Discord refuses a late one.
	AnswerWithin time.Duration
}

// HTTPHandler returns the interactions endpoint: it checks each request's
// Ed25519 signature and the age of its timestamp (401 otherwise, as
// Discord expects before it accepts the endpoint), answers Discord's PING,
// and hands every other interaction to the bot with its first response
// written into the HTTP answer. The bot's REST calls (edits and
// follow-ups) wait until that answer is written, so that they never reach
// Discord before the response they edit.
func (b *Bot) HTTPHandler(o HTTPOptions) http.Handler {
	if o.MaxAge <= 0 {
		o.MaxAge = DefaultSignatureMaxAge
	}
	if o.AnswerWithin <= 0 {
		o.AnswerWithin = DefaultAnswerWithin
	}
	return &endpoint{b: b, o: o}
}

// endpoint is the interactions endpoint (see HTTPHandler).
type endpoint struct {
	b *Bot
	o HTTPOptions
}

// ServeHTTP answers one request from Discord.
func (e *endpoint) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, maxInteractionBody))
	if err != nil {
		w.WriteHeader(http.StatusRequestEntityTooLarge)
		return
	}
	// Nothing about why: a forger learns nothing from the answer.
	if !e.signedByDiscord(req.Header, body, time.Now()) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	i, err := decodeInteraction(body)
	if err != nil {
		e.b.log.Warn("a signed interaction is not readable", "err", err)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		_ = writeResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	e.serve(w, req, i)
}

// signedByDiscord reports whether the request carries a valid signature
// of its timestamp and body by the application's key, and a timestamp
// neither older than MaxAge nor ahead of the clock by more than a drift.
func (e *endpoint) signedByDiscord(h http.Header, body []byte, now time.Time) bool {
	sig, err := hex.DecodeString(h.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize || len(e.o.PublicKey) != ed25519.PublicKeySize {
		return false
	}
	stamp := h.Get("X-Signature-Timestamp")
	secs, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return false
	}
	if age := now.Sub(time.Unix(secs, 0)); age > e.o.MaxAge || age < -signatureSkew {
		return false
	}
	msg := make([]byte, 0, len(stamp)+len(body))
	msg = append(append(msg, stamp...), body...)
	return ed25519.Verify(e.o.PublicKey, msg, sig)
}

// firstResponse is the bot's first response, handed from its handler to
// the HTTP request; sent returns whether it was written.
type firstResponse struct {
	resp *discordgo.InteractionResponse
	sent chan error
}

// errAnsweredForTheBot is what the bot's first response gets once the
// request stopped waiting for it: the endpoint answered that the bot was
// too slow (or Discord went away). The handler stops there, as it does on
// the gateway when Discord refuses a late acknowledgement.
var errAnsweredForTheBot = errors.New("the interactions endpoint answered for the bot, which had not answered in time")

// serve runs the bot's handling of an interaction and writes its first
// response into the HTTP answer, or, when none comes in time, a message
// that the bot could not answer in time.
func (e *endpoint) serve(w http.ResponseWriter, req *http.Request, i *discordgo.Interaction) {
	answers := make(chan firstResponse)
	stopped := make(chan struct{}) // the request no longer waits
	first := func(resp *discordgo.InteractionResponse) error {
		sent := make(chan error, 1)
		select {
		case answers <- firstResponse{resp: resp, sent: sent}:
			return <-sent
		case <-stopped:
			return errAnsweredForTheBot
		}
	}
	handled := make(chan struct{})
	go func() {
		defer close(handled)
		e.b.handle(i, first)
	}()
	timer := time.NewTimer(e.o.AnswerWithin)
	defer timer.Stop()
	select {
	case a := <-answers:
		a.sent <- writeResponse(w, a.resp)
		return
	case <-handled:
		// The handler ended without a word (a duplicate delivery, say).
	case <-timer.C:
		e.b.log.Warn("the bot had not answered an interaction in time: the endpoint answered for it",
			"interaction", i.ID, "type", i.Type.String(), "within", e.o.AnswerWithin)
	case <-req.Context().Done():
		close(stopped)
		return
	}
	close(stopped)
	_ = writeResponse(w, tooSlow(i))
}

// tooSlow is the endpoint's own answer to an interaction the bot did not
// answer in time: no suggestions while typing, else a word to the user
// alone, in their client's language, to try again.
func tooSlow(i *discordgo.Interaction) *discordgo.InteractionResponse {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}}
	}
	l := i18n.FromLocale(string(i.Locale))
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: l.T("play.slow"), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions}}
}

// writeResponse writes an interaction response as the whole HTTP answer,
// as JSON, or as a multipart form when it uploads files (as discordgo's
// InteractionRespond sends it), and flushes it, so that what the bot sends
// next over REST leaves after it.
func writeResponse(w http.ResponseWriter, resp *discordgo.InteractionResponse) error {
	contentType, body := "application/json", []byte(nil)
	var err error
	if resp.Data != nil && len(resp.Data.Files) > 0 {
		contentType, body, err = discordgo.MultipartBodyWithJSON(resp, resp.Data.Files)
	} else {
		body, err = json.Marshal(resp)
	}
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if _, err := io.Copy(w, bytes.NewReader(body)); err != nil {
		return err
	}
	if err := http.NewResponseController(w).Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}
