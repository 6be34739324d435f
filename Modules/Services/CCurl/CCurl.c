#include "CCurl.h"

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_setopt_data_function(CURL *handle, CURLoption option, ccurl_data_fn function) {
    return curl_easy_setopt(handle, option, function);
}

CURLcode ccurl_setopt_progress_function(CURL *handle, ccurl_progress_fn function) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}

CURLcode ccurl_setopt_open_socket_function(CURL *handle, ccurl_open_socket_fn function) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, function);
}

CURLcode ccurl_setopt_close_socket_function(CURL *handle, ccurl_close_socket_fn function) {
    return curl_easy_setopt(handle, CURLOPT_CLOSESOCKETFUNCTION, function);
}
