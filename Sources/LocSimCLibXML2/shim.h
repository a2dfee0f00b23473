#ifndef LOCSIM_CLIBXML2_SHIM_H
#define LOCSIM_CLIBXML2_SHIM_H

/* Linux only (Apple platforms import the SDK's `libxml2` module; see LocSimLibXML2). The helpers
   Swift cannot write alone live in LocSimCLibXML2Helpers, which both platforms compile. */
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

#endif
