/** fast-check arbitraries for certificate numbers, built independently of the module under
 * test where it matters (the check digits are recomputed here from the standards). */
import fc from 'fast-check';

export const TODAY = '2026-06-01';

export const PROVINCES = [
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
];

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
export function checkChar(first17: string): string {
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * W[i], 0);
  return '10X98765432'[sum % 11];
}

export function icao(s: string): string {
  const w = [7, 3, 1];
  const sum = [...s].reduce((acc, c, i) => acc + (/[A-Z]/.test(c) ? c.charCodeAt(0) - 55 : Number(c)) * w[i % 3], 0);
  return String(sum % 10);
}

const pad = (n: number, len: number) => String(n).padStart(len, '0');

/** A real date as 'YYYY-MM-DD' between two dates (inclusive). */
export function dateBetween(from: string, to: string): fc.Arbitrary<string> {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return fc.integer({ min: 0, max: Math.round((b - a) / 86_400_000) }).map((d) => new Date(a + d * 86_400_000).toISOString().slice(0, 10));
}

export const birthDate = dateBetween('1900-01-01', TODAY);
const compact = (iso: string) => iso.replaceAll('-', '');
const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));

export interface Generated {
  number: string;
  birthDate: string;
}

/** Mainland ID: province, 4 more region digits, birth date, 3-digit sequence, check. */
export const mainlandId: fc.Arbitrary<Generated> = fc.tuple(fc.constantFrom(...PROVINCES), digits(4), birthDate, digits(3)).map(([p, region, birth, seq]) => {
  const first17 = p + region + compact(birth) + seq;
  return { number: first17 + checkChar(first17), birthDate: birth };
});

/** HK/Macao/Taiwan residence permit: 810000/820000/830000, date, sequence, check. */
export const residencePermit: fc.Arbitrary<Generated> = fc.tuple(fc.constantFrom('81', '82', '83'), birthDate, digits(3)).map(([p, birth, seq]) => {
  const first17 = p + '0000' + compact(birth) + seq;
  return { number: first17 + checkChar(first17), birthDate: birth };
});

/** Foreign permanent residence ID card (18): 9, province, 3 digits, date, 3 digits, check. */
export const foreignCard: fc.Arbitrary<Generated> = fc.tuple(fc.constantFrom(...PROVINCES), digits(3), birthDate, digits(3)).map(([p, code, birth, seq]) => {
  const first17 = '9' + p + code + compact(birth) + seq;
  return { number: first17 + checkChar(first17), birthDate: birth };
});

/** Older card (15): 3 letters, 4-digit office, YYMMDD, sequence, ICAO check digit. Birth
 * dates within the last 100 years, where YYMMDD is unambiguous. */
export const oldForeignCard: fc.Arbitrary<Generated> = fc
  .tuple(
    fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), { minLength: 3, maxLength: 3 }).map((a) => a.join('')),
    digits(4),
    dateBetween('1926-06-02', TODAY),
    digits(1),
  )
  .map(([letters, office, birth, seq]) => {
    const first14 = letters + office + compact(birth).slice(2) + seq;
    return { number: first14 + icao(first14), birthDate: birth };
  });

/** A number with one character replaced by a different one of `alphabet`. */
export function mutateOne(number: string, alphabet: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: 0, max: number.length - 1 }), fc.constantFrom(...alphabet))
    .filter(([i, c]) => number[i] !== c)
    .map(([i, c]) => number.slice(0, i) + c + number.slice(i + 1));
}

export { pad };
