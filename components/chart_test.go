package components

import (
	"encoding/xml"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chartPoints are the points a rendered chart draws for each series: its
// polyline's and its markers' centres.
type chartPoints struct {
	line    [][2]float64
	markers [][2]float64
}

// readChart parses the chart's markup as XML (so it is well formed) and
// returns every series' points, the y tick labels and the legend's names.
func readChart(t *testing.T, html string) (series []chartPoints, yTicks, legend []string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(html))
	var stack []string
	cur := -1
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			stack = append(stack, e.Name.Local+"."+attr["class"])
			switch {
			case e.Name.Local == "g" && attr["class"] == "chart__series":
				series = append(series, chartPoints{})
				cur = len(series) - 1
			case e.Name.Local == "polyline" && cur >= 0:
				for _, p := range strings.Fields(attr["points"]) {
					xy := strings.Split(p, ",")
					require.Len(t, xy, 2, p)
					series[cur].line = append(series[cur].line, [2]float64{parse(t, xy[0]), parse(t, xy[1])})
				}
				if m := attr["marker-mid"]; m != "" && series != nil {
					// The line's marker is drawn on every point.
					require.Equal(t, m, attr["marker-start"])
					require.Equal(t, m, attr["marker-end"])
					require.Contains(t, html, `<marker id="`+strings.TrimSuffix(strings.TrimPrefix(m, "url(#"), ")")+`"`, "the marker is defined")
					series[cur].markers = series[cur].line
				}
			}
		case xml.EndElement:
			if len(stack) > 0 && stack[len(stack)-1] == "g.chart__series" {
				cur = -1
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) < 2 {
				continue
			}
			switch {
			case stack[len(stack)-2] == "g.chart__y":
				yTicks = append(yTicks, string(e))
			case stack[len(stack)-1] == "li.":
				legend = append(legend, string(e))
			}
		}
	}
	return series, yTicks, legend
}

func parse(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, s)
	require.False(t, math.IsNaN(v) || math.IsInf(v, 0), s)
	return v
}

// inPlot holds every point inside the plot area.
func inPlot(t *testing.T, pts [][2]float64) {
	t.Helper()
	for _, p := range pts {
		assert.GreaterOrEqual(t, p[0], plotL, "x of %v", p)
		assert.LessOrEqual(t, p[0], plotR, "x of %v", p)
		assert.GreaterOrEqual(t, p[1], plotT, "y of %v", p)
		assert.LessOrEqual(t, p[1], plotB, "y of %v", p)
	}
}

// TestLineChartScalesPointsIntoTheBox: the first step is on the left edge,
// the last on the right, the top tick above the highest value and the
// bottom tick below the lowest; every point lies in the plot.
func TestLineChartScalesPointsIntoTheBox(t *testing.T) {
	c := LineChart{
		Summary: "Score round by round",
		Series: []Series{
			{Name: "You", Values: []float64{0, 12, 30, 41}},
			{Name: "West", Values: []float64{0, -8, 5, 17}},
		},
	}
	series, ticks, legend := readChart(t, c.SVG())
	require.Len(t, series, 2)
	assert.Equal(t, []string{"You", "West"}, legend)
	for _, s := range series {
		require.Len(t, s.line, 4)
		assert.Equal(t, s.line, s.markers, "a marker on every point")
		inPlot(t, s.line)
		assert.InDelta(t, plotL, s.line[0][0], .05)
		assert.InDelta(t, plotR, s.line[3][0], .05)
	}
	// The ticks are round numbers around -8 … 41: -20 … 60 in steps of 20
	// (a step of 20 is the first round one over a quarter of the span).
	assert.Equal(t, []string{"-20", "0", "20", "40", "60"}, ticks)
	// Values map linearly: 0 sits at a quarter of the height from the bottom.
	zero := plotB - (plotB-plotT)*20/80
	assert.InDelta(t, zero, series[0].line[0][1], .05)
	// Higher values are higher up.
	assert.Less(t, series[0].line[3][1], series[0].line[1][1])
}

// TestLineChartOnePointOrEqualValuesDrawNoNaN: one step is drawn in the
// middle, and a flat series gets an axis of one step around it.
func TestLineChartOnePointOrEqualValuesDrawNoNaN(t *testing.T) {
	for name, c := range map[string]LineChart{
		"one point":    {Summary: "s", Series: []Series{{Name: "You", Values: []float64{7}}}},
		"all equal":    {Summary: "s", Series: []Series{{Name: "You", Values: []float64{3, 3, 3}}, {Name: "East", Values: []float64{3, 3, 3}}}},
		"all zero":     {Summary: "s", Series: []Series{{Name: "You", Values: []float64{0, 0}}}},
		"not a number": {Summary: "s", Series: []Series{{Name: "You", Values: []float64{math.NaN(), 2, math.Inf(1)}}}},
	} {
		t.Run(name, func(t *testing.T) {
			svg := c.SVG()
			require.NotEmpty(t, svg)
			assert.NotContains(t, svg, "NaN")
			assert.NotContains(t, svg, "Inf")
			series, ticks, _ := readChart(t, svg)
			assert.GreaterOrEqual(t, len(ticks), 2, "at least two ticks")
			for _, s := range series {
				require.NotEmpty(t, s.markers)
				inPlot(t, s.line)
				inPlot(t, s.markers)
			}
		})
	}
	series, _, _ := readChart(t, LineChart{Summary: "s", Series: []Series{{Name: "You", Values: []float64{7}}}}.SVG())
	assert.InDelta(t, (plotL+plotR)/2, series[0].markers[0][0], .05, "one point is centred")
	require.Len(t, series[0].line, 2)
	assert.Equal(t, series[0].line[0], series[0].line[1], "one point draws its marker, no line")
}

