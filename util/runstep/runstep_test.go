// Copyright 2026 The project authors.

package runstep

import (
	"os"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func sh(script string) Cmd { return Cmd{Args: []string{"sh", "-c", script}} }

func TestRunKeepsOutputAndStatus(t *testing.T) {
	r := sh("echo out; echo err >&2; exit 3").Run()
	if r.Stdout != "out\n" || r.Stderr != "err\n" || r.Status() != 3 || r.Err == nil || r.TimedOut {
		t.Errorf("got %+v, status %d", r, r.Status())
	}
	c := sh("echo out; echo err >&2")
	c.Combined = true
	if r := c.Run(); r.Stdout != "out\nerr\n" || r.Stderr != "" || r.Err != nil || r.Status() != 0 {
		t.Errorf("combined: got %+v", r)
	}
}

func TestRunInputDirEnvArgv0(t *testing.T) {
	dir := t.TempDir()
	c := sh(`cat; pwd; echo "$RUNSTEP_A,$RUNSTEP_B"; echo "$0"`)
	c.Stdin = []byte("in\n")
	c.Dir = dir
	c.ExtraEnv = []string{"RUNSTEP_B=b"}
	t.Setenv("RUNSTEP_A", "a")
	want := "in\n" + dir + "\na,b\nsh\n"
	if r := c.Run(); r.Stdout != want {
		t.Errorf("inherited environment: stdout %q, want %q", r.Stdout, want)
	}
	// A whole environment replaces this process's.
	c.Env = []string{"PATH=" + os.Getenv("PATH")}
	c.Args = []string{"sh", "-c", `echo "$RUNSTEP_A,$RUNSTEP_B"; echo "$0"`}
	c.Argv0 = "renamed"
	if r := c.Run(); r.Stdout != ",b\nrenamed\n" {
		t.Errorf("whole environment: stdout %q", r.Stdout)
	}
}

func TestRunTimeoutAndSignals(t *testing.T) {
	c := sh("exec sleep 5")
	c.Timeout = 50 * time.Millisecond
	start := time.Now()
	r := c.Run()
	if !r.TimedOut || r.Err == nil || time.Since(start) > 4*time.Second {
		t.Errorf("timeout: got %+v after %v", r, time.Since(start))
	}
	if s := r.Status(); s != 128+9 {
		t.Errorf("killed at the time limit: status %d, want 137", s)
	}
	if s := sh("kill -TERM $$").Run().Status(); s != 128+15 {
		t.Errorf("SIGTERM: status %d, want 143", s)
	}
	r = Cmd{Args: []string{"/nonexistent/runstep-no-such-program"}}.Run()
	if r.Err == nil || r.Status() != -1 {
		t.Errorf("missing program: got %+v, status %d", r, r.Status())
	}
}

func TestLines(t *testing.T) {
	for in, want := range map[string][]string{
		"":         nil,
		"\n\n":     nil,
		"a":        {"a"},
		"a\nb\n":   {"a", "b"},
		"a\n\nb\n": {"a", "", "b"},
	} {
		if got := Lines(in); !reflect.DeepEqual(got, want) {
			t.Errorf("Lines(%q) = %q, want %q", in, got, want)
		}
	}
}

// Ordered reports in index order whatever order the steps end in, runs no
// more than `workers` at once, and lets a step wait for an earlier one.
func TestOrdered(t *testing.T) {
	const n, workers = 12, 3
	var running, most int32
	var reported []int
	finished := make([]chan struct{}, n)
	for i := range finished {
		finished[i] = make(chan struct{})
	}
	Ordered(workers, n, func(i int) {
		if i == n-1 {
			<-finished[0] // waits for an earlier step
		}
		now := atomic.AddInt32(&running, 1)
		for {
			m := atomic.LoadInt32(&most)
			if now <= m || atomic.CompareAndSwapInt32(&most, m, now) {
				break
			}
		}
		// Later steps end first.
		time.Sleep(time.Duration(n-i) * 3 * time.Millisecond)
		atomic.AddInt32(&running, -1)
		close(finished[i])
	}, func(i int) {
		for j := 0; j <= i; j++ {
			select {
			case <-finished[j]:
			default:
				t.Errorf("report(%d) before step %d finished", i, j)
			}
		}
		reported = append(reported, i)
	})
	for i, got := range reported {
		if got != i {
			t.Fatalf("reported %v, want 0..%d in order", reported, n-1)
		}
	}
	if len(reported) != n {
		t.Errorf("reported %d steps, want %d", len(reported), n)
	}
	if most > workers || most < 2 {
		t.Errorf("at most %d steps ran at once, want 2..%d", most, workers)
	}
}

func TestTally(t *testing.T) {
	var tl Tally
	for _, ok := range []bool{true, false, true, true} {
		tl.Count(ok)
	}
	if s := tl.String(); s != "3 passed, 1 failed" || !strings.HasSuffix(s, "failed") {
		t.Errorf("String() = %q", s)
	}
}
