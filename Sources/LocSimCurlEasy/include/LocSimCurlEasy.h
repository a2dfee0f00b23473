// LocSimCurlEasy: one blocking HTTP exchange over libcurl's easy interface (Linux).
//
// Why not URLSession on Linux: FoundationNetworking drives libcurl's multi interface from
// libdispatch and, on this toolchain, spins while it waits (about 5 s of CPU in an 8 s idle
// wait) and ignores `timeoutIntervalForResource` against a server that drips bytes. The easy
// interface blocks in poll(2) on the calling thread — no CPU while idle — and enforces a real
// overall deadline (CURLOPT_TIMEOUT_MS: connect + headers + body). See docs/http.md.
//
// libcurl is not linked: the first exchange loads libcurl.so.4 with dlopen (as LocSimLazyCurl does for
// FoundationNetworking), so a process that never goes live never maps it. No curl types appear
// here, so Swift sees plain C.
#ifndef LOCSIM_CURL_EASY_H
#define LOCSIM_CURL_EASY_H

#include <stddef.h>

/// Why an exchange produced no response.
typedef enum locsim_http_failure {
    LOCSIM_HTTP_OK = 0,
    /// The overall deadline passed (connecting, waiting for headers, or reading the body).
    LOCSIM_HTTP_TIMED_OUT,
    LOCSIM_HTTP_REFUSED,
    LOCSIM_HTTP_HOST_NOT_FOUND,
    LOCSIM_HTTP_TLS,
    /// The body grew beyond `max_body` bytes (reading stopped there).
    LOCSIM_HTTP_TOO_LARGE,
    /// The server closed the connection without sending a response.
    LOCSIM_HTTP_CLOSED_WITHOUT_RESPONSE,
    /// The connection broke while sending or receiving (a body cut short included).
    LOCSIM_HTTP_CONNECTION_LOST,
    LOCSIM_HTTP_BAD_RESPONSE,
    /// libcurl.so.4 could not be loaded, or lacks a function; `message` says which.
    LOCSIM_HTTP_UNAVAILABLE,
    /// Anything else; `message` holds libcurl's description.
    LOCSIM_HTTP_OTHER,
} locsim_http_failure;

/// One request and, after `locsim_http_perform`, its response.
typedef struct locsim_http_exchange {
    // Inputs.
    const char *method;
    const char *url;
    /// `header_count` header lines, each `Name: value`.
    const char *const *headers;
    size_t header_count;
    const unsigned char *body;
    size_t body_length;
    /// The overall deadline for the exchange, in milliseconds (at least 1).
    long timeout_ms;
    /// The largest decoded body accepted, in bytes.
    size_t max_body;

    // Outputs (free with `locsim_http_exchange_free`).
    long status;
    unsigned char *response_body;
    size_t response_body_length;
    /// The response's header lines, each ending in `\n` (the status line excluded).
    char *response_headers;
    size_t response_headers_length;
    /// For a 3xx with `Location`: that location resolved against `url` by libcurl (NUL-terminated,
    /// or the `Location` text as it is when libcurl cannot parse it); otherwise NULL.
    char *redirect_url;
    locsim_http_failure failure;
    /// A NUL-terminated description of the failure (empty on success).
    char message[256];
} locsim_http_exchange;

/// Performs the exchange, blocking the calling thread until the response is complete, the
/// deadline passes, or it fails. Never follows a redirect: a 3xx is the response, with
/// `redirect_url` for the caller to decide (LiveHTTPClient follows it only within the origin,
/// so libcurl never sends the request's headers to a host the caller did not name). Decodes
/// any content encoding libcurl supports. Returns `exchange->failure`.
int locsim_http_perform(locsim_http_exchange *exchange);

/// Frees the response buffers of `exchange` (safe to call more than once).
void locsim_http_exchange_free(locsim_http_exchange *exchange);

#endif
