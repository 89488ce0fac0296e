/** Columns that hold one of a closed list of values (a CHECK or the code that writes them),
 * read as that list's type through a parser, not a cast: a value the code does not know (a
 * hand edit, a later migration) fails at the read, with the column's name, instead of
 * travelling on as a type it is not. */
import { certificateType } from '../../src/domain/answers.ts';
import { TEAM_TYPES, type TeamType } from '../../src/domain/team.ts';
import type { CertificateType } from '../../src/domain/types.ts';
import type { Lang } from '../../src/domain/text.ts';

/** A reader of `column` that accepts only `values`. */
export function oneOf<const T extends string | number>(column: string, values: readonly T[]): (value: unknown) => T {
  const known = new Set<unknown>(values);
  return (value) => {
    if (known.has(value)) return value as T;
    throw new Error(`${column} holds ${JSON.stringify(value)}, not one of ${values.join(', ')}`);
  };
}

export const teamTypeColumn: (value: unknown) => TeamType = oneOf('teams.team_type', Object.values(TEAM_TYPES));
export const certificateTypeColumn: (value: unknown) => CertificateType = oneOf('certificate_type', certificateType.options);
/** The language a team registered in (migration 035). */
export const teamLangColumn: (value: unknown) => Lang = oneOf('teams.lang', ['zh', 'en'] as const);
