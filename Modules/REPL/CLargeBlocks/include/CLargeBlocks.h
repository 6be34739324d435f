#ifndef C_LARGE_BLOCKS_H
#define C_LARGE_BLOCKS_H

/// Fixes glibc malloc's mmap threshold at `bytes`, so every block at least that large gets pages
/// of its own and returns them to the system when freed (see LargeBlocks.swift in Apps/agora).
/// Does nothing where malloc is not glibc's. Returns whether the threshold was set.
int agora_return_large_blocks_when_freed(int bytes);

#endif
