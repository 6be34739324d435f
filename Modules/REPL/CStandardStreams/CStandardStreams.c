// Ends agora before anything else runs when it was started with standard output or standard
// error closed (`agora >&-`).
//
// Why before `main`: the descriptor number of a closed stream is free, and the next file the
// process opens takes it. Swift's async `main` starts the concurrency runtime first, whose event
// descriptors take number 1, so a check in Swift comes too late: output would then be written
// into whatever holds the number (an event descriptor, or later the cache database). A
// constructor runs while nothing has been opened yet.
#include "CStandardStreams.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int streams_were_open = 1;

static int is_open(int descriptor) {
    return fcntl(descriptor, F_GETFD) != -1 || errno != EBADF;
}

static void report_and_exit(int other, const char *name) {
    const char *prefix = "error: Cannot write to ";
    const char *suffix = ": Bad file descriptor.\n";
    (void)!write(other, prefix, strlen(prefix));
    (void)!write(other, name, strlen(name));
    (void)!write(other, suffix, strlen(suffix));
    _exit(74);  // EX_IOERR, as for any stream that fails later (StandardStream.swift)
}

__attribute__((constructor)) static void require_standard_streams(void) {
    if (!is_open(STDOUT_FILENO)) {
        streams_were_open = 0;
        report_and_exit(STDERR_FILENO, "standard output");
    }
    if (!is_open(STDERR_FILENO)) {
        streams_were_open = 0;
        report_and_exit(STDOUT_FILENO, "standard error");
    }
}

int agora_standard_streams_were_open(void) {
    return streams_were_open;
}
