#ifndef BUYFLOW_CCURL_SHIM_H
#define BUYFLOW_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift
   cannot call. These typed inline setters cover the argument kinds libcurl takes. */

static inline CURLcode buyflow_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode buyflow_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode buyflow_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode buyflow_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode buyflow_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*buyflow_curl_data_callback)(char *buffer, size_t size, size_t nitems, void *userdata);
static inline CURLcode buyflow_curl_easy_setopt_data_callback(CURL *handle, CURLoption option, buyflow_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode buyflow_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode buyflow_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode buyflow_curl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode buyflow_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode buyflow_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLMcode buyflow_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/* The next finished transfer of a multi handle: the CURLOPT_PRIVATE pointer of its easy
   handle and its result. Returns 1 when one was found, 0 when none is left (other message
   kinds are skipped). Saves Swift from reading CURLMsg's union and a lookup by handle. */
static inline int buyflow_curl_multi_next_done(CURLM *multi, void **private_pointer, CURLcode *result) {
    int queued = 0;
    CURLMsg *message;
    while ((message = curl_multi_info_read(multi, &queued)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            char *pointer = NULL;
            curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, &pointer);
            *private_pointer = pointer;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}

/* What a finished transfer reports, read in one call: times in microseconds from the
   start (CURLINFO_*_TIME_T), the status, the HTTP version and new connections made. */
typedef struct {
    curl_off_t namelookup_us;
    curl_off_t connect_us;
    curl_off_t appconnect_us;
    curl_off_t starttransfer_us;
    curl_off_t total_us;
    long response_code;
    long http_version;
    long num_connects;
} buyflow_curl_transfer_info;

static inline void buyflow_curl_read_transfer_info(CURL *handle, buyflow_curl_transfer_info *info) {
    info->namelookup_us = 0;
    info->connect_us = 0;
    info->appconnect_us = 0;
    info->starttransfer_us = 0;
    info->total_us = 0;
    info->response_code = 0;
    info->http_version = 0;
    info->num_connects = 0;
    curl_easy_getinfo(handle, CURLINFO_NAMELOOKUP_TIME_T, &info->namelookup_us);
    curl_easy_getinfo(handle, CURLINFO_CONNECT_TIME_T, &info->connect_us);
    curl_easy_getinfo(handle, CURLINFO_APPCONNECT_TIME_T, &info->appconnect_us);
    curl_easy_getinfo(handle, CURLINFO_STARTTRANSFER_TIME_T, &info->starttransfer_us);
    curl_easy_getinfo(handle, CURLINFO_TOTAL_TIME_T, &info->total_us);
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &info->response_code);
    curl_easy_getinfo(handle, CURLINFO_HTTP_VERSION, &info->http_version);
    curl_easy_getinfo(handle, CURLINFO_NUM_CONNECTS, &info->num_connects);
}

/* Constants Swift cannot import from macros or anonymous enums in every libcurl version. */
static const long buyflow_curl_global_default = CURL_GLOBAL_DEFAULT;
static const long buyflow_curl_error_size = CURL_ERROR_SIZE;
static const long buyflow_curl_http_version_1_1 = CURL_HTTP_VERSION_1_1;
static const long buyflow_curl_http_version_2tls = CURL_HTTP_VERSION_2TLS;
static const long buyflow_curl_http_version_2 = CURL_HTTP_VERSION_2_0;
static const long buyflow_curl_http_version_2_prior_knowledge = CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE;
static const long buyflow_curl_pipe_multiplex = CURLPIPE_MULTIPLEX;
#endif
