import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '../../../src/domain/fields.ts';
import { checkInvoice, EMPTY_INVOICE_DRAFT, INVOICE_MAX_LENGTH, INVOICE_RULES, invoiceRequestOf, violationsByField } from '../../../src/domain/invoice.ts';
import type { InvoiceRequest } from '../../../src/domain/types.ts';

const first17 = '91110108MA01ABCDE';
const CREDIT_CODE = first17 + creditCodeCheckChar(first17);
const WRONG_CODE = first17 + (CREDIT_CODE[17] === '0' ? '1' : '0');

const personal = (over: Partial<InvoiceRequest> = {}): InvoiceRequest => ({
  orderId: 1,
  titleType: 1,
  title: '张三',
  email: 'zhang@example.com',
  ...over,
});
const company = (over: Partial<InvoiceRequest> = {}): InvoiceRequest =>
  personal({ titleType: 2, title: '北京某某科技有限公司', taxNumber: CREDIT_CODE, ...over });

describe('checkInvoice', () => {
  it('a personal and a complete company request pass', () => {
    expect(checkInvoice(personal())).toEqual([]);
    expect(
      checkInvoice(
        company({
          addressPhone: '北京市朝阳区北辰东路5号 010-59041000',
          bankAccount: '中国银行北京分行 1234 5678 9012',
          content: '门票',
          taxNumber: CREDIT_CODE.toLowerCase(),
        }),
      ),
    ).toEqual([]);
    expect(checkInvoice(personal({ addressPhone: 'x'.repeat(100), bankAccount: '行'.repeat(100), content: '票'.repeat(50) }))).toEqual([]);
  });

  it.each([
    ['an empty title', personal({ title: '  ' }), INVOICE_RULES.titleRequired, 'title', { zh: '发票抬头不能为空', en: 'Invoice title cannot be empty' }],
    [
      'too long a title',
      personal({ title: '字'.repeat(101) }),
      INVOICE_RULES.titleTooLong,
      'title',
      { zh: '发票抬头不能超过100个字', en: 'Invoice title can be at most 100 characters' },
    ],
    [
      'an unknown title type',
      personal({ titleType: 3 as never }),
      INVOICE_RULES.titleType,
      'titleType',
      { zh: '请选择个人或单位抬头', en: 'Please choose a personal or a company title' },
    ],
    [
      'a company without a tax number',
      company({ taxNumber: undefined }),
      INVOICE_RULES.taxNumberRequired,
      'taxNumber',
      { zh: '税号不能为空', en: 'Tax number cannot be empty' },
    ],
    [
      'a company with a blank tax number',
      company({ taxNumber: ' ' }),
      INVOICE_RULES.taxNumberRequired,
      'taxNumber',
      { zh: '税号不能为空', en: 'Tax number cannot be empty' },
    ],
    [
      'a wrong check character',
      company({ taxNumber: WRONG_CODE }),
      INVOICE_RULES.taxNumberFormat,
      'taxNumber',
      { zh: '统一社会信用代码格式不正确', en: 'Please enter a correct unified social credit code' },
    ],
    [
      'a short tax number',
      company({ taxNumber: '12345' }),
      INVOICE_RULES.taxNumberFormat,
      'taxNumber',
      { zh: '统一社会信用代码格式不正确', en: 'Please enter a correct unified social credit code' },
    ],
    [
      'a personal title with a tax number',
      personal({ taxNumber: CREDIT_CODE }),
      INVOICE_RULES.taxNumberPersonal,
      'taxNumber',
      { zh: '个人抬头无需填写税号', en: 'A personal title has no tax number' },
    ],
    ['no e-mail', personal({ email: '' }), INVOICE_RULES.emailRequired, 'email', { zh: '电子邮箱不能为空', en: 'E-mail cannot be empty' }],
    [
      'a wrong e-mail',
      personal({ email: 'zhang@example' }),
      INVOICE_RULES.emailFormat,
      'email',
      { zh: '请输入正确的邮箱地址', en: 'Please enter a correct e-mail address' },
    ],
    [
      'too long an address and phone',
      personal({ addressPhone: 'a'.repeat(101) }),
      INVOICE_RULES.addressPhoneTooLong,
      'addressPhone',
      { zh: '地址电话不能超过100个字', en: 'Address and phone can be at most 100 characters' },
    ],
    [
      'too long a bank and account',
      personal({ bankAccount: '行'.repeat(101) }),
      INVOICE_RULES.bankAccountTooLong,
      'bankAccount',
      { zh: '开户行及账号不能超过100个字', en: 'Bank and account can be at most 100 characters' },
    ],
    [
      'too long a content',
      personal({ content: '票'.repeat(51) }),
      INVOICE_RULES.contentTooLong,
      'content',
      { zh: '发票内容不能超过50个字', en: 'Invoice content can be at most 50 characters' },
    ],
  ] as const)('%s', (_, request, rule, field, message) => {
    expect(checkInvoice(request)).toEqual([{ rule, field, message }]);
  });

  it('reports every broken rule, in form order, and one per field for the form', () => {
    const list = checkInvoice(company({ title: '', taxNumber: '', content: '票'.repeat(51), email: 'nope' }));
    expect(list.map((v) => v.rule)).toEqual([
      INVOICE_RULES.titleRequired,
      INVOICE_RULES.taxNumberRequired,
      INVOICE_RULES.contentTooLong,
      INVOICE_RULES.emailFormat,
    ]);
    expect(Object.keys(violationsByField(list))).toEqual(['title', 'taxNumber', 'content', 'email']);
  });

  it('counts characters, not UTF-16 units, and ignores surrounding spaces', () => {
    expect(checkInvoice(personal({ content: `  ${'𠮷'.repeat(INVOICE_MAX_LENGTH.content)}  ` }))).toEqual([]);
  });

  it("a company tax number passes exactly when the region's six digits and its check character are right", () => {
    const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { minLength: 18, maxLength: 18 }), (list) => {
        const code = list.join('');
        const right = /^.{2}\d{6}/.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
        expect(checkInvoice(company({ taxNumber: code })).length === 0).toBe(right);
      }),
    );
  });
});

describe('invoiceRequestOf', () => {
  it('trims, leaves empty optional fields out and sends a tax number only for a company', () => {
    const draft = { ...EMPTY_INVOICE_DRAFT, title: ' 张三 ', taxNumber: CREDIT_CODE.toLowerCase(), email: ' a@b.cn ', content: ' ' };
    expect(invoiceRequestOf(7, draft)).toEqual({ orderId: 7, titleType: 1, title: '张三', email: 'a@b.cn' });
    expect(invoiceRequestOf(7, { ...draft, titleType: 2, addressPhone: ' 北京 010 ' })).toEqual({
      orderId: 7,
      titleType: 2,
      title: '张三',
      email: 'a@b.cn',
      taxNumber: CREDIT_CODE,
      addressPhone: '北京 010',
    });
  });
});
