/** invoice/invoiceHistory: the visitor's invoice requests, newest first, with their state. */
import { INVOICE_TITLE_TYPES } from '../../domain/invoice.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getInvoices } from '../../api/orderCalls.ts';
import { formatMoney } from '../../ui/money.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { stateTone } from './stateTone.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../domain/paths.ts';

const PAGE_SIZE = 10;

export default function InvoiceHistory() {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const { data, loading } = useLoad(() => getInvoices(1, PAGE_SIZE * pages), [pages]);

  return (
    <Screen title={t('invoice.history')} backTo={INDIVIDUAL_PATHS.invoiceIndex}>
      {data?.rows.map((invoice) => (
        <Link key={invoice.invoiceId} href={pathTo(INDIVIDUAL_PATHS.invoiceDetail, {}, { id: invoice.invoiceId })} className="card order-item invoice-item">
          <div className="card__title">
            <span>{invoice.title}</span>
            <span className={`tag tag--${stateTone(invoice.state)}`}>{t(`invoice.state.${invoice.state}`)}</span>
          </div>
          <div className="muted">
            {invoice.titleType === INVOICE_TITLE_TYPES.company ? t('invoice.company') : t('invoice.personal')} · {invoice.createTime}
          </div>
          <div className="row">
            <span className="hint mono">{invoice.orderNumber}</span>
            <strong className="amount">{formatMoney(invoice.amount)}</strong>
          </div>
        </Link>
      ))}
      {data && data.rows.length === 0 ? (
        <div className="empty-state">
          <p>{t('invoice.empty')}</p>
          <Link href={INDIVIDUAL_PATHS.chooseOrder} className="btn btn--primary">
            {t('invoice.apply')}
          </Link>
        </div>
      ) : null}
      {data && data.rows.length < data.total ? (
        <button type="button" className="btn btn--block" onClick={() => setPages((n) => n + 1)}>
          {t('invoice.more')}
        </button>
      ) : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
