/** Configuration keys and named texts. */
import type { Queryable } from '../db/db.ts';
import type { Lang } from '../../src/domain/text.ts';

export async function getConfig(q: Queryable): Promise<Record<string, string>> {
  const rows = await q.query<{ key: string; value: string }>('SELECT key, value FROM sys_config');
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function getTexts(q: Queryable, lang: Lang): Promise<Record<string, string>> {
  const rows = await q.query<{ name: string; zh: string; en: string }>('SELECT name, zh, en FROM texts');
  return Object.fromEntries(rows.map((r) => [r.name, r[lang] || r.zh]));
}

export async function getText(q: Queryable, name: string, lang: Lang): Promise<string | null> {
  const [row] = await q.query<{ zh: string; en: string }>('SELECT zh, en FROM texts WHERE name = $1', [name]);
  return row ? row[lang] || row.zh : null;
}

/** A whole number of minutes from config, or the fallback. */
export function minutes(config: Record<string, string>, key: string, fallback: number): number {
  const v = config[key]?.trim();
  return v && /^\d+$/.test(v) ? Number(v) : fallback;
}
