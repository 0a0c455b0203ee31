package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// sendMultipart sends payload with files the way discordgo does
// (MultipartBodyWithJSON), for payloads its types cannot express: discordgo
// v0.29's MessageAttachment has no description, so a bot giving its images
// alt text builds the "attachments" list itself.
func sendMultipart(dg *discordgo.Session, method, url string, payload any, files ...*discordgo.File) ([]byte, error) {
	ct, body, err := discordgo.MultipartBodyWithJSON(payload, files)
	if err != nil {
		return nil, err
	}
	return dg.RequestRaw(method, url, ct, body, url, 0)
}

func pngFile(t *testing.T, name string) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(pngBytes(t, 2, 2))}
}

// altText is an "attachments" list giving upload n the description desc.
func altText(n int, desc string) []map[string]any {
	return []map[string]any{{"id": n, "description": desc}}
}

func TestAttachmentsCarryAltTextAndRespectUploadLimits(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{UploadLimit: 4096})
	world := srv.Seed()
	dg, err := srv.NewSession("test-token")
	if err != nil {
		t.Fatal(err)
	}
	ch := world.Channel.ID
	url := discordgo.EndpointChannelMessages(ch)

	var sent discordgo.Message
	t.Run("alt text and a file name sent with an upload are stored on the attachment", func(t *testing.T) {
		raw, err := sendMultipart(dg, "POST", url, map[string]any{
			"content":     "the board",
			"attachments": []map[string]any{{"id": "0", "description": "Your shelf: three blue books", "filename": "shelf.png"}},
		}, pngFile(t, "upload.png"))
		if err != nil {
			t.Fatalf("%v %v", err, srv.TakeViolations())
		}
		if err := json.Unmarshal(raw, &sent); err != nil {
			t.Fatal(err)
		}
		m, _ := srv.Message(sent.ID)
		a, ok := m.Attachment("shelf.png")
		if !ok || a.Description != "Your shelf: three blue books" || a.Width != 2 {
			t.Errorf("attachments = %+v, want shelf.png with its alt text", m.Attachments)
		}
		if !strings.Contains(string(raw), `"description":"Your shelf: three blue books"`) {
			t.Errorf("the answer %s must show the description, as Discord's does", raw)
		}
	})

	t.Run("an edit keeps the attachments it names and describes its new upload", func(t *testing.T) {
		old := sent.Attachments[0].ID
		_, err := sendMultipart(dg, "PATCH", discordgo.EndpointChannelMessage(ch, sent.ID), map[string]any{
			"attachments": []map[string]any{{"id": old}, {"id": 0, "description": "The market"}},
		}, pngFile(t, "market.png"))
		if err != nil {
			t.Fatalf("%v %v", err, srv.TakeViolations())
		}
		m, _ := srv.Message(sent.ID)
		shelf, kept := m.Attachment("shelf.png")
		market, added := m.Attachment("market.png")
		if !kept || !added || shelf.Description != "Your shelf: three blue books" || market.Description != "The market" {
			t.Errorf("attachments = %+v, want the kept shelf and the described market", m.Attachments)
		}
	})

	t.Run("alt text of 1024 accented letters is accepted", func(t *testing.T) {
		if _, err := sendMultipart(dg, "POST", url, map[string]any{"attachments": altText(0, strings.Repeat("é", 1024))}, pngFile(t, "a.png")); err != nil {
			t.Errorf("refused: %v %v", err, srv.TakeViolations())
		}
	})

	var eleven []*discordgo.File
	for i := range 11 {
		eleven = append(eleven, pngFile(t, fmt.Sprint(i, ".png")))
	}
	refused := []struct {
		name    string
		method  string
		url     string
		payload any
		files   []*discordgo.File
		status  int
		code    int
		field   string
	}{
		{"an attachments entry naming no uploaded file is refused", "POST", url,
			map[string]any{"content": "x", "attachments": altText(3, "nothing there")}, []*discordgo.File{pngFile(t, "a.png")},
			400, 50035, "attachments.0.id"},
		{"an edit naming an attachment the message does not have is refused", "PATCH", discordgo.EndpointChannelMessage(ch, sent.ID),
			map[string]any{"attachments": []map[string]any{{"id": "1234567890123456789"}}}, nil,
			400, 50035, "attachments.0.id"},
		{"alt text of 1025 characters is refused", "POST", url,
			map[string]any{"attachments": altText(0, strings.Repeat("é", 1025))}, []*discordgo.File{pngFile(t, "a.png")},
			400, 50035, "attachments.0.description"},
		{"eleven files are refused", "POST", url,
			map[string]any{"content": "x"}, eleven,
			400, 50035, "files"},
		{"a file over the upload limit is refused as too large", "POST", url,
			map[string]any{"content": "x"}, []*discordgo.File{{Name: "big.bin", Reader: bytes.NewReader(make([]byte, 4097))}},
			413, 40005, "files.0"},
		{"files adding up beyond the upload limit are refused as too large", "POST", url,
			map[string]any{"content": "x"}, []*discordgo.File{
				{Name: "a.bin", Reader: bytes.NewReader(make([]byte, 3000))}, {Name: "b.bin", Reader: bytes.NewReader(make([]byte, 3000))}},
			413, 40005, "files"},
		{"an edit uploading beyond the limit is refused as too large", "PATCH", discordgo.EndpointChannelMessage(ch, sent.ID),
			map[string]any{"content": "x"}, []*discordgo.File{{Name: "big.bin", Reader: bytes.NewReader(make([]byte, 5000))}},
			413, 40005, "files.0"},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := srv.Message(sent.ID)
			n := len(srv.Messages(ch))
			_, err := sendMultipart(dg, tc.method, tc.url, tc.payload, tc.files...)
			if status, code := restErrCode(err); status != tc.status || code != tc.code {
				t.Errorf("error = %v, want %d %d", err, tc.status, tc.code)
			}
			if vs := srv.TakeViolations(); len(vs) == 0 || vs[0].Field != tc.field {
				t.Errorf("violations = %v, want the first on %q", vs, tc.field)
			}
			after, _ := srv.Message(sent.ID)
			if len(srv.Messages(ch)) != n || len(after.Attachments) != len(before.Attachments) || after.Content != before.Content {
				t.Error("a refused request must change nothing")
			}
		})
	}

	t.Run("files exactly at the upload limit are accepted", func(t *testing.T) {
		_, err := sendMultipart(dg, "POST", url, map[string]any{"content": "x"},
			&discordgo.File{Name: "a.bin", Reader: bytes.NewReader(make([]byte, 2048))}, &discordgo.File{Name: "b.bin", Reader: bytes.NewReader(make([]byte, 2048))})
		if err != nil {
			t.Errorf("refused: %v %v", err, srv.TakeViolations())
		}
	})
}
