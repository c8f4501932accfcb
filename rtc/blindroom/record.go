//go:build !(js && wasm)

package blindroom

import (
	"slices"

	"cardtable/games/record"
)

// Record is the match as this page saw it, in the form `app replay -verify`
// checks (games/mentalplay): every round's true deal in the clear, and the
// transcript, opens and end shares that prove it. Every page of the room
// writes the same record. Natively only, as the record's Mental part is.
// The record is the caller's: it shares no bytes with the page.
func (p *Page) Record() *record.Record {
	rec := p.Match()
	rec.Deals = nil
	share := func(o opened) record.MentalShare {
		return record.MentalShare{Page: o.page, Pos: o.share.Pos, D: slices.Clone(o.share.D), Proof: slices.Clone(o.share.Proof)}
	}
	for _, rl := range p.rounds {
		if rl.deal.Hands == nil {
			break // the round was not finished
		}
		rec.Deals = append(rec.Deals, rl.deal)
		mr := record.MentalRound{Transcript: slices.Clone(rl.transcript), Opens: []record.MentalOpen{}, End: []record.MentalShare{}}
		if !identity(rl.owner) {
			mr.Owner = slices.Clone(rl.owner)
		}
		mr.Abandoned = slices.Clone(rl.left)
		for _, o := range rl.opens {
			mr.Opens = append(mr.Opens, record.MentalOpen{Action: o.action, MentalShare: share(o)})
		}
		for _, o := range rl.end {
			mr.End = append(mr.End, share(o))
		}
		rec.Mental = append(rec.Mental, mr)
	}
	return rec
}

// identity says page i holds seat i.
func identity(owner []int) bool {
	for s, o := range owner {
		if o != s {
			return false
		}
	}
	return true
}
