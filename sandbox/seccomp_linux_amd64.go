package sandbox

import "golang.org/x/sys/unix"

const auditArch = unix.AUDIT_ARCH_X86_64

// archStarts are the calls of this architecture alone that start a process.
var archStarts = []uint32{unix.SYS_FORK, unix.SYS_VFORK}

// archRefused are the calls of this architecture alone that no program needs.
var archRefused = []uint32{unix.SYS_IOPL, unix.SYS_IOPERM}

// x32Bit marks the x32 ABI's calls, which the filter refuses as a whole.
const x32Bit = 0x40000000
