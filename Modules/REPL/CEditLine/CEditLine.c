#include "CEditLine.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <editline/readline.h>

static ceditline_completion_fn completion_function = NULL;
static int initialized = 0;

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

void ceditline_initialize(const char *appName) {
    if (initialized) {
        return;
    }
    initialized = 1;
    // Without a UTF-8 LC_CTYPE libedit silently drops multibyte input.
    setlocale(LC_CTYPE, "");
    // libedit keeps the pointer, so hand it a copy that lives forever.
    rl_readline_name = strdup(appName);
    rl_attempted_completion_function = attempted_completion;
    using_history();
}

void ceditline_set_completion_function(ceditline_completion_fn fn) {
    completion_function = fn;
}

char *ceditline_readline(const char *prompt) {
    return readline(prompt);
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
