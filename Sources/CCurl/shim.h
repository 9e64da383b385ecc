// libcurl for Swift: the live crawl's HTTP transport (Sources/PageSources/Fetch/Transport).
//
// libcurl is opened the first time the crawl calls it (`dlopen`), not linked: linked, the
// loader mapped and relocated it and the ~25 libraries it needs (TLS, Kerberos, LDAP, SSH,
// HTTP/2, compressors) at every start, ~14 M instructions, for runs that fetch nothing
// (every audit of files or archives; Docs/ARCHITECTURE.md §3, issue 17). So Swift calls
// libcurl only through the `linkaudit_` functions below, each resolving its libcurl
// function once (`dlsym`, kept in a static, read and written atomically: the transport's
// loop thread and the threads that wake it both call in). The functions are libcurl's
// own, called with the same arguments: the linked way differs only in when they are
// found. With no libcurl to open, a run that fetches stops with one line and exit 2, a
// configuration error (before, the program did not start at all).
//
// curl_easy_setopt, curl_easy_getinfo, curl_multi_setopt and curl_share_setopt are
// variadic, which Swift cannot call; their wrappers are typed, one per kind of argument.
#ifndef LINKAUDIT_CCURL_SHIM_H
#define LINKAUDIT_CCURL_SHIM_H
#include <curl/curl.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/// The soname Debian's libcurl4-openssl-dev links against.
#define LINKAUDIT_CURL_LIBRARY "libcurl.so.4"

