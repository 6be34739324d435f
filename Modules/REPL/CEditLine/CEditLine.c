// wcwidth(3), which glibc declares only for X/Open or GNU sources.
#define _GNU_SOURCE

#include "CEditLine.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <editline/readline.h>

static ceditline_completion_fn completion_function = NULL;
static int initialized = 0;

// MARK: Interruptible input
//
// libedit's own read() cannot be interrupted reliably here: it runs on a
// dispatch thread, which blocks SIGINT, and it retries a read that fails
// with EINTR. So reads go through `interruptible_getc`, which polls stdin
// together with `wake_pipe`; ceditline_interrupt_read() writes to that pipe.

static int wake_pipe[2] = {-1, -1};
static volatile sig_atomic_t read_interrupted = 0;

// MARK: Resizing
//
// A terminal that is resized reflows the line being edited, and libedit, which knows neither
// that nor the new width, would draw over it from the wrong row and leave the old text on the
// screen. SIGWINCH writes to `resize_pipe`; the read that is waiting wakes and hands libedit
// `REDRAW_KEY`, bound to `redraw_after_resize`, which finds where the line now starts, clears
// from there and has libedit draw it again at the new width. (Through a key, because libedit
// tells a bound function where its cursor is.)

static int resize_pipe[2] = {-1, -1};

// MARK: Notices
//
// A line that comes while the user types (another member's comment) is written above the line
// being edited, which libedit then draws again below it, unbroken: ceditline_post_notice keeps
// the text and wakes the read through `resize_pipe`, and `redraw_line` writes what is kept.
// Posted while no read waits, it is written at the next prompt.

static pthread_mutex_t notice_lock = PTHREAD_MUTEX_INITIALIZER;
/// Notices not written yet, each ending in CRLF; more than fit are dropped, as a screen of them
/// would be no notice.
static char pending_notices[4096];
static size_t pending_length = 0;

static void wake_for_redraw(void) {
    if (resize_pipe[1] >= 0) {
        ssize_t written = write(resize_pipe[1], "n", 1);
        (void)written;
    }
}

void ceditline_post_notice(const char *text) {
    size_t length = strlen(text);
    pthread_mutex_lock(&notice_lock);
    if (pending_length + length + 2 <= sizeof pending_notices) {
        memcpy(pending_notices + pending_length, text, length);
        memcpy(pending_notices + pending_length + length, "\r\n", 2);
        pending_length += length + 2;
    }
    pthread_mutex_unlock(&notice_lock);
    wake_for_redraw();
}

/// Writes the notices kept to `out`, and forgets them.
static void write_notices(int out) {
    pthread_mutex_lock(&notice_lock);
    size_t offset = 0;
    while (offset < pending_length) {
        ssize_t written = write(out, pending_notices + offset, pending_length - offset);
        if (written <= 0 && errno != EINTR) {
            break;
        }
        offset += written > 0 ? (size_t)written : 0;
    }
    pending_length = 0;
    pthread_mutex_unlock(&notice_lock);
}

static int has_notices(void) {
    pthread_mutex_lock(&notice_lock);
    int has = pending_length > 0;
    pthread_mutex_unlock(&notice_lock);
    return has;
}
/// Ctrl-^, which libedit's emacs keys leave unbound: pressing it redraws the line.
enum { REDRAW_KEY = 0x1E };
/// The prompt being shown, for its width.
static char *current_prompt = NULL;

static void on_sigwinch(int signo) {
    (void)signo;
    int saved = errno;
    if (resize_pipe[1] >= 0) {
        ssize_t written = write(resize_pipe[1], "w", 1);
        (void)written;
    }
    errno = saved;
}

