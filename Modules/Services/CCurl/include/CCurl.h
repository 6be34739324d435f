// Typed forms of libcurl's variadic calls, which Swift cannot make, for AgoraLive's transport.
#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>

/// libcurl's write and header callbacks: `count` bytes at `bytes`; returns how many were taken
/// (any other number ends the transfer).
typedef size_t (*ccurl_data_fn)(char *bytes, size_t size, size_t count, void *context);

/// libcurl's progress callback: non-zero ends the transfer.
typedef int (*ccurl_progress_fn)(void *context, curl_off_t downloadTotal, curl_off_t downloaded,
                                 curl_off_t uploadTotal, curl_off_t uploaded);

/// libcurl's socket callbacks: open a socket for `address` (CURL_SOCKET_BAD when it cannot),
/// and close one it opened (0 when closed).
typedef curl_socket_t (*ccurl_open_socket_fn)(void *context, curlsocktype purpose, struct curl_sockaddr *address);
typedef int (*ccurl_close_socket_fn)(void *context, curl_socket_t socket);

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_data_function(CURL *handle, CURLoption option, ccurl_data_fn function);
CURLcode ccurl_setopt_progress_function(CURL *handle, ccurl_progress_fn function);
CURLcode ccurl_setopt_open_socket_function(CURL *handle, ccurl_open_socket_fn function);
CURLcode ccurl_setopt_close_socket_function(CURL *handle, ccurl_close_socket_fn function);

#endif
