/** The text bundles are merged into one (src/i18n/index.ts): a bundle added later never
 * overwrites a key already there, so a key two bundles both define shows the first one's text
 * where the second meant its own (the staff day's "Closed: {reason}" read "Closed"). */
import { describe, expect, it } from 'vitest';
import base from '../../../src/i18n/zh.ts';
import cinema from '../../../src/i18n/cinema.zh.ts';
import team from '../../../src/i18n/team.zh.ts';

/** Every leaf's path: 'day.closed'. */
const leaves = (texts: object, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

describe('the text bundles', () => {
  it('define each key once, whichever bundles a screen loads', () => {
    // zh.ts holds extra.zh.ts; team and cinema are added to it on the screens that need them.
    const bundles = { base, team, cinema };
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, texts] of Object.entries(bundles)) {
      for (const key of leaves(texts)) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)}, ${name})`);
        else seen.set(key, name);
      }
    }
    expect(twice).toEqual([]);
  });
});