static int make_pipe(int fds[2]) {
    if (pipe(fds) != 0) {
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
}

static void drain(int fd) {
    char buffer[64];
    while (fd >= 0 && read(fd, buffer, sizeof buffer) > 0) {
    }
}

enum { INPUT_READY = 1, WOKEN = 0, RESIZED = 2 };

/// INPUT_READY when `fd` has input (or an error read() will report), WOKEN when woken, RESIZED
/// when the terminal was resized and `reports_resize` (a resize is otherwise waited through).
static int wait_for_input(int fd, int reports_resize) {
    struct pollfd fds[3] = {{fd, POLLIN, 0}, {wake_pipe[0], POLLIN, 0}, {resize_pipe[0], POLLIN, 0}};
    for (;;) {
        int count = poll(fds, 3, -1);
        if (count < 0) {
            if (errno == EINTR) {
                continue;
            }
            return INPUT_READY;
        }
        if (fds[1].revents & POLLIN) {
            return WOKEN;
        }
        if (fds[2].revents & POLLIN) {
            drain(resize_pipe[0]);
            if (reports_resize) {
                return RESIZED;
            }
            continue;
        }
        if (fds[0].revents != 0) {
            return INPUT_READY;
        }
    }
}

/// One byte, or -1 on end of input or error.
static int read_byte(int fd) {
    unsigned char byte;
    for (;;) {
        ssize_t count = read(fd, &byte, 1);
        if (count == 1) {
            return byte;
        }
        if (count < 0 && errno == EINTR) {
            continue;
        }
        return -1;
    }
}

/// rl_getc_function: one character as a Unicode scalar (libedit stores the
/// returned int as a wchar_t, so UTF-8 is decoded here), or -1 (EOF) on end
/// of input or when woken by ceditline_interrupt_read.
static int interruptible_getc(FILE *stream) {
    int fd = fileno(stream);
    switch (wait_for_input(fd, 1)) {
    case WOKEN:
        read_interrupted = 1;
        return -1;
    case RESIZED:
        return REDRAW_KEY;
    default:
        break;
    }
    int lead = read_byte(fd);
    if (lead < 0x80) {
        return lead;
    }
    int extra = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
    if (extra == 0) {
        return 0xFFFD;
    }
    int scalar = lead & (0x3F >> extra);
    for (int i = 0; i < extra; i++) {
        int next = read_byte(fd);
        if (next < 0 || (next & 0xC0) != 0x80) {
            return 0xFFFD;
        }
        scalar = (scalar << 6) | (next & 0x3F);
    }
    return scalar;
}

void ceditline_interrupt_read(void) {
    int saved = errno;
    if (wake_pipe[1] >= 0) {
        ssize_t written = write(wake_pipe[1], "i", 1);
        (void)written;
    }
    errno = saved;
}

void ceditline_interrupt_discard(void) {
    drain(wake_pipe[0]);
}

static char *finish_read(char *line, int *interrupted) {
    *interrupted = read_interrupted;
    if (read_interrupted && line != NULL) {
        free(line);
        line = NULL;
    }
    read_interrupted = 0;
    return line;
}

static char **attempted_completion(const char *text, int start, int end) {
    (void)end;
    // Never fall back to libedit's filename completion, even when we
    // return NULL. libedit resets this flag after every completion.
    rl_attempted_completion_over = 1;
    if (completion_function == NULL) {
        return NULL;
    }
    const char *line = rl_line_buffer != NULL ? rl_line_buffer : "";
    return completion_function(line, text, start);
}

/// A copy of the descriptor prompts are drawn on, made at initialization, or -1 before.
static int prompt_copy = -1;

// Where prompts and the line being edited are drawn: standard output, or standard error when
// standard output goes to a pipe or a file (`agora | tee log`), so the person typing sees them
// and the output keeps only results. libedit edits only when it draws on a terminal. Once
// initialized, a copy of that descriptor: standard output may later point at a file (`output
// FILE`, the pager's held output), and the prompt must stay on the terminal.
static int prompt_descriptor(void) {
    if (prompt_copy >= 0) {
        return prompt_copy;
    }
    return !isatty(STDOUT_FILENO) && isatty(STDERR_FILENO) ? STDERR_FILENO : STDOUT_FILENO;
}

/// Columns `text` takes on a terminal, up to `bytes` bytes of it (or all of it for -1),
/// leaving out what prompts mark off with RL_PROMPT_START_IGNORE (colour sequences).
static size_t display_width(const char *text, long bytes) {
    size_t width = 0;
    int ignoring = 0;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    const char *end = bytes < 0 ? text + strlen(text) : text + bytes;
    for (const char *p = text; p < end && *p != '\0';) {
        if (*p == RL_PROMPT_START_IGNORE) {
            ignoring = !ignoring;
            p++;
            continue;
        }
        wchar_t character;
        size_t length = mbrtowc(&character, p, (size_t)(end - p), &state);
        if (length == 0 || length == (size_t)-1 || length == (size_t)-2) {
            memset(&state, 0, sizeof state);
            length = 1;
            character = L'?';
        }
        if (!ignoring) {
            int columns = wcwidth(character);
            width += columns > 0 ? (size_t)columns : 0;
        }
        p += length;
    }
    return width;
}

/// Bound to REDRAW_KEY: the terminal was resized (and has reflowed the prompt and line to its
/// new width, with the cursor where it was in the text), or notices wait. Goes up to the row the
/// prompt now starts on, clears from there, writes the notices, and has libedit, told the size,
/// draw the prompt and line again.
static int redraw_line(int count, int key) {
    (void)count;
    (void)key;
    int out = prompt_descriptor();
    int columns = ceditline_terminal_columns(out);
    rl_resize_terminal();
    if (columns > 0) {
        size_t before_cursor = display_width(current_prompt != NULL ? current_prompt : "", -1)
            + (rl_line_buffer != NULL ? display_width(rl_line_buffer, rl_point) : 0);
        size_t rows_up = before_cursor / (size_t)columns;
        char sequence[32];
        int length = rows_up > 0 ? snprintf(sequence, sizeof sequence, "\r\033[%zuA\033[J", rows_up)
                                 : snprintf(sequence, sizeof sequence, "\r\033[J");
        if (length > 0) {
            fflush(rl_outstream != NULL ? rl_outstream : stdout);
            ssize_t written = write(out, sequence, (size_t)length);
            (void)written;
        }
    }
    write_notices(out);
    rl_forced_update_display();
    return 0;
}

void ceditline_initialize(const char *appName) {
    if (initialized) {
        return;
    }
    initialized = 1;
    // Without a UTF-8 LC_CTYPE libedit silently drops multibyte input.
    setlocale(LC_CTYPE, "");
    // libedit keeps the pointer, so hand it a copy that lives forever.
    rl_readline_name = strdup(appName);
    make_pipe(wake_pipe);
    make_pipe(resize_pipe);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_sigwinch;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGWINCH, &action, NULL);
    rl_getc_function = interruptible_getc;
    rl_attempted_completion_function = attempted_completion;
    // Before using_history(), which sets libedit up with the streams it has then. A stream of
    // its own on a copy of the descriptor, so moving standard output later moves no prompt.
    int drawn_on = prompt_descriptor();
    int copy = fcntl(drawn_on, F_DUPFD_CLOEXEC, 3);
    FILE *stream = copy >= 0 ? fdopen(copy, "w") : NULL;
    if (stream != NULL) {
        prompt_copy = copy;
        rl_outstream = stream;
    } else {
        if (copy >= 0) {
            close(copy);
        }
        if (drawn_on == STDERR_FILENO) {
            rl_outstream = stderr;
        }
    }
    using_history();
    rl_add_defun("agora-redraw-line", redraw_line, REDRAW_KEY);
}

