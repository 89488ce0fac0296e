/** i18next setup. Language: the visitor's stored choice, else the configured default,
 * else zh (docs/product.md §1 gives both readings; the site default wins until configured). Only the
 * language in use is loaded: the other one is a chunk of its own, fetched on a switch. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang, Text } from '../domain/text.ts';
import { headerFromLang } from '../domain/text.ts';

type Bundle = Record<Lang, () => Promise<{ default: object }>>;

const bundles: Bundle = {
  zh: () => import('./zh.ts'),
  en: () => import('./en.ts'),
};

/** Texts that come with their screens rather than with the first one: the group area and
 * the staff console (team.zh.ts, team.en.ts). */
export const TEAM_TEXTS: Bundle = {
  zh: () => import('./team.zh.ts'),
  en: () => import('./team.en.ts'),
};

/** The dome cinema's screens (cinema.zh.ts, cinema.en.ts). */
export const CINEMA_TEXTS: Bundle = {
  zh: () => import('./cinema.zh.ts'),
  en: () => import('./cinema.en.ts'),
};

const extras = new Set<Bundle>();

async function addExtra(lang: Lang, bundle: Bundle): Promise<void> {
  i18next.addResourceBundle(lang, 'translation', (await bundle[lang]()).default, true, false);
}

/** Loads a part's texts in the language in use; a later switch loads them too. */
export async function loadTexts(bundle: Bundle): Promise<void> {
  if (extras.has(bundle)) return;
  extras.add(bundle);
  await addExtra(currentLang(), bundle);
}

async function ensureLoaded(lang: Lang): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', (await bundles[lang]()).default);
    for (const bundle of extras) await addExtra(lang, bundle);
  }
}

async function switchTo(lang: Lang): Promise<void> {
  await ensureLoaded(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
}

const STORAGE_KEY = 'language';

function storedLang(): Lang | null {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'en' || value === 'zh' ? value : null;
}

/** Before the first render: i18next with the texts of the visitor's language. */
export async function startI18n(): Promise<void> {
  const lng = storedLang() ?? 'zh';
  await i18next.use(initReactI18next).init({
    resources: { [lng]: { translation: (await bundles[lng]()).default } },
    lng,
    // Both languages have every key (en.ts is typed by zh.ts): nothing to fall back to.
    fallbackLng: false,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = lng === 'en' ? 'en' : 'zh-CN';
}

export const i18n = i18next;

export function currentLang(): Lang {
  return i18next.language === 'en' ? 'en' : 'zh';
}

export function languageHeader() {
  return headerFromLang(currentLang());
}

/** The visitor's own choice, kept across visits. */
export function chooseLanguage(lang: Lang): void {
  localStorage.setItem(STORAGE_KEY, lang);
  void switchTo(lang);
}

/** Applies the configuration: the default language when the visitor has not chosen, and
 * zh only when English is not allowed (`i18n` config). */
export function applyLanguageConfig(englishAllowed: boolean, configuredDefault: Lang): void {
  void switchTo(englishAllowed ? (storedLang() ?? configuredDefault) : 'zh');
}

/** A domain Text in the current language. */
export function tr(text: Text): string {
  return text[currentLang()];
}
