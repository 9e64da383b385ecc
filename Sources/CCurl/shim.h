// libcurl for Swift: the live crawl's HTTP transport (Sources/PageSources/Fetch/Transport).
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift
// cannot call; these typed wrappers pass each kind of argument through.
#ifndef LINKAUDIT_CCURL_SHIM_H
#define LINKAUDIT_CCURL_SHIM_H
#include <curl/curl.h>

static inline CURLcode linkaudit_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode linkaudit_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode linkaudit_setopt_write(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode linkaudit_setopt_opensocket(CURL *handle, curl_opensocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}
static inline CURLcode linkaudit_setopt_prereq(CURL *handle, curl_prereq_callback value) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, value);
}
static inline CURLcode linkaudit_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode linkaudit_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLMcode linkaudit_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
static inline CURLSHcode linkaudit_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
    return curl_share_setopt(share, option, value);
}
#endif
