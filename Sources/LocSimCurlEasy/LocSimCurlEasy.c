// See include/LocSimCurlEasy.h.
#include "LocSimCurlEasy.h"

#if defined(__linux__)

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The libcurl functions used, resolved once from our own dlopen handle (never the process's
/// global symbols, which in the `locsim` executable are LocSimLazyCurl's forwarders).
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;
static char loadError[200];
static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(loadError, sizeof loadError, "cannot load libcurl.so.4 (%s); install libcurl4", dlerror());
        return;
    }
#define BIND(field, name)                                                                          \
    api.field = (__typeof__(api.field))dlsym(library, name);                                       \
    if (api.field == NULL) {                                                                       \
        snprintf(loadError, sizeof loadError, "libcurl.so.4 has no %s", name);                     \
        return;                                                                                    \
    }
    BIND(global_init, "curl_global_init")
    BIND(easy_init, "curl_easy_init")
    BIND(easy_setopt, "curl_easy_setopt")
    BIND(easy_perform, "curl_easy_perform")
    BIND(easy_getinfo, "curl_easy_getinfo")
    BIND(easy_cleanup, "curl_easy_cleanup")
    BIND(easy_strerror, "curl_easy_strerror")
    BIND(slist_append, "curl_slist_append")
    BIND(slist_free_all, "curl_slist_free_all")
#undef BIND
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(loadError, sizeof loadError, "curl_global_init failed");
    }
}

/// A growing byte buffer with a ceiling.
typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    size_t limit;
    int overflowed;
} buffer;

static int append(buffer *buffer, const void *data, size_t count) {
    if (count > buffer->limit - buffer->length) {
        buffer->overflowed = 1;
        return 0;
    }
    if (buffer->length + count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16384;
        while (capacity < buffer->length + count) capacity *= 2;
        unsigned char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) {
            buffer->overflowed = 1;
            return 0;
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, count);
    buffer->length += count;
    return 1;
}

static size_t onBody(char *data, size_t size, size_t count, void *context) {
    return append(context, data, size * count) ? size * count : 0;
}

/// Keeps the header lines of the latest response only: a status line (the real response after
/// `100 Continue`) starts the block afresh.
static size_t onHeader(char *data, size_t size, size_t count, void *context) {
    buffer *headers = context;
    size_t length = size * count;
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        headers->length = 0;
        return length;
    }
    while (length > 0 && (data[length - 1] == '\n' || data[length - 1] == '\r')) length--;
    if (length == 0) return size * count;
    if (!append(headers, data, length) || !append(headers, "\n", 1)) return 0;
    return size * count;
}

static locsim_http_failure classify(CURLcode code, int bodyOverflowed) {
    switch (code) {
    case CURLE_OK: return LOCSIM_HTTP_OK;
    case CURLE_OPERATION_TIMEDOUT: return LOCSIM_HTTP_TIMED_OUT;
    case CURLE_COULDNT_CONNECT: return LOCSIM_HTTP_REFUSED;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY: return LOCSIM_HTTP_HOST_NOT_FOUND;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_USE_SSL_FAILED: return LOCSIM_HTTP_TLS;
    case CURLE_FILESIZE_EXCEEDED: return LOCSIM_HTTP_TOO_LARGE;
    case CURLE_WRITE_ERROR: return bodyOverflowed ? LOCSIM_HTTP_TOO_LARGE : LOCSIM_HTTP_OTHER;
    case CURLE_GOT_NOTHING: return LOCSIM_HTTP_CLOSED_WITHOUT_RESPONSE;
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_PARTIAL_FILE: return LOCSIM_HTTP_CONNECTION_LOST;
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_BAD_CONTENT_ENCODING:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM: return LOCSIM_HTTP_BAD_RESPONSE;
    default: return LOCSIM_HTTP_OTHER;
    }
}

static int fail(locsim_http_exchange *exchange, locsim_http_failure failure, const char *message) {
    exchange->failure = failure;
    snprintf(exchange->message, sizeof exchange->message, "%s", message);
    return failure;
}

