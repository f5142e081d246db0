package main

import (
	"net"
	"sync"
	"time"
)

// netHTTPBufferSize is net/http's per-connection write buffer: a larger
// response reaches the socket as a full buffer, then the rest.
const netHTTPBufferSize = 4 << 10

// coalescingListener hands out connections that send such a response with
// one writev instead of two write(2)s (see coalescingConn).
type coalescingListener struct{ net.Listener }

func (l coalescingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &coalescingConn{Conn: c}, nil
}

var heldBufs = sync.Pool{New: func() any { b := make([]byte, 0, netHTTPBufferSize); return &b }}

// coalescingConn holds back a write of exactly one full net/http buffer and
// sends it with the next write in one writev: under load, a system call per
// response saved is a large part of its CPU. Deadlines, reads and Close send
// what is held.
type coalescingConn struct {
	net.Conn
	mu   sync.Mutex
	held *[]byte // nil or a full buffer's worth of bytes not yet sent
	bufs [2][]byte
}

func (c *coalescingConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held == nil {
		if len(p) != netHTTPBufferSize {
			return c.Conn.Write(p)
		}
		c.held = heldBufs.Get().(*[]byte)
		*c.held = append((*c.held)[:0], p...)
		return len(p), nil
	}
	held := len(*c.held)
	c.bufs = [2][]byte{*c.held, p}
	bufs := net.Buffers(c.bufs[:])
	n, err := bufs.WriteTo(c.Conn)
	c.bufs = [2][]byte{}
	c.release()
	written := int(n) - held
	if written < 0 {
		written = 0
	}
	return written, err
}

// flush sends what is held; c.mu must be held.
func (c *coalescingConn) flush() error {
	if c.held == nil {
		return nil
	}
	_, err := c.Conn.Write(*c.held)
	c.release()
	return err
}

func (c *coalescingConn) release() {
	heldBufs.Put(c.held)
	c.held = nil
}

func (c *coalescingConn) sync() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.flush()
}

func (c *coalescingConn) Read(p []byte) (int, error) {
	if err := c.sync(); err != nil {
		return 0, err
	}
	return c.Conn.Read(p)
}

func (c *coalescingConn) SetWriteDeadline(t time.Time) error {
	err := c.sync()
	if derr := c.Conn.SetWriteDeadline(t); err == nil {
		err = derr
	}
	return err
}

func (c *coalescingConn) SetDeadline(t time.Time) error {
	err := c.sync()
	if derr := c.Conn.SetDeadline(t); err == nil {
		err = derr
	}
	return err
}

func (c *coalescingConn) Close() error {
	_ = c.sync()
	return c.Conn.Close()
}

// CloseWrite lets net/http half-close the connection after an error answer
// (it looks for this method).
func (c *coalescingConn) CloseWrite() error {
	if err := c.sync(); err != nil {
		return err
	}
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
