package ui

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
)

type panel string

func (p panel) Render(*msg.Catalogue) app.UI { return app.Text(string(p)) }

func TestScoreOfSaysPointsUnlessTheGameCountsOtherwise(t *testing.T) {
	assert.Equal(t, "3 points", Game{}.ScoreOf(nil, 3))
	assert.Equal(t, "1 point", Game{}.ScoreOf(nil, 1))
	chips := Game{Score: func(p *msg.Catalogue, n int) string { return p.N(n, "%d chip", "%d chips") }}
	assert.Equal(t, "2 chips", chips.ScoreOf(nil, 2))
}

func TestEndOfIsTheGamesPanelOrNone(t *testing.T) {
	assert.Nil(t, Game{}.EndOf(app.Context{}, nil, 0, nil, Run{}))
	var got Run
	g := Game{End: func(ctx app.Context, rec *record.Record, seat games.Seat, end games.State, run Run) EndPanel {
		got = run
		return panel("figures")
	}}
	assert.Equal(t, panel("figures"), g.EndOf(app.Context{}, nil, 0, nil, Run{Streak: 2, Best: 5}))
	assert.Equal(t, Run{Streak: 2, Best: 5}, got)
}
