import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMessage, checkReply, MESSAGE_SERVICE_TYPES, serviceCode } from '../../../src/domain/message.ts';

const ok = { serviceType: 'consult' as const, description: 'When does the dome open?', contactName: '王芳' };

describe('message rules', () => {
  it.each([
    [{ ...ok, serviceType: '' as const }, 'Please choose a service type', '请选择服务类型'],
    [{ ...ok, description: ' \n ' }, 'Message cannot be empty', '留言内容不能为空'],
    [{ ...ok, description: 'abcd' }, 'The message must be 5-500 characters', '留言内容须为5-500个字'],
    [{ ...ok, contactName: ' ' }, 'Contact name cannot be empty', '联系人不能为空'],
    [
      { ...ok, contactName: 'Ann <b>' },
      "Name must be 1-50 characters: letters, Chinese characters, spaces and · . - ' only",
      "姓名须为1-50个字符，只能包含字母、汉字、空格及 · . - '",
    ],
  ])('refuses %o', (form, en, zh) => {
    expect(checkMessage(form)).toEqual({ en, zh });
  });

  it('takes any kind, a description of 5-500 characters (counted as characters, not UTF-16 units) and a name in any script', () => {
    for (const serviceType of MESSAGE_SERVICE_TYPES) expect(checkMessage({ ...ok, serviceType })).toBeNull();
    expect(checkMessage({ ...ok, description: '😀'.repeat(500), contactName: "Anne-Marie O'Neil" })).toBeNull();
    expect(checkMessage({ ...ok, description: '😀'.repeat(501) })?.en).toBe('The message must be 5-500 characters');
  });

  it('a reply needs words and at most 500 characters', () => {
    expect(checkReply('  ')?.en).toBe('Reply cannot be empty');
    expect(checkReply('好'.repeat(500))).toBeNull();
    expect(checkReply('好'.repeat(501))?.zh).toBe('回复内容不能超过500个字');
  });

  it('a service code names its day and message, and two messages never share one', () => {
    expect(serviceCode('2026-11-24', 42)).toBe('LY20261124000042');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 1, max: 999_999 }),
        (a, b) => a === b || serviceCode('2026-11-24', a) !== serviceCode('2026-11-24', b),
      ),
    );
  });
});
