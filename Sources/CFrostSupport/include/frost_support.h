#ifndef FROST_SUPPORT_H
#define FROST_SUPPORT_H

/// Temporary files that must not outlive a killed process. `frost_tempfile_register` returns a
/// slot (or -1 when all are busy: the file is then only removed by the normal error path);
/// `frost_tempfile_release` forgets it. On SIGINT, SIGTERM, SIGHUP or SIGXFSZ every registered
/// file is unlinked and the signal is re-raised with its default action, so the exit status
/// still says what killed the process.
int frost_tempfile_register(const char *path);
void frost_tempfile_release(int slot);

#include <stddef.h>

/// Asks the kernel to map every whole page of `[p, p + n)` for writing now, in one call
/// (Linux 5.14+ MADV_POPULATE_WRITE; a no-op elsewhere or when refused). Fresh memory otherwise
/// takes one page fault per 4 KB on first touch; populated at once it costs about a third
/// less (measured: 4.5 MB in 1.5 ms against 2.3 ms).
void frost_prefault(void *p, size_t n);

#endif
