/** Frequent visitors (personalCenter/topContacts): the logged-in account's own, whichever kind. */
import type { z } from 'zod';
import type { ContactForm } from '../domain/contacts.ts';
import type { contactBody } from '../domain/contracts.ts';
import type { Contact } from '../domain/types.ts';
import { call } from './client.ts';

export const getContacts = () => call<Contact[]>('/system/topContacts');

export const getContact = (contactId: number) => call<Contact>(`/system/topContacts/${contactId}`, { silent: true });

/** Adds one (contactId null) or changes one. */
export const saveContact = (contactId: number | null, form: ContactForm) =>
  call<Contact>(contactId === null ? '/system/topContacts' : `/system/topContacts/${contactId}`, {
    method: 'post',
    json: form satisfies z.input<typeof contactBody>,
    silent: true,
  });

export const deleteContact = (contactId: number) => call<null>(`/system/topContacts/${contactId}`, { method: 'delete', silent: true });
