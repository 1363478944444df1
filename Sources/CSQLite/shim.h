#ifndef TIMERD_CSQLITE_SHIM_H
#define TIMERD_CSQLITE_SHIM_H
// SQLite, where timerd keeps its timers (Debian: libsqlite3-dev).
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies the bound value.
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}
#endif
