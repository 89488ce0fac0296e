/** invoice/index: the invoice service's entry: request an invoice, the history, and the
 * configured note about invoices when there is one. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { RichText } from '../../ui/RichText.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useSettings } from '../../ui/settings.tsx';
import { INVOICE_NOTE_TEXT } from './invoiceTexts.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';

export default function InvoiceIndex() {
  const { t } = useTranslation();
  const { texts } = useSettings();
  const note = texts[INVOICE_NOTE_TEXT];

  return (
    <Screen title={t('invoice.title')} backTo={INDIVIDUAL_PATHS.orderRecord}>
      <Link href={INDIVIDUAL_PATHS.chooseOrder} className="entry-choice">
        <span className="entry-choice__icon" aria-hidden="true">
          <InvoiceIcon />
        </span>
        <span>
          <strong>{t('invoice.apply')}</strong>
          <span className="muted">{t('invoice.applyHint')}</span>
        </span>
      </Link>
      <Link href={INDIVIDUAL_PATHS.invoiceHistory} className="entry-choice">
        <span className="entry-choice__icon" aria-hidden="true">
          <HistoryIcon />
        </span>
        <span>
          <strong>{t('invoice.history')}</strong>
          <span className="muted">{t('invoice.historyHint')}</span>
        </span>
      </Link>
      {note ? (
        <section className="card stack">
          <div className="card__title">{t('invoice.notice')}</div>
          <RichText html={note} />
        </section>
      ) : null}
    </Screen>
  );
}

function InvoiceIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </svg>
  );
}

function HistoryIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}
