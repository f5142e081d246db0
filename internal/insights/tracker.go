package insights

import "sync"

// tracker counts background work so that Close can wait for it, and
// refuses new work once closed.
type tracker struct {
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
}

// add registers one task; false once the tracker is closed.
func (t *tracker) add() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return false
	}
	t.wg.Add(1)
	return true
}

// done ends a task registered by add.
func (t *tracker) done() { t.wg.Done() }

// close refuses new tasks and waits for the running ones.
func (t *tracker) close() {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
	t.wg.Wait()
}
