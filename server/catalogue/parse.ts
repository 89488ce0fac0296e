/** A catalogue document from its JSON text: parsed and checked whole, or the reasons it is
 * refused (a JSON error by its line and column, a field by its path). */
import { catalogueDocument, refusalOf, type CatalogueDocument } from './document.ts';

export type Parsed = { ok: true; document: CatalogueDocument } | { ok: false; problems: string[] };

/** Where the JSON `text` first goes wrong (JSON.parse says what, but on Node 20 not where). */
export function jsonErrorAt(text: string): number {
  let i = 0;
  const ws = () => {
    while (/[ \t\n\r]/.test(text[i] ?? '')) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => (text.startsWith(word, i) ? (i += word.length) : fail());
  const string = () => {
    i++;
    while (text[i] !== '"') {
      if (i >= text.length || text[i] < ' ') fail();
      if (text[i] !== '\\') i++;
      else if (/^\\(["\\/bfnrt]|u[0-9a-fA-F]{4})/.test(text.slice(i, i + 6))) i += text[i + 1] === 'u' ? 6 : 2;
      else fail();
    }
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) return void i++;
      for (;;) {
        if (c === '{') {
          ws();
          if (text[i] !== '"') fail();
          string();
          ws();
          if (text[i] !== ':') fail();
          i++;
        }
        value();
        ws();
        if (text[i] === close) return void i++;
        if (text[i] !== ',') fail();
        i++;
      }
    }
    if (c === '"') return string();
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (number) return void (i += number[0].length);
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return void literal(word);
    fail();
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    return at as number;
  }
}

export function parseJsonDocument(text: string): Parsed {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const before = text.slice(0, Math.max(0, jsonErrorAt(text))).split('\n');
    return {
      ok: false,
      problems: [`not JSON at line ${before.length}, column ${before[before.length - 1].length + 1}: ${(error as Error).message.split('\n')[0]}`],
    };
  }
  const checked = catalogueDocument.safeParse(raw);
  return checked.success ? { ok: true, document: checked.data } : { ok: false, problems: refusalOf(checked.error) };
}
