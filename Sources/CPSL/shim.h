// libpsl for Swift: the registrable domain from the Public Suffix List
// (Sources/PageSources/Fetch/RegistrableDomain.swift).
#ifndef LINKAUDIT_CPSL_SHIM_H
#define LINKAUDIT_CPSL_SHIM_H
#include <libpsl.h>
#endif
