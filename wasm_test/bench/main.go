// Command bench prints benchmark.Figures of every registered game as JSON
// lines. `app bench` runs it as WebAssembly under node to compare with the
// native figures.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"cardtable/games/benchmark"
	"cardtable/games/catalog"
)

func main() {
	per := flag.Duration("time", time.Second, "time spent on each figure")
	moves := flag.Int("hard-moves", 15, "hard decisions to take the median over (0: skip)")
	only := flag.String("game", "", "measure only this game")
	flag.Parse()
	for _, g := range catalog.All() {
		if *only != "" && g.Game.Info().ID != *only {
			continue
		}
		f, err := benchmark.Measure(g, *per, *moves)
		if err != nil {
			fmt.Fprintln(os.Stderr, g.Game.Info().ID+":", err)
			os.Exit(1)
		}
		line, _ := json.Marshal(f)
		fmt.Println(string(line))
	}
}
