package components

import (
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
)

// The charts are drawn as SVG by the code below, no chart library: a line
// chart (one line per seat, round by round) and a results-over-time chart
// (a game's running win rate, match by match). Both sit on a paper panel
// 320 units wide that scales to its box, so they fit a 320 px phone column;
// the legend is HTML under the picture, so long names wrap. Lines differ by
// colour (the Okabe–Ito palette, told apart by most colour-blind readers)
// and also by their markers and dashes.

// Series is one line of a chart: its name (the legend's) and its value at
// each step of the x axis, the first at step 0.
type Series struct {
	Name   string
	Values []float64
}

// LineChart is a chart of one or more series over the same steps.
type LineChart struct {
	// Summary says what the chart shows in words (its accessible name and
	// <title>): a reader who cannot see it learns the same from it.
	Summary string
	// XLabels name the steps (round numbers, dates); a step without one is
	// numbered from 1.
	XLabels []string
	Series  []Series
	// Fixed fixes the y axis to [YMin, YMax] (a win rate's 0 to 100)
	// instead of the values' own range.
	Fixed      bool
	YMin, YMax float64
	// Unit follows every y tick ("%"), "" for none.
	Unit string
	// Empty is said instead of the chart when no series has a value;
	// "" says "No matches yet."
	Empty string
}

// The chart's box in SVG units, and the plot inside it.
const (
	chartW, chartH = 320.0, 180.0
	plotL, plotR   = 40.0, 312.0
	plotT, plotB   = 10.0, 156.0
)

// chartStyle is how one series is drawn: colour, dash ("none" for a solid
// line) and marker (SVG in a 10×10 box, drawn in the series' colour).
type chartStyle struct {
	colour, dash, marker string
}

// chartStyles are the series' looks in order; a ninth series takes the
// first look again.
var chartStyles = [...]chartStyle{
	{"#0072b2", "none", `<circle cx="5" cy="5" r="4" fill="currentColor"/>`},
	{"#d55e00", "6 3", `<rect x="1" y="1" width="8" height="8" fill="currentColor"/>`},
	{"#009e73", "2 3", `<path d="M5 0L10 9H0Z" fill="currentColor"/>`},
	{"#cc79a7", "8 3 2 3", `<path d="M5 0L9 5L5 10L1 5Z" fill="currentColor"/>`},
	{"#8a5a00", "none", `<path d="M1 1L9 9M9 1L1 9" stroke="currentColor" stroke-width="2"/>`},
	{"#56b4e9", "6 3", `<circle cx="5" cy="5" r="3.5" fill="#fbf8f0" stroke="currentColor" stroke-width="1.5"/>`},
	{"#16161c", "2 3", `<rect x="1.5" y="1.5" width="7" height="7" fill="#fbf8f0" stroke="currentColor" stroke-width="1.5"/>`},
	{"#7a3e9d", "8 3 2 3", `<path d="M0 5H10M5 0V10" stroke="currentColor" stroke-width="2"/>`},
}

// Render draws the chart, or says c.Empty when there is nothing to draw.
func (c LineChart) Render(p *msg.Catalogue) app.UI {
	svg := c.SVG()
	if svg == "" {
		empty := c.Empty
		if empty == "" {
			empty = p.T("No matches yet.")
		}
		return app.P().Class("chart chart--empty").Text(empty)
	}
	return app.Raw(svg)
}

// points is how many steps the longest series has.
func (c LineChart) points() int {
	n := 0
	for _, s := range c.Series {
		n = max(n, len(s.Values))
	}
	return n
}

