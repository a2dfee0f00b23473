// LocSimLazyCurl: libcurl, loaded on first use.
//
// The statically linked FoundationNetworking calls libcurl for every URLSession request. Linked
// normally, libcurl and the ~25 libraries behind it (OpenSSL, GnuTLS, Kerberos, LDAP, SSH…)
// are mapped and relocated when locsim starts — about 6 MiB of every process's resident
// memory — although an offline replay never sends a request. This target defines the libcurl
// functions FoundationNetworking uses as forwarders that `dlopen` libcurl.so.4 the first time
// one of them is called, so only `--live` and `record` pay for it. Linked into the `locsim`
// executable only (Linux); the test binaries use the shared Foundation and libcurl as usual.
#ifndef LOCSIM_LAZY_CURL_H
#define LOCSIM_LAZY_CURL_H

/// Whether libcurl has been loaded in this process (1) or not yet (0).
int locsim_lazy_curl_is_loaded(void);

#endif
