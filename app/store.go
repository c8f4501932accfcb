package main

import (
	"crypto/rand"
	"encoding/binary"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// Settings are the player's preferences, kept in local storage.
type Settings struct {
	CardSize   string `json:"cardSize"`   // s, m, l
	Animation  string `json:"animation"`  // off, fast, normal, slow
	LeftHanded bool   `json:"leftHanded"` // controls on the left
	BotPace    int    `json:"botPace"`    // milliseconds between bot moves
	Sounds     bool   `json:"sounds"`     // short synthesised sounds (off by default)
	Lang       string `json:"lang"`       // the language chosen; "" follows the browser's
}

const settingsKey = "cardtable.settings"

func defaultSettings() Settings {
	return Settings{CardSize: "m", Animation: "normal", BotPace: 600}
}

func loadSettings(ctx app.Context) Settings {
	s := defaultSettings()
	ctx.LocalStorage().Get(settingsKey, &s)
	if s.BotPace < 0 || s.BotPace > 5000 {
		s.BotPace = 600
	}
	return s
}

func saveSettings(ctx app.Context, s Settings) {
	ctx.LocalStorage().Set(settingsKey, s)
}

// rootClass is the class list that applies the settings to a page.
func (s Settings) rootClass() string {
	c := "ct cards-" + s.CardSize + " anim-" + s.Animation
	if s.LeftHanded {
		c += " lefty"
	}
	return c
}

func (s Settings) pace() time.Duration { return time.Duration(s.BotPace) * time.Millisecond }

// Save is a game in progress or just finished: its record and who sits where.
// It is rewritten after every action.
type Save struct {
	Record *record.Record `json:"record"`
	Seat   games.Seat     `json:"seat"` // the local player's seat
	Bots   []string       `json:"bots"` // per seat: "" for the player, else the bot level
	Undo   bool           `json:"undo"` // undo allowed
	Done   bool           `json:"done"` // the match is over
	Result *games.Result  `json:"result,omitempty"`
}

func saveKey(gameID string) string { return "cardtable.save." + gameID }

func loadSave(ctx app.Context, gameID string) (Save, bool) {
	var s Save
	if !ctx.LocalStorage().Contains(saveKey(gameID)) {
		return s, false
	}
	if err := ctx.LocalStorage().Get(saveKey(gameID), &s); err != nil || s.Record == nil || s.Record.Game != gameID {
		return Save{}, false
	}
	return s, true
}

func storeSave(ctx app.Context, s Save) {
	ctx.LocalStorage().Set(saveKey(s.Record.Game), s)
}

// lookupGame finds a registered game by the ?game= query.
func lookupGame(id string) (games.Entry, bool) {
	e, err := catalog.Lookup(id)
	return e, err == nil
}

// newSeed draws a match seed from the system's random source.
func newSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.LittleEndian.Uint64(b[:]) >> 11 // stays exact in JSON numbers
}
