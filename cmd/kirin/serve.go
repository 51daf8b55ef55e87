package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/web"
)

const serveUsage = `usage: kirin serve [--addr HOST:PORT] [--engine SPEC]... [--max-engines N] [--idle DURATION] [--variant-file FILE] [--open]

Serves the browser board: every game Kirin knows, played against Kirin or
the engines named with --engine (kirin match's engine syntax, e.g.
--engine 'name=hachu cmd=hachu proto=xboard'), analysed, annotated,
loaded and saved as SFEN and PGN.

  --addr HOST:PORT   where to listen (default 127.0.0.1:8080; only this
                     machine can connect unless another address is named)
  --engine SPEC      an engine the page may choose (repeatable)
  --max-engines N    engine processes and analyses at once (default 4)
  --idle DURATION    a session without requests ends after this (default 10m)
  --variant-file F   offer the games of a definition file too
  --open             open the page in the desktop's browser (xdg-open)
`

// cmdServe is `kirin serve`.
func cmdServe(args []string, stdout, stderr io.Writer) int {
	addr, maxEngines, idle, open, file := "127.0.0.1:8080", 4, 10*time.Minute, false, ""
	var engines []match.EngineConfig
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "kirin serve: "+format+"\n", a...)
		return 2
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		val := func() (string, bool) {
			if i+1 >= len(args) {
				return "", false
			}
			i++
			return args[i], true
		}
		switch a {
		case "-h", "--help", "help":
			fmt.Fprint(stdout, serveUsage)
			return 0
		case "--open":
			open = true
		case "--addr", "--engine", "--max-engines", "--idle", "--variant-file":
			v, ok := val()
			if !ok {
				return fail("%s needs a value", a)
			}
			switch a {
			case "--addr":
				addr = v
			case "--engine":
				e, err := match.ParseEngine(v)
				if err != nil {
					return fail("--engine %q: %v", v, err)
				}
				engines = append(engines, e)
			case "--max-engines":
				n, err := strconv.Atoi(v)
				if err != nil || n < 1 || n > 64 {
					return fail("--max-engines takes a number from 1 to 64, not %q", v)
				}
				maxEngines = n
			case "--idle":
				d, err := time.ParseDuration(v)
				if err != nil || d < time.Second {
					return fail("--idle takes a duration of at least 1s (10m, 1h), not %q", v)
				}
				idle = d
			case "--variant-file":
				file = v
			}
		default:
			fmt.Fprint(stderr, serveUsage)
			return fail("unknown argument %q", a)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return fail("cannot find this program to start it as an engine: %v", err)
	}
	kirin := match.EngineConfig{Name: "kirin", Cmd: []string{exe}, Proto: match.USI}
	variants := movegen.Builtin()
	if file != "" {
		own, err := movegen.LoadVariantFile(file)
		if err != nil {
			return fail("%v", err)
		}
		abs, err := filepath.Abs(file)
		if err != nil {
			return fail("%v", err)
		}
		variants = append(variants, own...)
		kirin.Cmd = []string{exe, "engine", "--variant-file", abs}
	}
	srv, err := web.New(web.Config{Variants: variants, Kirin: kirin, Engines: engines, MaxEngines: maxEngines, Idle: idle,
		Log: func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }})
	if err != nil {
		return fail("%v", err)
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return fail("%v", err)
	}
	url := "http://" + l.Addr().String() + "/"
	fmt.Fprintf(stdout, "Kirin's board: %s (Ctrl-C stops the server and its engines)\n", url)
	if open {
		if err := exec.Command("xdg-open", url).Start(); err != nil {
			fmt.Fprintf(stderr, "kirin serve: cannot open a browser (%v): open %s by hand\n", err, url)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.Serve(ctx, l); err != nil && !errors.Is(err, net.ErrClosed) {
		return fail("%v", err)
	}
	fmt.Fprintln(stderr, "kirin serve: stopped")
	return 0
}
