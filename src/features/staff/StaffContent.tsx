/** staff/content: the notices and FAQs an admin writes (docs/product.md §2.11), each in zh and en:
 * every notice (its last day shown) and question editable, a new one of each, one taken down
 * after a second tap. The staffContent machine checks a draft with src/domain/contentRules.ts
 * before it is sent; a refusal is shown beside its field, the server's at the buttons. */
import { useMachine } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { staffContentMachine, type ContentKind } from '../../../machines/staffContent.machine.ts';
import { getStaffContent, removeStaffContent, saveStaffContent } from '../../api/contentCalls.ts';
import type { FaqEdit, NoticeEdit } from '../../domain/contentRules.ts';
import type { DraftRefusal } from '../../domain/draftRefusal.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import type { Lang } from '../../domain/text.ts';
import { tr } from '../../i18n/index.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { FieldRefusal, Input, num, str } from './CatalogueFields.tsx';
import { useStaffToken } from './useStaffToken.ts';
import { WithToday } from './WithToday.tsx';
import './staff.css';

const machine = staffContentMachine.provide({
  actors: {
    loadContent: fromPromise(() => getStaffContent()),
    save: fromPromise(({ input }) => saveStaffContent(input.kind, input.id, input.draft)),
    remove: fromPromise(({ input }) => removeStaffContent(input.kind, input.id!)),
  },
});

export default function StaffContent() {
  const { t } = useTranslation();
  return (
    <WithToday title={t('content.title')} backTo={STAFF_PATHS.area}>
      {(today) => <Content today={today} />}
    </WithToday>
  );
}

