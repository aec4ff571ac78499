#ifndef BUYFLOW_CZLIB_SHIM_H
#define BUYFLOW_CZLIB_SHIM_H
#include <zlib.h>

/// `inflateInit2(stream, 15 + 16)`: a gzip stream, the largest window. A function, because
/// Swift does not import zlib's function-like `inflateInit2` macro.
static inline int buyflow_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}
#endif
