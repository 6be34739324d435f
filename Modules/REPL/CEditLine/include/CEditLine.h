// Thin C shims over libedit's readline-compatible API (<editline/readline.h>).
//
// libedit keeps all of its state in process-wide globals and is not
// thread-safe: callers must serialise every call below (the Swift
// LineEditing module runs them all on one serial queue).
#ifndef CEDITLINE_H
#define CEDITLINE_H

#pragma clang assume_nonnull begin

/// Completion hook implemented by the client.
/// `line` is the whole edit buffer, `word` the word being completed and
/// `wordStart` the offset of `word` within `line` in wide characters
/// (Unicode scalars, as libedit counts them), not bytes. Returns a
/// NULL-terminated array built with ceditline_matches_alloc/_set
/// (libedit frees it), or NULL for "no matches".
typedef char *_Nullable *_Nullable (*ceditline_completion_fn)(
    const char *line, const char *word, int wordStart);

/// setlocale(LC_CTYPE, ""), sets rl_readline_name and installs the
/// completion hook. Idempotent.
void ceditline_initialize(const char *appName);

/// Sets (or clears, with NULL) the function the completion hook forwards to.
void ceditline_set_completion_function(ceditline_completion_fn _Nullable fn);

/// readline(prompt): a malloc'd line without its newline (free it with
/// ceditline_free) or NULL on end of input or interruption. `*interrupted`
/// is set to 1 when ceditline_interrupt_read() ended the read (the partly
/// typed line is then discarded), else to 0.
char *_Nullable ceditline_readline(const char *prompt, int *interrupted);

/// Reads one line from stdin with the terminal's echo off (a password),
/// after writing `prompt` to stdout, and restores the terminal's settings
/// before returning. Same result convention as ceditline_readline.
char *_Nullable ceditline_read_secret(const char *prompt, int *interrupted);

/// Ends a pending ceditline_readline / ceditline_read_secret as interrupted.
/// Only call it while one is pending (or about to start): the wake-up stays
/// queued until ceditline_interrupt_discard(). Async-signal-safe.
void ceditline_interrupt_read(void);
/// Forgets a queued ceditline_interrupt_read wake-up that no read consumed.
void ceditline_interrupt_discard(void);

/// Writes `text` (one line, already safe for the terminal) above the line being edited, which is
/// drawn again below it; posted while no line is read, it comes before the next prompt.
/// Callable from any thread.
void ceditline_post_notice(const char *text);

/// Installs a SIGINT handler that only writes a byte to a pipe, and returns
/// the pipe's read end (non-blocking), or -1 on failure. Idempotent.
int ceditline_sigint_install(void);
/// Puts back the SIGINT disposition that was there before the install.
void ceditline_sigint_uninstall(void);
void ceditline_free(void *_Nullable pointer);

/// Matches array for the completion hook: `count` entries plus the
/// terminating NULL, all initially NULL.
char *_Nullable *_Nullable ceditline_matches_alloc(int count);
/// Stores strdup(string) at `index`. Returns 0, or -1 if strdup failed.
int ceditline_matches_set(char *_Nullable *_Nonnull matches, int index, const char *string);
/// Frees an array from ceditline_matches_alloc and its strings.
void ceditline_matches_free(char *_Nullable *_Nullable matches);

void ceditline_history_add(const char *line);
void ceditline_history_clear(void);
/// Number of entries in the history list.
int ceditline_history_count(void);
/// Entry `index` (0 = oldest), or NULL if out of range. Valid until the
/// history is next modified.
const char *_Nullable ceditline_history_entry(int index);
/// Caps the history at `limit` entries (stifle_history); <= 0 unstifles.
void ceditline_history_set_limit(int limit);
/// read_history / write_history; 0 on success, else an errno value.
int ceditline_history_read(const char *path);
int ceditline_history_write(const char *path);

/// ws_col from TIOCGWINSZ on `fd`, or 0 if unavailable.
int ceditline_terminal_columns(int fd);
/// ws_row from TIOCGWINSZ on `fd`, or 0 if unavailable.
int ceditline_terminal_rows(int fd);

#pragma clang assume_nonnull end

#endif
