import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLang } from '../i18n/index.ts';
import { englishAllowed, useSettings } from './settings.tsx';

/** Shown only when the configuration allows English (docs/product.md §1). */
export function LanguageSwitch() {
  useTranslation();
  const settings = useSettings();
  if (!englishAllowed(settings)) return null;
  const next = currentLang() === 'zh' ? 'en' : 'zh';
  return (
    <button type="button" className="lang-switch" onClick={() => chooseLanguage(next)} title="Language / 语言">
      <span>{next === 'en' ? 'EN' : '中文'}</span>
    </button>
  );
}
