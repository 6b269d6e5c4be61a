// Maps fresh scratch memory in one call instead of a page fault per page.
#include "frost_support.h"
#include <stdint.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

void frost_prefault(void *p, size_t n) {
#if defined(__linux__)
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
    long size = sysconf(_SC_PAGESIZE);  // cheap beside a madvise of a megabyte or more
    uintptr_t page = size > 0 ? (uintptr_t)size : 4096;
    uintptr_t a = ((uintptr_t)p + page - 1) & ~(page - 1), e = ((uintptr_t)p + n) & ~(page - 1);
    if (e > a) (void)madvise((void *)a, e - a, MADV_POPULATE_WRITE);
#else
    (void)p; (void)n;
#endif
}
