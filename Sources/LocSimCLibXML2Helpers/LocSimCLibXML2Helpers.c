#include "LocSimCLibXML2Helpers.h"

static void locsim_xmlIgnoreGenericError(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

void *locsim_xmlIgnoreGenericErrorHandler(void) { return (void *)locsim_xmlIgnoreGenericError; }
