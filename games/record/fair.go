package record

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"cardtable/games"
)

// A room's deal is drawn jointly, by commit and reveal, so that no single
// page chooses it: every seat's page draws ShareLen random bytes (a bot
// seat's are drawn by the host's page) and first sends only its commitment,
// Commitment(share, room, seat). Once every commitment is in, each page
// reveals its share; the match's seed is the SHA-256 of the shares revealed,
// in seat order (JointSeed), and the record's Seed is its first eight bytes
// (SeedOf). As long as one page drew its share honestly and kept it to
// itself until every commitment was in, nobody could choose the deal.
//
// The record keeps every attempt (Draw): a host that drew again after the
// shares were revealed, to get a deal it liked better, shows there.

// ShareLen is the length of one seat's random share.
const ShareLen = 32

// Fair is how a room match's seed was drawn: the room it was drawn in and
// every attempt, the last of which seeds the match.
type Fair struct {
	Room  string `json:"room"`
	Draws []Draw `json:"draws"`
}

// Draw is one attempt at the joint seed. Commits and Reveals hold one entry
// per seat, in hexadecimal: "" for a seat whose page sent no commitment, or
// whose share was not revealed in time (or did not match its commitment).
// Seed is the hexadecimal SHA-256 of the shares revealed, set once the draw
// ended; an attempt given up before that has none.
type Draw struct {
	Commits []string `json:"commits"`
	Reveals []string `json:"reveals"`
	Seed    string   `json:"seed,omitempty"`
}

