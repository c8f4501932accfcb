//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/mentalplay"
	"cardtable/games/record"
)

// Outcome is what `app replay` prints: the state a record reaches.
type Outcome struct {
	Done    bool                `json:"done"`
	Scores  []int               `json:"scores"`
	Winners []games.Seat        `json:"winners"`
	Actors  []games.Seat        `json:"actors"`
	Legal   map[string][]string `json:"legal"`
}

// traceLine is one step of `app replay -trace`.
type traceLine struct {
	Step   int                 `json:"step"`
	Actors []games.Seat        `json:"actors"`
	Legal  map[string][]string `json:"legal"`
	View   any                 `json:"view"`
	Action record.Step         `json:"action"`
}

func runReplay(args []string, out, errOut io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	trace := fs.Bool("trace", false, "print one JSON line per step before the outcome")
	verify := fs.Bool("verify", false, "check a room match's jointly drawn deal: every share against its commitment, the seed against the shares, the replay from that seed; or a match dealt with no dealer: every shuffle, every card opened, the whole deal, the replay; exit non-zero naming what fails")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("replay: want one record file, got %d arguments", fs.NArg())
	}
	data, err := readRecordFile(fs.Arg(0))
	if err != nil {
		return err
	}
	if *verify {
		line, err := VerifyDeal(data)
		if err != nil {
			fmt.Fprintf(errOut, "deal not verified: %v\n", err)
			return errQuiet
		}
		fmt.Fprintln(out, line)
		return nil
	}
	oc, err := Replay(data, func(line []byte) {
		if *trace {
			fmt.Fprintf(out, "%s\n", line)
		}
	})
	var step *record.StepError
	if errors.As(err, &step) {
		fmt.Fprintln(errOut, step.Error())
		return errQuiet
	}
	if err != nil {
		return err
	}
	line, err := json.Marshal(oc)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s\n", line)
	return nil
}

// readRecordFile reads a record file, at most record.MaxSize bytes of it: a
// larger file is refused by its name, and only the limit and one byte of it
// are ever read.
func readRecordFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := record.ReadAll(f)
	if errors.Is(err, record.ErrTooLarge) {
		return nil, fmt.Errorf("replay: %s is larger than a record may be (%d bytes at most)", name, record.MaxSize)
	}
	return data, err
}

// Replay replays a record and returns its outcome; trace, when set, receives
// each step's JSON line before the step is applied.
func Replay(data []byte, trace func([]byte)) (*Outcome, error) {
	rec, err := record.Parse(data)
	if err != nil {
		return nil, err
	}
	g, err := catalog.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	var each func(int, games.State, record.Step)
	if trace != nil {
		each = func(i int, s games.State, st record.Step) {
			actors := s.Actors(nil)
			line, err := json.Marshal(traceLine{Step: i, Actors: orEmpty(actors), Legal: legalMap(s, actors), View: s.View(games.God), Action: st})
			if err != nil {
				line = []byte(strconv.Quote(err.Error()))
			}
			trace(line)
		}
	}
	s, err := record.Replay(g.Game, rec, each)
	if err != nil {
		return nil, err
	}
	res := s.Result()
	actors := s.Actors(nil)
	return &Outcome{Done: s.Done(), Scores: res.Scores, Winners: orEmpty(res.Winners), Actors: orEmpty(actors), Legal: legalMap(s, actors)}, nil
}

func legalMap(s games.State, actors []games.Seat) map[string][]string {
	m := make(map[string][]string, len(actors))
	for _, seat := range actors {
		acts := []string{}
		for _, a := range s.Legal(seat, nil) {
			acts = append(acts, s.FormatAction(a))
		}
		m[strconv.Itoa(int(seat))] = acts
	}
	return m
}

// VerifyDeal checks a room match's record on its own (record.Verify): every
// revealed share against its commitment, the seed against the shares, the
// match's seed against the draw's, and the replay from that seed; or a match
// dealt with no dealer (mentalplay.Verify). It says what held, or returns
// what failed.
func VerifyDeal(data []byte) (string, error) {
	rec, err := record.Parse(data)
	if err != nil {
		return "", err
	}
	g, err := catalog.Lookup(rec.Game)
	if err != nil {
		return "", err
	}
	if len(rec.Mental) > 0 {
		return verifyMental(g.Game, rec)
	}
	s, err := record.Verify(g.Game, rec, nil)
	if err != nil {
		return "", err
	}
	d := rec.Fair.Draws[len(rec.Fair.Draws)-1]
	shares, missing := 0, []int{}
	for i, r := range d.Reveals {
		if r != "" {
			shares++
		} else {
			missing = append(missing, i)
		}
	}
	line := fmt.Sprintf("deal verified: seed %s is the hash of %d shares (draw %d of %d), each matching its commitment; ",
		d.Seed, shares, len(rec.Fair.Draws), len(rec.Fair.Draws))
	if len(missing) > 0 {
		line += fmt.Sprintf("seats %v added no share; ", missing)
	}
	if s.Done() {
		line += fmt.Sprintf("the %d actions replay from it to scores %v", len(rec.Actions), s.Result().Scores)
	} else {
		line += fmt.Sprintf("the %d actions replay from it; the match is not over", len(rec.Actions))
	}
	return line, nil
}

// verifyMental checks a record dealt with no dealer and says what held.
func verifyMental(g games.Game, rec *record.Record) (string, error) {
	s, err := mentalplay.Verify(g, rec)
	if err != nil {
		return "", err
	}
	_, pages, err := mentalplay.Owners(rec.Mental[0].Owner, rec.Players)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("deal and play verified: %d %s dealt by %d pages, every shuffle proved, every card opened by its holder; the %d actions replay to scores %v",
		len(rec.Mental), plural(len(rec.Mental), "round", "rounds"), pages, len(rec.Actions), s.Result().Scores), nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
