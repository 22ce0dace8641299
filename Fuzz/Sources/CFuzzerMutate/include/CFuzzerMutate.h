// libFuzzer's byte-level mutator, for a custom mutator written in Swift to fall back on. The
// symbol is defined by the libFuzzer runtime that `-sanitize=fuzzer` links into every target;
// Swift can only call a C function it has a declaration of, hence this header.
#ifndef CFUZZERMUTATE_H
#define CFUZZERMUTATE_H
#include <stddef.h>
#include <stdint.h>

/// Mutates `data[0..<size]` in place into at most `max_size` bytes; returns the new size.
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

#endif
