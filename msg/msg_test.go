package msg

import (
	_ "embed"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite catalogue.txt from the code")

//go:embed catalogue.txt
var catalogue string

// keyArgs are the calls that take message keys, by name, and which of
// their arguments are keys (from, to): a printer's T format, N's two forms,
// Who's two forms (p.T(…), x.P().N(…)), and the table's
// ui.Words.Tell(p, seat, you, other, ...) and ui.Words.Winners(p, seats, you,
// one, many, ...), which hand them on to the printer.
var keyArgs = map[string][2]int{"T": {0, 1}, "N": {1, 3}, "Who": {2, 4}, "Tell": {2, 4}, "Winners": {2, 5}, "Later": {0, 1}}

// sources are the packages whose words a person reads: the pages, the
// components, the shared table and every game's table (ui/<id>).
var sources = func() []string {
	games, _ := filepath.Glob("../ui/*") // the pattern is well formed
	return append([]string{"../app", "../components", "../ui"}, games...)
}()

// engineKeys are the calls of the engines that take message keys: a rule's
// refusal (games.Refuse), which the page says in the player's language.
var engineKeys = map[string][2]int{"Refuse": {0, 1}}

// keys extracts every message key the code uses: the literal key
// arguments of the calls keyArgs lists. A key that is not a literal is an
// error: the catalogue could not list it.
func keys(t *testing.T) []string {
	all, _ := uses(t)
	return all
}

// uses extracts every message key the code uses, and the count messages
// (a printer's N forms: the English other form to its one form).
func uses(t *testing.T) (all []string, counts map[string]string) {
	t.Helper()
	var out []string
	counts = map[string]string{}
	engines, err := filepath.Glob("../games/*")
	require.NoError(t, err)
	scan := func(calls map[string][2]int) func(fset *token.FileSet, f *ast.File) {
		return func(fset *token.FileSet, f *ast.File) {
			ast.Inspect(f, func(n ast.Node) bool {
				if fd, ok := n.(*ast.FuncDecl); ok {
					if _, wraps := keyArgs[fd.Name.Name]; wraps {
						return false // a wrapper hands its callers' keys on
					}
				}
				call, name, ok := selectorCall(n)
				if !ok {
					return true
				}
				at, ok := calls[name]
				if !ok {
					return true
				}
				first, n2 := at[0], at[1]
				var got []string
				for i := first; i < n2 && i < len(call.Args); i++ {
					lit, ok := call.Args[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						t.Errorf("%s: msg.%s takes its key as a literal", fset.Position(call.Pos()), name)
						continue
					}
					s, err := strconv.Unquote(lit.Value)
					require.NoError(t, err)
					if strings.Contains(s, "\n") {
						t.Errorf("%s: a key is one line", fset.Position(call.Pos()))
					}
					out = append(out, s)
					got = append(got, s)
				}
				if name == "N" && len(got) == 2 {
					counts[got[1]] = got[0]
				}
				return true
			})
		}
	}
	eachFile(t, sources, scan(keyArgs))
	eachFile(t, engines, scan(engineKeys))
	slices.Sort(out)
	return slices.Compact(out), counts
}

// selectorCall is n when it is a call of a selector (x.Name(…)), with the
// name it calls.
func selectorCall(n ast.Node) (*ast.CallExpr, string, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return nil, "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, "", false
	}
	return call, sel.Sel.Name, true
}

// eachFile parses every non-test Go file of the sources and hands it on.
func eachFile(t *testing.T, dirs []string, do func(fset *token.FileSet, f *ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			require.NoError(t, err)
			do(fset, f)
		}
	}
}

// TestTheCatalogueListsEveryMessage fails when the code uses a message the
// catalogue lacks, or the catalogue keeps one the code no longer uses.
func TestTheCatalogueListsEveryMessage(t *testing.T) {
	used := keys(t)
	require.NotEmpty(t, used)
	if *update {
		require.NoError(t, os.WriteFile("catalogue.txt", []byte(strings.Join(used, "\n")+"\n"), 0o644))
		return
	}
	listed := strings.Split(strings.TrimSuffix(catalogue, "\n"), "\n")
	for _, k := range used {
		assert.True(t, slices.Contains(listed, k), "a message the catalogue lacks (go test ./msg -update): %q", k)
	}
	for _, k := range listed {
		assert.True(t, slices.Contains(used, k), "a message no code uses (go test ./msg -update): %q", k)
	}
}

