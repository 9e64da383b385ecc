#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include "file_exchange.h"

int linkaudit_exchange_files(const char *a, const char *b) {
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}
