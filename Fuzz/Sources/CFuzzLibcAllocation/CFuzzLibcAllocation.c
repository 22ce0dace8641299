// asprintf and vasprintf whose buffers come from the program's malloc, for the fuzzers.
//
// ClusterFuzzLite builds the fuzzers with the Swift runtime linked statically. The toolchain links
// that runtime with `--exclude-libs ALL`, which also makes the sanitizer runtime's symbols local:
// AddressSanitizer's malloc and free are not in the dynamic symbol table, so libc's own calls to
// malloc go to libc's allocator. AddressSanitizer's asprintf interceptor lets libc's vasprintf
// allocate the buffer, which therefore comes from libc's heap, and the caller's free goes to
// AddressSanitizer, which reports "attempting free on address which was not malloc()-ed".
// Foundation's logging does exactly that (CFLog's banner, when it reports a malformed property
// list), so FuzzDoctorReaders crashed within a hundred runs in that build. lld re-applies
// --exclude-libs after version scripts and dynamic lists, so the symbols cannot be exported back.
//
// These definitions replace the interceptor's weak ones in every fuzzer: the buffer is allocated
// with malloc as this object file is linked, the same allocator that frees it, static or dynamic.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int vasprintf(char **result, const char *format, va_list arguments) {
    va_list measuring;
    va_copy(measuring, arguments);
    int length = vsnprintf(NULL, 0, format, measuring);
    va_end(measuring);
    *result = NULL;
    if (length < 0) return -1;
    char *buffer = malloc((size_t)length + 1);
    if (buffer == NULL) return -1;
    int written = vsnprintf(buffer, (size_t)length + 1, format, arguments);
    if (written < 0) {
        free(buffer);
        return -1;
    }
    *result = buffer;
    return written;
}

int asprintf(char **result, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int length = vasprintf(result, format, arguments);
    va_end(arguments);
    return length;
}
