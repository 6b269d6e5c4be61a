// Removes Frost's temporary files when the process is killed mid-write. Only async-signal-safe
// calls run in the handler (unlink, sigaction, raise), on paths copied into static storage.
#include "frost_support.h"
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#define FROST_SLOTS 64
#define FROST_PATH_MAX 4096

static char paths[FROST_SLOTS][FROST_PATH_MAX];
static atomic_int state[FROST_SLOTS];  // 0 free, 1 being written, 2 registered
static atomic_int installed;
static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGXFSZ };

static void frost_on_signal(int sig) {
    for (int i = 0; i < FROST_SLOTS; i++) {
        if (atomic_load(&state[i]) == 2) unlink(paths[i]);
    }
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
}

static void install(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) != 0) continue;
        // Respect a caller that ignores the signal (nohup) or handles it itself.
        if (old.sa_handler != SIG_DFL) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = frost_on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(signals[i], &sa, NULL);
    }
}

int frost_tempfile_register(const char *path) {
    size_t n = strlen(path);
    if (n >= FROST_PATH_MAX) return -1;
    install();
    for (int i = 0; i < FROST_SLOTS; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&state[i], &expected, 1)) {
            memcpy(paths[i], path, n + 1);
            atomic_store(&state[i], 2);
            return i;
        }
    }
    return -1;
}

void frost_tempfile_release(int slot) {
    if (slot < 0 || slot >= FROST_SLOTS) return;
    atomic_store(&state[slot], 0);
}
