// libffi for Swift. Swift 6 refuses to take the address of libffi's global type
// descriptors (&ffi_type_double) as shared mutable state, so these return them.
#ifndef TRANSITION_HOST_CFFI_SHIM_H
#define TRANSITION_HOST_CFFI_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* for dladdr */
#endif
#include <dlfcn.h>
#include <ffi.h>

/* The exported name of the function at `address` in a loaded library, or NULL (a static
 * function has no exported name; dladdr would give the nearest one before it, so only an
 * exact match counts). Used to name a plugin's function in error messages. */
static inline const char *cffi_symbol_name(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0 || info.dli_saddr != address) return 0;
    return info.dli_sname;
}

static inline ffi_type *cffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *cffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *cffi_type_sint8(void) { return &ffi_type_sint8; }
static inline ffi_type *cffi_type_uint16(void) { return &ffi_type_uint16; }
static inline ffi_type *cffi_type_sint16(void) { return &ffi_type_sint16; }
static inline ffi_type *cffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *cffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *cffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *cffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *cffi_type_float(void) { return &ffi_type_float; }
static inline ffi_type *cffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *cffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_abi cffi_default_abi(void) { return FFI_DEFAULT_ABI; }
static inline unsigned short cffi_type_struct_kind(void) { return FFI_TYPE_STRUCT; }

#endif
