import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ageOn,
  CERTIFICATE_MESSAGES,
  checkCertificate,
  gb11643CheckChar,
  maskCertificate,
  maskPhone,
  normalizeCertificate,
} from '../../../src/domain/certificates.ts';
import { checkChar, dateBetween, foreignCard, icao, mainlandId, mutateOne, oldForeignCard, residencePermit, TODAY } from './generators.ts';

const ID_FORMAT = { zh: '身份证号码格式错误', en: 'ID card number format is wrong' };
const FORMAT = { zh: '证件号码格式不正确', en: 'ID format is incorrect' };
const FOREIGN = { zh: '外国人永久居留身份证格式错误', en: 'Foreign permanent residence ID format error' };

describe('messages', () => {
  it('carry the SPEC texts in both languages', () => {
    expect(CERTIFICATE_MESSAGES.idCard).toEqual(ID_FORMAT);
    expect(CERTIFICATE_MESSAGES.format).toEqual(FORMAT);
    expect(CERTIFICATE_MESSAGES.foreignPermanent).toEqual(FOREIGN);
  });
});

describe('checkCertificate: examples', () => {
  const withCheck = (first17: string) => first17 + checkChar(first17);
  it.each([
    ['1', '11010519491231002X', '1949-12-31'],
    ['1', '11010519491231002x', '1949-12-31'],
    ['1', '  11010519491231002X ', '1949-12-31'],
    ['1', withCheck('44030820000229123'), '2000-02-29'],
    ['1', withCheck('81000019900101123'), '1990-01-01'],
    ['1', withCheck('83000020260601001'), '2026-06-01'],
    ['2', withCheck('95111119850315001'), '1985-03-15'],
    [
      '2',
      (() => {
        const s = 'USA11019001011';
        return s + icao(s);
      })(),
      '1990-01-01',
    ],
    [
      '2',
      (() => {
        const s = 'GBR11011507201';
        return s + icao(s);
      })(),
      '2015-07-20',
    ],
  ])('type %s %s is valid and born %s', (type, number, birthDate) => {
    expect(checkCertificate(type, number, TODAY)).toEqual({ valid: true, birthDate });
  });

  it.each([
    ['2', 'E12345'],
    ['2', 'e1234567'],
    ['2', 'ABCDE'],
    ['2', 'A1234567890123456'],
    ['2', 'USA110190010110'], // 3 letters + 12 digits with a wrong check digit: still a passport
    ['3', 'H12345678'],
    ['3', 'm12345678'],
    ['3', 'HA1234567'],
    ['3', 'MA1234567'],
    ['4', '12345678'],
    ['5', '1234567'],
  ])('type %s %s is valid without a birth date', (type, number) => {
    expect(checkCertificate(type, number, TODAY)).toEqual({ valid: true });
  });

  it.each([
    ['1', '', ID_FORMAT],
    ['1', '11010519491231002', ID_FORMAT], // 17 characters
    ['1', '110105194912310021', ID_FORMAT], // wrong check digit
    ['1', withCheck('99010519491231002'), ID_FORMAT], // no such province
    ['1', withCheck('10010519491231002'), ID_FORMAT],
    ['1', withCheck('11010519490231002'), ID_FORMAT], // Feb 31
    ['1', withCheck('11010519000229002'), ID_FORMAT], // 1900 is not a leap year
    ['1', withCheck('11010520260602002'), ID_FORMAT], // born tomorrow
    ['1', withCheck('81123419900101123'), ID_FORMAT], // permit region must be 0000
    ['1', '1101051949123100X2', ID_FORMAT],
    ['2', withCheck('95111119850315001').slice(0, 17) + '0', FOREIGN],
    ['2', withCheck('99911119850315001'), FOREIGN], // 99: no such province
    ['2', withCheck('95111119851315001'), FOREIGN], // month 13
    ['2', '9A1111198503150011', FOREIGN],
    ['2', 'E123', FORMAT], // 4 characters
    ['2', 'A12345678901234567', FORMAT], // 18, not starting with 9
    ['2', 'E123-4567', FORMAT],
    ['3', 'H1234567', FORMAT],
    ['3', 'HA12345678', FORMAT],
    ['3', 'X12345678', FORMAT],
    ['4', '1234567', FORMAT],
    ['4', '1234567A', FORMAT],
    ['5', '12345678', FORMAT],
    ['6', '12345678', FORMAT],
    ['', '12345678', FORMAT],
  ])('type %s %s is refused', (type, number, message) => {
    expect(checkCertificate(type, number, TODAY)).toEqual({ valid: false, message });
  });

  it('uses the current date when none is given', () => {
    expect(checkCertificate('1', '11010519491231002X')).toEqual({ valid: true, birthDate: '1949-12-31' });
  });

  it('normalizes by trimming and upper-casing', () => {
    expect(normalizeCertificate('  11010519491231002x ')).toBe('11010519491231002X');
    expect(normalizeCertificate('ha1234567')).toBe('HA1234567');
  });

  it('GB 11643 check char of the standard example', () => {
    expect(gb11643CheckChar('11010519491231002')).toBe('X');
  });
});

