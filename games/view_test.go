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
