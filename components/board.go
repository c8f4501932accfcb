package components

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
)

// Boards of the fishing games (a face-up layout, the stock, each seat's won
// cards) and the co-op board's swap arrows.

var suitSymbols = map[byte]string{'C': "♣", 'D': "♦", 'H': "♥", 'S': "♠"}

// CardShort is a card's short written name: "9♥", "10♠", "Papa 3".
func CardShort(p *msg.Catalogue, code string) string {
	rank, suit, ok := SplitCode(code)
	if !ok {
		return CardName(p, code)
	}
	return rank + suitSymbols[suit]
}

// CardList writes cards as "9♥, 3♦ and K♣".
func CardList(p *msg.Catalogue, codes []string) string {
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = CardShort(p, c)
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return p.T("%s and %s", strings.Join(names[:len(names)-1], p.T(", ")), names[len(names)-1])
}

// Stock draws the face-down stock with its count. With an action it is a
// button that plays it (drawing a card); say is that action in words.
func Stock(p *msg.Catalogue, count int, action, say string, onClick app.EventHandler) app.UI {
	label := p.N(count, "Stock, %d card", "Stock, %d cards")
	var top app.UI
	if count > 0 {
		top = Card(p, Face{Label: label}, nil)
	} else {
		top = app.Div().Class("pile__empty").Text(p.T("empty"))
	}
	body := []app.UI{
		app.Div().Class("stock__stack").DataSet("depth", min(count, 3)).Body(top),
		app.Span().Class("pile__count").Text(fmt.Sprint(count)),
	}
	if action == "" || onClick == nil {
		return app.Div().Class("stock").Attr("role", "img").Aria("label", label).Body(body...)
	}
	return app.Button().Class("stock stock--on").DataSet("action", action).Aria("label", label+": "+say).
		OnClick(onClick, app.EventScope(action, count)).Body(body...)
}

// Spot is a labelled place on the board holding one thing (the exposed
// card, the waste…), its caption under it.
func Spot(class, label, caption string, body ...app.UI) app.UI {
	return app.Section().Class("spot "+class).Aria("label", label).Body(
		app.H3().Class("spot__label").Text(label),
		app.Div().Class("spot__body").Body(body...),
		app.If(caption != "", func() app.UI { return app.P().Class("spot__caption").Text(caption) }),
	)
}

// MiniCards draws small overlapping cards (a won pile's cards, a turn's
// captures); gap splits them into groups of that size (pairs).
func MiniCards(p *msg.Catalogue, codes []string, group int) app.UI {
	items := []app.UI{}
	for i, c := range codes {
		cls := "mini__card"
		if group > 0 && i > 0 && i%group == 0 {
			cls += " mini__card--group"
		}
		items = append(items, app.Div().Class(cls).Body(Card(p, Face{Code: c}, nil)))
	}
	return app.Div().Class("mini").Body(items...)
}

// WonPile is one seat's pile of captured cards.
type WonPile struct {
	Name   string
	Count  int
	Points *int     // nil when the pile is closed to the viewer
	Cards  []string // shown small when set
	Group  int      // cards per group in Cards (2 for pairs)
	Turn   bool
	Team   int // -1 without a colour
	Unit   string
	// Counted is the count in words with its plural ("1 pair", "8 cards
	// won"); it replaces the count and Unit when set.
	Counted string
	Empty   string // the text of an empty pile
	Recent  int    // the last Recent cards are shown, the rest counted
}

