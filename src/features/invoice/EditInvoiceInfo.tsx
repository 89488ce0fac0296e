/** invoice/editInvoiceInfo?orderId=: the invoice form of one paid order (docs/product.md §3 Invoice).
 * The amount is the order's (read-only); each rule's message shows beside its field. Without
 * an invoiceable order in the query the machine shows the list to choose from. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.ts';
import '../../ui/vant.ts';
import { Radio } from 'react-vant/es/radio/index.js';
import { useLocation, useSearch } from 'wouter';
import type { InvoiceChange } from '../../../machines/invoice.machine.ts';
import { INVOICE_MAX_LENGTH, INVOICE_TITLE_TYPES, violationsByField, type InvoiceField } from '../../domain/invoice.ts';
import type { InvoiceTitleType } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { formatMoney } from '../../ui/money.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import './invoice.css';
import { invoiceFlow } from './invoiceFlow.ts';
import { OrderPick } from './OrderPick.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';

type TextField = Exclude<InvoiceChange['field'], 'titleType'>;

export default function EditInvoiceInfo() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const orderId = Number(new URLSearchParams(search).get('orderId')) || null;
  const [snapshot, send] = useMachine(invoiceFlow, { input: { orderId } });
  const { orders, order, draft, violations, invoice, error } = snapshot.context;
  const byField = violationsByField(violations);
  const editing = snapshot.matches('editing') || snapshot.matches('submitting');
  const company = draft.titleType === INVOICE_TITLE_TYPES.company;

  useEffect(() => {
    if (snapshot.status === 'done' && invoice) navigate(pathTo(INDIVIDUAL_PATHS.invoiceDetail, {}, { id: invoice.invoiceId }), { replace: true });
  }, [snapshot.status, invoice, navigate]);

  const message = (field: InvoiceField) => {
    const violation = byField[field];
    return violation ? tr(violation.message) : undefined;
  };
  const text = (field: TextField, label: string, placeholder: string, extra: { maxLength?: number; required?: boolean } = {}) => (
    <Field
      label={label}
      placeholder={placeholder}
      value={draft[field]}
      name={field}
      {...extra}
      onChange={(value) => send({ type: 'CHANGE', field, value })}
      errorMessage={message(field)}
    />
  );

  return (
    <Screen title={t('invoice.editTitle')} backTo={INDIVIDUAL_PATHS.chooseOrder}>
      {error ? <Refusal message={tr(error)} /> : null}
      {snapshot.matches({ choosing: 'ready' }) && orders ? <OrderPick orders={orders} onChoose={(id) => send({ type: 'CHOOSE', orderId: id })} /> : null}
      {snapshot.matches({ choosing: 'failed' }) ? (
        <button type="button" className="btn btn--primary" onClick={() => send({ type: 'RELOAD' })}>
          {t('common.retry')}
        </button>
      ) : null}
      {editing && order ? (
        <>
          <section className="card stack" aria-label={t('invoice.order')}>
            <div className="card__title">
              <span>{order.hallName}</span>
              <button type="button" className="link" onClick={() => send({ type: 'BACK' })}>
                {t('invoice.changeOrder')}
              </button>
            </div>
            <div className="muted">
              {order.visitDate} {order.beginTime}-{order.endTime}
            </div>
            <div className="row">
              <span className="muted">{t('order.number')}</span>
              <span className="mono">{order.orderNumber}</span>
            </div>
          </section>
          <section className="card invoice-form">
            <Field label={t('invoice.amount')} intro={t('invoice.amountHint')}>
              <strong className="amount" data-testid="invoice-amount">
                {formatMoney(order.amount)}
              </strong>
            </Field>
            <Field label={t('invoice.titleType')} required errorMessage={message('titleType')}>
              <Radio.Group
                direction="horizontal"
                value={draft.titleType}
                onChange={(value) => send({ type: 'CHANGE', field: 'titleType', value: value as InvoiceTitleType })}
              >
                <Radio name={INVOICE_TITLE_TYPES.personal}>{t('invoice.personal')}</Radio>
                <Radio name={INVOICE_TITLE_TYPES.company}>{t('invoice.company')}</Radio>
              </Radio.Group>
            </Field>
            {text('title', t('invoice.invoiceTitle'), company ? t('invoice.titlePlaceholderCompany') : t('invoice.titlePlaceholderPersonal'), {
              maxLength: INVOICE_MAX_LENGTH.title,
              required: true,
            })}
            {company ? text('taxNumber', t('invoice.taxNumber'), t('invoice.taxNumberPlaceholder'), { maxLength: 18, required: true }) : null}
            {text('addressPhone', t('invoice.addressPhone'), t('invoice.addressPhonePlaceholder'), {
              maxLength: INVOICE_MAX_LENGTH.addressPhone,
            })}
            {text('bankAccount', t('invoice.bankAccount'), t('invoice.bankAccountPlaceholder'), {
              maxLength: INVOICE_MAX_LENGTH.bankAccount,
            })}
            {text('content', t('invoice.content'), t('invoice.contentPlaceholder'), { maxLength: INVOICE_MAX_LENGTH.content })}
            {text('email', t('invoice.email'), t('invoice.emailPlaceholder'), { required: true })}
          </section>
          <FooterBar>
            <span className="footer-bar__sum">
              {t('invoice.amount')} <strong>{formatMoney(order.amount)}</strong>
            </span>
            <button type="button" className="btn btn--primary" disabled={snapshot.matches('submitting')} onClick={() => send({ type: 'SUBMIT' })}>
              {snapshot.matches('submitting') ? t('invoice.submitting') : t('invoice.submit')}
            </button>
          </FooterBar>
        </>
      ) : null}
      <LoadingOverlay show={snapshot.matches({ choosing: 'loading' }) || snapshot.matches('submitting')} />
    </Screen>
  );
}
