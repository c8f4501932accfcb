package record

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordFields is the source of each field of the Record a file defines.
func recordFields(t *testing.T, name string) []string {
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, name, nil, 0)
	require.NoError(t, err)
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "Record" {
			return true
		}
		for _, fl := range ts.Type.(*ast.StructType).Fields.List {
			var b strings.Builder
			require.NoError(t, printer.Fprint(&b, fs, fl.Type))
			out = append(out, fl.Names[0].Name+" "+b.String()+" "+fl.Tag.Value)
		}
		return false
	})
	return out
}

// TestRecordIsTheSameInBothBuilds: the browser's Record and the native one
// differ in Mental alone.
func TestRecordIsTheSameInBothBuilds(t *testing.T) {
	js, native := recordFields(t, "record_js.go"), recordFields(t, "record_native.go")
	require.NotEmpty(t, js)
	assert.Equal(t, append(js, "Mental []MentalRound `json:\"mental,omitempty\"`"), native)
}