func TestNChoosesTheFormByCount(t *testing.T) {
	var en *Catalogue // the nil printer speaks English
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 cards"}, {1, "1 card"}, {2, "2 cards"}} {
		assert.Equal(t, c.want, en.N(c.n, "%d card", "%d cards"))
	}
	assert.Equal(t, "Loading 5%", en.T("Loading 5%%"), "a message is a format: a percent sign is written twice")
	assert.Equal(t, "East plays the 9 of clubs", en.T("%s plays %s", "East", "the 9 of clubs"))
	assert.Equal(t, "You play the 9 of clubs", en.Who(true, "You", "You play %s", "%s plays %s", "the 9 of clubs"))
	assert.Equal(t, "East plays the 9 of clubs", en.Who(false, "East", "You play %s", "%s plays %s", "the 9 of clubs"))
	assert.Equal(t, "en", en.Lang())
}

func TestWhoSpeaksThePrintersLanguage(t *testing.T) {
	ru, err := Load("ru")
	require.NoError(t, err)
	assert.Equal(t, "ru", ru.Lang())
	you, _ := ru.Translation("You play %s")
	other, _ := ru.Translation("%s plays %s")
	assert.Equal(t, fmt.Sprintf(you, "X"), ru.Who(true, "Вы", "You play %s", "%s plays %s", "X"))
	assert.Equal(t, fmt.Sprintf(other, "Восток", "X"), ru.Who(false, "Восток", "You play %s", "%s plays %s", "X"))
	assert.Equal(t, "Card size", Later("Card size").Say(nil))
	card, _ := ru.Translation("Card size")
	assert.Equal(t, card, Later("Card size").Say(ru))
}

// TestForHandsOutTheRegisteredLanguages: the registry is a cache of the
// languages loaded, safe for concurrent use; what it lacks is English.
func TestForHandsOutTheRegisteredLanguages(t *testing.T) {
	loaded.Clear() // the registry as a process starts, again after the test
	t.Cleanup(loaded.Clear)
	assert.Nil(t, For("vi"), "a language not registered is English")
	assert.Nil(t, For("xx"))
	assert.Nil(t, For(English))
	Register(nil) // English needs no catalogue
	cats := map[string]*Catalogue{}
	for _, l := range Languages[1:] {
		c, err := Load(l.Tag)
		require.NoError(t, err)
		cats[l.Tag] = c
	}
	var wg sync.WaitGroup
	for _, c := range cats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			Register(c)
			for range 100 {
				For(c.Lang())
			}
		}()
	}
	wg.Wait()
	for tag, c := range cats {
		assert.Same(t, c, For(tag))
	}
	Register(PseudoCatalogue())
	assert.Equal(t, Pseudo, For(Pseudo).Lang())
	assert.Nil(t, For(English))
}

// uiCalls are the go-app builders whose string argument a person reads or
// hears: a literal with a letter in it there is a sentence that skipped the
// catalogue. (Names, numbers and sentences made elsewhere come as values.)
var uiCalls = map[string]int{"Text": 0, "Title": 0, "Placeholder": 0, "Alt": 0, "Aria": 1, "Pile": 0}

// brand is the app's name, the same in every language.
const brand = "cardtable"

// uiFields are the fields of the components' values that a page shows or
// says (a stat's label, a card's spoken name).
var uiFields = map[string]bool{"Label": true, "Say": true, "Title": true, "Alt": true}

// TestNoWordsOutsideTheCatalogue fails on a word a person reads that is
// written into a page directly: .Text("…"), .Title("…"), .Aria("label",
// "…"), .Placeholder("…"), .Alt("…") or app.Text("…") with a literal.
func TestNoWordsOutsideTheCatalogue(t *testing.T) {
	eachFile(t, sources, func(fset *token.FileSet, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			if kv, ok := n.(*ast.KeyValueExpr); ok {
				// A field a page shows: components.Stat{Label: …}, Face{Say: …}.
				if k, ok := kv.Key.(*ast.Ident); ok && uiFields[k.Name] {
					if lit, ok := kv.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, _ := strconv.Unquote(lit.Value); s != brand && strings.IndexFunc(s, unicode.IsLetter) >= 0 {
							t.Errorf("%s: %q is read by a person: say it through msg", fset.Position(lit.Pos()), s)
						}
					}
				}
				return true
			}
			call, name, ok := selectorCall(n)
			if !ok {
				return true
			}
			at, ok := uiCalls[name]
			if !ok || at >= len(call.Args) {
				return true
			}
			if name == "Aria" {
				if k, ok := call.Args[0].(*ast.BasicLit); !ok || k.Value != `"label"` {
					return true
				}
			}
			lit, ok := call.Args[at].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, _ := strconv.Unquote(lit.Value)
			if strings.IndexFunc(s, unicode.IsLetter) >= 0 {
				t.Errorf("%s: %q is read by a person: say it through msg", fset.Position(lit.Pos()), s)
			}
			return true
		})
	})
}
