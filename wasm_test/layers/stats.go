//go:build layer_stats

package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/stats"
)

// statistics reads the statistics kept in local storage, merges them with
// themselves, counts every game's figures and draws its results chart and
// the last match's rounds: the statistics' model, store and charts.
func statistics(ctx app.Context) {
	raw := app.Window().Get("localStorage").Call("getItem", "cardtable.statistics")
	if raw.Type() != app.TypeString {
		return
	}
	s, err := stats.Decode([]byte(raw.String()))
	if err != nil {
		app.Log(err)
		return
	}
	s = stats.Merge(s, s)
	out, _ := stats.Encode(s)
	charts := []app.UI{}
	for _, g := range s.Games() {
		rates := []float64{}
		for _, pt := range s.Series(g) {
			rates = append(rates, pt.WinRate*100)
		}
		f := s.Overall(g)
		charts = append(charts, components.ResultsChart{Summary: g, Rates: rates}.Render(nil))
		app.Log(g, f.WinRate(), len(s.Lines(g)))
	}
	if len(s.Matches) > 0 {
		series := []components.Series{}
		for _, row := range s.Matches[0].Rounds {
			v := []float64{}
			for _, n := range row {
				v = append(v, float64(n))
			}
			series = append(series, components.Series{Name: s.Matches[0].Game, Values: v})
		}
		charts = append(charts, components.LineChart{Series: series}.Render(nil))
	}
	app.Log(len(out), app.HTMLString(app.Div().Body(charts...)))
}

func init() { layers = append(layers, statistics) }
