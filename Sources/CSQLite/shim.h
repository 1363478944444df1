#ifndef TIMERD_CSQLITE_SHIM_H
#define TIMERD_CSQLITE_SHIM_H
// SQLite, where timerd keeps its timers (Debian: libsqlite3-dev).
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies the bound value.
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/// Whether closing the last connection to a database copies its write-ahead log back into the
/// file and removes the log (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, the other way round).
/// sqlite3_db_config is variadic, which Swift cannot call.
static inline int csqlite_checkpoint_on_close(sqlite3 *database, int on) {
    return sqlite3_db_config(database, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}
#endif
