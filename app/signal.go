//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"cardtable/rtc/pion"
	"cardtable/signaling"
)

// signalFlags registers the signaling server's settings on fs.
func signalFlags(fs *flag.FlagSet) func() signaling.Config {
	var cfg signaling.Config
	fs.IntVar(&cfg.MaxJoiners, "max-joiners", 8, "joiners in one room besides the host")
	fs.IntVar(&cfg.MaxRooms, "max-rooms", 10000, "rooms in all")
	fs.IntVar(&cfg.MaxRoomsPerIP, "rooms-per-ip", 16, "live rooms created from one address")
	fs.IntVar(&cfg.MaxConns, "max-conns", 20000, "signaling connections in all")
	fs.IntVar(&cfg.MaxConnsPerIP, "conns-per-ip", 64, "signaling connections from one address")
	fs.DurationVar(&cfg.IdleTimeout, "idle", 2*time.Minute, "close a signaling connection silent for this long")
	maxMsg := fs.Int("max-message", 16<<10, "bytes in one signaling message")
	ice := fs.String("ice", "", "comma-separated STUN/TURN URLs told to the pages (e.g. stun:stun.example.org:3478)")
	iceUser := fs.String("ice-user", "", "username for the TURN URLs")
	icePass := fs.String("ice-pass", "", "credential for the TURN URLs")
	key := fs.String("key", "", "secret that signs host secrets, so hosts keep their rooms across restarts (default: random)")
	return func() signaling.Config {
		cfg.MaxMessage = int64(*maxMsg)
		if *key != "" {
			cfg.Key = []byte(*key)
		}
		for _, u := range strings.Split(*ice, ",") {
			if u = strings.TrimSpace(u); u != "" {
				s := signaling.ICEServer{URLs: []string{u}}
				if strings.HasPrefix(u, "turn") {
					s.Username, s.Credential = *iceUser, *icePass
				}
				cfg.ICEServers = append(cfg.ICEServers, s)
			}
		}
		return cfg
	}
}

// withSignal serves the signaling server at /signal/ and everything else with h.
func withSignal(h http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/signal/", signaling.New(signaling.Config{}))
	mux.Handle("/", h)
	return mux
}

// runSignal serves only the signaling server, for a PWA hosted elsewhere.
func runSignal(args []string) error {
	fs := flag.NewFlagSet("signal", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8001", "address to listen on (port 0 picks a free port)")
	origins := fs.String("origins", "*", "comma-separated page origins allowed to connect (* allows any)")
	turnAddr := fs.String("turn", "", "run a TURN relay on this UDP address (e.g. 0.0.0.0:3478); off when empty")
	turnIP := fs.String("turn-ip", "", "the relay's public address peers reach it at (default: the -turn address, or 127.0.0.1)")
	turnTTL := fs.Duration("turn-ttl", 6*time.Hour, "how long the relay's credentials handed to a page stay valid")
	config := signalFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("signal: unexpected argument %q", fs.Arg(0))
	}
	cfg := config()
	for _, o := range strings.Split(*origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			cfg.OriginPatterns = append(cfg.OriginPatterns, o)
		}
	}
	turnLine := ""
	if *turnAddr != "" {
		relay, err := pion.StartTURN(pion.TURNConfig{Addr: *turnAddr, RelayIP: *turnIP, TTL: *turnTTL})
		if err != nil {
			return fmt.Errorf("signal: %w", err)
		}
		defer relay.Close()
		cfg.ICEFor = relay.Credentials
		turnLine = fmt.Sprintf("TURN relay at %s (credentials valid %v)\n", relay.URL(), *turnTTL)
	}
	sig := signaling.New(cfg)
	mux := http.NewServeMux()
	mux.Handle("/signal/", sig)
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		st := sig.Stats()
		fmt.Fprintf(w, "ok rooms=%d conns=%d\n", st.Rooms, st.Conns)
	})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("signal: %w", err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	// This line is read by tests and scripts to find the address.
	fmt.Printf("signaling on ws://%s/signal/\n", ln.Addr())
	fmt.Print(turnLine)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sig.Close()
		sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}