int locsim_http_perform(locsim_http_exchange *exchange) {
    exchange->status = 0;
    exchange->response_body = NULL;
    exchange->response_body_length = 0;
    exchange->response_headers = NULL;
    exchange->response_headers_length = 0;
    exchange->redirect_url = NULL;
    exchange->failure = LOCSIM_HTTP_OK;
    exchange->message[0] = 0;

    pthread_once(&loadOnce, load);
    if (loadError[0]) return fail(exchange, LOCSIM_HTTP_UNAVAILABLE, loadError);
    CURL *handle = api.easy_init();
    if (handle == NULL) return fail(exchange, LOCSIM_HTTP_UNAVAILABLE, "curl_easy_init failed");

    buffer body = {.limit = exchange->max_body};
    buffer headers = {.limit = 1 << 20};
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < exchange->header_count; index++) {
        list = api.slist_append(list, exchange->headers[index]);
    }
    // No `Expect: 100-continue` round trip before a body.
    list = api.slist_append(list, "Expect:");
    char errorText[CURL_ERROR_SIZE] = {0};
    long timeout = exchange->timeout_ms > 0 ? exchange->timeout_ms : 1;

    api.easy_setopt(handle, CURLOPT_URL, exchange->url);
    api.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    api.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout);
    api.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout);
    // Never follows a redirect: the caller decides (LiveHTTPClient follows same-origin ones only).
    api.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    api.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    api.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    api.easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)exchange->max_body);
    api.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
    api.easy_setopt(handle, CURLOPT_ERRORBUFFER, errorText);
    api.easy_setopt(handle, CURLOPT_WRITEFUNCTION, onBody);
    api.easy_setopt(handle, CURLOPT_WRITEDATA, &body);
    api.easy_setopt(handle, CURLOPT_HEADERFUNCTION, onHeader);
    api.easy_setopt(handle, CURLOPT_HEADERDATA, &headers);

    const char *method = exchange->method ? exchange->method : "GET";
    if (strcmp(method, "HEAD") == 0) {
        api.easy_setopt(handle, CURLOPT_NOBODY, 1L);
    } else if (exchange->body_length > 0 || strcmp(method, "POST") == 0) {
        api.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)exchange->body_length);
        api.easy_setopt(handle, CURLOPT_POSTFIELDS, exchange->body ? (const char *)exchange->body : "");
        if (strcmp(method, "POST") != 0) api.easy_setopt(handle, CURLOPT_CUSTOMREQUEST, method);
    } else if (strcmp(method, "GET") != 0) {
        api.easy_setopt(handle, CURLOPT_CUSTOMREQUEST, method);
    }

    CURLcode code = api.easy_perform(handle);
    exchange->failure = classify(code, body.overflowed);
    if (code == CURLE_OK) {
        api.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &exchange->status);
        char *redirect = NULL;
        api.easy_getinfo(handle, CURLINFO_REDIRECT_URL, &redirect);
        if (redirect != NULL) exchange->redirect_url = strdup(redirect);
        exchange->response_body = body.bytes;
        exchange->response_body_length = body.length;
        exchange->response_headers = (char *)headers.bytes;
        exchange->response_headers_length = headers.length;
    } else {
        free(body.bytes);
        free(headers.bytes);
        snprintf(exchange->message, sizeof exchange->message, "%s",
                 errorText[0] ? errorText : api.easy_strerror(code));
    }
    api.easy_cleanup(handle);
    api.slist_free_all(list);
    return exchange->failure;
}

void locsim_http_exchange_free(locsim_http_exchange *exchange) {
    free(exchange->response_body);
    free(exchange->response_headers);
    free(exchange->redirect_url);
    exchange->response_body = NULL;
    exchange->response_headers = NULL;
    exchange->redirect_url = NULL;
    exchange->response_body_length = 0;
    exchange->response_headers_length = 0;
}

#else

int locsim_http_perform(locsim_http_exchange *exchange) {
    exchange->failure = LOCSIM_HTTP_UNAVAILABLE;
    exchange->message[0] = 0;
    return exchange->failure;
}

void locsim_http_exchange_free(locsim_http_exchange *exchange) { (void)exchange; }

#endif
