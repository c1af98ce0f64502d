/**
 * A kysely database of any schema, for the code that works below the typed one: the migrator (kysely's own
 * signature for migrations), the store seam's engine-specific steps, and the journal copier (tables by name).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- kysely's type for a database whose schema is not known
export type UntypedDb = Kysely<any>;
