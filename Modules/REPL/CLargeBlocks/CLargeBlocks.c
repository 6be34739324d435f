#include "CLargeBlocks.h"

// <malloc.h> first: it is what defines __GLIBC__ (through <features.h>) on glibc.
#if defined(__linux__)
#include <malloc.h>
#endif

int agora_return_large_blocks_when_freed(int bytes) {
#if defined(__GLIBC__)
    // mallopt is in <malloc.h>, which Swift's Glibc module does not import.
    return mallopt(M_MMAP_THRESHOLD, bytes) == 1;
#else
    (void)bytes;
    return 0;
#endif
}