describe('checkCertificate: properties', () => {
  const cases = [
    ['mainland ID', '1', mainlandId],
    ['residence permit', '1', residencePermit],
    ['foreign permanent residence card', '2', foreignCard],
    ['older foreign card', '2', oldForeignCard],
  ] as const;

  it.each(cases)('a generated %s passes and gives its birth date', (_, type, arb) => {
    fc.assert(
      fc.property(arb, ({ number, birthDate }) => {
        expect(checkCertificate(type, number, TODAY)).toEqual({ valid: true, birthDate });
        expect(checkCertificate(type, number.toLowerCase(), TODAY)).toEqual({ valid: true, birthDate });
      }),
      { numRuns: 300 },
    );
  });

  // The 18-character numbers: GB 11643's MOD 11-2 catches every single substitution. (The
  // older 15-character card is not listed: any 15 letters/digits are a valid passport.)
  it.each(cases.slice(0, 3))('changing one character of a %s makes it fail', (_, type, arb) => {
    fc.assert(
      fc.property(
        arb.chain(({ number }) => mutateOne(number, '0123456789X')),
        (mutated) => {
          expect(checkCertificate(type, mutated, TODAY).valid).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('an 18-digit foreign card failure under type 2 names the foreign card', () => {
    fc.assert(
      fc.property(
        foreignCard.chain(({ number }) => mutateOne(number.slice(0, 17), '0123456789').map((m) => m + number[17])),
        (mutated) => {
          fc.pre(mutated.startsWith('9'));
          expect(checkCertificate('2', mutated, TODAY)).toEqual({ valid: false, message: FOREIGN });
        },
      ),
    );
  });

  it('a mainland ID born after today fails', () => {
    fc.assert(
      fc.property(fc.constantFrom('11', '44', '65'), dateBetween('2026-06-02', '2099-12-31'), (p, birth) => {
        const first17 = p + '0101' + birth.replaceAll('-', '') + '123';
        expect(checkCertificate('1', first17 + checkChar(first17), TODAY).valid).toBe(false);
      }),
    );
  });
});

describe('ageOn', () => {
  it.each([
    ['2008-06-01', '2026-06-01', 18],
    ['2008-06-02', '2026-06-01', 17],
    ['2008-05-31', '2026-06-01', 18],
    ['2000-02-29', '2026-02-28', 25],
    ['2000-02-29', '2026-03-01', 26],
    ['2000-02-29', '2024-02-29', 24],
    ['2000-02-29', '2024-02-28', 23],
    ['2020-01-01', '2020-01-01', 0],
    ['2019-12-31', '2020-12-30', 0],
  ])('born %s, on %s: %i', (birth, visit, age) => {
    expect(ageOn(birth, visit)).toBe(age);
  });

  it('on a birthday the age is the year difference, the day before one less', () => {
    fc.assert(
      fc.property(dateBetween('1900-01-01', '2030-12-31'), fc.integer({ min: 0, max: 100 }), (birth, years) => {
        const [y, m, d] = birth.split('-');
        if (`${m}-${d}` === '02-29') return; // covered by the leap-day property
        const birthday = `${Number(y) + years}-${m}-${d}`;
        expect(ageOn(birth, birthday)).toBe(years);
        const before = new Date(Date.parse(`${birthday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        if (years > 0) expect(ageOn(birth, before)).toBe(years - 1);
      }),
    );
  });

  it('a Feb 29 birthday is reached on Mar 1 in non-leap years, on Feb 29 in leap years', () => {
    const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    const leapYears = fc.integer({ min: 1904, max: 2096 }).filter(leap);
    fc.assert(
      fc.property(leapYears, fc.integer({ min: 1, max: 100 }), (by, years) => {
        const vy = by + years;
        const birth = `${by}-02-29`;
        expect(ageOn(birth, `${vy}-02-28`)).toBe(years - 1);
        expect(ageOn(birth, `${vy}-03-01`)).toBe(years);
        if (leap(vy)) expect(ageOn(birth, `${vy}-02-29`)).toBe(years);
      }),
    );
  });
});

describe('masking', () => {
  it.each([
    ['11010519491231002X', '1101**********002X'],
    ['E12345678', 'E123*5678'],
    ['12345678', '1******8'],
    ['1234567', '1*****7'],
    ['HA1234567', 'HA12*4567'],
    ['AB', '**'],
    ['', ''],
  ])('maskCertificate(%s) = %s', (input, masked) => {
    expect(maskCertificate(input)).toBe(masked);
  });

  it.each([
    ['13800138000', '138****8000'],
    [' 13800138000 ', '138****8000'],
  ])('maskPhone(%s) = %s', (input, masked) => {
    expect(maskPhone(input)).toBe(masked);
  });

  it('never shows a long number whole and keeps its length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{9,20}$/), (n) => {
        const m = maskCertificate(n);
        expect(m).toHaveLength(n.length);
        expect(m.slice(4, -4)).toMatch(/^\*+$/);
      }),
    );
  });
});

describe('maskName', async () => {
  const { maskName } = await import('../../../src/domain/certificates.ts');
  it.each([
    ['张三', '张*'],
    ['张小明', '张*明'],
    ['欧阳娜娜', '欧**娜'],
    ['Li', 'L*'],
    ['A', 'A'],
  ])('%s -> %s', (name, masked) => expect(maskName(name)).toBe(masked));
});
