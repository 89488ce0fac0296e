/** A visitor's own account (personalCenter): her info, phone, e-mail and the cancellation. */
import type { z } from 'zod';
import type { CancelConsequences } from '../domain/account.ts';
import type { emailBody, phoneCodeBody } from '../domain/contracts.ts';
import type { PhoneChange } from '../domain/team.ts';
import type { AccountCancelled, User } from '../domain/types.ts';
import { call } from './client.ts';

export const getMe = () => call<{ user: User }>('/getUserInfoToIndividual').then((d) => d.user);

export const changePhoneNumber = (f: PhoneChange) =>
  call<null>('/system/user/changePhoneNumber', {
    method: 'post',
    json: { phone: f.phone, code: f.code } satisfies z.input<typeof phoneCodeBody>,
    silent: true,
  });

export const bindEmail = (email: string) =>
  call<null>('/system/user/bindUserEmail', { method: 'post', json: { email } satisfies z.input<typeof emailBody>, silent: true });

export const unbindEmail = () => call<null>('/system/user/unBindUserEmail', { silent: true });

/** What cancelling the account now would do. */
export const getCancelConsequences = () => call<CancelConsequences>('/cancelCustomerAccount');

/** Cancels the account: her own phone and the code sent to it. */
export const cancelAccount = (f: PhoneChange) =>
  call<AccountCancelled>('/cancelCustomerAccount', {
    method: 'post',
    json: { phone: f.phone, code: f.code } satisfies z.input<typeof phoneCodeBody>,
    silent: true,
  });
