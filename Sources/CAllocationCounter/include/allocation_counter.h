// Counts heap allocations in the process that links it: for benchmarks only.
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H
#include <stdint.h>

/* Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made so far
 * by any code in the process. */
uint64_t allocation_count(void);

#endif