void ceditline_set_completion_function(ceditline_completion_fn fn) {
    completion_function = fn;
}

/// Whether a Ctrl-D typed on an empty line before this read (while a command ran) is waiting,
/// and if so takes it. Between reads the terminal is in canonical mode, where that Ctrl-D is an
/// end of file: a read returns 0 bytes. libedit's switch to its own mode would turn it into a
/// NUL key, a no-op, so it is taken here first. A terminal has one waiting exactly when input
/// is ready (`poll`) but no byte is (`FIONREAD`, which does not count end-of-file marks); text
/// typed ahead is left for libedit.
static int take_waiting_end_of_input(int fd) {
    struct termios mode;
    if (tcgetattr(fd, &mode) != 0 || !(mode.c_lflag & ICANON)) {
        return 0;
    }
    struct pollfd ready = {.fd = fd, .events = POLLIN};
    if (poll(&ready, 1, 0) != 1 || !(ready.revents & POLLIN)) {
        return 0;
    }
    int bytes = 0;
    if (ioctl(fd, FIONREAD, &bytes) != 0 || bytes != 0) {
        return 0;
    }
    char byte;
    return read(fd, &byte, 1) == 0;
}

char *ceditline_readline(const char *prompt, int *interrupted) {
    read_interrupted = 0;
    if (take_waiting_end_of_input(STDIN_FILENO)) {
        return finish_read(NULL, interrupted);
    }
    free(current_prompt);
    current_prompt = strdup(prompt);
    // Notices kept while no line was read (a command ran, a secret was asked) come first.
    if (has_notices()) {
        wake_for_redraw();
    }
    return finish_read(readline(prompt), interrupted);
}

