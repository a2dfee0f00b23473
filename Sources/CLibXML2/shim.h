#ifndef LOCSIM_CLIBXML2_SHIM_H
#define LOCSIM_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
/* libxml2's encoding.h pulls in the system ICU headers, whose `UErrorCode` clashes with the ICU
   bundled in Foundation as soon as one Swift module sees both. Swift never touches libxml2's
   ICU converter fields (only pointers to the handler struct), so the declarations are left out. */
#undef LIBXML_ICU_ENABLED

#include <libxml/globals.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

/// `xmlFree` is a global function pointer, which Swift 6 rejects as shared mutable state.
static inline void locsim_xmlFree(void *pointer) { xmlFree(pointer); }

/// The generic (non-structured) error handler of the calling thread, saved so it can be restored.
/// Function pointers are stored as `void *` because Swift cannot import variadic function types.
typedef struct {
    void *handler;
    void *context;
} locsim_xmlGenericErrorState;

static void locsim_xmlIgnoreGenericError(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// Silences libxml2's thread-local generic error handler (which prints to stderr for errors that
/// have no parser context, such as encoding conversion failures) and returns the previous one.
static inline locsim_xmlGenericErrorState locsim_xmlMuteGenericErrors(void) {
    locsim_xmlGenericErrorState saved = {(void *)*__xmlGenericError(), *__xmlGenericErrorContext()};
    xmlSetGenericErrorFunc(NULL, locsim_xmlIgnoreGenericError);
    return saved;
}

/// Restores a handler saved by `locsim_xmlMuteGenericErrors`.
static inline void locsim_xmlRestoreGenericErrors(locsim_xmlGenericErrorState saved) {
    xmlSetGenericErrorFunc(saved.context, (xmlGenericErrorFunc)saved.handler);
}

#endif
