/** Field formats of docs/product.md §5. Each check returns the message to show, or null when the value
 * is fine. Format checks refuse an empty value too (with their own message), so a caller
 * can never let an empty value through by forgetting `required`; an optional field (e-mail
 * at registration) skips its check when empty. */
import { ageOn } from './certificates.ts';
import {
  CODE_MAX_LENGTH,
  FOREIGN_NAME_MAX_LENGTH,
  MINIMUM_ADULT_AGE,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  ORDER_NUMBER_LENGTH,
  TEAM_PASSWORD_MAX_LENGTH,
  TEAM_PASSWORD_MIN_LENGTH,
} from './limits.ts';
import { fill, type Text } from './text.ts';

export const FIELD_MESSAGES = {
  required: { zh: '{label}不能为空', en: '{label} cannot be empty' },
  phone: { zh: '请输入正确的手机号码', en: 'Please enter a correct mobile number' },
  nonNegativeInteger: { zh: '请输入不小于0的整数', en: 'Please enter a whole number, 0 or more' },
  email: { zh: '请输入正确的邮箱地址', en: 'Please enter a correct e-mail address' },
  name: {
    zh: `姓名须为${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH}个汉字（可含间隔号·）`,
    en: `Name must be ${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH} Chinese characters (the middle dot · allowed)`,
  },
  foreignName: {
    zh: `姓名须为1-${FOREIGN_NAME_MAX_LENGTH}个字符，只能包含字母、汉字、空格及 · . - '`,
    en: `Name must be 1-${FOREIGN_NAME_MAX_LENGTH} characters: letters, Chinese characters, spaces and · . - ' only`,
  },
  customName: { zh: '只能输入中文、英文或数字', en: 'Only Chinese, English letters or numbers are allowed' },
  adult: { zh: `年龄不能小于${MINIMUM_ADULT_AGE}岁`, en: `Age must not be under ${MINIMUM_ADULT_AGE}` },
  orderNumber: { zh: '订单号不正确', en: 'Incorrect order number' },
  code: { zh: '请输入正确的验证码', en: 'Please enter a correct verification code' },
  teamPassword: {
    zh: `密码须为${TEAM_PASSWORD_MIN_LENGTH}-${TEAM_PASSWORD_MAX_LENGTH}位，且同时包含字母和数字`,
    en: `Password must be ${TEAM_PASSWORD_MIN_LENGTH}-${TEAM_PASSWORD_MAX_LENGTH} characters with both letters and digits`,
  },
  passwordsMatch: { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  creditCode: { zh: '统一社会信用代码格式不正确', en: 'Please enter a correct unified social credit code' },
} as const satisfies Record<string, Text>;

export const FIELD_LABELS = {
  name: { zh: '姓名', en: 'Name' },
  phone: { zh: '手机号码', en: 'Mobile number' },
  code: { zh: '验证码', en: 'Verification code' },
  certificateNumber: { zh: '证件号码', en: 'ID number' },
  password: { zh: '密码', en: 'Password' },
  email: { zh: '邮箱', en: 'E-mail' },
} as const satisfies Record<string, Text>;

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** "{label} cannot be empty" when nothing was entered (blank strings and empty lists too). */
export function required(label: Text, value: unknown): Text | null {
  return isEmpty(value) ? fill(FIELD_MESSAGES.required, { label }) : null;
}

/** Mainland mobile number: 11 digits starting 13-19. */
export function checkPhone(value: string): Text | null {
  return /^1[3-9]\d{9}$/.test(value.trim()) ? null : FIELD_MESSAGES.phone;
}

export function checkNonNegativeInteger(value: string | number): Text | null {
  const ok = typeof value === 'number' ? Number.isSafeInteger(value) && value >= 0 : /^\d+$/.test(value.trim());
  return ok ? null : FIELD_MESSAGES.nonNegativeInteger;
}

/** A pragmatic e-mail format: local@domain.tld, no spaces, at most 254 characters. */
export function checkEmail(value: string): Text | null {
  const v = value.trim();
  return v.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v) ? null : FIELD_MESSAGES.email;
}

