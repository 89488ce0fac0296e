import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  checkAdultOn,
  checkCode,
  checkCreditCode,
  checkCustomName,
  checkEmail,
  checkForeignName,
  checkName,
  checkNonNegativeInteger,
  checkOrderNumber,
  checkPasswordsMatch,
  checkPhone,
  checkTeamPassword,
  checkVisitorName,
  creditCodeCheckChar,
  required,
} from '../../../src/domain/fields.ts';
import * as limits from '../../../src/domain/limits.ts';

const M = {
  phone: { zh: '请输入正确的手机号码', en: 'Please enter a correct mobile number' },
  integer: { zh: '请输入不小于0的整数', en: 'Please enter a whole number, 0 or more' },
  email: { zh: '请输入正确的邮箱地址', en: 'Please enter a correct e-mail address' },
  name: { zh: '姓名须为1-15个汉字（可含间隔号·）', en: 'Name must be 1-15 Chinese characters (the middle dot · allowed)' },
  nameEmpty: { zh: '姓名不能为空', en: 'Name cannot be empty' },
  foreignName: {
    zh: "姓名须为1-50个字符，只能包含字母、汉字、空格及 · . - '",
    en: "Name must be 1-50 characters: letters, Chinese characters, spaces and · . - ' only",
  },
  custom: { zh: '只能输入中文、英文或数字', en: 'Only Chinese, English letters or numbers are allowed' },
  adult: { zh: '年龄不能小于18岁', en: 'Age must not be under 18' },
  order: { zh: '订单号不正确', en: 'Incorrect order number' },
  codeEmpty: { zh: '验证码不能为空', en: 'Verification code cannot be empty' },
  code: { zh: '请输入正确的验证码', en: 'Please enter a correct verification code' },
  password: { zh: '密码须为8-16位，且同时包含字母和数字', en: 'Password must be 8-16 characters with both letters and digits' },
  match: { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  credit: { zh: '统一社会信用代码格式不正确', en: 'Please enter a correct unified social credit code' },
};

describe('required', () => {
  const label = { zh: '联系人', en: 'Contact person' };
  const message = { zh: '联系人不能为空', en: 'Contact person cannot be empty' };
  it.each([[''], ['   '], [null], [undefined], [[]]])('%j is empty', (value) => {
    expect(required(label, value)).toEqual(message);
  });
  it.each([['a'], [0], [false], [['x']]])('%j is present', (value) => {
    expect(required(label, value)).toBeNull();
  });
});

type Case = [string, { zh: string; en: string } | null];
const table = (name: string, fn: (v: string) => unknown, cases: Case[]) =>
  describe(name, () => {
    it.each(cases)('%j -> %j', (value, message) => {
      expect(fn(value)).toEqual(message);
    });
  });

table('checkPhone', checkPhone, [
  ['13800138000', null],
  ['19912345678', null],
  [' 15012345678 ', null],
  ['12800138000', M.phone],
  ['23800138000', M.phone],
  ['1380013800', M.phone],
  ['138001380000', M.phone],
  ['1380013800a', M.phone],
  ['', M.phone],
]);

table('checkNonNegativeInteger (strings)', checkNonNegativeInteger, [
  ['0', null],
  ['42', null],
  ['-1', M.integer],
  ['1.5', M.integer],
  ['abc', M.integer],
  ['', M.integer],
]);
describe('checkNonNegativeInteger (numbers)', () => {
  it.each([
    [0, null],
    [7, null],
    [-1, M.integer],
    [2.5, M.integer],
    [NaN, M.integer],
    [Infinity, M.integer],
  ])('%d -> %j', (value, message) => expect(checkNonNegativeInteger(value)).toEqual(message));
});

table('checkEmail', checkEmail, [
  ['a@b.cn', null],
  ['first.last+tag@museum.example.org', null],
  ['', M.email],
  ['a@b', M.email],
  ['a b@c.cn', M.email],
  ['a@@b.cn', M.email],
  ['@b.cn', M.email],
  ['a@b..cn', M.email],
]);

table('checkName', checkName, [
  ['张三', null],
  ['阿依古丽·买买提', null],
  ['王', null],
  ['一二三四五六七八九十一二三四五', null],
  ['一二三四五六七八九十一二三四五六', M.name],
  ['', M.nameEmpty],
  ['  ', M.nameEmpty],
  ['Tom', M.name],
  ['张三1', M.name],
  ['张 三', M.name],
]);

table('checkForeignName', checkForeignName, [
  ['John Smith', null],
  ["Anne-Marie O'Neil", null],
  ['José Núñez', null],
  ['A'.repeat(50), null],
  ['A'.repeat(51), M.foreignName],
  ['John2', M.foreignName],
  ['...', M.foreignName],
  ['', M.nameEmpty],
]);

describe('checkVisitorName', () => {
  it('uses the Chinese rule except for type 2', () => {
    expect(checkVisitorName('John Smith', '1')).toEqual(M.name);
    expect(checkVisitorName('John Smith', '2')).toBeNull();
    expect(checkVisitorName('张三', '2')).toBeNull();
  });
});

table('checkCustomName', checkCustomName, [
  ['Science Club 2', null],
  ['北京一中', null],
  ['北京一中 Class 3', null],
  ['', M.custom],
  ['a-b', M.custom],
  ['名字!', M.custom],
]);

describe('checkAdultOn', () => {
  it.each([
    ['2008-06-01', '2026-06-01', null],
    ['2008-06-02', '2026-06-01', M.adult],
    ['1950-01-01', '2026-06-01', null],
    ['2008-02-29', '2026-02-28', M.adult],
    ['2008-02-29', '2026-03-01', null],
  ])('born %s, visiting %s', (birth, visit, message) => {
    expect(checkAdultOn(birth, visit)).toEqual(message);
  });
});

table('checkOrderNumber', checkOrderNumber, [
  ['ABCDEFGHIJ1234567890XYZ', null],
  ['abcdefghij1234567890xyz', null],
  ['ABCDEFGHIJ1234567890XY', M.order],
  ['ABCDEFGHIJ1234567890XYZ1', M.order],
  ['ABCDEFGHIJ-234567890XYZ', M.order],
  ['', M.order],
]);

table('checkCode', checkCode, [
  ['123456', null],
  ['1234', null],
  ['', M.codeEmpty],
  ['1234567', M.code],
  ['12a456', M.code],
]);

table('checkTeamPassword', checkTeamPassword, [
  ['abc12345', null],
  ['A1b2C3d4E5f6G7h8', null],
  ['abc1234', M.password],
  ['A1b2C3d4E5f6G7h8i', M.password],
  ['abcdefgh', M.password],
  ['12345678', M.password],
  ['abc 12345', M.password],
  ['abc12345!', M.password],
  ['', M.password],
]);

describe('checkPasswordsMatch', () => {
  it('refuses different passwords', () => {
    expect(checkPasswordsMatch('abc12345', 'abc12345')).toBeNull();
    expect(checkPasswordsMatch('abc12345', 'abc12346')).toEqual(M.match);
  });
});

describe('checkCreditCode', () => {
  it.each([
    ['91350100M000100Y43', null],
    ['91110000600037341L', null],
    ['91110000600037341l', null],
    ['91110000600037341M', M.credit],
    ['91110000600037341', M.credit],
    ['9111000060003734IL', M.credit],
    // A valid check character, but letters where the region's digits belong.
    ['7153W1028W8DFAB0B5', M.credit],
    ['', M.credit],
  ])('%s -> %j', (value, message) => expect(checkCreditCode(value)).toEqual(message));

  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const some = (from: string, n: number) => fc.array(fc.constantFrom(...from), { minLength: n, maxLength: n }).map((a) => a.join(''));
  const code = fc
    .tuple(some(chars, 2), some('0123456789', 6), some(chars, 9))
    .map((parts) => parts.join(''))
    .map((first17) => first17 + creditCodeCheckChar(first17)!);

  it('generated codes pass, one changed character fails', () => {
    fc.assert(
      fc.property(code, fc.integer({ min: 0, max: 17 }), fc.constantFrom(...chars), (c, i, ch) => {
        expect(checkCreditCode(c)).toBeNull();
        fc.pre(c[i] !== ch);
        expect(checkCreditCode(c.slice(0, i) + ch + c.slice(i + 1))).toEqual(M.credit);
      }),
    );
  });
});

describe('limits of docs/product.md §9', () => {
  it('hold the specified values', () => {
    expect(limits).toMatchObject({
      REQUEST_TIMEOUT_MS: 20000,
      CHUNK_LOAD_TIMEOUT_MS: 120000,
      TOAST_DURATION_MS: 5000,
      CODE_COUNTDOWN_SECONDS: 60,
      FOOTER_SHRINK_PX: 250,
      NAME_MAX_LENGTH: 15,
      ORDER_NUMBER_LENGTH: 23,
      CODE_MAX_LENGTH: 6,
      MINIMUM_ADULT_AGE: 18,
      IMAGE_MAX_BYTES: 10 * 1024 * 1024,
      IMAGE_SCALED_WIDTH_PX: 2000,
      IMAGE_SCALE_QUALITY: 0.8,
      FACE_MIN_WIDTH_PX: 200,
      FACE_MIN_HEIGHT_PX: 200,
      TEAM_PASSWORD_MIN_LENGTH: 8,
      TEAM_PASSWORD_MAX_LENGTH: 16,
      VISITORS_PER_ORDER_INDIVIDUAL: 4,
      HOLD_SLACK_MS: 2000,
      GROUP_MIN_SIZE: 16,
      STUDENTS_PER_FREE_TEACHER: 15,
      PLATFORM: 2,
      CHANNEL: 'h5',
      SALE_MODE: 1,
      TICKET_USE_TYPE: 1,
      PERSON_TYPE: 1,
    });
  });
});
