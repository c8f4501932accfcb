// Package components holds the reusable pieces of the cardtable UI: cards and
// hands, the trick in the middle of the table, piles and boards, seats,
// the scoreboard, the reaction timer, the game log and short notices.
//
// Components render game Views and the legal actions a session offers; they
// never decide what is legal. Every element that plays an action carries its
// notation in a data-action attribute, so tests can find the legal moves in
// the DOM; what a person reads or hears of it (text, aria-label) is the
// action in words, given by the page.
package components

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
)

// CardState is how a card is drawn in a hand or on the table.
type CardState int

const (
	CardPlain    CardState = iota // shown, no decision attached
	CardLegal                     // may be played now: highlighted
	CardSelected                  // picked, waiting for a second tap or a choice
	CardDimmed                    // can't be played now
)

// Face describes a card to draw. Code is a card in the action notation
// ("QH", "10S", "7C", co-op "1D") or a named card ("papa3", "wild"); an empty
// code is a face-down card.
type Face struct {
	Code   string
	State  CardState
	Action string // the action a tap plays (its data-action); empty when the card is not playable
	Say    string // the action in words, the playable card's aria label ("Play the queen of hearts")
	Label  string // aria label override; defaults to the card's name
	Winner bool   // highlighted as the trick's winner
	Hint   bool   // the suggested move: glows like a trick's winner (card--hint)
}

// CardName is the spoken name of a card code: "queen of hearts".
func CardName(p *msg.Catalogue, code string) string {
	if code == "" {
		return p.T("face-down card")
	}
	rank, suit, ok := SplitCode(code)
	if !ok {
		return namedCard(p, code)
	}
	return p.T("%s of %s", RankName(p, rank), SuitName(p, string(suit)))
}

// RankName names a rank of the notation: "ace", "queen", "10"; the rank
// itself for a number.
func RankName(p *msg.Catalogue, rank string) string {
	switch rank {
	case "A":
		return p.T("ace")
	case "J":
		return p.T("jack")
	case "Q":
		return p.T("queen")
	case "K":
		return p.T("king")
	}
	return rank
}

// SuitName names a suit letter ("C": "clubs"), "" for none.
func SuitName(p *msg.Catalogue, s string) string {
	switch s {
	case "C":
		return p.T("clubs")
	case "D":
		return p.T("diamonds")
	case "H":
		return p.T("hearts")
	case "S":
		return p.T("spades")
	}
	return ""
}

// SplitCode splits a standard card code into rank and suit letter.
func SplitCode(code string) (rank string, suit byte, ok bool) {
	if len(code) < 2 || len(code) > 3 {
		return "", 0, false
	}
	suit = code[len(code)-1]
	if !strings.ContainsRune("CDHS", rune(suit)) {
		return "", 0, false
	}
	rank = code[:len(code)-1]
	switch rank {
	case "A", "J", "Q", "K", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10":
		return rank, suit, true
	}
	return "", 0, false
}

// Card draws one card as a button (playable) or a figure. Its classes carry
// the state: card--legal, card--selected, card--dimmed, card--winner.
func Card(p *msg.Catalogue, f Face, onClick app.EventHandler) app.UI {
	cls := []string{"card"}
	switch f.State {
	case CardLegal:
		cls = append(cls, "card--legal")
	case CardSelected:
		cls = append(cls, "card--legal", "card--selected")
	case CardDimmed:
		cls = append(cls, "card--dimmed")
	}
	if f.Winner || f.Hint {
		cls = append(cls, "card--winner")
	}
	if f.Hint {
		cls = append(cls, "card--hint")
	}
	if f.Code == "" {
		cls = append(cls, "card--back")
	}
	label := f.Label
	if label == "" {
		label = CardName(p, f.Code)
	}
	// The face is an image: what it shows (the corner indices) is read from
	// the label, not from text inside the button, so a button's spoken name
	// holds everything it shows.
	svg := app.Img().Class("card__svg").Src(CardURL(p, f.Code)).Attr("role", "presentation").Aria("hidden", true).Attr("draggable", "false")
	if f.Action == "" || onClick == nil {
		return app.Div().Class(strings.Join(cls, " ")).
			Aria("label", label).Attr("role", "img").
			DataSet("card", f.Code).
			Body(svg)
	}
	if f.Say != "" {
		label = f.Say
	}
	return app.Button().Class(strings.Join(cls, " ")).
		Aria("label", label).
		Aria("pressed", f.State == CardSelected).
		DataSet("card", f.Code).
		DataSet("action", f.Action).
		OnClick(onClick, app.EventScope(f.Code, f.Action, int(f.State))). // the scope renews the handler when the card changes
		Body(svg)
}

