//go:build !js

package signaling

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats.go"
)

// NATSAuth is how an instance proves itself to NATS and knows it reached
// the right server. A user and password (nats://USER:PASS@host:4222) or a
// token (nats://TOKEN@host:4222) go in Config.NATS itself. With none of
// these, an instance logs in as NATSUser with the password its Key gives
// (NATSPassword): the one the embedded server asks for.
type NATSAuth struct {
	// Creds is a credentials file (a user JWT and its NKey seed), for a
	// NATS server run with accounts by an operator.
	Creds string
	// CA is a PEM file of the certificate authorities that sign the NATS
	// server's certificate: the connection is then TLS, and a server whose
	// certificate they did not sign is refused.
	CA string
	// Cert and CertKey are PEM files of this instance's client certificate
	// and its private key, for a NATS server that asks for one.
	Cert, CertKey string
}

// NATSUser is the user an instance logs in as with its key's password.
const NATSUser = "cardtable-signal"

// NATSPassword is the password the embedded NATS server of instances
// sharing key asks for: they all derive it from the key, and it tells
// nothing of the key itself.
func NATSPassword(key []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("cardtable signaling: NATS password"))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// checkNATSAuth reports, in words, what is wrong with cfg's way to NATS:
// the URL, the credentials file, the certificates (Config.CheckNATS).
func checkNATSAuth(cfg Config) error {
	if cfg.NATS == "" {
		if cfg.NATSAuth != (NATSAuth{}) {
			return errors.New("NATS credentials or certificates are given without a NATS URL")
		}
		return nil
	}
	_, err := natsAuthOptions(cfg.NATS, cfg.NATSAuth, cfg.Key)
	return err
}

// natsAuthOptions are the options that carry the credentials and the
// TLS settings of a connection to the NATS servers at urls (one or more,
// separated by commas).
func natsAuthOptions(urls string, a NATSAuth, key []byte) ([]nats.Option, error) {
	inURL, err := checkNATSURLs(urls)
	if err != nil {
		return nil, err
	}
	var opts []nats.Option
	if a.Creds != "" {
		if err := checkCreds(a.Creds); err != nil {
			return nil, err
		}
		opts = append(opts, nats.UserCredentials(a.Creds))
	}
	if a.CA != "" || a.Cert != "" || a.CertKey != "" {
		tc, err := natsTLS(a)
		if err != nil {
			return nil, err
		}
		opts = append(opts, nats.Secure(tc))
	}
	if !inURL && a.Creds == "" && a.Cert == "" {
		if len(key) == 0 {
			return nil, errors.New("NATS: give the signing key, from which the password for NATS is derived, or credentials of the NATS server's own")
		}
		opts = append(opts, nats.UserInfo(NATSUser, NATSPassword(key)))
	}
	return opts, nil
}

// checkNATSURLs checks the shape of every URL in urls (separated by
// commas), and tells whether they carry credentials: all or none must.
func checkNATSURLs(urls string) (withCreds bool, err error) {
	for i, s := range strings.Split(urls, ",") {
		s = strings.TrimSpace(s)
		u, err := url.Parse(s)
		if err != nil || u.Host == "" || u.Hostname() == "" {
			return false, fmt.Errorf("NATS URL %q does not read as nats://host:port", RedactNATS(s))
		}
		switch u.Scheme {
		case "nats", "tls", "ws", "wss":
		default:
			return false, fmt.Errorf("NATS URL %q: the scheme must be nats, tls, ws or wss, not %q", RedactNATS(s), u.Scheme)
		}
		if u.Path != "" && u.Path != "/" || u.RawQuery != "" || u.Fragment != "" {
			return false, fmt.Errorf("NATS URL %q has a path or a query, which a NATS URL does not take", RedactNATS(s))
		}
		has := u.User != nil && u.User.String() != ""
		if i > 0 && has != withCreds {
			return false, errors.New("NATS URLs: give credentials in every URL or in none")
		}
		withCreds = has
	}
	return withCreds, nil
}

// checkCreds reads a credentials file: a user JWT and a user's NKey seed.
func checkCreds(file string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("NATS credentials file: %w", err)
	}
	tok, err := jwt.ParseDecoratedJWT(b)
	if err == nil {
		_, err = jwt.DecodeUserClaims(tok)
	}
	if err != nil {
		return fmt.Errorf("NATS credentials file %s holds no user JWT: %v", file, err)
	}
	if _, err := jwt.ParseDecoratedUserNKey(b); err != nil {
		return fmt.Errorf("NATS credentials file %s holds no user NKey seed: %v", file, err)
	}
	return nil
}

// natsTLS is the TLS setting of a's certificate files.
func natsTLS(a NATSAuth) (*tls.Config, error) {
	tc := &tls.Config{MinVersion: tls.VersionTLS12}
	if a.CA != "" {
		b, err := os.ReadFile(a.CA)
		if err != nil {
			return nil, fmt.Errorf("NATS CA file: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(b) {
			return nil, fmt.Errorf("NATS CA file %s holds no PEM certificate", a.CA)
		}
		tc.RootCAs = pool
	}
	switch {
	case a.Cert != "" && a.CertKey != "":
		c, err := tls.LoadX509KeyPair(a.Cert, a.CertKey)
		if err != nil {
			return nil, fmt.Errorf("NATS client certificate %s with key %s: %w", a.Cert, a.CertKey, err)
		}
		tc.Certificates = []tls.Certificate{c}
	case a.Cert != "":
		return nil, errors.New("NATS client certificate given without its key file")
	case a.CertKey != "":
		return nil, errors.New("NATS client certificate key given without its certificate file")
	}
	return tc, nil
}

// RedactNATS is urls with every password and token in them hidden, for
// messages and logs.
func RedactNATS(urls string) string {
	parts := strings.Split(urls, ",")
	for i, s := range parts {
		u, err := url.Parse(strings.TrimSpace(s))
		switch {
		case err != nil:
			// A URL that does not parse may still hold a secret before an @.
			if at := strings.LastIndex(s, "@"); at >= 0 {
				parts[i] = "…" + s[at:]
			}
		case u.User != nil:
			if _, ok := u.User.Password(); ok {
				u.User = url.UserPassword(u.User.Username(), "xxxxx")
			} else {
				u.User = url.User("xxxxx")
			}
			parts[i] = u.String()
		}
	}
	return strings.Join(parts, ",")
}

// NATSPermissions are the subjects an instance publishes and subscribes
// to, and nothing else: a room's subjects, JetStream's account summary
// (asked before a bucket is made), the two buckets' JetStream API (make or
// update, read, write) and the replies to its own requests. A
// NATS server's account for the instances grants these (the embedded
// server does); a client with them cannot list the rooms (that needs a
// consumer), delete a bucket or reach any other subject.
func NATSPermissions() (publish, subscribe []string) {
	publish = []string{subjectPrefix + ">", "$JS.API.INFO"}
	for _, b := range []string{roomsBucket, instsBucket} {
		stream := "KV_" + b
		publish = append(publish,
			"$KV."+b+".>",
			"$JS.API.STREAM.INFO."+stream,
			"$JS.API.STREAM.CREATE."+stream,
			"$JS.API.STREAM.UPDATE."+stream,
			"$JS.API.STREAM.MSG.GET."+stream,
			"$JS.API.DIRECT.GET."+stream+".>",
		)
	}
	return publish, []string{subjectPrefix + ">", "_INBOX.>"}
}
