export { createSqliteStorage, SqliteStorage } from './sqlite-storage';
export { openSqliteDatabase, type SqliteDatabase } from './sqlite-database';
export { newObjectIdHex } from './object-id';
