import { describe, expect, it } from 'vitest';
import { INDIVIDUAL_PATHS, pathTo } from '../../../src/domain/paths.ts';

describe('pathTo', () => {
  it('fills the parameters and encodes them', () => {
    expect(pathTo(INDIVIDUAL_PATHS.payOrder, { id: 42 })).toBe('/individualCustomers/order/payOrder/42');
    expect(pathTo('/repOrder/:flag', { flag: 'a/b c' })).toBe('/repOrder/a%2Fb%20c');
  });

  it('adds a query without empty values', () => {
    expect(pathTo(INDIVIDUAL_PATHS.selectVenues, {}, { date: '2026-12-01' })).toBe('/individualCustomers/select/selectVenues?date=2026-12-01');
    expect(pathTo(INDIVIDUAL_PATHS.selectVenues, {}, { date: null })).toBe('/individualCustomers/select/selectVenues');
    expect(pathTo(INDIVIDUAL_PATHS.login, {}, { redirect: '/individualCustomers/order/paySuccess/7?x=1' })).toBe(
      '/individualCustomers/login?redirect=%2FindividualCustomers%2Forder%2FpaySuccess%2F7%3Fx%3D1',
    );
  });
});

// Checked by the type checker (npm run typecheck): a path's parameters are required, by name.
export function typeChecks() {
  // @ts-expect-error the order id is missing
  pathTo(INDIVIDUAL_PATHS.payOrder);
  // @ts-expect-error `orderId` is not a parameter of payOrder/:id
  pathTo(INDIVIDUAL_PATHS.payOrder, { orderId: 1 });
}