// suitPath holds each suit's symbol as an SVG path in a 0..100 box.
var suitPath = map[byte]string{
	'H': "M50 90 C15 62 2 45 2 28 C2 12 14 2 27 2 C38 2 46 9 50 19 C54 9 62 2 73 2 C86 2 98 12 98 28 C98 45 85 62 50 90Z",
	'D': "M50 2 L88 50 L50 98 L12 50Z",
	'S': "M50 2 C85 32 98 45 98 60 C98 75 86 84 74 84 C64 84 56 79 53 72 C54 84 58 92 66 98 L34 98 C42 92 46 84 47 72 C44 79 36 84 26 84 C14 84 2 75 2 60 C2 45 15 32 50 2Z",
	'C': "M50 4 C63 4 72 14 72 26 C72 33 69 39 64 43 C68 41 72 40 76 40 C89 40 98 50 98 62 C98 74 89 84 76 84 C66 84 58 78 54 70 C55 83 59 92 66 98 L34 98 C41 92 45 83 46 70 C42 78 34 84 24 84 C11 84 2 74 2 62 C2 50 11 40 24 40 C28 40 32 41 36 43 C31 39 28 33 28 26 C28 14 37 4 50 4Z",
}

func suitColor(s byte) string {
	if s == 'H' || s == 'D' {
		return "#c62828"
	}
	return "#1d1d24"
}

// pip draws a suit symbol of width w centred at (x, y), upside down if flip.
func pip(s byte, x, y, w float64, flip bool) string {
	k := w / 100
	rot := ""
	if flip {
		rot = fmt.Sprintf(" rotate(180 %g %g)", x, y)
	}
	return fmt.Sprintf(`<path transform="%s translate(%g %g) scale(%g)" d="%s"/>`,
		strings.TrimSpace(rot), x-w/2, y-w/2, k, suitPath[s])
}

// pipLayout lists pip centres for number cards by their number, in a
// 100×140 card.
var pipLayout = [...][][2]float64{
	1:  {{50, 70}},
	2:  {{50, 32}, {50, 108}},
	3:  {{50, 32}, {50, 70}, {50, 108}},
	4:  {{33, 32}, {67, 32}, {33, 108}, {67, 108}},
	5:  {{33, 32}, {67, 32}, {50, 70}, {33, 108}, {67, 108}},
	6:  {{33, 32}, {67, 32}, {33, 70}, {67, 70}, {33, 108}, {67, 108}},
	7:  {{33, 32}, {67, 32}, {50, 51}, {33, 70}, {67, 70}, {33, 108}, {67, 108}},
	8:  {{33, 32}, {67, 32}, {50, 51}, {33, 70}, {67, 70}, {50, 89}, {33, 108}, {67, 108}},
	9:  {{33, 30}, {67, 30}, {33, 56}, {67, 56}, {50, 70}, {33, 84}, {67, 84}, {33, 110}, {67, 110}},
	10: {{33, 30}, {67, 30}, {50, 43}, {33, 56}, {67, 56}, {33, 84}, {67, 84}, {50, 97}, {33, 110}, {67, 110}},
}

// svgCache and urlCache keep the faces made, by the printer's language and
// the card: pages render concurrently on the server.
var (
	cacheMu  sync.Mutex
	svgCache = map[string]string{}
	urlCache = map[string]string{}
)

