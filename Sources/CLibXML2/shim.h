// libxml2 for Swift. xmlversion.h comes first so that ICU can be switched off before the
// parser headers pull in the system ICU, which clashes with the ICU Foundation bundles.
#ifndef LINKAUDIT_CLIBXML2_SHIM_H
#define LINKAUDIT_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
/* XML Schema validation: the tests check junit.xml against Jenkins' JUnit schema. */
#include <libxml/xmlschemas.h>
#endif
