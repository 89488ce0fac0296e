import { describe, expect, it } from 'vitest';
import { gb11643CheckChar } from '../../../src/domain/certificates.ts';
import { checkContact, type ContactForm } from '../../../src/domain/contacts.ts';

const id = (first17: string) => first17 + gb11643CheckChar(first17);
const person: ContactForm = { name: '张老师', certificateType: '1', certificateNumber: id('11010119850302001'), phone: '' };

describe('checkContact', () => {
  it('takes a valid person with or without a mobile', () => {
    expect(checkContact(person, '2026-11-24')).toBeNull();
    expect(checkContact({ ...person, phone: '13900001234' }, '2026-11-24')).toBeNull();
  });

  it('names the first refused field: name, then certificate, then mobile', () => {
    expect(checkContact({ ...person, name: '', certificateNumber: '' }, '2026-11-24')?.en).toMatch(/^Name/);
    expect(checkContact({ ...person, certificateNumber: ' ' }, '2026-11-24')?.en).toBe('ID number cannot be empty');
    expect(checkContact({ ...person, certificateNumber: '110101198503020010' }, '2026-11-24')?.en).toBe('ID card number format is wrong');
    expect(checkContact({ ...person, phone: '1390000' }, '2026-11-24')?.en).toBe('Please enter a correct mobile number');
  });

  it('takes a foreign name under a passport, with the passport rules', () => {
    expect(checkContact({ name: 'Anna Berg', certificateType: '2', certificateNumber: 'e1234567', phone: '' }, '2026-11-24')).toBeNull();
    expect(checkContact({ name: 'Anna Berg', certificateType: '2', certificateNumber: '12', phone: '' }, '2026-11-24')?.en).toBe('ID format is incorrect');
  });
});
