package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Upload limits, from Discord's message reference
// (https://discord.com/developers/docs/resources/message): at most 10
// attachments per message; "the maximum request size when sending a
// message is 25 MiB", and the upload limit applies to the request's files
// together, not to each one. Beyond it Discord answers 413 with code 40005
// "Request entity too large". An attachment's description (its alt text)
// is up to 1024 characters.
const (
	maxAttachments           = 10
	defaultUploadLimit       = 25 << 20
	maxAttachmentDescription = 1024
)

// attachmentEntry is one entry of a payload's "attachments": either a new
// upload, whose id is the n of its files[n] part, with optional alt text and
// file name, or (in an edit) an existing attachment to keep.
type attachmentEntry struct {
	ID          json.RawMessage `json:"id"`
	Filename    *string         `json:"filename"`
	Description *string         `json:"description"`
}

// parseAttachments applies a payload's "attachments" to the uploaded files
// (alt text, file name) and returns the existing attachments it keeps (nil
// when absent: keep them all). Every entry must name an upload of this
// request or, in an edit, an attachment of the message.
func parseAttachments(v *validator, prefix string, raw json.RawMessage, files, existing []Attachment) ([]Attachment, map[string]bool) {
	uploads := append([]Attachment(nil), files...)
	if !present(raw) || isNull(raw) {
		return uploads, nil
	}
	var entries []attachmentEntry
	if err := json.Unmarshal(raw, &entries); err != nil {
		v.add(prefix+"attachments", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
		return uploads, nil
	}
	if len(entries) > maxAttachments {
		v.add(prefix+"attachments", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxAttachments))
	}
	keep := map[string]bool{}
	for i, e := range entries {
		ef := fmt.Sprintf("%sattachments.%d", prefix, i)
		id := rawID(e.ID)
		if id == "" {
			v.add(ef+".id", "BASE_TYPE_REQUIRED", "This field is required")
			continue
		}
		if e.Description != nil {
			checkLen(v, ef+".description", *e.Description, 0, maxAttachmentDescription)
		}
		if j := uploadByIndex(uploads, id); j >= 0 {
			if e.Description != nil {
				uploads[j].Description = *e.Description
			}
			if e.Filename != nil && *e.Filename != "" {
				uploads[j].Filename = *e.Filename
			}
			continue
		}
		found := false
		for _, a := range existing {
			if a.ID == id {
				found = true
			}
		}
		if !found {
			// Neither a files[n] of this request nor one of the message's
			// attachments.
			v.add(ef+".id", "ATTACHMENT_NOT_FOUND", "Attachment data not found")
			continue
		}
		keep[id] = true
	}
	return uploads, keep
}

// rawID reads an id sent as a JSON string or number.
func rawID(raw json.RawMessage) string {
	if !present(raw) || isNull(raw) {
		return ""
	}
	var id string
	if json.Unmarshal(raw, &id) == nil {
		return id
	}
	return strings.TrimSpace(string(raw))
}

// uploadByIndex finds the upload sent as files[id].
func uploadByIndex(uploads []Attachment, id string) int {
	n, err := strconv.Atoi(id)
	if err != nil || n < 0 {
		return -1
	}
	for j, u := range uploads {
		if u.upload == n {
			return j
		}
	}
	return -1
}

// uploadIndex returns n for a multipart part named "files[n]", -1 otherwise.
func uploadIndex(formName string) int {
	inner, ok := strings.CutPrefix(formName, "files[")
	if !ok {
		return -1
	}
	inner, ok = strings.CutSuffix(inner, "]")
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(inner)
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// uploadRejected checks the request's files against Options.UploadLimit,
// which bounds each file and all of them together. On excess it records the
// violation and returns Discord's 413 40005, as its edge does before any
// other check.
func (c *call) uploadRejected() (int, any, bool) {
	limit := c.s.opts.UploadLimit
	total := int64(0)
	over := false
	for i, f := range c.req.Files {
		size := int64(len(f.Data))
		total += size
		if size > limit {
			over = true
			c.v.add(fmt.Sprintf("files.%d", i), "40005", fmt.Sprintf("Request entity too large: %s is %d bytes, the upload limit is %d", f.Filename, size, limit))
		}
	}
	if !over && total > limit {
		over = true
		c.v.add("files", "40005", fmt.Sprintf("Request entity too large: the files add up to %d bytes, the upload limit is %d", total, limit))
	}
	if !over {
		return 0, nil, false
	}
	st, b := apiErr(http.StatusRequestEntityTooLarge, 40005, "Request entity too large")
	return st, b, true
}
