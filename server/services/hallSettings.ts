/** The halls' settings and the configuration keys one by one (docs/product.md §7 "Settings and content":
 * HallSetting/ingore/getHallSetting, system/user/ingore/getHallSettingDetail,
 * hallInfo/getAllHallIdAndName, HallSetting/parameterName), read from the rows the booking and
 * group rules use, in the request's language. */
import type { Lang, Text } from '../../src/domain/text.ts';
import type { HallSetting } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { hallRules, type HallRow } from './pool.ts';

export const HALL_SETTING_TEXTS = {
  noHall: { zh: '场馆不存在', en: 'The hall does not exist' },
  noParameter: { zh: '参数不存在', en: 'The parameter does not exist' },
} satisfies Record<string, Text>;

/** The booking rules of the pool (hallRules) and what groups and the waiting list read. */
const settingOf = (h: HallRow, lang: Lang): HallSetting => ({
  ...hallRules(h),
  name: lang === 'en' ? h.name_en : h.name_zh,
  intro: lang === 'en' ? h.intro_en : h.intro_zh,
  ageNote: (lang === 'en' ? h.age_note_en : h.age_note_zh) ?? null,
  cinema: h.cinema,
  waitingList: h.waiting_list,
  groupMin: h.group_min,
  groupMax: h.group_max,
  schoolOnly: h.school_only,
  offSeasonOnly: h.off_season_only,
});

/** Every hall's settings, in the museum's order; `hallKey` narrows to one (refused if unknown). */
export async function hallSettings(deps: AppDeps, lang: Lang): Promise<HallSetting[]> {
  const rows = await deps.db.query<HallRow>('SELECT * FROM halls WHERE NOT closed ORDER BY sort, id');
  return rows.map((h) => settingOf(h, lang));
}

export async function hallSettingDetail(deps: AppDeps, hallKey: string, lang: Lang): Promise<HallSetting> {
  const [row] = await deps.db.query<HallRow>('SELECT * FROM halls WHERE hall_key = $1', [hallKey.trim()]);
  if (!row) throw fail(HALL_SETTING_TEXTS.noHall);
  return settingOf(row, lang);
}

export async function hallNames(deps: AppDeps, lang: Lang): Promise<Array<{ hallId: number; hallName: string }>> {
  const rows = await deps.db.query<{ id: number; name_zh: string; name_en: string }>(
    'SELECT id, name_zh, name_en FROM halls WHERE NOT closed ORDER BY sort, id',
  );
  return rows.map((h) => ({ hallId: h.id, hallName: lang === 'en' ? h.name_en : h.name_zh }));
}

/** One configuration key (sys_config) and its value. */
export async function parameter(deps: AppDeps, name: string): Promise<{ parameterName: string; value: string }> {
  const key = name.trim();
  const [row] = await deps.db.query<{ value: string }>('SELECT value FROM sys_config WHERE key = $1', [key]);
  if (!row) throw fail(HALL_SETTING_TEXTS.noParameter);
  return { parameterName: key, value: row.value };
}
