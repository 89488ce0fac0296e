/** Certificate numbers (docs/product.md §5 "Certificates"): format checks, the birth date they carry,
 * ages on the visit date, and masking for lists. Pure: no clock unless `today` is omitted. */
import dayjs from 'dayjs';
import type { Text } from './text.ts';

export type CertificateCheck = { valid: true; birthDate?: string } | { valid: false; message: Text };

export const CERTIFICATE_MESSAGES = {
  /** The general wrong-format message of docs/product.md §5. */
  format: { zh: '证件号码格式不正确', en: 'ID format is incorrect' },
  /** Type 1: the catalogue's "ID card number format is wrong" (docs/product.md §8). */
  idCard: { zh: '身份证号码格式错误', en: 'ID card number format is wrong' },
  /** An 18-character number starting with 9 under type 2 (docs/product.md §5). */
  foreignPermanent: { zh: '外国人永久居留身份证格式错误', en: 'Foreign permanent residence ID format error' },
} as const satisfies Record<string, Text>;

/** 2-digit province codes of GB/T 2260 (the region table): mainland provinces, plus 71
 * Taiwan, 81 Hong Kong, 82 Macao and 83 (Taiwan residents' residence permits). */
export const PROVINCE_CODES: ReadonlySet<string> = new Set([
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
  '81',
  '82',
  '83',
]);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** GB 11643 check character of the first 17 digits (ISO 7064 MOD 11-2). */
export function gb11643CheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/** What the visitor's field shows as they type: no outer spaces, letters upper case. */
export function normalizeCertificate(number: string): string {
  return number.trim().toUpperCase();
}