// WonPiles draws every seat's won pile in a row.
func WonPiles(p *msg.Catalogue, title string, piles []WonPile) app.UI {
	items := []app.UI{}
	for _, wp := range piles {
		cls := "wonpile"
		if wp.Turn {
			cls += " wonpile--turn"
		}
		if wp.Team >= 0 {
			cls += fmt.Sprintf(" wonpile--team%d", wp.Team)
		}
		label := p.T("%s: %d %s", wp.Name, wp.Count, wp.Unit)
		counted := p.T("%d %s", wp.Count, wp.Unit)
		if wp.Counted != "" {
			label, counted = p.T("%s: %s", wp.Name, wp.Counted), wp.Counted
		}
		var pts app.UI
		if wp.Points != nil {
			label = p.T("%s, %s", label, p.N(*wp.Points, "%d point", "%d points"))
			pts = app.Span().Class("wonpile__points").Text(p.N(*wp.Points, "%d point", "%d points"))
		}
		var body app.UI
		switch {
		case len(wp.Cards) > 0:
			cs := wp.Cards
			more := 0
			if wp.Recent > 0 && len(cs) > wp.Recent {
				more = len(cs) - wp.Recent
				cs = cs[more:]
			}
			body = app.Div().Class("wonpile__cards").Body(
				app.If(more > 0, func() app.UI { return app.Span().Class("wonpile__more").Text(p.N(more, "%d more", "%d more")) }),
				MiniCards(p, cs, wp.Group),
			)
		case wp.Count > 0:
			body = app.Div().Class("wonpile__cards").Body(app.Div().Class("mini").Body(
				app.Div().Class("mini__card").Body(Card(p, Face{Label: p.T("face-down pile")}, nil))))
		default:
			empty := wp.Empty
			if empty == "" {
				empty = p.T("nothing yet")
			}
			body = app.Div().Class("wonpile__cards wonpile__cards--empty").Text(empty)
		}
		items = append(items, app.Div().Class(cls).Attr("role", "group").Aria("label", label).Body(
			app.Div().Class("wonpile__head").Body(
				app.Span().Class("wonpile__name").Text(wp.Name),
				app.Span().Class("wonpile__count").Text(counted),
				app.If(pts != nil, func() app.UI { return pts }),
			),
			body,
		))
	}
	return app.Section().Class("wonpiles").Aria("label", title).Body(items...)
}

// Arrow is a swap between two slots of a board (numbered from 1), drawn in
// its proposer's colour; a pending proposal is dashed.
type Arrow struct {
	A, B    int
	Team    int
	Pending bool
}

// SwapArrows draws arrows between the slots of a board laid out in cols
// columns of equal cells 5 wide and 7 high, as one SVG meant to cover the
// board exactly (the board has no gaps between its cells). In a single row
// the arrows arc above the cards (the SVG overflows upwards); across rows
// they bend between the cells' upper halves. class picks the layout the SVG
// belongs to.
func SwapArrows(class string, slots, cols int, arrows []Arrow) app.UI {
	rows := (slots + cols - 1) / cols
	const cw, ch = 50.0, 70.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="arrows %s" viewBox="0 0 %g %g" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">`,
		class, float64(cols)*cw, float64(rows)*ch)
	b.WriteString(`<defs>`)
	for _, k := range []string{"team0", "team1", "pending"} {
		fmt.Fprintf(&b, `<marker id="%s-%s" class="arrow__head head--%s" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z"/></marker>`, class, k, k)
	}
	b.WriteString(`</defs>`)
	centre := func(n int) (float64, float64) {
		i := n - 1
		return (float64(i%cols) + .5) * cw, (float64(i/cols) + .5) * ch
	}
	seen := map[[2]int]int{}
	for _, a := range arrows {
		if a.A < 1 || a.B < 1 || a.A > slots || a.B > slots || a.A == a.B {
			continue
		}
		lo, hi := min(a.A, a.B), max(a.A, a.B)
		k := seen[[2]int{lo, hi}]
		seen[[2]int{lo, hi}]++
		x1, y1 := centre(lo)
		x2, y2 := centre(hi)
		var d string
		if y1 == y2 {
			// Same row: an arc over the cards, higher for longer swaps.
			y := y1 - ch*.42
			lift := min(18+.22*(x2-x1), 58) + 8*float64(k)
			d = fmt.Sprintf("M%.1f %.1f Q%.1f %.1f %.1f %.1f", x1, y, (x1+x2)/2, y-lift, x2, y)
		} else {
			y1 -= ch * .18
			y2 -= ch * .18
			mx, my := (x1+x2)/2, (y1+y2)/2
			dx, dy := x2-x1, y2-y1
			bend := .22 + .08*float64(k)
			d = fmt.Sprintf("M%.1f %.1f Q%.1f %.1f %.1f %.1f", x1, y1, mx+dy*bend, my-dx*bend, x2, y2)
		}
		kind := "pending"
		if !a.Pending {
			kind = fmt.Sprintf("team%d", max(0, min(a.Team, 1)))
		}
		fmt.Fprintf(&b, `<path class="arrow__halo" d="%s"/>`, d)
		fmt.Fprintf(&b, `<path class="arrow arrow--%s" d="%s" marker-start="url(#%s-%s)" marker-end="url(#%s-%s)" data-swap="%d-%d"/>`,
			kind, d, class, kind, class, kind, lo, hi)
	}
	b.WriteString(`</svg>`)
	return app.Raw(b.String())
}
