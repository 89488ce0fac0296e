/** team/register: the group's fields, its contact mobile verified by a code, its documents
 * uploaded (scaled first when large), then staff review. */
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { teamRegisterMachine, type TextField, type UploadSlot as Slot } from '../../../machines/teamRegister.machine.ts';
import { checkTeamExists, registerTeam } from '../../api/teamCalls.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { needsAgreement, TEAM_TYPE_NAMES, TEAM_TYPES, type TeamField } from '../../domain/team.ts';
import { tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { UploadSlot } from './UploadSlot.tsx';
import { uploadPicked } from './uploadPicked.ts';
import { CodeField } from '../../widgets/CodeField.tsx';
import './team.css';

const machine = teamRegisterMachine.provide({
  actors: {
    upload: fromPromise(({ input }) => uploadPicked(input.file)),
    checkExists: fromPromise(({ input }) => checkTeamExists(input.creditCode)),
    register: fromPromise(({ input }) => registerTeam(input)),
  },
});

const TEXT_FIELDS: Array<{ field: TextField; type?: 'tel' | 'password'; max: number }> = [
  { field: 'teamName', max: 60 },
  { field: 'creditCode', max: 18 },
  { field: 'contactName', max: 15 },
  { field: 'contactPhone', type: 'tel', max: 11 },
];
const MORE_FIELDS: Array<{ field: TextField; type?: 'tel' | 'password'; max: number }> = [
  { field: 'address', max: 200 },
  { field: 'email', max: 254 },
  { field: 'password', type: 'password', max: 16 },
  { field: 'confirmPassword', type: 'password', max: 16 },
];

export default function TeamRegister() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, { input: {} });
  const { form, errors, error, uploadingSlot, message } = snapshot.context;
  const errorOf = (field: TeamField) => {
    const found = errors.find((e) => e.field === field);
    return found ? tr(found.message) : undefined;
  };
  const uploading = snapshot.matches('uploading');
  const busy = snapshot.matches('checking') || snapshot.matches('submitting');
  // The form's refusals come in its order (src/domain/team.ts): the first is the field the eye
  // is taken to and the one the summary names, so the two never disagree.
  const first = errors[0];
  const formRef = useRef<HTMLDivElement>(null);
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    if (submits === 0 || !first) return;
    const control = formRef.current?.querySelector<HTMLElement>(`[name="${first.field}"]`);
    control?.focus({ preventScroll: true });
    // Centred, clear of the fixed footer, with its message under it.
    control?.closest('.rv-field, .upload-slot')?.scrollIntoView({ block: 'center' });
    // Only a new submit moves the eye, not corrections made since.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submits]);

  if (snapshot.status === 'done') {
    return (
      <Screen title={t('teamArea.submittedTitle')} backTo={TEAM_PATHS.login}>
        <div className="empty-state" role="status">
          <p>{message}</p>
          <Link href={TEAM_PATHS.login} className="btn btn--primary">
            {t('teamArea.toLogin')}
          </Link>
        </div>
      </Screen>
    );
  }

  const textField = ({ field, type, max }: (typeof TEXT_FIELDS)[number]) => (
    <Field
      key={field}
      name={field}
      type={type}
      label={t(`teamArea.${field}`)}
      value={form[field] ?? ''}
      maxLength={max}
      errorMessage={errorOf(field)}
      onChange={(value) => send({ type: 'FIELD.CHANGE', field, value })}
    />
  );
  const slot = (name: Slot, field: TeamField, label: string, uploaded: boolean) => (
    <UploadSlot
      name={field}
      label={label}
      uploaded={uploaded}
      uploading={uploadingSlot === name}
      disabled={uploading}
      error={errorOf(field)}
      onFile={(file) => send({ type: 'UPLOAD', slot: name, file })}
    />
  );

  return (
    <Screen title={t('teamArea.registerTitle')} backTo={TEAM_PATHS.login}>
      <div ref={formRef}>
        <section className="card">
          <div className="field-label">{t('teamArea.teamType')}</div>
          <div className="chips team-types" role="radiogroup" aria-label={t('teamArea.teamType')}>
            {Object.values(TEAM_TYPES).map((type) => (
              <button
                key={type}
                type="button"
                role="radio"
                aria-checked={form.teamType === type}
                className={`chip${form.teamType === type ? ' chip--on' : ''}`}
                // The type decides the documents: it waits for a document's upload to end.
                disabled={uploading}
                onClick={() => send({ type: 'TYPE.CHANGE', teamType: type })}
              >
                {tr(TEAM_TYPE_NAMES[type])}
              </button>
            ))}
          </div>
        </section>
        <section className="card">
          {TEXT_FIELDS.map(textField)}
          <CodeField
            name="code"
            phone={form.contactPhone}
            value={form.code}
            errorMessage={errorOf('code')}
            onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'code', value })}
          />
          {MORE_FIELDS.map(textField)}
        </section>
        <section className="card">
          <div className="card__title">{t('teamArea.documents')}</div>
          <p className="hint">{t('teamArea.uploadHint')}</p>
          {slot('creditUpload', 'creditUpload', t('teamArea.creditUpload'), form.creditUpload !== '')}
          {needsAgreement(form.teamType) ? (
            <>
              {slot('agreement1', 'agreementUploads', t('teamArea.agreement1'), (form.agreementUploads[0] ?? '') !== '')}
              {slot('agreement2', 'agreementUploads', t('teamArea.agreement2'), (form.agreementUploads[1] ?? '') !== '')}
            </>
          ) : null}
          {slot('letterUpload', 'letterUpload', t('teamArea.letterUpload'), form.letterUpload !== '')}
        </section>
      </div>
      {/* The server's refusal comes where the eye is; the form's summary stays put, since the
          eye goes to its first wrong field. */}
      {error ? (
        <Refusal message={tr(error)} />
      ) : first ? (
        <div className="notice-bar notice-bar--danger" role="alert" data-testid="form-summary">
          {tr(first.message)}
        </div>
      ) : null}
      <FooterBar>
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={busy || uploading}
          onClick={() => {
            send({ type: 'SUBMIT' });
            setSubmits((n) => n + 1);
          }}
        >
          {t('teamArea.submitRegister')}
        </button>
      </FooterBar>
      <LoadingOverlay show={busy} />
    </Screen>
  );
}
