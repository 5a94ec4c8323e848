// The system's SQLite (libsqlite3-dev on Debian and Ubuntu; part of macOS and iOS).
#include <sqlite3.h>
