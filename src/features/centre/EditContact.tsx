/** personalCenter/addAudienceInformation and editAudienceInformation (a visitor's with the id
 * in the path, a team's with `?id=`): add a frequent visitor, or change or delete one. Every
 * rule is checked before saving; a refusal shows under the form. A visitor's form also takes
 * the face photo bound to the certificate (faces are a visitor's, not a team's). */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { contactEditMachine } from '../../../machines/contactEdit.machine.ts';
import { deleteContact, getContact, saveContact } from '../../api/contactCalls.ts';
import type { ContactForm } from '../../domain/contacts.ts';
import { currentKind } from '../../api/session.ts';
import { CENTRE_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { CertificateScan } from '../../widgets/CertificateScan.tsx';
import { CertificateTypeField } from '../../widgets/CertificateTypeField.tsx';
import { FacePhoto } from '../../widgets/FacePhoto.tsx';
import { confirm, toastInfo } from '../../ui/feedback.ts';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import '../../ui/centre.css';

const machine = contactEditMachine.provide({
  actors: {
    load: fromPromise(({ input }) => getContact(input)),
    save: fromPromise(({ input }) => saveContact(input.contactId, input.form)),
    remove: fromPromise(({ input }) => deleteContact(input)),
  },
});

/** The contact id of the path or of the `id` query, or null (a new one). */
function contactIdOf(param: string | undefined, search: string): number | null {
  const id = Number(param ?? new URLSearchParams(search).get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export default function EditContact() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const back = CENTRE_PATHS[currentKind()].topContacts;
  const contactId = contactIdOf(useParams<{ id?: string }>().id, useSearch());
  const [snapshot, send] = useMachine(machine, { input: { contactId } });
  const { form, error } = snapshot.context;
  const confirming = snapshot.matches('confirmingDelete');

  useEffect(() => {
    if (snapshot.status !== 'done') return;
    toastInfo(snapshot.matches('deleted') ? t('teamArea.contactDeleted') : t('teamArea.saved'));
    navigate(back, { replace: true });
  }, [snapshot, navigate, t, back]);

  useEffect(() => {
    if (!confirming) return;
    void confirm({
      title: t('teamArea.deleteContactTitle'),
      message: t('teamArea.deleteContactMessage', { name: form.name }),
      confirmButtonText: t('teamArea.deleteContact'),
      cancelButtonText: t('common.cancel'),
    }).then((yes) => send({ type: yes ? 'CONFIRM' : 'CANCEL' }));
  }, [confirming, form.name, send, t]);

  const field = (name: Exclude<keyof ContactForm, 'certificateType'>, label: string, max: number, placeholder?: string) => (
    <Field
      label={label}
      placeholder={placeholder}
      value={form[name]}
      maxLength={max}
      onChange={(value) => send({ type: 'FIELD.CHANGE', field: name, value })}
    />
  );
  const busy = snapshot.matches('saving') || snapshot.matches('deleting');
  const editing = !snapshot.matches('loading') && !snapshot.matches('failed');
  return (
    <Screen title={contactId === null ? t('teamArea.addContact') : t('teamArea.editContact')} backTo={back}>
      {editing ? (
        <>
          <section className="card">
            {field('name', t('teamArea.contactPersonName'), 50)}
            <CertificateTypeField
              label={t('teamArea.certificateType')}
              value={form.certificateType}
              onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'certificateType', value })}
            />
            {field('certificateNumber', t('teamArea.certificateNumber'), 18)}
            {field('phone', t('teamArea.contactMobileOptional'), 11)}
            <CertificateScan
              onRead={(read) => {
                send({ type: 'FIELD.CHANGE', field: 'certificateType', value: read.certificateType });
                send({ type: 'FIELD.CHANGE', field: 'certificateNumber', value: read.certificateNumber });
                if (read.name) send({ type: 'FIELD.CHANGE', field: 'name', value: read.name });
              }}
            />
            {currentKind() === 'individual' ? (
              <FacePhoto
                faceUrl={snapshot.context.faceUrl}
                certificate={{ certificateType: form.certificateType, certificateNumber: form.certificateNumber }}
              />
            ) : null}
          </section>
          {error ? <Refusal message={tr(error)} /> : null}
          <FooterBar>
            {contactId !== null ? (
              <button type="button" className="btn" disabled={busy} onClick={() => send({ type: 'DELETE' })}>
                {t('teamArea.deleteContact')}
              </button>
            ) : null}
            <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={() => send({ type: 'SUBMIT' })}>
              {t('teamArea.save')}
            </button>
          </FooterBar>
        </>
      ) : null}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={snapshot.matches('loading')} />
    </Screen>
  );
}
