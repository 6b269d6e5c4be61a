#ifndef FROST_SUPPORT_H
#define FROST_SUPPORT_H

/// Temporary files that must not outlive a killed process. `frost_tempfile_register` returns a
/// slot (or -1 when all are busy: the file is then only removed by the normal error path);
/// `frost_tempfile_release` forgets it. On SIGINT, SIGTERM, SIGHUP or SIGXFSZ every registered
/// file is unlinked and the signal is re-raised with its default action, so the exit status
/// still says what killed the process.
int frost_tempfile_register(const char *path);
void frost_tempfile_release(int slot);

#endif
