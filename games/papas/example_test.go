package papas_test

import (
	"fmt"

	"cardtable/games"
	"cardtable/games/papas"
	"cardtable/games/record"
)

// A play opens a reaction window; seats react at once; the session applies
// timeout when the deadline passes and the play resolves by parity.
func Example_reactionWindow() {
	first := 0
	s, err := papas.Game{}.New(games.Config{Players: 3, Seed: 1, Deals: []games.Deal{{
		First: &first,
		Hands: [][]string{
			{"dorada", "papa1", "papa2", "nopoh", "fritas1"},
			{"nopoh", "papa3", "papa4", "papa5", "fritas2"},
			{"nopoh", "duquesas1", "duquesas2", "duquesas3", "fritas3"},
		},
	}}})
	if err != nil {
		panic(err)
	}
	step := func(seat games.Seat, act string) {
		err := record.ApplyText(s, record.Step{Seat: seat, Act: act})
		v := s.View(games.Observer).(papas.View)
		fmt.Printf("%d %-16s err=%v deadline=%v actors=%v gp=%v active=%d\n", seat, act, err, s.Deadline(), s.Actors(nil), v.GP, v.Active)
	}
	step(0, "play dorada")
	late, _ := s.ParseAction("interrupt nopoh") // seat 2 answers the same window...
	step(1, "interrupt nopoh")                  // ...but seat 1 is applied first
	fmt.Println("seat 2 too late:", s.Apply(2, late))
	step(0, "interrupt nopoh") // the active player cancels the cancel
	step(-1, "timeout")        // two interrupts: Papa Dorada resolves and ends the turn
	// Output:
	// 0 play dorada      err=<nil> deadline=3s actors=[1 2] gp=[0 0 0] active=0
	// 1 interrupt nopoh  err=<nil> deadline=3s actors=[0 2] gp=[0 0 0] active=0
	// seat 2 too late: too late: window 1 was already answered (window 2 is open)
	// 0 interrupt nopoh  err=<nil> deadline=3s actors=[2] gp=[0 0 0] active=0
	// -1 timeout          err=<nil> deadline=0s actors=[1] gp=[1 0 0] active=1
}
