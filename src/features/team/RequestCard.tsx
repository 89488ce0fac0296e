/** One request to the staff: its images (uploaded, scaled first when large) and the send button. */
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { teamRequestMachine } from '../../../machines/teamRequest.machine.ts';
import { sendTeamRequest } from '../../api/teamCalls.ts';
import type { TeamType, UploadRequestKind } from '../../domain/team.ts';
import { tr } from '../../i18n/index.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { UploadSlot } from './UploadSlot.tsx';
import { uploadPicked } from './uploadPicked.ts';

export interface RequestCardProps {
  kind: UploadRequestKind;
  /** A school's unfreezing goes by its own call. */
  teamType: TeamType;
  title: string;
  hint: string;
  /** One label per image. */
  parts: string[];
  /** When a request of this kind was sent and still waits for the staff: the card says so. */
  pendingSince?: string;
  onSent: () => void;
}

export function RequestCard({ kind, teamType, title, hint, parts, pendingSince, onSent }: RequestCardProps) {
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      teamRequestMachine.provide({
        actors: {
          upload: fromPromise(({ input }) => uploadPicked(input.file)),
          send: fromPromise(({ input }) => sendTeamRequest(kind, teamType, input.uploadIds)),
        },
      }),
    [kind, teamType],
  );
  const [snapshot, send] = useMachine(machine, { input: { parts: parts.length === 2 ? 2 : 1 } });
  const { uploads, uploadingPart, error } = snapshot.context;
  const sent = snapshot.status === 'done';
  const confirmation = useRef<HTMLParagraphElement>(null);
  // Told once when sent: the card stays on screen after, and its parent's callback is new each render.
  const told = useRef(onSent);
  told.current = onSent;
  useEffect(() => {
    if (!sent) return;
    confirmation.current?.scrollIntoView({ block: 'nearest' });
    told.current();
  }, [sent]);

  return (
    <section className="card request-card" data-request={kind}>
      <div className="card__title">{title}</div>
      <p className="hint">{hint}</p>
      {sent || pendingSince ? (
        <p ref={confirmation} className="notice-bar request-card__sent" role="status" data-testid="request-sent">
          {t('teamArea.requestSent')}
          {pendingSince ? <span>{t('teamArea.requestPendingSince', { time: pendingSince })}</span> : null}
        </p>
      ) : (
        <>
          {parts.map((label, part) => (
            <UploadSlot
              key={label}
              label={label}
              uploaded={uploads[part] !== ''}
              uploading={uploadingPart === part}
              disabled={snapshot.matches('uploading') || snapshot.matches('sending')}
              onFile={(file) => send({ type: 'UPLOAD', part, file })}
            />
          ))}
          {error ? <Refusal message={tr(error)} /> : null}
          <button type="button" className="btn btn--primary btn--block" disabled={!snapshot.matches('editing')} onClick={() => send({ type: 'SEND' })}>
            {t('teamArea.send')}
          </button>
        </>
      )}
    </section>
  );
}