/// The address of libcurl's function `name`, or NULL when there is none (or no libcurl).
static inline void *linkaudit_curl_lookup(const char *name) {
    // dlopen counts its opens of one library and returns the same handle: asked once per
    // function, it is not reloaded.
    void *library = dlopen(LINKAUDIT_CURL_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    return library ? dlsym(library, name) : NULL;
}

static inline void *linkaudit_curl_require(const char *name) {
    void *function = linkaudit_curl_lookup(name);
    if (!function) {
        const char *why = dlerror();
        // A missing library is a configuration error (exit 2, one line), not a crash.
        fprintf(stderr, "linkaudit: fetching needs libcurl (%s, function %s; Debian: apt-get install libcurl4): %s\n",
                LINKAUDIT_CURL_LIBRARY, name, why ? why : "not found");
        exit(2);
    }
    return function;
}

/// Declares `resolved`, libcurl's `name` (same type as its declaration in curl.h).
#define LINKAUDIT_CURL(name)                                                                      \
    static __typeof__(&name) name##_cached;                                                       \
    __typeof__(&name) resolved = __atomic_load_n(&name##_cached, __ATOMIC_ACQUIRE);               \
    if (!resolved) {                                                                              \
        resolved = (__typeof__(&name))linkaudit_curl_require(#name);                              \
        __atomic_store_n(&name##_cached, resolved, __ATOMIC_RELEASE);                             \
    }

/// Whether every libcurl function the wrappers call is found (`CurlLoadingTests`).
static inline int linkaudit_curl_missing(void) {
    static const char *const names[] = {
        "curl_global_init", "curl_easy_init", "curl_easy_cleanup", "curl_easy_setopt", "curl_easy_getinfo",
        "curl_easy_strerror", "curl_multi_init", "curl_multi_cleanup", "curl_multi_setopt", "curl_multi_add_handle",
        "curl_multi_remove_handle", "curl_multi_perform", "curl_multi_poll", "curl_multi_wakeup",
        "curl_multi_info_read", "curl_share_init", "curl_share_cleanup", "curl_share_setopt", "curl_slist_append",
        "curl_slist_free_all",
    };
    int missing = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!linkaudit_curl_lookup(names[i])) missing++;
    }
    return missing;
}

static inline CURLcode linkaudit_global_init(long flags) {
    LINKAUDIT_CURL(curl_global_init)
    return resolved(flags);
}
static inline CURL *linkaudit_easy_init(void) {
    LINKAUDIT_CURL(curl_easy_init)
    return resolved();
}
static inline void linkaudit_easy_cleanup(CURL *handle) {
    LINKAUDIT_CURL(curl_easy_cleanup)
    resolved(handle);
}
static inline const char *linkaudit_easy_strerror(CURLcode code) {
    LINKAUDIT_CURL(curl_easy_strerror)
    return resolved(code);
}
static inline CURLcode linkaudit_setopt_long(CURL *handle, CURLoption option, long value) {
    LINKAUDIT_CURL(curl_easy_setopt)
    return resolved(handle, option, value);
}
static inline CURLcode linkaudit_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    LINKAUDIT_CURL(curl_easy_setopt)
    return resolved(handle, option, value);
}
static inline CURLcode linkaudit_setopt_write(CURL *handle, CURLoption option, curl_write_callback value) {
    LINKAUDIT_CURL(curl_easy_setopt)
    return resolved(handle, option, value);
}
static inline CURLcode linkaudit_setopt_opensocket(CURL *handle, curl_opensocket_callback value) {
    LINKAUDIT_CURL(curl_easy_setopt)
    return resolved(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}
static inline CURLcode linkaudit_setopt_prereq(CURL *handle, curl_prereq_callback value) {
    LINKAUDIT_CURL(curl_easy_setopt)
    return resolved(handle, CURLOPT_PREREQFUNCTION, value);
}
static inline CURLcode linkaudit_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    LINKAUDIT_CURL(curl_easy_getinfo)
    return resolved(handle, info, value);
}
static inline CURLcode linkaudit_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    LINKAUDIT_CURL(curl_easy_getinfo)
    return resolved(handle, info, value);
}
static inline CURLM *linkaudit_multi_init(void) {
    LINKAUDIT_CURL(curl_multi_init)
    return resolved();
}
static inline CURLMcode linkaudit_multi_cleanup(CURLM *multi) {
    LINKAUDIT_CURL(curl_multi_cleanup)
    return resolved(multi);
}
static inline CURLMcode linkaudit_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    LINKAUDIT_CURL(curl_multi_setopt)
    return resolved(multi, option, value);
}
static inline CURLMcode linkaudit_multi_add_handle(CURLM *multi, CURL *handle) {
    LINKAUDIT_CURL(curl_multi_add_handle)
    return resolved(multi, handle);
}
static inline CURLMcode linkaudit_multi_remove_handle(CURLM *multi, CURL *handle) {
    LINKAUDIT_CURL(curl_multi_remove_handle)
    return resolved(multi, handle);
}
static inline CURLMcode linkaudit_multi_perform(CURLM *multi, int *running) {
    LINKAUDIT_CURL(curl_multi_perform)
    return resolved(multi, running);
}
static inline CURLMcode linkaudit_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count,
                                             int timeoutMs, int *ready) {
    LINKAUDIT_CURL(curl_multi_poll)
    return resolved(multi, extra, count, timeoutMs, ready);
}
static inline CURLMcode linkaudit_multi_wakeup(CURLM *multi) {
    LINKAUDIT_CURL(curl_multi_wakeup)
    return resolved(multi);
}
static inline CURLMsg *linkaudit_multi_info_read(CURLM *multi, int *left) {
    LINKAUDIT_CURL(curl_multi_info_read)
    return resolved(multi, left);
}
static inline CURLSH *linkaudit_share_init(void) {
    LINKAUDIT_CURL(curl_share_init)
    return resolved();
}
static inline CURLSHcode linkaudit_share_cleanup(CURLSH *share) {
    LINKAUDIT_CURL(curl_share_cleanup)
    return resolved(share);
}
static inline CURLSHcode linkaudit_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
    LINKAUDIT_CURL(curl_share_setopt)
    return resolved(share, option, value);
}
static inline struct curl_slist *linkaudit_slist_append(struct curl_slist *list, const char *entry) {
    LINKAUDIT_CURL(curl_slist_append)
    return resolved(list, entry);
}
static inline void linkaudit_slist_free_all(struct curl_slist *list) {
    LINKAUDIT_CURL(curl_slist_free_all)
    resolved(list);
}
#endif
