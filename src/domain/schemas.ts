/** Schema pieces every edge uses (server routes and services; the client may share them):
 * what the database can hold, refused before it reaches the database. */
import { z } from 'zod';

/** The largest value of PostgreSQL's `integer` (int4), the type of every id column. */
export const INT4_MAX = 2_147_483_647;

/** A database id: a positive integer an int4 column can hold ("12" from a path or query is fine). */
export const dbId = () => z.coerce.number().int().min(1).max(INT4_MAX);

/** A page number or size of a list. */
export const pageNum = () => z.coerce.number().int().min(1).max(100_000).optional().default(1);
export const pageSize = () => z.coerce.number().int().min(1).max(50).optional().default(10);

/** A string without NUL characters (PostgreSQL text cannot hold one); chain `.max()`,
 * `.min()` as with z.string(). */
export const text = () => z.string().refine((s) => !s.includes('\0'), { message: 'NUL character' });
