import { describe, expect, it } from 'vitest';
import { guard } from '../../../src/app/guard.ts';
import { AREA_START, safeRedirect } from '../../../src/domain/areas.ts';

const base = { search: '', kind: 'individual' as const, loggedIn: false };

describe('route guard (docs/product.md §2, §6)', () => {
  it('lets a shared order link through with no checks', () => {
    expect(guard({ ...base, pathname: '/repOrder/abc', search: '?errorMsg=x' })).toEqual({ pass: true });
  });

  it('opens the no-login pages to anyone', () => {
    for (const pathname of ['/', '/404', '/individualCustomers/select/selectDate', '/individualCustomers/login', '/individualCustomers/order/paySuccess/12']) {
      expect(guard({ ...base, pathname })).toEqual({ pass: true });
    }
  });

  it('sends an anonymous visitor to the login of the area, with the path to come back to', () => {
    expect(guard({ ...base, pathname: '/individualCustomers/select/selectVenues', search: '?date=2026-11-24' })).toEqual({
      pass: false,
      to: '/individualCustomers/login?redirect=%2FindividualCustomers%2Fselect%2FselectVenues%3Fdate%3D2026-11-24',
    });
    expect(guard({ ...base, pathname: '/team/order/orderRecord' })).toEqual({
      pass: false,
      to: '/team/login?redirect=%2Fteam%2Forder%2ForderRecord',
    });
  });

  it('opens group registration to anyone, and the team start only after the team login', () => {
    expect(guard({ ...base, kind: 'team', pathname: '/team/register' })).toEqual({ pass: true });
    expect(guard({ ...base, kind: 'team', pathname: '/team/select/selectDate' })).toEqual({
      pass: false,
      to: '/team/login?redirect=%2Fteam%2Fselect%2FselectDate',
    });
  });

  it('leaves the staff console to its own token: no area login, no prefix, 404 for the unknown', () => {
    for (const pathname of ['/staff', '/staff/login', '/staff/teams', '/staff/teams/12']) expect(guard({ ...base, pathname })).toEqual({ pass: true });
    expect(guard({ ...base, pathname: '/staff/secrets' })).toEqual({ pass: false, to: '/404' });
  });

  it('shows 404 for a path no screen has, to a stranger and to a logged-in visitor alike', () => {
    for (const loggedIn of [false, true]) {
      for (const pathname of ['/individualCustomers/select/selectDatee', '/individualCustomers/order/orderDetail', '/individualCustomers/nothing/here']) {
        expect(guard({ ...base, loggedIn, pathname })).toEqual({ pass: false, to: '/404' });
      }
    }
    // A path of no area is first put in the visitor's area, then judged there.
    expect(guard({ ...base, pathname: '/nothing' })).toEqual({ pass: false, to: '/individualCustomers/nothing' });
    expect(guard({ ...base, pathname: '/individualCustomers/nothing' })).toEqual({ pass: false, to: '/404' });
  });

  it('lets a logged-in visitor in', () => {
    expect(guard({ ...base, loggedIn: true, pathname: '/individualCustomers/order/orderRecord' })).toEqual({ pass: true });
  });

  it("rewrites a path without an area to the current kind's prefix", () => {
    expect(guard({ ...base, pathname: '/select/selectDate' })).toEqual({ pass: false, to: '/individualCustomers/select/selectDate' });
    expect(guard({ ...base, kind: 'team', pathname: '/order/orderRecord', search: '?a=1' })).toEqual({
      pass: false,
      to: '/team/order/orderRecord?a=1',
    });
  });

  it('opens the start page of an area at its bare prefix', () => {
    expect(guard({ ...base, pathname: '/individualCustomers' })).toEqual({ pass: false, to: AREA_START.individual });
  });

  it('sends a login error back to the individual start', () => {
    expect(guard({ ...base, pathname: '/individualCustomers/login', search: '?errorMsg=denied' })).toEqual({
      pass: false,
      to: '/individualCustomers',
    });
  });
});

describe('redirect query (docs/architecture.md §8)', () => {
  it('keeps a path inside the app', () => {
    expect(safeRedirect('/individualCustomers/select/selectVenues?date=2026-11-24', 'individual')).toBe(
      '/individualCustomers/select/selectVenues?date=2026-11-24',
    );
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null, '/a b'])(
    'refuses %s and goes to the area start',
    (value) => {
      expect(safeRedirect(value, 'individual')).toBe(AREA_START.individual);
    },
  );
});

describe('forced phone binding (docs/product.md §1)', () => {
  const unbound = { ...base, loggedIn: true, mustBind: true };
  it('sends a logged-in visitor without a phone to the bind screen from any screen that needs a login, with the way back', () => {
    for (const pathname of [
      '/individualCustomers/order/orderRecord',
      '/individualCustomers/personalCenter/personHome',
      '/individualCustomers/wxLoginConfirm',
    ]) {
      expect(guard({ ...unbound, pathname, search: '?x=1' })).toEqual({
        pass: false,
        to: `/individualCustomers/bindPhone?redirect=${encodeURIComponent(`${pathname}?x=1`)}`,
      });
    }
    expect(guard({ ...unbound, pathname: '/individualCustomers/bindPhone' })).toEqual({ pass: true });
  });

  it('leaves the screens without login open, and a visitor with a phone (or a team) alone', () => {
    for (const pathname of [
      '/individualCustomers/select/selectDate',
      '/individualCustomers/login',
      '/individualCustomers/wxLogin',
      '/individualCustomers/notice',
    ]) {
      expect(guard({ ...unbound, pathname })).toEqual({ pass: true });
    }
    expect(guard({ ...unbound, mustBind: false, pathname: '/individualCustomers/order/orderRecord' })).toEqual({ pass: true });
    expect(guard({ ...unbound, kind: 'team', pathname: '/team/order/orderRecord' })).toEqual({ pass: true });
  });

  it('sends an anonymous visitor of the bind or confirm screen to the login first', () => {
    expect(guard({ ...base, pathname: '/individualCustomers/wxLoginConfirm', search: '?scan=abc' })).toEqual({
      pass: false,
      to: '/individualCustomers/login?redirect=%2FindividualCustomers%2FwxLoginConfirm%3Fscan%3Dabc',
    });
  });
});
