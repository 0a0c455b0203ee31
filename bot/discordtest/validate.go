package discordtest

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Violation is one field of a payload that Discord would reject with 400
// 50035 "Invalid Form Body". The fake rejects the request the same way and
// keeps the violation, so a test can fail on it even if the bot swallowed
// the error.
type Violation struct {
	RequestSeq int    // Request.Seq of the rejected request
	Method     string // of the rejected request
	Path       string // of the rejected request, relative to /api/v9
	Field      string // dotted path into the JSON body, e.g. "data.components.0.components.0.options"
	Code       string // Discord's error code, e.g. "BASE_TYPE_BAD_LENGTH"
	Message    string // Discord's message, e.g. "Must be between 1 and 25 in length."
}

// String is a one-line summary for test failure messages.
func (v Violation) String() string {
	return fmt.Sprintf("%s: %s (%s)", v.Field, v.Message, v.Code)
}

// Violations returns every violation recorded so far (and not taken).
func (s *Server) Violations() []Violation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Violation(nil), s.violations...)
}

// TakeViolations returns the recorded violations and forgets them; a test
// that provokes a rejection on purpose takes it so New's cleanup check does
// not fail the test.
func (s *Server) TakeViolations() []Violation {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.violations
	s.violations = nil
	return out
}

type fieldError struct{ field, code, msg string }

// validator collects field errors for one request.
type validator struct{ errs []fieldError }

func (v *validator) add(field, code, msg string) {
	v.errs = append(v.errs, fieldError{field, code, msg})
}

func (v *validator) ok() bool { return len(v.errs) == 0 }

// body renders the errors the way Discord does: a tree keyed by the field
// path, whose leaves hold "_errors".
func (v *validator) body() map[string]any {
	tree := map[string]any{}
	for _, e := range v.errs {
		node := tree
		for _, part := range strings.Split(e.field, ".") {
			next, ok := node[part].(map[string]any)
			if !ok {
				next = map[string]any{}
				node[part] = next
			}
			node = next
		}
		list, _ := node["_errors"].([]any)
		node["_errors"] = append(list, map[string]any{"code": e.code, "message": e.msg})
	}
	return map[string]any{"code": 50035, "message": "Invalid Form Body", "errors": tree}
}

// join builds a field path; the top-level prefix may be empty.
func join(prefix, field string) string {
	if prefix == "" {
		return field
	}
	return prefix + "." + field
}

func runeLen(s string) int { return utf8.RuneCountInString(s) }

// checkLen records a violation if s is not between lo and hi characters.
func checkLen(v *validator, field, s string, lo, hi int) {
	n := runeLen(s)
	switch {
	case n > hi && lo == 0:
		v.add(field, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", hi))
	case n < lo || n > hi:
		v.add(field, "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between %d and %d in length.", lo, hi))
	}
}