// dataEscaper escapes what a data: address may not hold as it is.
var dataEscaper = strings.NewReplacer("%", "%25", "#", "%23", "<", "%3C", ">", "%3E", "\"", "%22", "\n", "%0A")

// CardURL is a card face (or the back for "") as a data: address of its
// SVG, for an image.
func CardURL(p *msg.Catalogue, code string) string {
	key := p.Lang() + "/" + code
	cacheMu.Lock()
	u, ok := urlCache[key]
	cacheMu.Unlock()
	if ok {
		return u
	}
	u = "data:image/svg+xml," + dataEscaper.Replace(CardSVG(p, code))
	cacheMu.Lock()
	urlCache[key] = u
	cacheMu.Unlock()
	return u
}

// CardSVG returns the SVG markup of a card face (or the back for ""). A
// named card's face carries its title in the player's language, so the
// cache keeps each language's faces apart.
func CardSVG(p *msg.Catalogue, code string) string {
	key := p.Lang() + "/" + code
	cacheMu.Lock()
	s, ok := svgCache[key]
	cacheMu.Unlock()
	if ok {
		return s
	}
	s = cardSVG(p, code)
	cacheMu.Lock()
	svgCache[key] = s
	cacheMu.Unlock()
	return s
}

func cardSVG(p *msg.Catalogue, code string) string {
	var b strings.Builder
	b.WriteString(`<svg class="card__svg" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">`)
	if code == "" {
		b.WriteString(`<rect x="1" y="1" width="98" height="138" rx="8" fill="#fbf8f0" stroke="#9a9a9a"/>`)
		b.WriteString(`<rect x="7" y="7" width="86" height="126" rx="5" fill="#1f4e8c"/>`)
		b.WriteString(`<g fill="#6f9bd6">`)
		for y := 16; y <= 124; y += 12 {
			for x := 16; x <= 84; x += 12 {
				fmt.Fprintf(&b, `<path d="M%d %d l5 5 l-5 5 l-5 -5z"/>`, x, y-5)
			}
		}
		b.WriteString(`</g>`)
		b.WriteString(`<rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="#fbf8f0" stroke-width="2"/></svg>`)
		return b.String()
	}
	b.WriteString(`<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf7" stroke="#7a7a7a"/>`)
	rank, suit, ok := SplitCode(code)
	if !ok {
		writeNamedCard(p, &b, code)
		b.WriteString(`</svg>`)
		return b.String()
	}
	col := suitColor(suit)
	fmt.Fprintf(&b, `<g fill="%s">`, col)
	// corner indices
	fs := 20.0
	if len(rank) == 2 {
		fs = 17
	}
	fmt.Fprintf(&b, `<text x="12" y="22" font-size="%g" font-family="Georgia,serif" font-weight="700" text-anchor="middle">%s</text>`, fs, rank)
	b.WriteString(pip(suit, 12, 33, 12, false))
	fmt.Fprintf(&b, `<g transform="rotate(180 50 70)"><text x="12" y="22" font-size="%g" font-family="Georgia,serif" font-weight="700" text-anchor="middle">%s</text>%s</g>`, fs, rank, pip(suit, 12, 33, 12, false))
	switch rank {
	case "J", "Q", "K":
		fmt.Fprintf(&b, `<rect x="24" y="22" width="52" height="96" rx="4" fill="none" stroke="%s" stroke-width="1.5"/>`, col)
		fmt.Fprintf(&b, `<text x="50" y="64" font-size="34" font-family="Georgia,serif" font-weight="700" text-anchor="middle">%s</text>`, rank)
		b.WriteString(pip(suit, 50, 92, 26, false))
	case "A", "1":
		b.WriteString(pip(suit, 50, 70, 44, false))
	default:
		n := 0
		fmt.Sscanf(rank, "%d", &n)
		if n < 1 || n >= len(pipLayout) {
			n = 0 // no pips for a rank that is not a number
		}
		for _, p := range pipLayout[n] {
			b.WriteString(pip(suit, p[0], p[1], 18, p[1] > 75))
		}
	}
	b.WriteString(`</g></svg>`)
	return b.String()
}