function Text({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="field-label">
      {label}
      <textarea className="input content-text" rows={3} value={value} maxLength={5000} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** What a notice's or a question's form shares: its card, the server's refusal, save and take down. */
interface FormProps {
  summary: string;
  dataKey: string;
  isNew: boolean;
  refusal: DraftRefusal | null;
  error: string | null;
  onSave: () => void;
  onRemove: () => void;
  children: ReactNode;
}

function ContentForm({ summary, dataKey, isNew, refusal, error, onSave, onRemove, children }: FormProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <details className="card stack catalogue-form" data-content={dataKey} open={refusal !== null || error !== null}>
      <summary className="catalogue-summary">{summary}</summary>
      {children}
      {error ? <Refusal message={error} /> : null}
      <button type="button" className="btn btn--primary btn--block" onClick={onSave}>
        {isNew ? t('content.publish') : t('content.save')}
      </button>
      {isNew ? null : (
        <button type="button" className="btn btn--block" onClick={confirming ? onRemove : () => setConfirming(true)}>
          {confirming ? t('content.removeConfirm') : t('content.remove')}
        </button>
      )}
    </details>
  );
}

interface Common {
  lang: Lang;
  refusal: DraftRefusal | null;
  error: string | null;
  onSave: (draft: unknown) => void;
  onRemove: () => void;
}

function NoticeForm({ notice, lang, refusal, error, onSave, onRemove }: Common & { notice: (NoticeEdit & { noticeId: number }) | null }) {
  const { t } = useTranslation();
  const [f, setF] = useState({
    titleZh: notice?.title.zh ?? '',
    titleEn: notice?.title.en ?? '',
    contentZh: notice?.content.zh ?? '',
    contentEn: notice?.content.en ?? '',
    applicableEnd: notice?.applicableEnd ?? '',
  });
  const set = (part: Partial<typeof f>) => setF((all) => ({ ...all, ...part }));
  const beside = (field: string) => <FieldRefusal refusal={refusal} field={field} />;
  const save = () => onSave({ title: { zh: f.titleZh, en: f.titleEn }, content: { zh: f.contentZh, en: f.contentEn }, applicableEnd: f.applicableEnd || null });
  const summary = notice
    ? `${notice.title[lang]}${notice.applicableEnd ? ` · ${t('content.until', { day: notice.applicableEnd })}` : ''}`
    : t('content.newNotice');
  return (
    <ContentForm
      summary={summary}
      dataKey={notice ? `notice-${notice.title.en}` : 'notice-new'}
      isNew={!notice}
      {...{ refusal, error, onRemove }}
      onSave={save}
    >
      <Input label={t('content.titleZh')} value={f.titleZh} onChange={(titleZh) => set({ titleZh })} maxLength={100} />
      {beside('title.zh')}
      <Input label={t('content.titleEn')} value={f.titleEn} onChange={(titleEn) => set({ titleEn })} maxLength={100} />
      {beside('title.en')}
      <Text label={t('content.textZh')} value={f.contentZh} onChange={(contentZh) => set({ contentZh })} />
      {beside('content.zh')}
      <Text label={t('content.textEn')} value={f.contentEn} onChange={(contentEn) => set({ contentEn })} />
      {beside('content.en')}
      <Input label={t('content.lastDay')} type="date" value={f.applicableEnd} onChange={(applicableEnd) => set({ applicableEnd })} />
      {beside('applicableEnd')}
    </ContentForm>
  );
}

function FaqForm({ faq, lang, refusal, error, onSave, onRemove }: Common & { faq: (FaqEdit & { faqId: number }) | null }) {
  const { t } = useTranslation();
  const [f, setF] = useState({
    categoryZh: faq?.category.zh ?? '',
    categoryEn: faq?.category.en ?? '',
    questionZh: faq?.question.zh ?? '',
    questionEn: faq?.question.en ?? '',
    answerZh: faq?.answer.zh ?? '',
    answerEn: faq?.answer.en ?? '',
    sort: str(faq?.sort ?? 0),
  });
  const set = (part: Partial<typeof f>) => setF((all) => ({ ...all, ...part }));
  const beside = (field: string) => <FieldRefusal refusal={refusal} field={field} />;
  const save = () =>
    onSave({
      category: { zh: f.categoryZh, en: f.categoryEn },
      question: { zh: f.questionZh, en: f.questionEn },
      answer: { zh: f.answerZh, en: f.answerEn },
      sort: num(f.sort),
    });
  const summary = faq ? `${faq.category[lang]} · ${faq.question[lang]}` : t('content.newFaq');
  return (
    <ContentForm summary={summary} dataKey={faq ? `faq-${faq.faqId}` : 'faq-new'} isNew={!faq} {...{ refusal, error, onRemove }} onSave={save}>
      <div className="catalogue-row">
        <Input label={t('content.categoryZh')} value={f.categoryZh} onChange={(categoryZh) => set({ categoryZh })} maxLength={60} />
        <Input label={t('content.categoryEn')} value={f.categoryEn} onChange={(categoryEn) => set({ categoryEn })} maxLength={60} />
      </div>
      {beside('category')}
      <Input label={t('content.questionZh')} value={f.questionZh} onChange={(questionZh) => set({ questionZh })} maxLength={200} />
      {beside('question.zh')}
      <Input label={t('content.questionEn')} value={f.questionEn} onChange={(questionEn) => set({ questionEn })} maxLength={200} />
      {beside('question.en')}
      <Text label={t('content.answerZh')} value={f.answerZh} onChange={(answerZh) => set({ answerZh })} />
      {beside('answer.zh')}
      <Text label={t('content.answerEn')} value={f.answerEn} onChange={(answerEn) => set({ answerEn })} />
      {beside('answer.en')}
      <Input label={t('content.sort')} value={f.sort} onChange={(sort) => set({ sort })} inputMode="numeric" maxLength={3} />
      {beside('sort')}
    </ContentForm>
  );
}

/** The content screen, its notices' last days judged on `today` (the server's). */
function Content({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const [snapshot, send] = useMachine(machine, { input: { today } });
  const { content, generation, target, refusal, error, done } = snapshot.context;
  useStaffToken();
  const errorText = error ? tr(error) : null;
  // Saved or taken down: the confirmation at the top is where the eye goes next.
  useEffect(() => {
    if (done) window.scrollTo({ top: 0 });
  }, [done, generation]);
  /** The props of the form of `kind` and `id` (null: the new one). */
  const common = (kind: ContentKind, id: number | null): Common => {
    const mine = target?.kind === kind && target.id === id;
    return {
      lang,
      refusal: mine ? refusal : null,
      error: mine ? errorText : null,
      onSave: (draft) => send({ type: 'SAVE', kind, id, draft }),
      onRemove: () => send({ type: 'REMOVE', kind, id }),
    };
  };
  const shown = content && !snapshot.matches('failed');

  return (
    <Screen title={t('content.title')} backTo={STAFF_PATHS.area}>
      {done && snapshot.matches('ready') ? (
        <p className="notice-bar" role="status">
          {t(done === 'saved' ? 'content.saved' : 'content.removed')}
        </p>
      ) : null}
      {shown ? (
        <>
          <h2 className="staff-heading">{t('content.notices')}</h2>
          <NoticeForm key={`notice-new-${generation}`} notice={null} {...common('notice', null)} />
          {content.notices.map((n) => (
            <NoticeForm key={`notice-${n.noticeId}-${generation}`} notice={n} {...common('notice', n.noticeId)} />
          ))}
          <h2 className="staff-heading">{t('content.faqs')}</h2>
          <FaqForm key={`faq-new-${generation}`} faq={null} {...common('faq', null)} />
          {content.faqs.map((q) => (
            <FaqForm key={`faq-${q.faqId}-${generation}`} faq={q} {...common('faq', q.faqId)} />
          ))}
        </>
      ) : null}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={snapshot.hasTag('busy')} />
    </Screen>
  );
}
