package atheneum

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// errfCall is one refusal built in the package's source: its code and the
// names of the arguments chained onto it with with().
type errfCall struct {
	where string
	code  string
	args  []string
}

// errfCalls finds every errf(...).with(...)... chain in the package's
// non-test files.
func errfCalls(t *testing.T) []errfCall {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var calls []errfCall
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		// A chain's outermost call is visited first; remember the inner
		// calls already accounted for so that each chain counts once.
		seen := map[*ast.CallExpr]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || seen[call] {
				return true
			}
			var args []string
			for {
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "with" {
					break
				}
				inner, ok := sel.X.(*ast.CallExpr)
				if !ok {
					break
				}
				name := "?"
				if lit, ok := call.Args[0].(*ast.BasicLit); ok {
					name, _ = strconv.Unquote(lit.Value)
				}
				args = append([]string{name}, args...)
				seen[inner] = true
				call = inner
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "errf" {
				return true
			}
			code := "?"
			if id, ok := call.Args[0].(*ast.Ident); ok {
				code = id.Name
			}
			calls = append(calls, errfCall{where: fset.Position(call.Pos()).String(), code: code, args: args})
			return true
		})
	}
	return calls
}

// codeValues maps the code constants' names to their values by reading
// errors.go, so the source's identifiers can be checked against errorArgs.
func codeValues(t *testing.T) map[string]ErrorCode {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]ErrorCode{}
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || len(spec.Values) != 1 {
			return true
		}
		if lit, ok := spec.Values[0].(*ast.BasicLit); ok && strings.HasPrefix(spec.Names[0].Name, "Code") {
			v, _ := strconv.Unquote(lit.Value)
			values[spec.Names[0].Name] = ErrorCode(v)
		}
		return true
	})
	return values
}

// TestEveryRefusalCarriesTheArgumentsItsCodeNames keeps the source and
// errorArgs in step, so that the catalogue's sentences, which are checked
// against ArgNames, always find their placeholders filled.
func TestEveryRefusalCarriesTheArgumentsItsCodeNames(t *testing.T) {
	calls := errfCalls(t)
	values := codeValues(t)
	if len(calls) < len(errorArgs) {
		t.Fatalf("found %d errf calls for %d codes: the source scan is broken", len(calls), len(errorArgs))
	}
	used := map[ErrorCode]bool{}
	for _, c := range calls {
		code, ok := values[c.code]
		if !ok {
			t.Errorf("%s: errf with %s, which is not a code constant of errors.go", c.where, c.code)
			continue
		}
		used[code] = true
		want, ok := errorArgs[code]
		if !ok {
			t.Errorf("%s: %s is missing from errorArgs", c.where, c.code)
			continue
		}
		if !slices.Equal(c.args, want) {
			t.Errorf("%s: %s carries %v, errorArgs says %v", c.where, c.code, c.args, want)
		}
	}
	for _, code := range ErrorCodes() {
		if !used[code] {
			t.Errorf("code %q is listed but no refusal uses it", code)
		}
	}
	for name, code := range values {
		if _, ok := errorArgs[code]; !ok {
			t.Errorf("%s (%q) is not in errorArgs", name, code)
		}
	}
}

// checkArgs fails when a refusal's arguments are not the ones its code names.
func checkArgs(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%v is not an engine refusal", err)
	}
	var names []string
	for _, a := range e.Args {
		names = append(names, a.Name)
		switch a.Value.(type) {
		case int, string, Color, CompID, Side, ItemKind:
		default:
			t.Errorf("%s: argument %s is a %T, which the catalogue cannot word", e.Code, a.Name, a.Value)
		}
	}
	if want := e.Code.ArgNames(); !slices.Equal(names, want) {
		t.Errorf("%s carries %v, want %v", e.Code, names, want)
	}
}

func TestRefusalsCarryTheirArguments(t *testing.T) {
	g := newTestGame(t, 2)
	mustShelves(t, g, 0, "IV:T....")
	book := give(g, 0, Item{Kind: ItemBook, Color: Teal})
	token := give(g, 0, Item{Kind: ItemToken})
	tests := []struct {
		name string
		a    Action
		want ErrorCode
		args []any
	}{
		{"a book on an occupied space names the space", Action{Type: ActShelve, Seat: 0, Item: book, At: Pos{CompIV, 0, 0}}, CodeSpaceTaken, []any{"IV.1.1"}},
		{"a book beyond the compartment names the compartment, level and space", Action{Type: ActShelve, Seat: 0, Item: book, At: Pos{CompI, 1, 0}}, CodeNoSuchSpace, []any{CompI, 2, 1}},
		{"a book of the wrong colour names both colours", Action{Type: ActShelve, Seat: 0, Item: book, Color: Pink, At: Pos{CompI, 0, 0}}, CodeWrongColor, []any{Teal, Pink}},
		{"a token shelved as a book names the item's kind", Action{Type: ActShelve, Seat: 0, Item: token, At: Pos{CompI, 0, 0}}, CodeNotABook, []any{ItemToken}},
		{"a token placed as a side shelf names the item's kind", Action{Type: ActSideShelf, Seat: 0, Item: token, Side: SideLeft}, CodeNotASideShelf, []any{ItemToken}},
		{"a seat that does not exist is counted from 1", Action{Type: ActDone, Seat: 4}, CodeNoSuchSeat, []any{5}},
		{"an unknown objective is named", Action{Type: ActScore, Seat: 0, Objective: "Z99"}, CodeObjectiveNotInRow, []any{"Z99"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := g.Apply(tc.a)
			if errCode(err) != tc.want {
				t.Fatalf("got %v (code %q), want code %q", err, errCode(err), tc.want)
			}
			checkArgs(t, err)
			var e *Error
			errors.As(err, &e)
			for k, want := range tc.args {
				if got := e.Args[k].Value; got != want {
					t.Errorf("argument %s = %v, want %v", e.Args[k].Name, got, want)
				}
			}
		})
	}
}
