//go:build !(js && wasm)

// Command app is cardtable. In the browser it is the PWA; natively it is the
// one binary with the subcommands below.
package main

import (
	"fmt"
	"os"
)

const usage = `usage: app [command] [flags]

commands:
  serve    serve the PWA and the signaling server on 127.0.0.1:8000 (the default)
  signal   serve only the signaling server (rooms for peer play)
  join     take a seat in a friends' room by its link and let a bot play it
  sim      play bot matches and print a summary or one JSON line per match
  replay   replay a record file and print the outcome as JSON
  strength play bot levels against each other and print win shares
  bench    print engine speed figures for every game

run 'app COMMAND -h' for a command's flags`

func main() {
	args := os.Args[1:]
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serve(args)
	case "signal":
		err = runSignal(args)
	case "join":
		err = runJoin(args, os.Stdout)
	case "sim":
		err = runSim(args, os.Stdout)
	case "replay":
		err = runReplay(args, os.Stdout, os.Stderr)
	case "strength":
		err = runStrength(args, os.Stdout)
	case "bench":
		err = runBench(args, os.Stdout)
	case "help", "-h", "--help":
		fmt.Println(usage)
		return
	default:
		err = fmt.Errorf("unknown command %q\n%s", cmd, usage)
	}
	if err != nil {
		if err != errQuiet {
			fmt.Fprintln(os.Stderr, "app:", err)
		}
		os.Exit(1)
	}
}
