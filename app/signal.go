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
	key := fs.String("key", os.Getenv("CARDTABLE_SIGNAL_KEY"), "secret that signs host secrets, so hosts keep their rooms across restarts and instances; the same on every instance of a cluster (default: $CARDTABLE_SIGNAL_KEY, else random)")
	fs.StringVar(&cfg.NATS, "nats", os.Getenv("CARDTABLE_NATS"), "NATS server URL (with JetStream) through which signaling instances share their rooms, e.g. nats://10.0.0.5:4222, with a user and password (nats://USER:PASS@host:4222) or a token (nats://TOKEN@host:4222) if the server asks for them (default: $CARDTABLE_NATS, which keeps a password out of the process list; empty: rooms live in this process)")
	natsStoreFlags(fs, &cfg)
	natsAuthFlags(fs, &cfg.NATSAuth)
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

// natsStoreFlags registers how NATS keeps the room records.
func natsStoreFlags(fs *flag.FlagSet, cfg *signaling.Config) {
	fs.StringVar(&cfg.NATSStorage, "nats-storage", "", "where NATS JetStream keeps the room records: file (the default; they outlive a NATS restart) or memory (the default with -embedded-nats)")
	fs.IntVar(&cfg.NATSReplicas, "nats-replicas", 1, "how many servers of a NATS cluster hold each room record (3 lets one fail and loses no room)")
}

// natsAuthFlags registers the credentials and certificates for a NATS
// server of one's own (-nats) in a.
func natsAuthFlags(fs *flag.FlagSet, a *signaling.NATSAuth) {
	fs.StringVar(&a.Creds, "nats-creds", os.Getenv("CARDTABLE_NATS_CREDS"), "NATS credentials file (user JWT and NKey seed) for a NATS server run with accounts (default: $CARDTABLE_NATS_CREDS)")
	fs.StringVar(&a.CA, "nats-ca", "", "PEM file of the certificate authority that signs the NATS server's certificate: the connection to NATS is then TLS, and a server it did not sign is refused")
	fs.StringVar(&a.Cert, "nats-cert", "", "PEM file of this instance's client certificate, for a NATS server that asks for one (give -nats-cert-key too)")
	fs.StringVar(&a.CertKey, "nats-cert-key", "", "PEM file of the private key of -nats-cert")
}

// withSignal serves the signaling server sig at /signal/ and everything
// else with h.
func withSignal(h http.Handler, sig *signaling.Server) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/signal/", sig)
	mux.Handle("/", h)
	return mux
}

// embeddedNATSFlags registers -embedded-nats: an embedded NATS server for a
// cluster of instances on one machine. The returned function starts it when
// asked and points cfg at it; it returns the line to print after the
// server's own first line, and the cleanup that stops it.
func embeddedNATSFlags(fs *flag.FlagSet) func(cfg *signaling.Config) (func(), string, error) {
	on := fs.Bool("embedded-nats", false, "start an embedded NATS server with JetStream (see -embedded-nats-addr) and share rooms through it; other instances on this machine join with -nats nats://ADDR")
	addr := fs.String("embedded-nats-addr", "127.0.0.1:4222", "address of the embedded NATS server (port 0 picks a free port)")
	return func(cfg *signaling.Config) (func(), string, error) {
		if !*on {
			return func() {}, "", nil
		}
		if cfg.NATS != "" {
			return nil, "", errors.New("give -nats or -embedded-nats, not both")
		}
		if len(cfg.Key) == 0 {
			return nil, "", errors.New("-embedded-nats: give -key (or $CARDTABLE_SIGNAL_KEY), the same on every instance, so host secrets work on all of them")
		}
		if cfg.NATSAuth != (signaling.NATSAuth{}) {
			return nil, "", errors.New("-nats-creds, -nats-ca, -nats-cert and -nats-cert-key are for a NATS server of your own (-nats): the embedded one asks for the password the instances derive from -key")
		}
		if cfg.NATSStorage == "" {
			cfg.NATSStorage = signaling.StorageMemory // its store is temporary
		}
		ns, err := signaling.StartNATS(*addr, cfg.Key)
		if err != nil {
			return nil, "", err
		}
		cfg.NATS = ns.URL()
		// This line is read by tests and scripts to find the address.
		return ns.Close, fmt.Sprintf("embedded NATS on %s\n", ns.URL()), nil
	}
}

// newSignal makes the signaling server of cfg; with NATS, it waits a few
// seconds for it and says whether it answered (it keeps trying: until then
// new rooms and joins are refused as "signaling unavailable").
func newSignal(cfg signaling.Config) (*signaling.Server, error) {
	if err := checkSignal(cfg); err != nil {
		return nil, err
	}
	sig := signaling.New(cfg)
	if cfg.NATS != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := sig.WaitCluster(ctx); err != nil {
			fmt.Fprintf(os.Stderr, "signaling: NATS at %s does not answer yet (%v): retrying\n", signaling.RedactNATS(cfg.NATS), err)
		}
	}
	return sig, nil
}

// checkSignal refuses, in words, settings with which the signaling server
// of cfg could not share its rooms.
func checkSignal(cfg signaling.Config) error {
	if cfg.NATS != "" && len(cfg.Key) == 0 {
		return errors.New("-nats: give -key (or $CARDTABLE_SIGNAL_KEY), the same on every instance, so host secrets work on all of them")
	}
	if err := cfg.CheckNATS(); err != nil {
		return fmt.Errorf("-nats: %w", err)
	}
	return nil
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
	embedded := embeddedNATSFlags(fs)
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
	stopNATS, natsLine, err := embedded(&cfg)
	if err != nil {
		return fmt.Errorf("signal: %w", err)
	}
	defer stopNATS()
	sig, err := newSignal(cfg)
	if err != nil {
		return fmt.Errorf("signal: %w", err)
	}
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
	fmt.Print(natsLine)

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