/** Visitor name: 1-15 Chinese characters or the middle dot (as in 阿依古丽·买买提). */
export function checkName(value: string): Text | null {
  const v = value.trim();
  if (v === '') return required(FIELD_LABELS.name, v);
  const chars = [...v];
  const ok = chars.length >= NAME_MIN_LENGTH && chars.length <= NAME_MAX_LENGTH && /^[\p{Script=Han}·]+$/u.test(v);
  return ok ? null : FIELD_MESSAGES.name;
}

/** Not in the SPEC, by our judgement: a passport or foreign permanent residence card holder
 * (certificate type 2) has a name in Latin letters, which the Chinese-only rule would refuse.
 * Letters of any script, spaces and the usual name punctuation, up to 50 characters. */
export function checkForeignName(value: string): Text | null {
  const v = value.trim();
  if (v === '') return required(FIELD_LABELS.name, v);
  const ok = [...v].length <= FOREIGN_NAME_MAX_LENGTH && /^[\p{L}\p{M} ·.'-]+$/u.test(v) && /\p{L}/u.test(v);
  return ok ? null : FIELD_MESSAGES.foreignName;
}

/** The name rule for a visitor's certificate type: Chinese names, except for type 2. */
export function checkVisitorName(value: string, certificateType: string): Text | null {
  return certificateType === '2' ? checkForeignName(value) : checkName(value);
}

/** Free names (group name, contact ...): letters, digits, Chinese characters and spaces. */
export function checkCustomName(value: string): Text | null {
  const v = value.trim();
  return v !== '' && /^[A-Za-z0-9\p{Script=Han} ]+$/u.test(v) ? null : FIELD_MESSAGES.customName;
}

/** At least 18 on the visit date (both 'YYYY-MM-DD'). */
export function checkAdultOn(birthDate: string, visitDate: string): Text | null {
  return ageOn(birthDate, visitDate) >= MINIMUM_ADULT_AGE ? null : FIELD_MESSAGES.adult;
}

/** 23 upper-case letters or digits; lower case typed on a phone keyboard is accepted. */
export function checkOrderNumber(value: string): Text | null {
  const re = new RegExp(`^[A-Z0-9]{${ORDER_NUMBER_LENGTH}}$`);
  return re.test(value.trim().toUpperCase()) ? null : FIELD_MESSAGES.orderNumber;
}

/** SMS verification code: required, digits only, at most 6 of them. */
export function checkCode(value: string): Text | null {
  const v = value.trim();
  if (v === '') return required(FIELD_LABELS.code, v);
  return v.length <= CODE_MAX_LENGTH && /^\d+$/.test(v) ? null : FIELD_MESSAGES.code;
}

/** Team password: 8-16 characters, letters and digits only, at least one of each. */
export function checkTeamPassword(value: string): Text | null {
  const ok =
    value.length >= TEAM_PASSWORD_MIN_LENGTH &&
    value.length <= TEAM_PASSWORD_MAX_LENGTH &&
    /^[A-Za-z0-9]+$/.test(value) &&
    /\d/.test(value) &&
    /[A-Za-z]/.test(value);
  return ok ? null : FIELD_MESSAGES.teamPassword;
}

export function checkPasswordsMatch(password: string, confirmation: string): Text | null {
  return password === confirmation ? null : FIELD_MESSAGES.passwordsMatch;
}

/** GB 32100 character set (no I, O, S, V, Z) and weights of the unified social credit code. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Check character of the first 17 characters; null when one is outside the character set. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CHARS.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * CREDIT_WEIGHTS[i];
  }
  return CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

/** GB 32100's layout: the registering authority and the kind of body (one character each), the
 * region's six-digit administrative code, the organisation code and the check character, all
 * from the code's 31 characters (no I, O, S, V, Z). */
const CREDIT_LAYOUT = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** Unified social credit code: 18 characters in GB 32100's layout, with its check character. */
export function checkCreditCode(value: string): Text | null {
  const v = value.trim().toUpperCase();
  if (!CREDIT_LAYOUT.test(v)) return FIELD_MESSAGES.creditCode;
  return creditCodeCheckChar(v.slice(0, 17)) === v[17] ? null : FIELD_MESSAGES.creditCode;
}
