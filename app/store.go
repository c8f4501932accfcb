package main

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
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
	Bots   []string       `json:"bots"` // per seat: "" for a person, else the bot level
	// People names the people who share this phone, one entry a seat ("" for
	// a bot's seat, or a person left unnamed); nil when the player plays
	// alone. Seat is then the person the phone was last shown to.
	People []string      `json:"people,omitempty"`
	Undo   bool          `json:"undo"` // undo allowed
	Done   bool          `json:"done"` // the match is over
	Result *games.Result `json:"result,omitempty"`
}

func saveKey(gameID string) string { return "cardtable.save." + gameID }

// errNoSave is a game with nothing saved under its key.
var errNoSave = errors.New("no game saved")

// readSave reads the game's save from local storage and checks it
// (checkSave). It returns the stored text as it is, for a damaged save to be
// kept as a file; errNoSave when nothing is stored, a *saveDamage when what
// is stored is damaged.
func readSave(gameID string) (Save, []byte, error) {
	e, ok := lookupGame(gameID)
	if !ok || !app.IsClient {
		return Save{}, nil, errNoSave
	}
	item := app.Window().Get("localStorage").Call("getItem", saveKey(gameID))
	if item.IsNull() || item.IsUndefined() {
		return Save{}, nil, errNoSave
	}
	data := []byte(item.String())
	s, err := checkSave(e, data)
	return s, data, err
}

// openedSave decodes the game's save without replaying it, for a part of a
// page that opened the save through readSave and reads it again after every
// action (Klondike's move count): nil when it is gone or not whole.
func openedSave(gameID string) *Save {
	if !app.IsClient {
		return nil
	}
	item := app.Window().Get("localStorage").Call("getItem", saveKey(gameID))
	var s Save
	if item.IsNull() || item.IsUndefined() || json.Unmarshal([]byte(item.String()), &s) != nil || s.Record == nil || s.Record.Game != gameID {
		return nil
	}
	return &s
}

// discardSave removes the game's save.
func discardSave(ctx app.Context, gameID string) { ctx.LocalStorage().Del(saveKey(gameID)) }

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
