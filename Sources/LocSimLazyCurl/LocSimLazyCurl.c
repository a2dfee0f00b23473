// See include/LocSimLazyCurl.h. Every forwarder resolves its libcurl function once (an atomic
// pointer, so concurrent first calls are harmless) and calls it with the same arguments.
#include "LocSimLazyCurl.h"

#if defined(__linux__)

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void *library;
static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "locsim: error: cannot load libcurl for HTTP (%s); install libcurl4\n", dlerror());
        abort();
    }
}

int locsim_lazy_curl_is_loaded(void) {
    return __atomic_load_n(&library, __ATOMIC_ACQUIRE) != NULL;
}

static void *resolve(void **slot, const char *name) {
    void *function = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (function != NULL) return function;
    pthread_once(&loadOnce, load);
    function = dlsym(library, name);
    if (function == NULL) {
        fprintf(stderr, "locsim: error: libcurl.so.4 has no %s\n", name);
        abort();
    }
    __atomic_store_n(slot, function, __ATOMIC_RELEASE);
    return function;
}

#define FORWARD(result, name, parameters, arguments)                                  \
    result name parameters {                                                          \
        static void *slot;                                                            \
        result(*real) parameters = (result(*) parameters)resolve(&slot, #name);      \
        return real arguments;                                                        \
    }

#define FORWARD_VOID(name, parameters, arguments)                                     \
    void name parameters {                                                            \
        static void *slot;                                                            \
        void(*real) parameters = (void(*) parameters)resolve(&slot, #name);          \
        real arguments;                                                               \
    }

// The three variadic functions take exactly one argument after the option: a long, a
// curl_off_t, a data pointer or a function pointer. On the LP64 ABIs Linux uses (x86-64,
// AArch64) each is passed as one 64-bit integer-class value, so it is read and passed on as
// a pointer-sized integer unchanged.
#define FORWARD_VARIADIC(result, name, handleType, optionType)                        \
    result name(handleType handle, optionType option, ...) {                          \
        static void *slot;                                                            \
        result (*real)(handleType, optionType, ...) =                                 \
            (result(*)(handleType, optionType, ...))resolve(&slot, #name);            \
        va_list list;                                                                 \
        va_start(list, option);                                                       \
        unsigned long argument = va_arg(list, unsigned long);                        \
        va_end(list);                                                                 \
        return real(handle, option, argument);                                        \
    }

FORWARD_VARIADIC(CURLcode, curl_easy_setopt, CURL *, CURLoption)
FORWARD_VARIADIC(CURLcode, curl_easy_getinfo, CURL *, CURLINFO)
FORWARD_VARIADIC(CURLMcode, curl_multi_setopt, CURLM *, CURLMoption)

FORWARD(CURLcode, curl_global_init, (long flags), (flags))
FORWARD(CURL *, curl_easy_init, (void), ())
FORWARD_VOID(curl_easy_cleanup, (CURL * handle), (handle))
FORWARD(CURLcode, curl_easy_pause, (CURL * handle, int bitmask), (handle, bitmask))
FORWARD(const char *, curl_easy_strerror, (CURLcode code), (code))
FORWARD_VOID(curl_free, (void *pointer), (pointer))
FORWARD(CURLM *, curl_multi_init, (void), ())
FORWARD(CURLMcode, curl_multi_cleanup, (CURLM * multi), (multi))
FORWARD(CURLMcode, curl_multi_add_handle, (CURLM * multi, CURL *handle), (multi, handle))
FORWARD(CURLMcode, curl_multi_remove_handle, (CURLM * multi, CURL *handle), (multi, handle))
FORWARD(CURLMcode, curl_multi_assign, (CURLM * multi, curl_socket_t socket, void *pointer), (multi, socket, pointer))
FORWARD(CURLMsg *, curl_multi_info_read, (CURLM * multi, int *queued), (multi, queued))
FORWARD(CURLMcode, curl_multi_socket_action, (CURLM * multi, curl_socket_t socket, int mask, int *running),
        (multi, socket, mask, running))
FORWARD(struct curl_slist *, curl_slist_append, (struct curl_slist * list, const char *string), (list, string))
FORWARD_VOID(curl_slist_free_all, (struct curl_slist * list), (list))
FORWARD(CURLU *, curl_url, (void), ())
FORWARD(CURLUcode, curl_url_get, (CURLU * url, CURLUPart part, char **content, unsigned int flags),
        (url, part, content, flags))
FORWARD(CURLUcode, curl_url_set, (CURLU * url, CURLUPart part, const char *content, unsigned int flags),
        (url, part, content, flags))
FORWARD(char *, curl_version, (void), ())
FORWARD(curl_version_info_data *, curl_version_info, (CURLversion age), (age))

#else

int locsim_lazy_curl_is_loaded(void) { return 0; }

#endif