export function todayString(): string {
  return dayjs().format('YYYY-MM-DD');
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** 'YYYYMMDD' -> 'YYYY-MM-DD' when it is a real calendar date from 1900 up to `today`. */
function birthDateOf(yyyymmdd: string, today: string): string | null {
  if (!/^\d{8}$/.test(yyyymmdd)) return null;
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const iso = `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
  // ISO dates compare correctly as strings.
  return iso <= today ? iso : null;
}

/** Mainland ID (6-digit region, date, 3-digit sequence, check) and the HK/Macao/Taiwan
 * residence permit (810000/820000/830000, date, sequence, check): both are GB 11643 numbers,
 * the permit only fixes the region part. Returns the birth date or null. */
function residentIdBirthDate(n: string, today: string): string | null {
  if (!/^\d{17}[\dX]$/.test(n)) return null;
  if (!PROVINCE_CODES.has(n.slice(0, 2))) return null;
  // 81/82/83 are not mainland regions: under them only the residence permit's 0000 exists.
  if (['81', '82', '83'].includes(n.slice(0, 2)) && n.slice(2, 6) !== '0000') return null;
  const birth = birthDateOf(n.slice(6, 14), today);
  if (!birth) return null;
  return gb11643CheckChar(n.slice(0, 17)) === n[17] ? birth : null;
}

/** Foreign permanent residence ID card (2023 version, 18 characters): 9, a 2-digit province
 * code, 3 more digits, the birth date at positions 7-14 (1-based), a 3-digit sequence and a
 * GB 11643-style check character over the first 17 digits. */
function foreignPermanentBirthDate(n: string, today: string): string | null {
  if (!/^9\d{16}[\dX]$/.test(n)) return null;
  if (!PROVINCE_CODES.has(n.slice(1, 3))) return null;
  const birth = birthDateOf(n.slice(6, 14), today);
  if (!birth) return null;
  return gb11643CheckChar(n.slice(0, 17)) === n[17] ? birth : null;
}

/** ICAO 9303 check digit (weights 7,3,1 repeating; digits count as themselves, A-Z as
 * 10-35; sum mod 10) - the scheme of passport-style numbers. */
export function icaoCheckDigit(s: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const value = c >= 65 && c <= 90 ? c - 55 : c - 48;
    sum += value * weights[i % 3];
  }
  return String(sum % 10);
}

/** The older foreign permanent residence card (2004 version, 15 characters).
 * Our reading, as the SPEC only says "3 letters + 12 digits, weighted check digit at position
 * 15, birth date derived from it": positions 1-3 the nationality (ISO alpha-3 letters), 4-7
 * the issuing office code, 8-13 the birth date as YYMMDD, 14 a sequence digit, 15 the check
 * digit. Being a passport-style (machine-readable) number, the check digit is ICAO 9303's
 * 7-3-1 weighted sum mod 10 over the first 14 characters. The century of YY is the latest
 * one that does not put the birth date after `today` (20YY, else 19YY). */
function oldForeignCardBirthDate(n: string, today: string): string | null {
  if (!/^[A-Z]{3}\d{12}$/.test(n)) return null;
  if (icaoCheckDigit(n.slice(0, 14)) !== n[14]) return null;
  const yymmdd = n.slice(7, 13);
  return birthDateOf(`20${yymmdd}`, today) ?? birthDateOf(`19${yymmdd}`, today);
}

/** Checks a certificate number of a type of the certificate dictionary. `today` (for "a birth
 * date not in the future") defaults to the local date; tests and the server may pass theirs. */
export function checkCertificate(type: string, number: string, today: string = todayString()): CertificateCheck {
  const n = normalizeCertificate(number);
  const invalid = (message: Text): CertificateCheck => ({ valid: false, message });
  switch (type) {
    case '1': {
      const birthDate = residentIdBirthDate(n, today);
      return birthDate ? { valid: true, birthDate } : invalid(CERTIFICATE_MESSAGES.idCard);
    }
    case '2': {
      if (n.length === 18 && n.startsWith('9')) {
        const birthDate = foreignPermanentBirthDate(n, today);
        return birthDate ? { valid: true, birthDate } : invalid(CERTIFICATE_MESSAGES.foreignPermanent);
      }
      // The old card would also pass as a passport (15 letters/digits); when its check digit
      // and date hold, read the birth date from it.
      const oldCardBirth = oldForeignCardBirthDate(n, today);
      if (oldCardBirth) return { valid: true, birthDate: oldCardBirth };
      return /^[A-Z0-9]{5,17}$/.test(n) ? { valid: true } : invalid(CERTIFICATE_MESSAGES.format);
    }
    case '3':
      return /^[HM]\d{8}$/.test(n) || /^(HA|MA)\d{7}$/.test(n) ? { valid: true } : invalid(CERTIFICATE_MESSAGES.format);
    case '4':
      return /^\d{8}$/.test(n) ? { valid: true } : invalid(CERTIFICATE_MESSAGES.format);
    case '5':
      return /^\d{7}$/.test(n) ? { valid: true } : invalid(CERTIFICATE_MESSAGES.format);
    default:
      return invalid(CERTIFICATE_MESSAGES.format);
  }
}

/** Full years on the visit date; the birthday itself counts. A Feb 29 birthday is reached on
 * Mar 1 in non-leap years (Feb 28 still sorts before Feb 29). Both dates 'YYYY-MM-DD'. */
export function ageOn(birthDate: string, visitDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [vy, vm, vd] = visitDate.split('-').map(Number);
  let age = vy - by;
  if (vm < bm || (vm === bm && vd < bd)) age -= 1;
  return age;
}

/** For lists: first 4 and last 4 characters kept; numbers of 8 characters or fewer would
 * show too much that way, so they keep only the first and last one. */
export function maskCertificate(number: string): string {
  const n = number.trim();
  if (n.length > 8) return n.slice(0, 4) + '*'.repeat(n.length - 8) + n.slice(-4);
  if (n.length > 2) return n[0] + '*'.repeat(n.length - 2) + n.slice(-1);
  return '*'.repeat(n.length);
}

/** '13800138000' -> '138****8000'. */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p.length >= 8) return p.slice(0, 3) + '*'.repeat(p.length - 7) + p.slice(-4);
  return maskCertificate(p);
}

/** A visitor's name where it is shown to someone other than the booker (a shared order
 * link): the first character, stars, and the last one for names of three or more. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}
