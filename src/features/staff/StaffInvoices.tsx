/** staff/invoices: finance's invoices. Tabs of requested, issued and flagged
 * (refunded after issue) invoices; one opened with every field and its order's money; issued
 * after a confirmation (the staffInvoices machine; the server decides the amount and the
 * number), then its PDF downloaded. */
import { useMachine } from '@xstate/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { staffInvoicesMachine, type InvoiceTab } from '../../../machines/staffInvoices.machine.ts';
import { downloadStaffInvoicePdf, getStaffInvoice, getStaffInvoices, issueInvoice } from '../../api/staffCalls.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import type { StaffInvoice } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { toastFail } from '../../ui/feedback.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { invoiceTitleRows, type InvoiceRow } from '../../ui/invoiceRows.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { keepDates } from '../../ui/keepDates.ts';
import { formatMoney } from '../../ui/money.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const TABS: InvoiceTab[] = ['requested', 'issued', 'flagged'];

const machine = staffInvoicesMachine.provide({
  actors: {
    loadList: fromPromise(({ input }) => getStaffInvoices(input.tab)),
    loadInvoice: fromPromise(({ input }) => getStaffInvoice(input.invoiceId)),
    issue: fromPromise(({ input }) => issueInvoice(input.invoiceId)),
  },
});

export default function StaffInvoices() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine);
  const { tab, list, invoice, error } = snapshot.context;
  useStaffToken();
  const inList = snapshot.matches('list');
  const busy =
    snapshot.matches({ list: 'loading' }) ||
    snapshot.matches({ invoice: 'loading' }) ||
    snapshot.matches({ invoice: 'issuing' }) ||
    snapshot.matches({ invoice: 'reloading' });
  const failed = snapshot.matches({ list: 'failed' }) || snapshot.matches({ invoice: 'failed' });

  return (
    <Screen title={t('staffInvoices.title')} backTo={STAFF_PATHS.area}>
      {inList ? (
        <>
          <div className="chips staff-tabs" role="tablist">
            {TABS.map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                aria-selected={tab === s}
                className={`chip${tab === s ? ' chip--on' : ''}`}
                onClick={() => send({ type: 'TAB', tab: s })}
              >
                {t(`staffInvoices.tabs.${s}`)}
              </button>
            ))}
          </div>
          {list?.rows.map((row) => (
            <button
              key={row.invoiceId}
              type="button"
              className="card staff-team staff-invoice"
              data-invoice={row.invoiceId}
              onClick={() => send({ type: 'OPEN', invoiceId: row.invoiceId })}
            >
              <span className="card__title">
                <span className="staff-invoice__title">{row.title}</span>
                <strong className="prices__amount">{formatMoney(row.amount)}</strong>
              </span>
              <span className="muted mono">{row.invoiceNumber ?? row.orderNumber}</span>
              <span className="muted">
                {t('staffInvoices.requestedAt')}: {row.createTime}
                {row.flagged ? <span className="tag tag--danger staff-invoice__flag">{t('staffInvoices.tabs.flagged')}</span> : null}
              </span>
            </button>
          ))}
          {list && list.rows.length === 0 ? <div className="empty-state">{t('staffInvoices.empty')}</div> : null}
        </>
      ) : null}
      {invoice && !inList ? <InvoiceCard invoice={invoice} /> : null}
      {error ? <Refusal message={tr(error)} /> : null}
      {failed ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      {!inList ? (
        <button type="button" className="btn btn--block staff-logout" onClick={() => send({ type: 'BACK' })}>
          {t('staffInvoices.back')}
        </button>
      ) : null}
      {invoice && !inList ? (
        <FooterBar>
          {invoice.state === 'issued' ? (
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={() =>
                downloadStaffInvoicePdf(invoice.invoiceId, invoice.invoiceNumber ?? String(invoice.invoiceId)).catch((e: Error) => toastFail(e.message))
              }
            >
              {t('staffInvoices.download')}
            </button>
          ) : (
            <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={() => send({ type: 'ISSUE' })}>
              {t('staffInvoices.issue')}
            </button>
          )}
        </FooterBar>
      ) : null}
      <Sheet
        open={snapshot.matches({ invoice: 'confirming' })}
        centered
        title={t('staffInvoices.confirmTitle')}
        onClose={() => send({ type: 'CANCEL' })}
        footer={
          <div className="row staff-actions">
            <button type="button" className="btn" onClick={() => send({ type: 'CANCEL' })}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn--primary" onClick={() => send({ type: 'CONFIRM' })}>
              {t('staffInvoices.confirmButton')}
            </button>
          </div>
        }
      >
        <p>{invoice ? t('staffInvoices.confirm', { amount: formatMoney(invoice.amount), title: invoice.title }) : null}</p>
      </Sheet>
      <LoadingOverlay show={busy} />
    </Screen>
  );
}

/** Every field of the invoice, the order's money beside it, and its state. */
function InvoiceCard({ invoice }: { invoice: StaffInvoice }) {
  const { t } = useTranslation();
  const none = t('invoice.none');
  const rows: InvoiceRow[] = [
    { label: t('invoice.orderNumber'), value: invoice.orderNumber, mono: true },
    ...invoiceTitleRows(invoice, t),
    { label: t('staffInvoices.requestedAt'), value: invoice.createTime },
    { label: t('staffInvoices.orderPaid'), value: formatMoney(invoice.orderAmount) },
    { label: t('staffInvoices.orderRefunded'), value: formatMoney(invoice.orderRefunded) },
    ...(invoice.state === 'issued'
      ? [
          { label: t('invoice.invoiceNumber'), value: invoice.invoiceNumber, mono: true },
          { label: t('staffInvoices.issuedAt'), value: invoice.issueTime },
          { label: t('staffInvoices.issuedBy'), value: invoice.issuedBy },
        ]
      : []),
  ];
  return (
    <section className="card" data-testid="staff-invoice">
      <div className="card__title">
        <span className={`tag tag--${invoice.state === 'issued' ? 'ok' : 'warn'}`} data-testid="staff-invoice-state">
          {t(`invoice.state.${invoice.state}`)}
        </span>
        <span>
          <span className="muted">{t(invoice.state === 'issued' ? 'staffInvoices.issuedAmount' : 'staffInvoices.toIssue')} </span>
          <strong className="prices__amount">{formatMoney(invoice.amount)}</strong>
        </span>
      </div>
      {invoice.state === 'issued' ? (
        <p className="notice-bar" role="status">
          {t('staffInvoices.issued', { number: invoice.invoiceNumber })}
        </p>
      ) : null}
      {invoice.flagged ? (
        <p className="notice-bar notice-bar--danger" data-testid="staff-invoice-flag">
          {t('staffInvoices.flagged', { amount: formatMoney(invoice.refundedAfterIssue), time: keepDates(invoice.refundedAfterIssueTime ?? '') })}
        </p>
      ) : null}
      <dl className="staff-fields">
        {rows.map(({ label, value, mono }) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd className={mono ? 'mono' : undefined}>{value || none}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
