package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Sounds are short tones synthesised with the browser's Web Audio (nothing
// is downloaded), off unless the player turns them on in Settings: a soft
// tick when a card is played, a rising two-note chime when it becomes the
// player's turn, and a low note for a tap on a card that cannot be played.

// sound is one cue: its notes (Hz), each lasting dur seconds, at volume gain.
type sound struct {
	notes []float64
	dur   float64
	gain  float64
	wave  string
}

var (
	soundCard    = sound{notes: []float64{660}, dur: 0.05, gain: 0.08, wave: "triangle"}
	soundTurn    = sound{notes: []float64{523.25, 783.99}, dur: 0.11, gain: 0.07, wave: "sine"}
	soundRefused = sound{notes: []float64{196}, dur: 0.14, gain: 0.09, wave: "square"}
)

// audio is the page's one AudioContext, made on the first sound (browsers
// allow it once the player has touched the page).
var audio app.Value

// play sounds s when the settings allow it.
func (s sound) play(on bool) {
	if !on || !app.IsClient {
		return
	}
	if audio == nil || !audio.Truthy() {
		ctor := app.Window().Get("AudioContext")
		if !ctor.Truthy() {
			return
		}
		audio = ctor.New()
	}
	t := audio.Get("currentTime").Float()
	for i, f := range s.notes {
		osc := audio.Call("createOscillator")
		amp := audio.Call("createGain")
		osc.Set("type", s.wave)
		osc.Get("frequency").Set("value", f)
		start := t + float64(i)*s.dur
		g := amp.Get("gain")
		g.Call("setValueAtTime", s.gain, start)
		g.Call("exponentialRampToValueAtTime", 0.0001, start+s.dur)
		osc.Call("connect", amp)
		amp.Call("connect", audio.Get("destination"))
		osc.Call("start", start)
		osc.Call("stop", start+s.dur+0.02)
	}
}
