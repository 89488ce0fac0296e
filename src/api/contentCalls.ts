/** The staff console's notices and FAQs calls (docs/product.md §2.11): all of them, one written
 * or changed (null id: a new one), one taken down. */
import type { StaffContent } from '../domain/contentRules.ts';
import { call } from './client.ts';

const staff = { as: 'staff' as const, silent: true };
const PATHS = { notice: '/staff/content/notices', faq: '/staff/content/faqs' } as const;

export const getStaffContent = () => call<StaffContent>('/staff/content', staff);

export const saveStaffContent = (kind: 'notice' | 'faq', id: number | null, draft: unknown) =>
  call<unknown>(id === null ? PATHS[kind] : `${PATHS[kind]}/${id}`, { ...staff, method: 'post', json: draft });

export const removeStaffContent = (kind: 'notice' | 'faq', id: number) => call<null>(`${PATHS[kind]}/${id}/delete`, { ...staff, method: 'post' });