// yRange is the y axis' ends and its ticks' step: round numbers (1, 2 or 5
// times a power of ten, never below 1) with the values inside.
func (c LineChart) yRange() (lo, hi, step float64) {
	if c.Fixed && c.YMax > c.YMin {
		lo, hi = c.YMin, c.YMax
	} else {
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, s := range c.Series {
			for _, v := range s.Values {
				if !finite(v) {
					continue
				}
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		if lo > hi { // no finite value at all
			lo, hi = 0, 1
		}
	}
	step = niceStep((hi - lo) / 4)
	lo = math.Floor(lo/step) * step
	hi = math.Ceil(hi/step) * step
	if hi <= lo {
		hi = lo + step
	}
	return lo, hi, step
}

// niceStep is the smallest of 1, 2, 5, 10, 20, 25, 50, … not below span.
func niceStep(span float64) float64 {
	if !(span > 1) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(span)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m == 2.5 && p < 10 {
			continue // whole numbers only
		}
		if m*p >= span {
			return m * p
		}
	}
	return 10 * p
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// SVG is the chart as SVG markup in a <figure> with its legend, "" when no
// series has a value.
func (c LineChart) SVG() string {
	n := c.points()
	if n == 0 {
		return ""
	}
	lo, hi, step := c.yRange()
	x := func(i int) float64 {
		if n == 1 {
			return (plotL + plotR) / 2
		}
		return plotL + (plotR-plotL)*float64(i)/float64(n-1)
	}
	y := func(v float64) float64 { return plotB - (plotB-plotT)*(v-lo)/(hi-lo) }
	var b strings.Builder
	b.WriteString(`<figure class="chart">`)
	b.WriteString(`<svg class="chart__svg" viewBox="0 0 320 180" role="img" aria-label="`)
	b.WriteString(escapeXML(c.Summary))
	b.WriteString(`" xmlns="http://www.w3.org/2000/svg"><title>`)
	b.WriteString(escapeXML(c.Summary))
	b.WriteString(`</title><rect class="chart__paper" width="320" height="180" rx="8" fill="#fbf8f0"/>`)
	// The y ticks: a faint line across the plot and the value on the left.
	b.WriteString(`<g class="chart__y" font-size="11" fill="#16161c" text-anchor="end">`)
	for v := lo; v <= hi+step/2; v += step {
		yy := num(y(v))
		b.WriteString(`<line x1="` + num(plotL) + `" x2="` + num(plotR) + `" y1="` + yy + `" y2="` + yy + `" stroke="#16161c" stroke-opacity=".15"/>`)
		b.WriteString(`<text x="` + num(plotL-4) + `" y="` + num(y(v)+4) + `">` + escapeXML(num(v)+c.Unit) + `</text>`)
	}
	b.WriteString(`</g>`)
	// The x ticks: at most six labels, evenly spaced, the last always.
	b.WriteString(`<g class="chart__x" font-size="11" fill="#16161c" text-anchor="middle">`)
	every := (n + 5) / 6
	for i := 0; i < n; i++ {
		if i != n-1 && (i%every != 0 || n-1-i < every) {
			continue
		}
		label := strconv.Itoa(i + 1)
		if i < len(c.XLabels) && c.XLabels[i] != "" {
			label = c.XLabels[i]
		}
		anchor := ""
		switch {
		case n > 1 && i == 0:
			anchor = ` text-anchor="start"`
		case n > 1 && i == n-1:
			anchor = ` text-anchor="end"`
		}
		b.WriteString(`<text x="` + num(x(i)) + `" y="` + num(plotB+16) + `"` + anchor + `>` + escapeXML(label) + `</text>`)
	}
	b.WriteString(`<line x1="` + num(plotL) + `" x2="` + num(plotR) + `" y1="` + num(plotB) + `" y2="` + num(plotB) + `" stroke="#16161c" stroke-opacity=".5"/>`)
	b.WriteString(`</g>`)
	// Each series' marker is defined once and drawn at every point by the
	// line itself; the ids are the chart's own, so two charts on a page
	// keep theirs apart.
	id := chartID(c)
	b.WriteString(`<defs>`)
	for k := range c.Series {
		st := chartStyles[k%len(chartStyles)]
		b.WriteString(`<marker id="` + id + strconv.Itoa(k) + `" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" color="` + st.colour + `">` + st.marker + `</marker>`)
	}
	b.WriteString(`</defs>`)
	for k, s := range c.Series {
		var pts []string
		for i, v := range s.Values {
			if finite(v) {
				pts = append(pts, num(x(i))+","+num(y(v)))
			}
		}
		if len(pts) == 1 {
			pts = append(pts, pts[0]) // one point: its marker alone
		}
		b.WriteString(`<g class="chart__series" data-series="` + strconv.Itoa(k) + `">`)
		if len(pts) > 0 {
			// Markers on every point while they do not crowd each other.
			b.WriteString(seriesLine(k, strings.Join(pts, " "), id, n <= 40, true))
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	// The legend names each series with its line and marker.
	b.WriteString(`<ul class="chart__legend">`)
	for k, s := range c.Series {
		b.WriteString(`<li data-series="` + strconv.Itoa(k) + `"><svg viewBox="0 0 28 12" width="28" height="12" aria-hidden="true" focusable="false">` +
			seriesLine(k, "1,6 14,6 27,6", id, true, false) + `</svg>` + escapeXML(s.Name) + `</li>`)
	}
	b.WriteString(`</ul></figure>`)
	return b.String()
}

// seriesLine is series k's line through points, with its marker on every
// point when marked (on the middle ones only without ends: the legend's).
func seriesLine(k int, points, id string, marked, ends bool) string {
	st := chartStyles[k%len(chartStyles)]
	line := `<polyline fill="none" stroke-width="2" stroke-linejoin="round" stroke="` + st.colour + `" stroke-dasharray="` + st.dash + `" points="` + points + `"`
	if marked {
		m := `url(#` + id + strconv.Itoa(k) + `)`
		line += ` marker-mid="` + m + `"`
		if ends {
			line += ` marker-start="` + m + `" marker-end="` + m + `"`
		}
	}
	return line + `/>`
}

// chartID is a prefix for the ids of a chart's markers, the same for the
// same chart.
func chartID(c LineChart) string {
	h := uint32(2166136261)
	for _, s := range c.Series {
		for _, r := range c.Summary + s.Name {
			h = (h ^ uint32(r)) * 16777619
		}
	}
	return "chart" + strconv.FormatUint(uint64(h), 36) + "-"
}

// num writes a coordinate or a tick with at most one decimal.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// escapeXML makes text safe inside SVG text and attributes.
func escapeXML(s string) string { return xmlEscaper.Replace(s) }

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// ResultsChart is a game's results over time: its running win rate, in
// per cent, after each match (or day), named by Labels.
type ResultsChart struct {
	Summary string
	Labels  []string
	// Rates are the win rate after each step, 0 to 100.
	Rates []float64
}

// Render draws the win rate as a line on a fixed 0–100 % axis, or says "No
// matches yet." when there is none.
func (c ResultsChart) Render(p *msg.Catalogue) app.UI {
	return LineChart{
		Summary: c.Summary,
		XLabels: c.Labels,
		Series:  []Series{{Name: p.T("Win rate"), Values: c.Rates}},
		Fixed:   true, YMin: 0, YMax: 100, Unit: "%",
	}.Render(p)
}
