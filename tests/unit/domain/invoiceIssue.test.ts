import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { invoiceDocument, invoiceNumberOf, invoiceYuan, issueRefusal, yuanInCapitals, type InvoiceDocumentFacts } from '../../../src/domain/invoiceIssue.ts';

const FACTS: InvoiceDocumentFacts = {
  invoiceNumber: 'FP20300306000012',
  orderNumber: 'P20300306100000ABCDEFGH',
  issueDate: '2030-03-06',
  seller: { zh: '科技馆', en: 'Science and Technology Museum' },
  titleType: 2,
  title: '北京科普之友文化有限公司',
  taxNumber: '91110108MA01ABCDEN',
  addressPhone: null,
  bankAccount: '中国银行 1234',
  amount: 6050,
  content: '门票',
  email: 'a@example.com',
};

/** A reader of capital numerals, written apart from the writer: the amount in fen. */
function readCapitals(text: string): number {
  const digits = '零壹贰叁肆伍陆柒捌玖';
  const units: Record<string, number> = { 拾: 10, 佰: 100, 仟: 1000 };
  const group = (part: string) => {
    let total = 0;
    let digit = 0;
    for (const ch of part) {
      if (digits.includes(ch)) digit = digits.indexOf(ch);
      else {
        total += digit * units[ch];
        digit = 0;
      }
    }
    return total + digit;
  };
  const [yuan, small] = text.includes('元') ? text.split('元') : ['', text];
  const [yi, belowYi] = yuan.includes('亿') ? yuan.split('亿') : ['', yuan];
  const [wan, ones] = belowYi.includes('万') ? belowYi.split('万') : ['', belowYi];
  const coin = (unit: string) => digits.indexOf(new RegExp(`(.)${unit}`).exec(small)?.[1] ?? '零');
  return (group(yi) * 1e8 + group(wan) * 1e4 + group(ones)) * 100 + coin('角') * 10 + coin('分');
}

describe('issueRefusal', () => {
  it('issues a requested invoice with money left; refuses an issued one, or one refunded in full', () => {
    expect(issueRefusal({ state: 'requested', amountLeft: 1 })).toBeNull();
    expect(issueRefusal({ state: 'issued', amountLeft: 3000 })?.en).toBe('This invoice has already been issued');
    expect(issueRefusal({ state: 'requested', amountLeft: 0 })?.zh).toBe('该订单已全额退款，无可开票金额，不能开具');
    expect(issueRefusal({ state: 'requested', amountLeft: -100 })?.en).toMatch(/refunded in full/);
  });
});

describe('the invoice number and money', () => {
  it('numbers by issue date and id', () => {
    expect(invoiceNumberOf(12, '2030-03-06')).toBe('FP20300306000012');
    expect(invoiceNumberOf(1234567, '2030-12-31')).toBe('FP203012311234567');
  });
  it('writes yuan with two decimals, and in capitals', () => {
    expect([0, 5, 3000, 6050, 123456].map(invoiceYuan)).toEqual(['¥0.00', '¥0.05', '¥30.00', '¥60.50', '¥1234.56']);
    expect(
      Object.fromEntries([0, 5, 50, 1000, 3000, 6050, 10050, 100001, 100100, 1000000, 100000100, 1234567890, 10000000000].map((f) => [f, yuanInCapitals(f)])),
    ).toEqual({
      0: '零元整',
      5: '伍分',
      50: '伍角',
      1000: '壹拾元整',
      3000: '叁拾元整',
      6050: '陆拾元伍角',
      10050: '壹佰元伍角',
      100001: '壹仟元零壹分',
      100100: '壹仟零壹元整',
      1000000: '壹万元整',
      100000100: '壹佰万零壹元整',
      1234567890: '壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元玖角',
      10000000000: '壹亿元整',
    });
    // An empty ten-thousands group after 亿 still says its zero.
    expect([10000100000, 10000010000, 10100000000, 10000000001].map(yuanInCapitals)).toEqual([
      '壹亿零壹仟元整',
      '壹亿零壹佰元整',
      '壹亿零壹佰万元整',
      '壹亿元零壹分',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e14 - 1 }), (fen) => {
        expect(readCapitals(yuanInCapitals(fen))).toBe(fen);
      }),
    );
    expect(() => yuanInCapitals(-1)).toThrow(RangeError);
    expect(() => yuanInCapitals(1.5)).toThrow(RangeError);
  });
});

describe('invoiceDocument', () => {
  it("a company invoice: every docs/product.md §3 field, the number, order, date and seller, in the invoice's order", () => {
    const doc = invoiceDocument(FACTS);
    expect(doc.documentTitle).toBe('电子发票 FP20300306000012');
    expect(doc.lines.map((l) => [l.label, l.value])).toEqual([
      ['发票号码 Invoice number', 'FP20300306000012'],
      ['开票日期 Issue date', '2030-03-06'],
      ['销售方 Seller', '科技馆 Science and Technology Museum'],
      ['订单号 Order number', 'P20300306100000ABCDEFGH'],
      ['抬头类型 Title type', '单位 Company'],
      ['发票抬头 Invoice title', '北京科普之友文化有限公司'],
      ['税号 Tax number', '91110108MA01ABCDEN'],
      ['地址电话 Address and phone', '—'],
      ['开户行及账号 Bank and account', '中国银行 1234'],
      ['发票内容 Invoice content', '门票'],
      ['金额 Amount', '¥60.50'],
      ['金额（大写） Amount in words', '陆拾元伍角'],
      ['电子邮箱 E-mail', 'a@example.com'],
    ]);
  });
  it('a personal invoice has no tax number line', () => {
    const doc = invoiceDocument({ ...FACTS, titleType: 1, title: '张三', taxNumber: null });
    expect(doc.lines.find((l) => l.label.startsWith('税号'))).toBeUndefined();
    expect(doc.lines.find((l) => l.label.startsWith('抬头类型'))?.value).toBe('个人 Personal');
  });
});
