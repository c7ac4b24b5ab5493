// Column types both databases share.
import type { ColumnType } from 'kysely';

/**
 * SQLite has no boolean type: it stores 0/1 and returns numbers, PostgreSQL returns booleans.
 * Writes take booleans (SqliteBooleanPlugin below turns them into 0/1); repositories
 * read with `Boolean(value)`.
 */
export type StoredBoolean = ColumnType<boolean | number, boolean | undefined, boolean>;
