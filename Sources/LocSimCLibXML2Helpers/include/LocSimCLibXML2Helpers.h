#ifndef LOCSIM_CLIBXML2HELPERS_H
#define LOCSIM_CLIBXML2HELPERS_H

/// A generic error handler for libxml2 that ignores every message: libxml2's
/// `xmlGenericErrorFunc` is variadic, which Swift can neither import nor define. Returned as
/// `void *` for `xmlSetGenericErrorFunc` (Swift sees the handler type as an `OpaquePointer`).
/// This file includes no libxml2 header, so it compiles the same against any libxml2.
void *locsim_xmlIgnoreGenericErrorHandler(void);

#endif
