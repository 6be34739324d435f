#ifndef C_STANDARD_STREAMS_H
#define C_STANDARD_STREAMS_H

/// Whether standard output and standard error were both open when the process started. When
/// one was closed, the process has already ended (exit status 74, one line on the other stream)
/// before `main`: see CStandardStreams.c.
int agora_standard_streams_were_open(void);

#endif
