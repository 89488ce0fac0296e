import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isOurAppPath } from '../../../src/domain/wechatLogin.ts';

describe('isOurAppPath: where the chat app OAuth may bring a visitor back', () => {
  it('takes the paths of the visitor area', () => {
    for (const path of [
      '/individualCustomers',
      '/individualCustomers/order/orderRecord',
      '/individualCustomers/select/selectVenues?date=2030-03-06',
      '/individualCustomers/wxLoginConfirm?scan=abc',
    ]) {
      expect(isOurAppPath(path), path).toBe(true);
    }
  });

  it('refuses other sites, other areas and the tricks that reach them', () => {
    for (const path of [
      '',
      'https://evil.example/',
      '//evil.example/individualCustomers',
      '/\\evil.example',
      '/team/select/selectDate',
      '/staff',
      '/individualCustomersX/a',
      '/individualCustomers/a?to=https://evil.example',
      '/individualCustomers//evil.example',
      '/individualCustomers/%2F%2Fevil.example',
      '/individualCustomers/a b',
      'javascript:alert(1)',
    ]) {
      expect(isOurAppPath(path), path).toBe(false);
    }
  });

  it('never takes a value with a scheme or a host (any string)', () => {
    fc.assert(
      fc.property(fc.string(), fc.webUrl(), (tail, url) => {
        expect(isOurAppPath(url)).toBe(false);
        if (isOurAppPath(`/individualCustomers/${tail}`)) expect(`/individualCustomers/${tail}`).not.toMatch(/\/\/|:\/\/|\\/);
      }),
    );
  });
});
