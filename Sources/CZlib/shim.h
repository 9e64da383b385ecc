// zlib for Swift: WARC archives come as .warc.gz (a gzip member per record, or one for
// the whole file), read as a stream.
#ifndef LINKAUDIT_CZLIB_SHIM_H
#define LINKAUDIT_CZLIB_SHIM_H
#include <zlib.h>
#endif
