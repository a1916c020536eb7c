// Counts heap allocations by defining the allocation functions in the benchmark executable:
// on glibc the executable's definitions take precedence over libc's for every library in the
// process, and these forward to glibc's own entry points (__libc_*). Linked only into
// frame-bench; never into the host.
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include "allocation_counter.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static uint64_t count;

uint64_t allocation_count(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }

static void counted(void) { __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { counted(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { counted(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { counted(); return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { counted(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { counted(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size)
{
    void *p;
    counted();
    p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}
