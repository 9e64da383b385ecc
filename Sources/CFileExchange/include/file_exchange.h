// Linux's renameat2(RENAME_EXCHANGE), which Swift's Glibc module does not declare (glibc
// declares it under _GNU_SOURCE only). Used by Reports' FileReplacement.
#ifndef LINKAUDIT_FILE_EXCHANGE_H
#define LINKAUDIT_FILE_EXCHANGE_H

// Swaps the files named `a` and `b` atomically (both must exist); 0, or -1 with errno set.
int linkaudit_exchange_files(const char *a, const char *b);

#endif