// namedCard is a card of the potato game and similar decks: its title, in
// the player's language where players of that language name it otherwise,
// and its colour.
type namedCardFace struct {
	title  msg.Key
	colour string
}

var namedCards = map[string]namedCardFace{
	"papa":     {msg.Later("Papa"), "#8d6e63"},
	"duquesas": {msg.Later("Duquesas"), "#f9a825"},
	"fritas":   {msg.Later("Fritas"), "#ef6c00"},
	"wild":     {msg.Later("Wildcard"), "#6a1b9a"},
	"nopoh":    {msg.Later("No Poh"), "#c62828"},
	"tedije":   {msg.Later("Te Dije"), "#ad1457"},
	"dorada":   {msg.Later("Papa Dorada"), "#c9a400"},
	"robo":     {msg.Later("Robo"), "#37474f"},
}

func splitNamed(code string) (name, value string) {
	i := strings.IndexAny(code, "0123456789")
	if i < 0 {
		return code, ""
	}
	return code[:i], code[i:]
}

func namedCard(p *msg.Catalogue, code string) string {
	name, value := splitNamed(code)
	if nc, ok := namedCards[name]; ok {
		name = nc.title.Say(p)
	}
	if value != "" {
		return p.T("%s %s", name, value)
	}
	return name
}

func writeNamedCard(p *msg.Catalogue, b *strings.Builder, code string) {
	name, value := splitNamed(code)
	title, col := name, "#37474f"
	if nc, ok := namedCards[name]; ok {
		title, col = nc.title.Say(p), nc.colour
	}
	fmt.Fprintf(b, `<rect x="8" y="8" width="84" height="124" rx="6" fill="%s"/>`, col)
	// The title is large enough to read on a phone (a quarter of the card's
	// width: 12 px on the smallest hand card), on one line or two, from the
	// left edge: in a hand the next card covers the right of this one. A
	// line longer than the part a hand leaves in sight is squeezed to it.
	lines := titleLines(title)
	y := []float64{62}
	if len(lines) == 2 {
		y = []float64{46, 74}
	}
	for i, l := range lines {
		fit := ""
		if titleWidth(l) > 72 {
			fit = ` textLength="72" lengthAdjust="spacingAndGlyphs"`
		}
		fmt.Fprintf(b, `<text x="11" y="%g" font-size="%d" font-family="system-ui,sans-serif" font-weight="700" fill="#fff"%s>%s</text>`,
			y[i], namedTitleSize, fit, xmlEscape(l))
	}
	if value != "" {
		fmt.Fprintf(b, `<circle cx="38" cy="104" r="18" fill="#fff"/><text x="38" y="113" font-size="26" font-family="Georgia,serif" font-weight="700" fill="%s" text-anchor="middle">%s</text>`, col, xmlEscape(value))
	}
}

// namedTitleSize is the font size of a named card's title, in the card's
// 100-wide box.
const namedTitleSize = 26

// titleWidth estimates how wide a line of a named card's title is drawn, in
// the card's box: a wide (East Asian) letter is a full em, others about
// half of one.
func titleWidth(line string) float64 {
	w := 0.0
	for _, r := range line {
		if r >= 0x2E80 {
			w += namedTitleSize
		} else {
			w += namedTitleSize * .56
		}
	}
	return w
}

// titleLines breaks a title of several words into two lines, as even as the
// words allow; a single word stays one line.
func titleLines(title string) []string {
	words := strings.Fields(title)
	if len(words) < 2 {
		return []string{title}
	}
	best, bestDiff := 1, -1
	for i := 1; i < len(words); i++ {
		a, b := utf8.RuneCountInString(strings.Join(words[:i], " ")), utf8.RuneCountInString(strings.Join(words[i:], " "))
		if d := max(a-b, b-a); bestDiff < 0 || d < bestDiff {
			best, bestDiff = i, d
		}
	}
	return []string{strings.Join(words[:best], " "), strings.Join(words[best:], " ")}
}

func xmlEscape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}
