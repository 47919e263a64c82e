// Copyright 2026 The project authors.

// Package runstep holds what the checking programs under util/ share
// (all_tests.go, asm_flavours, insn_coverage, tool_test, cpujson): running
// a command and keeping what it printed and how it ended; running steps in
// parallel while reporting them in order; and counting passes and failures
// for the closing line "N passed, N failed" that CI reads. Go 1.19 standard
// library only.
package runstep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// --- Commands ------------------------------------------------------------------

// A Cmd is a command line and how to run it. The zero value of every field
// but Args means "as this process does": its working directory, no standard
// input, its environment, no time limit, standard error kept apart.
type Cmd struct {
	Args     []string      // the program (looked up in PATH) and its arguments
	Argv0    string        // if set, the program's argv[0] instead of Args[0]
	Dir      string        // working directory
	Stdin    []byte        // standard input; nil: none
	Env      []string      // the whole environment; nil: this process's
	ExtraEnv []string      // NAME=value entries added after Env
	Timeout  time.Duration // killed after this long; zero: no limit
	Combined bool          // standard error goes into Stdout, in order
}

// A Result is what one run of a Cmd left.
type Result struct {
	Stdout, Stderr string
	// Err is nil when the command ran and exited with status 0; otherwise
	// why not (an *exec.ExitError, or the error that kept it from starting).
	Err error
	// TimedOut says the command was killed at Cmd.Timeout.
	TimedOut bool
}

// Status is the shell's view of how the command ended (ExitStatus(r.Err)).
func (r Result) Status() int { return ExitStatus(r.Err) }

// Run runs the command and waits for it.
func (c Cmd) Run() Result {
	ctx := context.Background()
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	x := exec.CommandContext(ctx, c.Args[0], c.Args[1:]...)
	if c.Argv0 != "" {
		x.Args[0] = c.Argv0
	}
	x.Dir = c.Dir
	if c.Stdin != nil {
		x.Stdin = bytes.NewReader(c.Stdin)
	}
	if c.Env != nil || c.ExtraEnv != nil {
		env := c.Env
		if env == nil {
			env = os.Environ()
		}
		x.Env = append(append([]string{}, env...), c.ExtraEnv...)
	}
	var out, errOut bytes.Buffer
	x.Stdout = &out
	x.Stderr = &errOut
	if c.Combined {
		x.Stderr = &out
	}
	err := x.Run()
	return Result{
		Stdout:   out.String(),
		Stderr:   errOut.String(),
		Err:      err,
		TimedOut: ctx.Err() == context.DeadlineExceeded,
	}
}

// ExitStatus is the shell's view of how a command ended: 0 for a nil `err`,
// its exit status, 128 + the signal that killed it, or -1 if it did not
// start.
func ExitStatus(err error) int {
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	return -1
}

// Lines splits s into lines, without a last empty one.
func Lines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// --- Steps ---------------------------------------------------------------------

// Ordered runs run(0) .. run(n-1) on at most `workers` goroutines (at least
// one), starting them in index order, and calls report(i) on the calling
// goroutine for each i in index order, as soon as step i and every step
// before it are done; so the output reads as if the steps ran one after
// another. A step may wait for an earlier one (it has started by then), not
// for a later one.
func Ordered(workers, n int, run func(i int), report func(i int)) {
	if workers < 1 {
		workers = 1
	}
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				run(i)
				close(done[i])
			}
		}()
	}
	go func() {
		for i := 0; i < n; i++ {
			next <- i
		}
		close(next)
	}()
	for i := 0; i < n; i++ {
		<-done[i]
		report(i)
	}
	wg.Wait()
}

// --- Counts --------------------------------------------------------------------

// A Tally counts checks that passed and failed.
type Tally struct{ Passed, Failed int }

// Count adds one check: passed if ok, failed otherwise.
func (t *Tally) Count(ok bool) {
	if ok {
		t.Passed++
	} else {
		t.Failed++
	}
}

// String is the closing line the programs print and CI reads:
// "N passed, N failed".
func (t Tally) String() string {
	return fmt.Sprintf("%d passed, %d failed", t.Passed, t.Failed)
}
