package main

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"cardtable/app/deflate"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
)

// A shared replay is a link to the replay page with the match's whole
// record in the fragment: /replay#<record>, the record's JSON compressed
// with DEFLATE and written in base64url without padding. The fragment never
// reaches a server, so the link opens offline (the service worker serves the
// page) and from any static host. A saved replay is the record's JSON.
// The page packs and unpacks with the browser's own DEFLATE (package
// deflate), natively with compress/flate: either reads the other's links.

// replayPath is the replay page.
const replayPath = "/replay"

// replayLink is the path and fragment of the replay page showing rec.
func replayLink(rec *record.Record) (string, error) {
	frag, err := encodeRecord(rec)
	if err != nil {
		return "", err
	}
	return replayPath + "#" + frag, nil
}

// encodeRecord compresses a record for a link's fragment.
func encodeRecord(rec *record.Record) (string, error) {
	data, err := rec.Marshal()
	if err != nil {
		return "", err
	}
	packed, err := deflate.Pack(data)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(packed), nil
}

// replayError is what is wrong with a link or a file, in words for the
// reader.
type replayError struct{ text string }

func (e *replayError) Error() string { return e.text }

func badReplay(text string) error { return &replayError{text} }

// decodeLink reads the record a replay link's fragment holds (with or
// without its '#'; a whole pasted link is read from its '#'). Its errors
// say what is wrong: nothing there, the link cut short, damaged, or not a
// record.
func decodeLink(p *msg.Catalogue, fragment string) (*record.Record, error) {
	fragment = strings.TrimSpace(fragment)
	if i := strings.IndexByte(fragment, '#'); i >= 0 {
		fragment = fragment[i+1:]
	}
	if fragment == "" {
		return nil, badReplay(p.T("The link holds no replay: the part after # is empty."))
	}
	if len(fragment) > base64.RawURLEncoding.EncodedLen(record.MaxSize) {
		return nil, badReplay(p.T("The link is too long to be a replay."))
	}
	packed, err := base64.RawURLEncoding.DecodeString(fragment)
	if err != nil {
		var bad base64.CorruptInputError
		if errors.As(err, &bad) && int(bad) >= len(fragment)-1 {
			return nil, badReplay(p.T("The link is cut short: its last characters are missing."))
		}
		if errors.As(err, &bad) {
			return nil, badReplay(p.T("The link is damaged: character %d is not one a replay link uses.", int(bad)+1))
		}
		return nil, badReplay(p.T("The link is damaged."))
	}
	data, err := deflate.Unpack(packed, record.MaxSize+1)
	switch {
	case errors.Is(err, deflate.ErrCutShort):
		return nil, badReplay(p.T("The link is cut short: its last characters are missing."))
	case err != nil:
		return nil, badReplay(p.T("The link is damaged: its record does not unpack."))
	case len(data) > record.MaxSize:
		return nil, badReplay(p.T("The replay is too large to open."))
	}
	return parseRecordFile(p, data)
}

// parseRecordFile reads a saved record (a file's bytes, or a link's
// unpacked fragment).
func parseRecordFile(p *msg.Catalogue, data []byte) (*record.Record, error) {
	if len(data) > record.MaxSize {
		return nil, badReplay(p.T("The replay is too large to open."))
	}
	rec, err := record.Parse(data)
	if err != nil {
		return nil, badReplay(p.T("This is not a cardtable record (%s).", err.Error()))
	}
	if _, ok := lookupGame(rec.Game); !ok {
		return nil, badReplay(p.T("The record is of a game this app does not know (%s).", rec.Game))
	}
	return rec, nil
}

// openReplay checks a record's every action with its game's engine and
// opens its replay; an error names the first step that is not legal.
func openReplay(p *msg.Catalogue, rec *record.Record) (*rtc.Replay, error) {
	e, ok := lookupGame(rec.Game)
	if !ok {
		return nil, badReplay(p.T("The record is of a game this app does not know (%s).", rec.Game))
	}
	r, err := rtc.NewReplay(e, rec)
	var step *record.StepError
	switch {
	case errors.As(err, &step):
		return nil, badReplay(p.T("Step %d is not legal: %s", step.Index+1, ui.Sentence(p, ui.ReasonWords(p, step.Err.Error()))))
	case err != nil:
		return nil, badReplay(p.T("The record's setup is not one the game allows: %s", ui.Sentence(p, ui.ReasonWords(p, err.Error()))))
	}
	return r, nil
}

// replayFileName is the name a saved replay gets.
func replayFileName(rec *record.Record) string {
	return fmt.Sprintf("cardtable-%s-%d.json", rec.Game, rec.Seed)
}
