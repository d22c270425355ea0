package runbin

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// StatFields are /proc/<pid>/stat's fields after the command name (field
// 3, the state, comes first); nil when the process cannot be read.
func StatFields(pid int) []string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(s[i+1:])
}

// CPUTicks is a process's user plus system time (stat fields 14 and 15),
// in clock ticks (1/100 s).
func CPUTicks(pid int) (int64, error) {
	f := StatFields(pid)
	if len(f) < 13 {
		return 0, fmt.Errorf("cannot read /proc/%d/stat", pid)
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	return u + s, nil
}

// SumCPUTicks is CPUTicks summed over pids, those that cannot be read
// (ended) counting 0.
func SumCPUTicks(pids []int) int64 {
	var n int64
	for _, p := range pids {
		if t, err := CPUTicks(p); err == nil {
			n += t
		}
	}
	return n
}
