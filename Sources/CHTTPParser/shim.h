#ifndef BUYFLOW_HTTP_PARSER_SHIM_H
#define BUYFLOW_HTTP_PARSER_SHIM_H

// Node's HTTP/1.x parser (Debian's libhttp-parser-dev), which parses the responses
// of `Graph.HTTP1Transport`: status line, headers, Content-Length, chunked and
// close-delimited bodies, keep-alive semantics.
#include <http_parser.h>

// The Linux event APIs of the transport's loop, which Swift's Glibc module leaves out.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>

// Names the calling thread (at most 15 bytes show), for profilers and debuggers.
static inline void buyflow_name_this_thread(const char *name) {
    prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}

// The bit-fields of `struct http_parser` that Swift cannot read.
static inline unsigned int buyflow_http_parser_errno(const http_parser *parser) {
    return parser->http_errno;
}

static inline unsigned int buyflow_http_parser_status(const http_parser *parser) {
    return parser->status_code;
}

#endif
