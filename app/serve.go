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
	"syscall"
	"time"
)

// serve runs the PWA server until SIGINT or SIGTERM.
func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8000", "address to listen on (port 0 picks a free port)")
	web := fs.String("web", "web", "folder holding app.wasm (built by 'make build') and the static assets")
	config := signalFlags(fs)
	embedded := embeddedNATSFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("serve: unexpected argument %q", fs.Arg(0))
	}
	h, err := newServer(*web)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	cfg := config()
	stopNATS, natsLine, err := embedded(&cfg)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer stopNATS()
	sig, err := newSignal(cfg)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer sig.Close()
	srv.Handler = withSignal(srv.Handler, sig) // peer play: the signaling server at /signal/
	// The first line is read by tests and scripts to find the address.
	fmt.Printf("serving cardtable %s on http://%s\n", h.version, ln.Addr())
	fmt.Print(natsLine)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}
