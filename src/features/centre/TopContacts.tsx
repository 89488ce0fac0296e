/** personalCenter/topContacts, a visitor's (her family) or a team's (leaders, teachers):
 * the frequent visitors with their certificates masked; each opens its edit form, and a new
 * one is added below the list. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { currentKind } from '../../api/session.ts';
import { getContacts } from '../../api/contactCalls.ts';
import { CONTACTS_MAX } from '../../domain/contacts.ts';
import { CENTRE_PATHS, contactFormPath } from '../../domain/paths.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useCertificateTypes } from '../../widgets/useCertificateTypes.ts';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/centre.css';

/** The empty list's invitation, in each area's words. */
const EMPTY = { individual: 'centre.noContacts', team: 'teamArea.noContacts' } as const;

export default function TopContacts() {
  const { t } = useTranslation();
  const kind = currentKind();
  const { data: contacts, failed, loading, reload } = useLoad(getContacts, []);
  const types = useCertificateTypes();
  const typeName = (value: string) => types.find((o) => o.dictValue === value)?.dictLabel ?? '';
  const full = (contacts?.length ?? 0) >= CONTACTS_MAX;
  return (
    <Screen title={t('teamArea.topContacts')} backTo={CENTRE_PATHS[kind].home}>
      {contacts && contacts.length === 0 ? <p className="empty-state">{t(EMPTY[kind])}</p> : null}
      {contacts && contacts.length > 0 ? (
        <section className="card" data-testid="contacts">
          {contacts.map((c) => (
            <Link key={c.contactId} href={contactFormPath(kind, c.contactId)} className="contact-row">
              <span className="contact-row__name">{c.name}</span>
              <span className="contact-row__detail">
                {typeName(c.certificateType)} {c.certificateNumber}
                {c.phone ? ` · ${c.phone}` : ''}
              </span>
            </Link>
          ))}
        </section>
      ) : null}
      {contacts ? <p className="hint centre-hint">{t('teamArea.contactsCount', { n: contacts.length, max: CONTACTS_MAX })}</p> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <FooterBar>
        {full ? (
          <p className="hint">{t('teamArea.contactsFull', { max: CONTACTS_MAX })}</p>
        ) : (
          <Link href={contactFormPath(kind, null)} className="btn btn--primary btn--block">
            {t('teamArea.addContact')}
          </Link>
        )}
      </FooterBar>
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
