package games

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type testView struct {
	Hand  []string `json:"hand"`
	Count int      `json:"count,omitempty"`
}

func TestViewAsTakesAViewOrAPointerToOne(t *testing.T) {
	v, ok := ViewAs[testView](testView{Count: 2})
	require.True(t, ok)
	assert.Equal(t, 2, v.Count)
	p := &testView{Count: 3}
	v, ok = ViewAs[testView](p)
	require.True(t, ok)
	assert.Same(t, p, v)
	for _, bad := range []any{nil, (*testView)(nil), "view", 7} {
		_, ok = ViewAs[testView](bad)
		assert.False(t, ok, "%#v", bad)
	}
}

func TestSameViewNamesTheFirstFieldThatDiffers(t *testing.T) {
	assert.NoError(t, SameView(testView{Hand: []string{"AS"}}, &testView{Hand: []string{"AS"}}))
	assert.EqualError(t, SameView(testView{Hand: []string{"AS", "KS"}}, testView{Hand: []string{"KS", "AS"}}),
		`the view's hand is ["AS","KS"] where a table shows ["KS","AS"]`)
	assert.EqualError(t, SameView(testView{Count: 1}, testView{}), `the view's count is 1 where a table shows absent`)
}

func (v testView) Viewer() Seat { return Seat(v.Count) }

type ptrView struct {
	Seat Seat     `json:"seat"`
	Hand []string `json:"hand"`
}

func (v *ptrView) Viewer() Seat { return v.Seat }

func TestDecodeJSONIsStrictAndGivesTheViewsOwnType(t *testing.T) {
	v, err := DecodeJSON[*ptrView]([]byte(` {"seat": 2, "hand": ["AS"]} `))
	require.NoError(t, err)
	assert.Equal(t, &ptrView{Seat: 2, Hand: []string{"AS"}}, v)
	assert.Equal(t, Seat(2), v.Viewer())
	w, err := DecodeJSON[testView]([]byte(`{"count": 3}`))
	require.NoError(t, err)
	assert.Equal(t, testView{Count: 3}, w)
	for _, bad := range []string{
		`{"seat": 2, "hands": []}`, // a field the view does not have
		`{"seat": "two"}`,
		`{"seat": 2} {}`,
		`{"seat": 2`,
		`null`,
		``,
	} {
		_, err := DecodeJSON[*ptrView]([]byte(bad))
		assert.Error(t, err, bad)
	}
	for _, bad := range []string{`null`, ` null `, `{"count": 3} null`} {
		_, err := DecodeJSON[testView]([]byte(bad))
		assert.Error(t, err, "a view of a value type: %s", bad)
	}
}
