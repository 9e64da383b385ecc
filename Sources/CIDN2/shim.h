// libidn2 for Swift: UTS #46 mapping and validation for the URL Standard's "domain to
// ASCII" (Sources/WHATWGURL/IDNA.swift says which flags and what is handled around it).
#ifndef LINKAUDIT_CIDN2_SHIM_H
#define LINKAUDIT_CIDN2_SHIM_H
#include <idn2.h>
#endif
