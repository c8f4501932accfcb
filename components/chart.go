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

// chartStyle is how one series is drawn: colour, dash and marker.
type chartStyle struct {
	colour, dash, marker string
}

// chartStyles are the series' looks in order; a ninth series takes the
// first look again.
var chartStyles = [...]chartStyle{
	{"#0072b2", "", "circle"},
	{"#d55e00", "6 3", "square"},
	{"#009e73", "2 3", "triangle"},
	{"#cc79a7", "8 3 2 3", "diamond"},
	{"#8a5a00", "", "cross"},
	{"#56b4e9", "6 3", "circle-open"},
	{"#16161c", "2 3", "square-open"},
	{"#7a3e9d", "8 3 2 3", "plus"},
}

// Render draws the chart, or says c.Empty when there is nothing to draw.
func (c LineChart) Render() app.UI {
	svg := c.SVG()
	if svg == "" {
		empty := c.Empty
		if empty == "" {
			empty = msg.T("No matches yet.")
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
	for k, s := range c.Series {
		st := chartStyles[k%len(chartStyles)]
		b.WriteString(`<g class="chart__series" data-series="` + strconv.Itoa(k) + `" fill="none" stroke="` + st.colour + `">`)
		var pts []string
		for i, v := range s.Values {
			if !finite(v) {
				continue
			}
			pts = append(pts, num(x(i))+","+num(y(v)))
		}
		if len(pts) > 1 {
			b.WriteString(`<polyline stroke-width="2" stroke-linejoin="round" points="` + strings.Join(pts, " ") + `"`)
			if st.dash != "" {
				b.WriteString(` stroke-dasharray="` + st.dash + `"`)
			}
			b.WriteString(`/>`)
		}
		// Markers on every point while they do not crowd each other.
		if n <= 40 {
			for i, v := range s.Values {
				if finite(v) {
					b.WriteString(marker(st, x(i), y(v), 3.5))
				}
			}
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	// The legend names each series with its line and marker.
	b.WriteString(`<ul class="chart__legend">`)
	for k, s := range c.Series {
		st := chartStyles[k%len(chartStyles)]
		b.WriteString(`<li data-series="` + strconv.Itoa(k) + `"><svg viewBox="0 0 28 12" width="28" height="12" aria-hidden="true" focusable="false"><g fill="none" stroke="` + st.colour + `">`)
		b.WriteString(`<line x1="1" x2="27" y1="6" y2="6" stroke-width="2"`)
		if st.dash != "" {
			b.WriteString(` stroke-dasharray="` + st.dash + `"`)
		}
		b.WriteString(`/>` + marker(st, 14, 6, 3.5) + `</g></svg>` + escapeXML(s.Name) + `</li>`)
	}
	b.WriteString(`</ul></figure>`)
	return b.String()
}

// marker is one point's mark at (x, y), r from its centre to its edge.
func marker(st chartStyle, x, y, r float64) string {
	fill := ` fill="` + st.colour + `"`
	switch st.marker {
	case "circle-open":
		return `<circle cx="` + num(x) + `" cy="` + num(y) + `" r="` + num(r) + `" fill="#fbf8f0" stroke-width="1.5"/>`
	case "square-open":
		return `<rect x="` + num(x-r) + `" y="` + num(y-r) + `" width="` + num(2*r) + `" height="` + num(2*r) + `" fill="#fbf8f0" stroke-width="1.5"/>`
	case "square":
		return `<rect x="` + num(x-r) + `" y="` + num(y-r) + `" width="` + num(2*r) + `" height="` + num(2*r) + `"` + fill + `/>`
	case "triangle":
		return `<path d="M` + num(x) + ` ` + num(y-r*1.2) + `L` + num(x+r*1.1) + ` ` + num(y+r) + `H` + num(x-r*1.1) + `Z"` + fill + `/>`
	case "diamond":
		return `<path d="M` + num(x) + ` ` + num(y-r*1.3) + `L` + num(x+r) + ` ` + num(y) + `L` + num(x) + ` ` + num(y+r*1.3) + `L` + num(x-r) + ` ` + num(y) + `Z"` + fill + `/>`
	case "cross":
		return `<path d="M` + num(x-r) + ` ` + num(y-r) + `L` + num(x+r) + ` ` + num(y+r) + `M` + num(x+r) + ` ` + num(y-r) + `L` + num(x-r) + ` ` + num(y+r) + `" stroke-width="2"/>`
	case "plus":
		return `<path d="M` + num(x-r) + ` ` + num(y) + `H` + num(x+r) + `M` + num(x) + ` ` + num(y-r) + `V` + num(y+r) + `" stroke-width="2"/>`
	}
	return `<circle cx="` + num(x) + `" cy="` + num(y) + `" r="` + num(r) + `"` + fill + `/>`
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
func (c ResultsChart) Render() app.UI {
	return LineChart{
		Summary: c.Summary,
		XLabels: c.Labels,
		Series:  []Series{{Name: msg.T("Win rate"), Values: c.Rates}},
		Fixed:   true, YMin: 0, YMax: 100, Unit: "%",
	}.Render()
}
