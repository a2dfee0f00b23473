#ifndef LOCSIM_CLIBXML2_SHIM_H
#define LOCSIM_CLIBXML2_SHIM_H

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

/// `xmlFree` is a global function pointer, which Swift 6 rejects as shared mutable state.
static inline void locsim_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
