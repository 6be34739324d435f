// SHA-256 from the system: libcrypto (OpenSSL) on Linux, CommonCrypto on macOS. For
// agora-server's token digests, which need this one function.
#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>

/// The length of a SHA-256 digest in bytes.
#define CSHA256_LENGTH 32

/// Writes the SHA-256 of `count` bytes at `bytes` into `digest`, which holds CSHA256_LENGTH
/// bytes. Returns 1, or 0 when the system library could not (out of memory, or more bytes than
/// it takes at once).
int csha256(const void *bytes, size_t count, unsigned char *digest);

#endif
