/** staff/coupons: the coupon batches an admin makes (docs/product.md §2.10): a new batch (its
 * codes, what each is worth, its days), each batch with its codes bound and used, its codes as a
 * CSV, stopping it after a second tap. The staffCoupons machine checks a draft with
 * src/domain/couponBatches.ts before it is sent; a refusal is shown beside its field, the
 * server's at the button. */
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { staffCouponsMachine } from '../../../machines/staffCoupons.machine.ts';
import { createCouponBatch, downloadBatchCsv, getCouponBatches, stopCouponBatch } from '../../api/couponBatchCalls.ts';
import type { BatchRefusal, StaffCouponBatch } from '../../domain/couponBatches.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { headerFromLang, type Lang } from '../../domain/text.ts';
import { tr } from '../../i18n/index.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { FieldRefusal, Input, num } from './CatalogueFields.tsx';
import { useStaffToken } from './useStaffToken.ts';
import { WithToday } from './WithToday.tsx';
import './staff.css';

const machine = staffCouponsMachine.provide({
  actors: {
    loadBatches: fromPromise(() => getCouponBatches()),
    createBatch: fromPromise(({ input }) => createCouponBatch(input as never)),
    stopBatch: fromPromise(({ input }) => stopCouponBatch(input)),
  },
});

export default function StaffCoupons() {
  const { t } = useTranslation();
  return (
    <WithToday title={t('couponBatches.title')} backTo={STAFF_PATHS.area}>
      {(today) => <Batches today={today} />}
    </WithToday>
  );
}

function BatchForm({
  today,
  refusal,
  error,
  onCreate,
}: {
  today: string;
  refusal: BatchRefusal | null;
  error: string | null;
  onCreate: (draft: unknown) => void;
}) {
  const { t } = useTranslation();
  const [f, setF] = useState({ nameZh: '', nameEn: '', kind: 'amount' as 'amount' | 'free', yuan: '', count: '100', validFrom: today, validTo: '' });
  const set = (part: Partial<typeof f>) => setF((all) => ({ ...all, ...part }));
  const yuan = num(f.yuan);
  const create = () =>
    onCreate({
      name: { zh: f.nameZh, en: f.nameEn },
      kind: f.kind,
      amount: f.kind === 'free' ? 0 : yuan === null ? 0 : Math.round(yuan * 100),
      count: num(f.count),
      validFrom: f.validFrom || null,
      validTo: f.validTo || null,
    });
  const beside = (field: string) => <FieldRefusal refusal={refusal} field={field} />;

  return (
    <details className="card stack catalogue-form" data-batch="new" open>
      <summary className="catalogue-summary">{t('couponBatches.newBatch')}</summary>
      <div className="catalogue-row">
        <Input label={t('couponBatches.nameZh')} value={f.nameZh} onChange={(nameZh) => set({ nameZh })} maxLength={100} />
        <Input label={t('couponBatches.nameEn')} value={f.nameEn} onChange={(nameEn) => set({ nameEn })} maxLength={200} />
      </div>
      {beside('name')}
      <div className="catalogue-row">
        <label className="field-label">
          {t('couponBatches.kind')}
          <select className="input" value={f.kind} onChange={(e) => set({ kind: e.target.value as typeof f.kind })}>
            <option value="amount">{t('couponBatches.kinds.amount')}</option>
            <option value="free">{t('couponBatches.kinds.free')}</option>
          </select>
        </label>
        {f.kind === 'amount' ? (
          <Input label={t('couponBatches.amount')} value={f.yuan} onChange={(v) => set({ yuan: v })} inputMode="decimal" maxLength={9} />
        ) : null}
      </div>
      {beside('kind')}
      {beside('amount')}
      <Input label={t('couponBatches.count')} value={f.count} onChange={(count) => set({ count })} inputMode="numeric" maxLength={5} />
      {beside('count')}
      <div className="catalogue-row">
        <Input label={t('couponBatches.validFrom')} type="date" value={f.validFrom} onChange={(validFrom) => set({ validFrom })} />
        <Input label={t('couponBatches.validTo')} type="date" value={f.validTo} onChange={(validTo) => set({ validTo })} />
      </div>
      {beside('validFrom')}
      {beside('validTo')}
      {error ? <Refusal message={error} /> : null}
      <button type="button" className="btn btn--primary btn--block" onClick={create}>
        {t('couponBatches.create')}
      </button>
    </details>
  );
}

const yuanOf = (fen: number) => (fen / 100).toFixed(2);

function BatchCard({ batch, lang, error, onStop }: { batch: StaffCouponBatch; lang: Lang; error: string | null; onStop: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [csvFailed, setCsvFailed] = useState(false);
  const download = () => {
    setCsvFailed(false);
    downloadBatchCsv(batch.batchId, headerFromLang(lang)).catch(() => setCsvFailed(true));
  };
  return (
    <section className="card stack" data-batch={batch.name.en}>
      <div className="card__title">
        {batch.name[lang]} {batch.stopped ? <span className="tag">{t('couponBatches.stoppedTag')}</span> : null}
      </div>
      <p className="muted">
        {batch.kind === 'free' ? t('couponBatches.worthFree') : t('couponBatches.worthAmount', { yuan: yuanOf(batch.amount) })} ·{' '}
        {t('couponBatches.days', { from: batch.validFrom, to: batch.validTo })}
      </p>
      <p className="muted">{t('couponBatches.figures', { count: batch.count, bound: batch.bound, used: batch.used })}</p>
      {error ? <Refusal message={error} /> : null}
      {csvFailed ? <Refusal message={t('couponBatches.csvFailed')} /> : null}
      <div className="catalogue-row">
        <button type="button" className="btn" onClick={download}>
          {t('couponBatches.csv')}
        </button>
        {batch.stopped ? null : confirming ? (
          <button type="button" className="btn btn--primary" onClick={onStop}>
            {t('couponBatches.stopConfirm')}
          </button>
        ) : (
          <button type="button" className="btn" onClick={() => setConfirming(true)}>
            {t('couponBatches.stop')}
          </button>
        )}
      </div>
      {confirming && !batch.stopped ? <p className="muted">{t('couponBatches.stopNote')}</p> : null}
    </section>
  );
}

/** The batches screen, its drafts judged on `today` (the server's). */
function Batches({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [snapshot, send] = useMachine(machine, { input: { today } });
  const { batches, generation, refusal, error, target, done } = snapshot.context;
  useStaffToken();
  const errorText = error ? tr(error) : null;

  return (
    <Screen title={t('couponBatches.title')} backTo={STAFF_PATHS.area}>
      {done && snapshot.matches('ready') ? (
        <p className="notice-bar" role="status">
          {t(done === 'created' ? 'couponBatches.created' : 'couponBatches.stopped')}
        </p>
      ) : null}
      {snapshot.matches('ready') || snapshot.matches('creating') || snapshot.matches('stopping') ? (
        <>
          <BatchForm
            key={generation}
            today={today}
            refusal={refusal}
            error={target === null ? errorText : null}
            onCreate={(draft) => send({ type: 'CREATE', draft })}
          />
          {batches?.length === 0 ? <p className="muted">{t('couponBatches.none')}</p> : null}
          {batches?.map((b) => (
            <BatchCard
              key={`${b.batchId}-${generation}`}
              batch={b}
              lang={lang}
              error={target === b.batchId ? errorText : null}
              onStop={() => send({ type: 'STOP', batchId: b.batchId })}
            />
          ))}
        </>
      ) : null}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={snapshot.hasTag('busy')} />
    </Screen>
  );
}
