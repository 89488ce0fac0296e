/** A text in both interface languages. Domain rules return these so that the client
 * (through i18next's current language) and the server (through the request's
 * `language` header) can show the same message. */
export interface Text {
  zh: string;
  en: string;
}

export type Lang = keyof Text;

/** `language` header value of docs/product.md §1/§7 to our short language code. */
export function langFromHeader(value: string | undefined | null): Lang {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function headerFromLang(lang: Lang): 'zh_cn' | 'en_us' {
  return lang === 'en' ? 'en_us' : 'zh_cn';
}

/** Fills `{name}` placeholders in both languages. */
export function fill(text: Text, params: Record<string, string | number | Text>): Text {
  const one = (lang: Lang) =>
    text[lang].replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) return `{${key}}`;
      return typeof value === 'object' ? value[lang] : String(value);
    });
  return { zh: one('zh'), en: one('en') };
}