func validateEmbeds(v *validator, field string, es []Embed) {
	if len(es) > 10 {
		v.add(field, "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
	}
	total := 0
	for i, e := range es {
		f := fmt.Sprintf("%s.%d", field, i)
		checkLen(v, f+".title", e.Title, 0, 256)
		checkLen(v, f+".description", e.Description, 0, 4096)
		total += runeLen(e.Title) + runeLen(e.Description)
		if len(e.Fields) > 25 {
			v.add(f+".fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		for j, fl := range e.Fields {
			ff := fmt.Sprintf("%s.fields.%d", f, j)
			checkLen(v, ff+".name", fl.Name, 1, 256)
			checkLen(v, ff+".value", fl.Value, 1, 1024)
			total += runeLen(fl.Name) + runeLen(fl.Value)
		}
		if e.Footer != nil {
			checkLen(v, f+".footer.text", e.Footer.Text, 0, 2048)
			total += runeLen(e.Footer.Text)
		}
		if e.Author != nil {
			checkLen(v, f+".author.name", e.Author.Name, 0, 256)
			total += runeLen(e.Author.Name)
		}
	}
	if total > 6000 {
		v.add(field, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
	}
}

// validateMessageComponents checks the classic layout rules: at most five
// action rows, each holding up to five buttons or exactly one select menu.
// Components V2 messages (flag 1<<15) have other rules and are not checked.
func validateMessageComponents(v *validator, field string, rows []Component, flags discordgo.MessageFlags) {
	if flags&discordgo.MessageFlagsIsComponentsV2 != 0 {
		return
	}
	if len(rows) > 5 {
		v.add(field, "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
	}
	seen := map[string]bool{}
	for i, row := range rows {
		rf := fmt.Sprintf("%s.%d", field, i)
		if row.Type != discordgo.ActionsRowComponent {
			v.add(rf+".type", "UNION_TYPE_CHOICES", `Value of field "type" must be one of (1,).`)
			continue
		}
		if len(row.Components) == 0 {
			v.add(rf+".components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
		}
		if len(row.Components) > 5 {
			v.add(rf+".components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
		}
		selects := 0
		for j, c := range row.Components {
			cf := fmt.Sprintf("%s.components.%d", rf, j)
			switch c.Type {
			case discordgo.ButtonComponent:
				validateButton(v, cf, c)
			case discordgo.SelectMenuComponent, discordgo.UserSelectMenuComponent, discordgo.RoleSelectMenuComponent,
				discordgo.MentionableSelectMenuComponent, discordgo.ChannelSelectMenuComponent:
				selects++
				validateSelect(v, cf, c)
			default:
				v.add(cf+".type", "UNION_TYPE_CHOICES", `Value of field "type" must be one of (2, 3, 5, 6, 7, 8).`)
			}
			if c.CustomID != "" {
				if seen[c.CustomID] {
					v.add(cf+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
				}
				seen[c.CustomID] = true
			}
		}
		if selects > 0 && len(row.Components) > 1 {
			v.add(rf+".components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
		}
	}
}

func validateButton(v *validator, f string, c Component) {
	checkLen(v, f+".label", c.Label, 0, 80)
	switch c.Style {
	case int(discordgo.LinkButton):
		if c.URL == "" {
			v.add(f+".url", "BASE_TYPE_REQUIRED", "This field is required")
		}
		if c.CustomID != "" {
			v.add(f+".custom_id", "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A custom id cannot be specified for a link button")
		}
	case int(discordgo.PrimaryButton), int(discordgo.SecondaryButton), int(discordgo.SuccessButton), int(discordgo.DangerButton):
		if c.CustomID == "" {
			v.add(f+".custom_id", "BASE_TYPE_REQUIRED", "This field is required")
		}
		checkLen(v, f+".custom_id", c.CustomID, 0, 100)
		if c.URL != "" {
			v.add(f+".url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A url can only be specified for a link button")
		}
	case 6: // premium
	default:
		v.add(f+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
	}
}

// Select menu limits, from Discord's component reference
// (https://discord.com/developers/docs/components/reference#string-select):
// custom_id up to 100 characters, placeholder up to 150, min_values 0 to 25
// (default 1), max_values 1 to 25 (default 1), and for string selects 1 to
// 25 options whose label, value and description are up to 100 characters.
const (
	maxSelectValues  = 25
	maxSelectOptions = 25
)

func validateSelect(v *validator, f string, c Component) {
	if c.CustomID == "" {
		v.add(f+".custom_id", "BASE_TYPE_REQUIRED", "This field is required")
	}
	checkLen(v, f+".custom_id", c.CustomID, 0, 100)
	checkLen(v, f+".placeholder", c.Placeholder, 0, 150)
	lo, hi := selectBounds(c)
	checkIntRange(v, f+".min_values", lo, 0, maxSelectValues)
	checkIntRange(v, f+".max_values", hi, 1, maxSelectValues)
	if lo > hi {
		// Discord refuses a menu nobody could satisfy.
		v.add(f+".min_values", "SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX", "min_values must be less than or equal to max_values")
	}
	if c.Type != discordgo.SelectMenuComponent {
		return
	}
	if len(c.Options) < 1 || len(c.Options) > maxSelectOptions {
		v.add(f+".options", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", maxSelectOptions))
	}
	if c.MaxValues != nil && *c.MaxValues > len(c.Options) {
		v.add(f+".max_values", "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE", "max_values must be less than or equal to the number of options")
	}
	values := map[string]bool{}
	defaults := 0
	for i, o := range c.Options {
		of := fmt.Sprintf("%s.options.%d", f, i)
		checkLen(v, of+".label", o.Label, 1, 100)
		checkLen(v, of+".value", o.Value, 1, 100)
		checkLen(v, of+".description", o.Description, 0, 100)
		if values[o.Value] {
			v.add(of+".value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Select component option value cannot be duplicated")
		}
		values[o.Value] = true
		if o.Default {
			defaults++
		}
	}
	// More options selected by default than the menu lets a user keep:
	// Discord refuses, e.g., two defaults on a single-choice menu.
	if defaults > hi && hi >= 1 {
		v.add(f+".options", "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES", "The number of default options exceeds max_values")
	}
}

// selectBounds returns a select's min_values and max_values with
// Discord's defaults (1 and 1) filled in.
func selectBounds(c Component) (lo, hi int) {
	lo, hi = 1, 1
	if c.MinValues != nil {
		lo = *c.MinValues
	}
	if c.MaxValues != nil {
		hi = *c.MaxValues
	}
	return lo, hi
}

// checkIntRange records Discord's NUMBER_TYPE_MIN / NUMBER_TYPE_MAX when n
// is outside lo..hi.
func checkIntRange(v *validator, field string, n, lo, hi int) {
	switch {
	case n < lo:
		v.add(field, "NUMBER_TYPE_MIN", fmt.Sprintf("int value should be greater than or equal to %d.", lo))
	case n > hi:
		v.add(field, "NUMBER_TYPE_MAX", fmt.Sprintf("int value should be less than or equal to %d.", hi))
	}
}

// validateModal checks a type 9 response: a title, a custom_id, and one to
// five action rows each holding a single text input. Text input limits are
// Discord's (https://discord.com/developers/docs/components/reference#text-input):
// label up to 45 characters, placeholder up to 100, value up to 4000,
// min_length 0 to 4000, max_length 1 to 4000.
func validateModal(v *validator, f string, m Modal) {
	checkLen(v, f+".title", m.Title, 1, 45)
	checkLen(v, f+".custom_id", m.CustomID, 1, 100)
	if len(m.Components) < 1 || len(m.Components) > 5 {
		v.add(f+".components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
	}
	for i, row := range m.Components {
		rf := fmt.Sprintf("%s.components.%d", f, i)
		if row.Type != discordgo.ActionsRowComponent || len(row.Components) != 1 {
			v.add(rf, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
			continue
		}
		c := row.Components[0]
		cf := rf + ".components.0"
		if c.Type != discordgo.TextInputComponent {
			v.add(cf+".type", "UNION_TYPE_CHOICES", `Value of field "type" must be one of (4,).`)
			continue
		}
		checkLen(v, cf+".custom_id", c.CustomID, 1, 100)
		checkLen(v, cf+".label", c.Label, 1, 45)
		checkLen(v, cf+".placeholder", c.Placeholder, 0, 100)
		checkLen(v, cf+".value", c.Value, 0, 4000)
		if c.Style != 1 && c.Style != 2 {
			v.add(cf+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
		}
		if c.MinLength != nil {
			checkIntRange(v, cf+".min_length", *c.MinLength, 0, 4000)
		}
		if c.MaxLength != nil {
			checkIntRange(v, cf+".max_length", *c.MaxLength, 1, 4000)
		}
		if c.MinLength != nil && c.MaxLength != nil && *c.MinLength > *c.MaxLength {
			v.add(cf+".min_length", "TEXT_INPUT_MIN_LENGTH_GREATER_THAN_MAX", "min_length must be less than or equal to max_length")
		}
	}
}
