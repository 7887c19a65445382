package sandbox

import "golang.org/x/sys/unix"

const auditArch = unix.AUDIT_ARCH_AARCH64

var archStarts []uint32

var archRefused []uint32

const x32Bit = 0 // no other ABI on this architecture