// TestLineChartWithNothingSaysNoMatchesYet: no series, or series with no
// values, say a sentence instead of drawing an empty box.
func TestLineChartWithNothingSaysNoMatchesYet(t *testing.T) {
	for _, c := range []LineChart{{}, {Series: []Series{{Name: "You"}}}} {
		assert.Empty(t, c.SVG())
		html := app.HTMLString(c.Render(nil))
		assert.Contains(t, html, "No matches yet.")
		assert.NotContains(t, html, "<svg")
	}
	html := app.HTMLString(LineChart{Empty: "No rounds were played."}.Render(nil))
	assert.Contains(t, html, "No rounds were played.")
}

// TestLineChartIsNamedAndEscaped: the summary is the picture's name and
// title, and names with markup characters stay text.
func TestLineChartIsNamedAndEscaped(t *testing.T) {
	c := LineChart{
		Summary: `Score <round> by "round" & more`,
		Series:  []Series{{Name: "<b>Ann</b>", Values: []float64{1, 2}}},
	}
	html := app.HTMLString(c.Render(nil))
	assert.Contains(t, html, `role="img"`)
	assert.Contains(t, html, `aria-label="Score &lt;round&gt; by &quot;round&quot; &amp; more"`)
	assert.Contains(t, html, `<title>Score &lt;round&gt; by &quot;round&quot; &amp; more</title>`)
	assert.NotContains(t, html, "<b>")
	_, _, legend := readChart(t, c.SVG())
	assert.Equal(t, []string{"<b>Ann</b>"}, legend)
}

// TestChartStylesDifferBeyondColour: eight series are told apart by their
// colour and also by their marker or dash, so a reader who cannot tell two
// colours apart still can.
func TestChartStylesDifferBeyondColour(t *testing.T) {
	seen := map[string]bool{}
	colours := map[string]bool{}
	for _, st := range chartStyles {
		shape := st.marker + "|" + st.dash
		assert.False(t, seen[shape], "marker and dash %q repeat", shape)
		seen[shape] = true
		assert.False(t, colours[st.colour], "colour %s repeats", st.colour)
		colours[st.colour] = true
	}
}

// TestLineChartFixedAxisAndFewXLabels: a fixed axis keeps its ends whatever
// the values, with the unit on its ticks; a long series labels at most
// seven steps, the first and the last among them.
func TestLineChartFixedAxisAndFewXLabels(t *testing.T) {
	rates := make([]float64, 50)
	labels := make([]string, 50)
	for i := range rates {
		rates[i] = float64(i % 3 * 50)
		labels[i] = "m" + strconv.Itoa(i+1)
	}
	c := LineChart{Summary: "s", XLabels: labels, Series: []Series{{Name: "Win rate", Values: rates}}, Fixed: true, YMin: 0, YMax: 100, Unit: "%"}
	svg := c.SVG()
	series, ticks, _ := readChart(t, svg)
	assert.Equal(t, []string{"0%", "25%", "50%", "75%", "100%"}, ticks)
	inPlot(t, series[0].line)
	assert.Empty(t, series[0].markers, "fifty points draw no markers")
	xs := regexp.MustCompile(`>(m\d+)</text>`).FindAllStringSubmatch(svg, -1)
	assert.LessOrEqual(t, len(xs), 7)
	assert.Equal(t, "m1", xs[0][1])
	assert.Equal(t, "m50", xs[len(xs)-1][1])
}

// TestResultsChartDrawsTheWinRate: the results chart is a win rate from 0
// to 100 %, and says "No matches yet." without matches.
func TestResultsChartDrawsTheWinRate(t *testing.T) {
	html := app.HTMLString(ResultsChart{Summary: "Klondike: win rate", Rates: []float64{100, 50, 66.7}}.Render(nil))
	series, ticks, legend := readChart(t, html)
	require.Len(t, series, 1)
	assert.Equal(t, []string{"Win rate"}, legend)
	assert.Equal(t, "100%", ticks[len(ticks)-1])
	assert.InDelta(t, plotT, series[0].line[0][1], .05, "100 % is the top")
	assert.Contains(t, app.HTMLString(ResultsChart{Summary: "s"}.Render(nil)), "No matches yet.")
}

// TestTwoChartsKeepTheirMarkersApart: the markers' ids are a chart's own,
// and the same for the same chart.
func TestTwoChartsKeepTheirMarkersApart(t *testing.T) {
	a := LineChart{Summary: "King", Series: []Series{{Name: "You", Values: []float64{1, 2}}}}
	b := LineChart{Summary: "Mindikot", Series: []Series{{Name: "You", Values: []float64{1, 2}}}}
	assert.NotEqual(t, chartID(a), chartID(b))
	assert.Equal(t, a.SVG(), a.SVG())
}
