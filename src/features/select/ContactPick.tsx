/** "Pick a frequent visitor" on a visitor card: a sheet with the account's frequent visitors as
 * listed (certificates masked); a pick reads that one's full record from the server, the
 * account's own, and fills the card's name and certificate. Nothing is read until the sheet
 * opens, and only the picked person's number reaches the page. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getContact, getContacts } from '../../api/contactCalls.ts';
import type { Contact } from '../../domain/types.ts';
import { toastFail } from '../../ui/feedback.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import type { VisitorIdentity } from './VisitorCard.tsx';

export function ContactPick({ onPick }: { onPick: (identity: VisitorIdentity) => void }) {
  const { t } = useTranslation();
  const [contacts, setContacts] = useState<Contact[] | null>(null);
  const [open, setOpen] = useState(false);

  const show = () => {
    setOpen(true);
    getContacts().then(setContacts, () => setOpen(false));
  };
  const pick = (contactId: number) =>
    getContact(contactId).then(
      (c) => {
        onPick({ name: c.name, certificateType: c.certificateType, certificateNumber: c.certificateNumber });
        setOpen(false);
      },
      (e: Error) => toastFail(e.message),
    );

  return (
    <>
      <button type="button" className="btn btn--ghost btn--block contact-pick" onClick={show}>
        {t('addAudience.pickContact')}
      </button>
      <Sheet open={open} title={t('addAudience.pickTitle')} onClose={() => setOpen(false)}>
        {contacts?.length === 0 ? <p className="empty-state">{t('addAudience.pickEmpty')}</p> : null}
        {contacts?.map((c) => (
          <button key={c.contactId} type="button" className="contact-choice" onClick={() => void pick(c.contactId)}>
            <strong>{c.name}</strong>
            <span className="muted">{c.certificateNumber}</span>
          </button>
        ))}
      </Sheet>
    </>
  );
}
