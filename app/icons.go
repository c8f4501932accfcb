//go:build !(js && wasm)

package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
)

const (
	themeColor      = "#0b5d3b" // felt green: the manifest's theme colour
	themeBackground = "#08361f"
)

var (
	felt  = color.NRGBA{0x0b, 0x5d, 0x3b, 0xff}
	paper = color.NRGBA{0xfb, 0xf8, 0xf0, 0xff}
	ink   = color.NRGBA{0x1d, 0x1d, 0x24, 0xff}
	red   = color.NRGBA{0xc6, 0x28, 0x28, 0xff}
)

// iconFiles draws the app icons: a white card with a red heart and a black
// spade on felt. The maskable icon keeps its drawing inside the 80 % safe
// zone and fills the whole square with felt.
func iconFiles() map[string][]byte {
	return map[string][]byte{
		"icon-192.png":      encodePNG(drawIcon(192, false)),
		"icon-512.png":      encodePNG(drawIcon(512, false)),
		"icon-maskable.png": encodePNG(drawIcon(512, true)),
		"icon.svg":          []byte(iconSVG),
	}
}

func encodePNG(img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // encoding an in-memory NRGBA cannot fail
	}
	return b.Bytes()
}

// drawIcon renders the icon at size×size pixels with 4×4 supersampling.
func drawIcon(size int, maskable bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const ss = 4
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss) / float64(size)
					y := (float64(py) + (float64(sy)+0.5)/ss) / float64(size)
					c := iconColor(x, y, maskable)
					r += float64(c.R) * float64(c.A)
					g += float64(c.G) * float64(c.A)
					b += float64(c.B) * float64(c.A)
					a += float64(c.A)
				}
			}
			n := float64(ss * ss)
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(r / a), uint8(g / a), uint8(b / a), uint8(a / n)})
		}
	}
	return img
}

// iconColor is the colour at (x, y) in the unit square.
func iconColor(x, y float64, maskable bool) color.NRGBA {
	transparent := color.NRGBA{}
	scale := 1.0
	if maskable {
		scale = 0.8 // safe zone
	} else if !inRoundRect(x, y, 0.02, 0.02, 0.98, 0.98, 0.18) {
		return transparent
	}
	// Map into the drawing square.
	u := (x-0.5)/scale + 0.5
	v := (y-0.5)/scale + 0.5
	if inRoundRect(u, v, 0.22, 0.14, 0.78, 0.86, 0.07) {
		if heart((u-0.5)/0.17, (v-0.38)/0.17) {
			return red
		}
		if spade((u-0.5)/0.15, (v-0.66)/0.15) {
			return ink
		}
		return paper
	}
	return felt
}

func inRoundRect(x, y, x0, y0, x1, y1, r float64) bool {
	if x < x0 || x > x1 || y < y0 || y > y1 {
		return false
	}
	cx := math.Max(x0+r, math.Min(x, x1-r))
	cy := math.Max(y0+r, math.Min(y, y1-r))
	return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
}

// heart is the classic implicit heart curve, point up in screen coordinates.
func heart(x, y float64) bool {
	y = -y + 0.15
	x *= 1.1
	q := x*x + y*y - 1
	return q*q*q-x*x*y*y*y <= 0
}

// spade is an upside-down heart on a short stem.
func spade(x, y float64) bool {
	if heart(x, -(y + 0.05)) {
		return true
	}
	return y > 0.3 && y < 1.05 && math.Abs(x) < 0.08+0.35*(y-0.3)*(y-0.3)
}

const iconSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect x="10" y="10" width="492" height="492" rx="92" fill="#0b5d3b"/>
<rect x="113" y="72" width="286" height="368" rx="36" fill="#fbf8f0"/>
<path d="M256 265 C170 205 180 140 226 140 C244 140 254 152 256 162 C258 152 268 140 286 140 C332 140 342 205 256 265Z" fill="#c62828"/>
<path d="M256 280 C200 320 196 360 226 366 C240 368 250 362 254 354 C252 374 244 392 232 402 L280 402 C268 392 260 374 258 354 C262 362 272 368 286 366 C316 360 312 320 256 280Z" fill="#1d1d24"/>
</svg>`