char *ceditline_read_secret(const char *prompt, int *interrupted) {
    read_interrupted = 0;
    int fd = STDIN_FILENO;
    struct termios saved;
    int is_terminal = tcgetattr(fd, &saved) == 0;
    if (is_terminal) {
        struct termios quiet = saved;
        // ECHONL still shows the newline, so the next output starts a line.
        quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHOE | ECHOK);
        quiet.c_lflag |= ECHONL;
        tcsetattr(fd, TCSAFLUSH, &quiet);
    }
    ssize_t written = write(prompt_descriptor(), prompt, strlen(prompt));
    (void)written;

    size_t length = 0, capacity = 64;
    char *line = malloc(capacity);
    int ended = 0;
    while (line != NULL && !ended) {
        if (wait_for_input(fd, 0) == WOKEN) {
            read_interrupted = 1;
            break;
        }
        int byte = read_byte(fd);
        if (byte < 0 || byte == '\n') {
            ended = byte < 0 && length == 0 ? -1 : 1;
            break;
        }
        // A control key (Ctrl-L, which redraws a libedit line) is no part of a secret: the
        // terminal passes it through in canonical mode, and a password cannot be typed with one.
        if (byte < 0x20 && byte != '\t') {
            continue;
        }
        if (length + 1 >= capacity) {
            char *grown = realloc(line, capacity * 2);
            if (grown == NULL) {
                free(line);
                line = NULL;
                break;
            }
            line = grown;
            capacity *= 2;
        }
        line[length++] = (char)byte;
    }
    if (is_terminal) {
        tcsetattr(fd, TCSANOW, &saved);
    }
    // Ctrl-C, and Ctrl-D (end of input, which the terminal does not echo), leave the cursor
    // after the prompt: the next output starts a line of its own.
    if (read_interrupted || (is_terminal && ended < 0)) {
        written = write(prompt_descriptor(), "\n", 1);
    }
    if (line != NULL) {
        line[length] = '\0';
        if (ended < 0) {
            free(line);
            line = NULL;
        }
    }
    return finish_read(line, interrupted);
}

void ceditline_free(void *pointer) {
    free(pointer);
}

char **ceditline_matches_alloc(int count) {
    if (count < 0) {
        return NULL;
    }
    return calloc((size_t)count + 1, sizeof(char *));
}

int ceditline_matches_set(char **matches, int index, const char *string) {
    char *copy = strdup(string);
    if (copy == NULL) {
        return -1;
    }
    free(matches[index]);
    matches[index] = copy;
    return 0;
}

void ceditline_matches_free(char **matches) {
    if (matches == NULL) {
        return;
    }
    for (char **m = matches; *m != NULL; m++) {
        free(*m);
    }
    free(matches);
}

void ceditline_history_add(const char *line) {
    add_history(line);
}

void ceditline_history_clear(void) {
    clear_history();
}

int ceditline_history_count(void) {
    return history_length;
}

const char *ceditline_history_entry(int index) {
    if (index < 0 || index >= history_length) {
        return NULL;
    }
    HIST_ENTRY *entry = history_get(history_base + index);
    return entry != NULL ? entry->line : NULL;
}

void ceditline_history_set_limit(int limit) {
    if (limit > 0) {
        stifle_history(limit);
    } else {
        unstifle_history();
    }
}

int ceditline_history_read(const char *path) {
    return read_history(path);
}

int ceditline_history_write(const char *path) {
    return write_history(path);
}

int ceditline_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
        return size.ws_col;
    }
    return 0;
}

int ceditline_terminal_rows(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_row > 0) {
        return size.ws_row;
    }
    return 0;
}

// MARK: SIGINT

static int sigint_pipe[2] = {-1, -1};
static int sigint_installed = 0;
static struct sigaction previous_sigint;

static void on_sigint(int signo) {
    (void)signo;
    int saved = errno;
    ssize_t written = write(sigint_pipe[1], "i", 1);
    (void)written;
    errno = saved;
}

int ceditline_sigint_install(void) {
    if (sigint_installed) {
        return sigint_pipe[0];
    }
    if (sigint_pipe[0] < 0 && make_pipe(sigint_pipe) != 0) {
        return -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, &previous_sigint) != 0) {
        return -1;
    }
    sigint_installed = 1;
    return sigint_pipe[0];
}

void ceditline_sigint_uninstall(void) {
    if (sigint_installed) {
        sigaction(SIGINT, &previous_sigint, NULL);
        sigint_installed = 0;
    }
}
