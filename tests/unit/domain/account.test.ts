import { describe, expect, it } from 'vitest';
import { cancelRefusal, checkBindEmail, type CancelConsequences } from '../../../src/domain/account.ts';
import { contactFormPath } from '../../../src/domain/paths.ts';

const NOTHING: CancelConsequences = {
  upcomingTickets: 0,
  standingBy: 0,
  unpaidOrders: 0,
  cartHeld: 0,
  contacts: 0,
  messages: 0,
  keptOrders: 0,
  blockedUntil: null,
};

describe('account cancellation', () => {
  it('is refused while money sits in tickets to come or a waiting list, in zh and en', () => {
    expect(cancelRefusal({ ...NOTHING, unpaidOrders: 2, cartHeld: 3, contacts: 9, keptOrders: 5 })).toBeNull();
    expect(cancelRefusal({ ...NOTHING, upcomingTickets: 3 })).toEqual({
      zh: '您有3张未使用的已支付门票，请先退票后再注销账户',
      en: 'You have 3 paid ticket(s) not yet used: refund them before cancelling the account',
    });
    expect(cancelRefusal({ ...NOTHING, blockedUntil: '2030-09-03' })?.zh).toBe('您的账户因多次预约未到馆被限制预约至2030-09-03，期间不能注销');
    expect(cancelRefusal({ ...NOTHING, standingBy: 1 })?.en).toBe('You have 1 waiting-list order(s) standing by: cancel them before cancelling the account');
  });
});

describe('e-mail', () => {
  it('is required, then checked for its format', () => {
    expect(checkBindEmail(' ')).toEqual({ zh: '邮箱不能为空', en: 'E-mail cannot be empty' });
    expect(checkBindEmail('li@example')?.en).toBe('Please enter a correct e-mail address');
    expect(checkBindEmail(' li.ming@example.com ')).toBeNull();
  });
});

describe('a frequent visitor form path', () => {
  it("is a visitor's add path or the id in the path, a team's one path with ?id=", () => {
    expect(contactFormPath('individual', null)).toBe('/individualCustomers/personalCenter/addAudienceInformation');
    expect(contactFormPath('individual', 7)).toBe('/individualCustomers/personalCenter/editAudienceInformation/7');
    expect(contactFormPath('team', null)).toBe('/team/personalCenter/editAudienceInformation');
    expect(contactFormPath('team', 7)).toBe('/team/personalCenter/editAudienceInformation?id=7');
  });
});
