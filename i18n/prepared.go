package i18n

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// prepared is a message's text parsed once: literal text and the
// placeholders between it. The catalogue's templates use nothing of
// text/template but fields ({{.Name}}), which prepare checks, so a message
// is filled by appends instead of executing a template.
type prepared []segment

// segment is literal text, or (field set) a placeholder.
type segment struct {
	text, field string
}

// prepare parses a message's text; anything but {{.Name}} placeholders is
// refused.
func prepare(text string) (prepared, error) {
	var out prepared
	for text != "" {
		i := strings.Index(text, "{{")
		if i < 0 {
			out = append(out, segment{text: text})
			break
		}
		if i > 0 {
			out = append(out, segment{text: text[:i]})
		}
		rest := text[i+2:]
		j := strings.Index(rest, "}}")
		if j < 0 {
			return nil, fmt.Errorf("an unclosed {{ in %q", text)
		}
		field := strings.TrimSpace(rest[:j])
		if !strings.HasPrefix(field, ".") || !isName(field[1:]) {
			return nil, fmt.Errorf("{{%s}}: only placeholders such as {{.Name}} are allowed", rest[:j])
		}
		out = append(out, segment{field: field[1:]})
		text = rest[j+2:]
	}
	return out, nil
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// fill writes the message with kv's values (pairs of a placeholder's name
// and its value), each as fmt.Sprint writes it, as text/template would;
// a name given twice takes its last value (defaults come first); a
// placeholder without a value reads "<no value>", as text/template's does,
// which the catalogue's tests catch.
func (p prepared) fill(kv []any) string {
	if len(p) == 1 && p[0].field == "" {
		return p[0].text
	}
	var sb strings.Builder
	for _, seg := range p {
		if seg.field == "" {
			sb.WriteString(seg.text)
			continue
		}
		found := false
		for i := len(kv) &^ 1; i >= 2 && !found; i -= 2 {
			if name, _ := kv[i-2].(string); name == seg.field {
				writeValue(&sb, kv[i-1])
				found = true
			}
		}
		if !found {
			sb.WriteString("<no value>")
		}
	}
	return sb.String()
}

func writeValue(sb *strings.Builder, v any) {
	switch v := v.(type) {
	case string:
		sb.WriteString(v)
	case int:
		sb.WriteString(strconv.Itoa(v))
	case nil:
		sb.WriteString("<no value>")
	default:
		fmt.Fprint(sb, v)
	}
}

// pluralForm chooses a count's plural form by CLDR's rules: English "one"
// for 1; French "one" for 0 and 1 (and anything under 2); "other" for the
// rest, and for a count that is not a number.
func pluralForm(l Lang, count any) string {
	n, ok := number(count)
	if !ok {
		return "other"
	}
	switch l {
	case French:
		if n >= 0 && n < 2 {
			return "one"
		}
	default:
		if n == 1 {
			return "one"
		}
	}
	return "other"
}

// number reads a count as a number.
func number(v any) (float64, bool) {
	switch v := v.(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case int32:
		return float64(v), true
	case uint:
		return float64(v), true
	case uint64:
		return float64(v), true
	case float64:
		return v, !math.IsNaN(v)
	case string:
		f, err := strconv.ParseFloat(v, 64)
		return f, err == nil
	}
	return 0, false
}
