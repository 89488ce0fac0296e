/** invoice/invoiceDetail?id=: one invoice request with its state (requested / issued); an
 * issued one with its number and its PDF to download, and, when the order was refunded after
 * the issue, the notice that the invoice no longer matches it. */
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { downloadInvoicePdf, getInvoice } from '../../api/orderCalls.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { invoiceTitleRows, type InvoiceRow } from '../../ui/invoiceRows.ts';
import { keepDates } from '../../ui/keepDates.ts';
import { formatMoney } from '../../ui/money.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import './invoice.css';
import { stateTone } from './stateTone.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';

export default function InvoiceDetail() {
  const { t } = useTranslation();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const { data: invoice, loading } = useLoad(() => getInvoice(id), [id]);
  const none = t('invoice.none');

  const rows: InvoiceRow[] = invoice
    ? [
        ...invoiceTitleRows(invoice, t),
        ...(invoice.invoiceNumber ? [{ label: t('invoice.invoiceNumber'), value: invoice.invoiceNumber, mono: true }] : []),
        { label: t('invoice.orderNumber'), value: invoice.orderNumber, mono: true },
        { label: t('invoice.createTime'), value: invoice.createTime },
        ...(invoice.issueTime ? [{ label: t('invoice.issueTime'), value: invoice.issueTime }] : []),
      ]
    : [];

  return (
    <Screen title={t('invoice.detailTitle')} backTo={INDIVIDUAL_PATHS.invoiceHistory}>
      {invoice ? (
        <>
          <div className={`pay-result${invoice.state === 'issued' ? '' : ' pay-result--pending'}`}>
            <span className="pay-result__icon" aria-hidden="true">
              {invoice.state === 'issued' ? '✓' : '…'}
            </span>
            <span className={`tag tag--${stateTone(invoice.state)}`} data-testid="invoice-state">
              {t(`invoice.state.${invoice.state}`)}
            </span>
            <strong className="amount">{formatMoney(invoice.amount)}</strong>
            <span className="muted">{t(`invoice.stateHint.${invoice.state}`)}</span>
          </div>
          {invoice.flagged ? (
            <p className="notice-bar notice-bar--danger" role="alert" data-testid="invoice-flagged">
              {t('invoice.flagged', { amount: formatMoney(invoice.refundedAfterIssue), time: keepDates(invoice.refundedAfterIssueTime ?? '') })}
            </p>
          ) : null}
          <section className="card stack">
            {rows.map(({ label, value, mono }) => (
              <div key={label} className="row invoice-row">
                <span className="muted">{label}</span>
                <span className={mono ? 'mono' : undefined}>{value || none}</span>
              </div>
            ))}
          </section>
          {invoice.state === 'issued' ? (
            <FooterBar>
              <button
                type="button"
                className="btn btn--primary btn--block"
                // A refusal is already shown by the call's toast.
                onClick={() => downloadInvoicePdf(invoice.invoiceId, invoice.invoiceNumber ?? String(invoice.invoiceId)).catch(() => undefined)}
              >
                {t('invoice.download')}
              </button>
            </FooterBar>
          ) : null}
        </>
      ) : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
