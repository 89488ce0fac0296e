/** The settings museum staff own: the config keys of src/domain/staffSettings.ts,
 * validated, and the configured texts in zh and en, sanitized to a small set of harmless tags
 * before they are stored (the client sanitizes again when it shows them). Each change is
 * audited with the value it replaced. */
import type { IOptions } from 'sanitize-html';
import { lockRows } from '../db/locks.ts';
import { sanitizeHtml } from '../lazy.ts';
import type { z } from 'zod';
import type { configBody, textBody } from '../../src/domain/contracts.ts';
import {
  checkConfigValue,
  isMuseumTextName,
  MUSEUM_TEXT_NAMES,
  SETTINGS_TEXTS,
  STAFF_CONFIG_KEYS,
  type StaffConfigKey,
} from '../../src/domain/staffSettings.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { StaffSettings } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { audit } from './audit.ts';
import { getConfig } from './settings.ts';

/** What a text may contain: paragraphs, headings, emphasis, lists, links. */
const TEXT_HTML: IOptions = {
  allowedTags: ['p', 'br', 'h3', 'h4', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a', 'span'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
};

export const cleanText = (html: string) => sanitizeHtml(html.trim(), TEXT_HTML);

export async function staffSettings(deps: AppDeps, lang: Lang): Promise<StaffSettings> {
  const config = await getConfig(deps.db);
  const stored = await deps.db.query<{ name: string; zh: string; en: string }>('SELECT name, zh, en FROM texts');
  // Every text a museum writes, the ones not written yet empty, then any other a file brought.
  const missing = MUSEUM_TEXT_NAMES.filter((name) => !stored.some((t) => t.name === name)).map((name) => ({ name, zh: '', en: '' }));
  return {
    config: (Object.keys(STAFF_CONFIG_KEYS) as StaffConfigKey[]).map((key) => ({ key, label: STAFF_CONFIG_KEYS[key].label[lang], value: config[key] ?? '' })),
    texts: [...stored, ...missing].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}

export async function saveConfig(deps: AppDeps, staffId: number, body: z.output<typeof configBody>): Promise<null> {
  const refused = checkConfigValue(body.key, body.value);
  if (refused) throw fail(refused);
  await deps.db.tx(async (q) => {
    const [before] = await lockRows(q, 'sys_config', { key: body.key }, ['value']);
    await q.query('INSERT INTO sys_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [body.key, body.value.trim()]);
    await audit(q, staffId, 'setConfig', `config:${body.key}`, { from: before?.value ?? null, to: body.value.trim() }, deps.clock());
  });
  return null;
}

export async function saveText(deps: AppDeps, staffId: number, body: z.output<typeof textBody>): Promise<{ zh: string; en: string }> {
  const zh = cleanText(body.zh);
  const en = cleanText(body.en);
  if (zh === '' || en === '') throw fail(SETTINGS_TEXTS.textEmpty);
  await deps.db.tx(async (q) => {
    const [before] = await lockRows(q, 'texts', { name: body.name }, ['zh', 'en']);
    if (!before && !isMuseumTextName(body.name)) throw fail(SETTINGS_TEXTS.unknownText);
    await q.query('INSERT INTO texts (name, zh, en) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET zh = EXCLUDED.zh, en = EXCLUDED.en', [
      body.name,
      zh,
      en,
    ]);
    await audit(q, staffId, 'setText', `text:${body.name}`, { from: before ?? null }, deps.clock());
  });
  return { zh, en };
}
