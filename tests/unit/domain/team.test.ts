import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '../../../src/domain/fields.ts';
import { checkTeamRegistration, teamRunTimeStatus, type TeamRegistration } from '../../../src/domain/team.ts';

const first17 = '91110000MA0000001';
const form: TeamRegistration = {
  teamName: '科技实验小学',
  teamType: 2,
  contactName: '王老师',
  contactPhone: '13900139000',
  code: '123456',
  creditCode: first17 + creditCodeCheckChar(first17),
  address: '科技路1号',
  password: 'School2026',
  confirmPassword: 'School2026',
  creditUpload: 'u1',
  agreementUploads: [],
  letterUpload: 'u2',
};

describe('checkTeamRegistration', () => {
  it('passes a complete school form', () => {
    expect(checkTeamRegistration(form)).toEqual([]);
  });

  it('names each refused field, in the form order', () => {
    const errors = checkTeamRegistration({ ...form, teamName: '', creditCode: `${first17}0`, email: 'no-at', confirmPassword: 'x', letterUpload: '' });
    expect(errors.map((e) => e.field)).toEqual(['teamName', 'creditCode', 'email', 'confirmPassword', 'letterUpload']);
    expect(errors[0].message.en).toBe('Group name cannot be empty');
    expect(errors[3].message.zh).toBe('两次输入的密码不一致');
  });

  it('asks a travel agency for both parts of its agreement', () => {
    expect(checkTeamRegistration({ ...form, teamType: 4, agreementUploads: ['a'] }).map((e) => e.field)).toEqual(['agreementUploads']);
    expect(checkTeamRegistration({ ...form, teamType: 5, agreementUploads: ['a', 'b'] })).toEqual([]);
  });
});

describe('teamRunTimeStatus', () => {
  it('is valid through the expiry date, and warns from 7 days before', () => {
    expect(teamRunTimeStatus('2030-03-20', null, '2030-03-05')).toEqual({
      creditStatus: 1,
      protocolStatus: 1,
      creditWillExpireFlag: false,
      protocolWillExpireFlag: false,
    });
    expect(teamRunTimeStatus('2030-03-12', '2030-03-10', '2030-03-05')).toMatchObject({ creditWillExpireFlag: true, protocolWillExpireFlag: true });
    expect(teamRunTimeStatus('2030-03-05', null, '2030-03-05')).toMatchObject({ creditStatus: 1, creditWillExpireFlag: true });
    expect(teamRunTimeStatus('2030-03-04', '2030-03-01', '2030-03-05')).toEqual({
      creditStatus: 0,
      protocolStatus: 0,
      creditWillExpireFlag: false,
      protocolWillExpireFlag: false,
    });
  });
});
