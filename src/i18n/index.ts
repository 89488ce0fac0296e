/** i18next setup. Language: the visitor's stored choice, else the configured default,
 * else zh (SPEC §1 gives both readings; the site default wins until configured). */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang, Text } from '../domain/text.ts';
import { headerFromLang } from '../domain/text.ts';
import en from './en.ts';
import zh from './zh.ts';

const STORAGE_KEY = 'language';

function storedLang(): Lang | null {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'en' || value === 'zh' ? value : null;
}

void i18next.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storedLang() ?? 'zh',
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
});

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
  void i18next.changeLanguage(lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
}

/** Applies the configuration: the default language when the visitor has not chosen, and
 * zh only when English is not allowed (`i18n` config). */
export function applyLanguageConfig(englishAllowed: boolean, configuredDefault: Lang): void {
  const lang = englishAllowed ? (storedLang() ?? configuredDefault) : 'zh';
  if (lang !== i18next.language) void i18next.changeLanguage(lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
}

/** A domain Text in the current language. */
export function tr(text: Text): string {
  return text[currentLang()];
}
