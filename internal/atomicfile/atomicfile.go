// Package atomicfile replaces a file so that a crash or a full disk leaves
// the old one or the new one, never a torn one.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Write writes data to dir/name with perm through a synced temporary file
// in dir, renamed over the target.
func Write(dir, name string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(dir, "."+name+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	_, err = tmp.Write(data)
	if err = errors.Join(err, tmp.Sync(), tmp.Close(), os.Chmod(tmp.Name(), perm)); err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}
