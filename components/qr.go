package components

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"rsc.io/qr"

	"cardtable/msg"
)

// QRSVG draws text as a QR code: one SVG path over a quiet zone of four
// modules, black on white whatever the theme, so every phone camera reads
// it. It returns "" when the text does not fit in a QR code.
func QRSVG(text string) string {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return ""
	}
	const quiet = 4
	n := code.Size + 2*quiet
	var path strings.Builder
	for y := range code.Size {
		for x := 0; x < code.Size; x++ {
			if !code.Black(x, y) {
				continue
			}
			run := 1
			for x+run < code.Size && code.Black(x+run, y) {
				run++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", x+quiet, y+quiet, run, run)
			x += run - 1
		}
	}
	return fmt.Sprintf(`<svg class="qr" viewBox="0 0 %d %d" role="img" aria-label="QR code of the room link" shape-rendering="crispEdges">`+
		`<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`, n, n, n, n, path.String())
}

// QR is the room link's QR code as an element.
func QR(p *msg.Catalogue, text string) app.UI {
	svg := QRSVG(text)
	if svg == "" {
		return app.P().Class("qr--none").Text(p.T("This link is too long for a QR code."))
	}
	return app.Raw(svg)
}