// Commitment is a seat's commitment to its share in a room: SHA-256 of the
// share, the room's code and the seat (four bytes, big-endian). The share
// and the seat have fixed lengths, so no other room or seat gives the same
// bytes.
func Commitment(share []byte, room string, seat games.Seat) [32]byte {
	h := sha256.New()
	h.Write(share)
	h.Write([]byte(room))
	var s [4]byte
	binary.BigEndian.PutUint32(s[:], uint32(seat))
	h.Write(s[:])
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// JointSeed is the SHA-256 of the shares, in seat order.
func JointSeed(shares [][]byte) [32]byte {
	h := sha256.New()
	for _, s := range shares {
		h.Write(s)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// SeedOf is the match seed a joint seed gives: its first eight bytes.
func SeedOf(joint [32]byte) uint64 { return binary.BigEndian.Uint64(joint[:8]) }

// FairError says what does not hold in a record's joint seed or in its
// replay. Seat is the seat at fault (-1 when none), Draw the attempt (from
// 1, 0 when none), Step the action (-1 when none).
type FairError struct {
	Kind string
	Seat games.Seat
	Draw int
	Step int
	Err  error // the engine's refusal, for FairReplay
}

// The kinds of FairError.
const (
	FairNone       = "none"       // the record has no joint seed
	FairMalformed  = "malformed"  // a commitment, share or seed is not well formed
	FairReveal     = "reveal"     // a seat's share does not match its commitment
	FairSeed       = "seed"       // the draw's seed is not the hash of the shares
	FairMatchSeed  = "matchseed"  // the record's seed is not the draw's
	FairDeals      = "deals"      // the record fixes its deals instead of drawing them
	FairReplay     = "replay"     // an action does not replay from the seed
	FairScores     = "scores"     // the replay ends with other scores than the match did
	FairCommits    = "commits"    // the record's commitments are not those relayed during the draw
	FairMissedDraw = "misseddraw" // the record leaves out a draw that took place
	FairOwnShare   = "ownshare"   // the reader's own share is not in the deal as it revealed it
	FairUnsaid     = "unsaid"     // a seat's share is missing, though the lobby never said it was left out
	FairView       = "view"       // a view the reader was shown is not the one the seed deals
	FairHostShare  = "hostshare"  // a share the host's page draws itself (its own seat's or a bot's) is missing
	FairShown      = "shown"      // a seat's share is missing, though the lobby showed it revealed
	FairNotAsked   = "notasked"   // the reader's page promised its share and was never asked to reveal it
	FairNoShare    = "noshare"    // the reader's page had no share in the draw that dealt the match
)

func (e *FairError) Error() string {
	switch e.Kind {
	case FairNone:
		return "the record holds no jointly drawn seed"
	case FairMalformed:
		return fmt.Sprintf("draw %d: seat %d: %v", e.Draw, e.Seat, e.Err)
	case FairReveal:
		return fmt.Sprintf("draw %d: seat %d's revealed share does not match its commitment", e.Draw, e.Seat)
	case FairSeed:
		if e.Err != nil {
			return fmt.Sprintf("draw %d: the seed is not the hash of the revealed shares: %v", e.Draw, e.Err)
		}
		return fmt.Sprintf("draw %d: the seed is not the hash of the revealed shares", e.Draw)
	case FairMatchSeed:
		return "the match's seed is not the one the draw gave"
	case FairDeals:
		return "the record fixes its deals instead of dealing from the seed"
	case FairReplay:
		return fmt.Sprintf("action %d does not replay from the seed: %v", e.Step, e.Err)
	case FairScores:
		return "the replay from the seed ends with other scores than the match"
	case FairCommits:
		return fmt.Sprintf("draw %d: seat %d's commitment in the record is not the one relayed during the draw", e.Draw, e.Seat)
	case FairMissedDraw:
		return fmt.Sprintf("the record leaves out draw %d, which took place", e.Draw)
	case FairOwnShare:
		return fmt.Sprintf("draw %d: this seat's share (seat %d) is not in the deal as it was revealed", e.Draw, e.Seat)
	case FairUnsaid:
		return fmt.Sprintf("draw %d: seat %d's share is missing from the deal, though the lobby never said it was left out", e.Draw, e.Seat)
	case FairView:
		return fmt.Sprintf("the view seat %d was shown at action %d is not the one the seed deals", e.Seat, e.Step)
	case FairHostShare:
		return fmt.Sprintf("draw %d: seat %d's share is missing from the deal, though the host's page draws it itself and cannot be late with it", e.Draw, e.Seat)
	case FairShown:
		return fmt.Sprintf("draw %d: seat %d's share is missing from the deal, though the lobby showed it revealed", e.Draw, e.Seat)
	case FairNotAsked:
		return fmt.Sprintf("draw %d: this seat's page (seat %d) promised its share and was never asked to reveal it, so the deal is not one it can vouch for", e.Draw, e.Seat)
	case FairNoShare:
		return fmt.Sprintf("draw %d: this page had no share in the draw that dealt the match, so it cannot vouch for the deal", e.Draw)
	}
	return "the deal does not verify: " + e.Kind
}

func (e *FairError) Unwrap() error { return e.Err }

func fairErr(kind string, draw int, seat games.Seat) *FairError {
	return &FairError{Kind: kind, Seat: seat, Draw: draw, Step: -1}
}

// DecodeHex32 decodes a 32-byte value written as 64 lowercase hexadecimal
// characters.
func DecodeHex32(s string) ([]byte, error) {
	if len(s) != 64 {
		return nil, games.Errorf("%d characters where 64 hexadecimal ones are needed", len(s))
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return nil, games.Errorf("not lowercase hexadecimal")
		}
	}
	return hex.DecodeString(s)
}

// Shares are the shares a draw's seed hashes: the revealed ones, in seat
// order. It checks that each is well formed and matches its commitment.
func (d Draw) Shares(room string, n int) ([][]byte, error) {
	return d.shares(room, n, 0)
}

func (d Draw) shares(room string, players, draw int) ([][]byte, error) {
	if len(d.Commits) != players || len(d.Reveals) != players {
		return nil, &FairError{Kind: FairMalformed, Seat: -1, Draw: draw, Step: -1,
			Err: games.Errorf("%d commitments and %d shares for %d seats", len(d.Commits), len(d.Reveals), players)}
	}
	var out [][]byte
	for i := range players {
		seat := games.Seat(i)
		if d.Reveals[i] == "" {
			if d.Commits[i] != "" {
				if _, err := DecodeHex32(d.Commits[i]); err != nil {
					return nil, &FairError{Kind: FairMalformed, Seat: seat, Draw: draw, Step: -1, Err: games.Errorf("commitment: %w", err)}
				}
			}
			continue
		}
		share, err := DecodeHex32(d.Reveals[i])
		if err != nil {
			return nil, &FairError{Kind: FairMalformed, Seat: seat, Draw: draw, Step: -1, Err: games.Errorf("share: %w", err)}
		}
		commit, err := DecodeHex32(d.Commits[i])
		if err != nil {
			return nil, &FairError{Kind: FairMalformed, Seat: seat, Draw: draw, Step: -1, Err: games.Errorf("commitment: %w", err)}
		}
		if c := Commitment(share, room, seat); !bytes.Equal(c[:], commit) {
			return nil, fairErr(FairReveal, draw, seat)
		}
		out = append(out, share)
	}
	return out, nil
}

// CheckFair verifies the record's joint seed on its own: every attempt's shares
// match their commitments, the last attempt's seed is the hash of its shares
// (at least one), the record's seed is that seed's, and no deal is fixed.
func (r *Record) CheckFair() error {
	f := r.Fair
	if f == nil || len(f.Draws) == 0 {
		return fairErr(FairNone, 0, -1)
	}
	for i, d := range f.Draws {
		shares, err := d.shares(f.Room, r.Players, i+1)
		if err != nil {
			return err
		}
		last := i == len(f.Draws)-1
		if d.Seed == "" && !last {
			continue // given up before its end
		}
		seed, err := DecodeHex32(d.Seed)
		if err != nil {
			return &FairError{Kind: FairSeed, Seat: -1, Draw: i + 1, Step: -1, Err: err}
		}
		if len(shares) == 0 {
			return &FairError{Kind: FairSeed, Seat: -1, Draw: i + 1, Step: -1, Err: games.Errorf("no share was revealed")}
		}
		if js := JointSeed(shares); !bytes.Equal(js[:], seed) {
			return fairErr(FairSeed, i+1, -1)
		}
		if last && SeedOf([32]byte(seed)) != r.Seed {
			return fairErr(FairMatchSeed, i+1, -1)
		}
	}
	if len(r.Deals) > 0 {
		return fairErr(FairDeals, 0, -1)
	}
	return nil
}

// Verify checks a finished room match: its joint seed (CheckFair), that it
// replays from that seed, and, when want is set, that the replay ends with
// the scores and winners the match ended with. It returns the state reached.
func Verify(g games.Game, r *Record, want *games.Result) (games.State, error) {
	if err := r.CheckFair(); err != nil {
		return nil, err
	}
	s, err := Replay(g, r, nil)
	if err != nil {
		var se *StepError
		if errors.As(err, &se) {
			return nil, &FairError{Kind: FairReplay, Seat: se.Step.Seat, Step: se.Index, Err: se.Err}
		}
		return nil, &FairError{Kind: FairReplay, Seat: -1, Step: 0, Err: err}
	}
	if want != nil {
		got := s.Result()
		if !slices.Equal(got.Scores, want.Scores) || !slices.Equal(got.Winners, want.Winners) || !slices.Equal(got.TeamScores, want.TeamScores) {
			return s, fairErr(FairScores, 0, -1)
		}
	}
	return s, nil
}
