/** A visitor's face photo (docs/product.md §5 uploads, §7 face), on the add-visitor screens and the frequent
 * visitor's form: the picked file must be jpg/jpeg/png of at most 10 MB and the visitor's
 * certificate valid (a portrait is bound to it); the portrait agreement is accepted for every new
 * portrait; then the photo goes up (scaled first when over about 4 MB: the view's `upload`), the
 * server checks it (`check`: one frontal face, at least 200x200) and binds it (`bind`). A bound
 * portrait can be replaced or deleted (`remove`). The server's refusal stays under the photo.
 *
 * Input: { faceUrl } (null: none bound yet). The view keeps the File itself (no files in
 * context); the event carries what the rules read of it. */
import { assign, fromPromise, setup } from 'xstate';
import { checkCertificate } from '../src/domain/certificates.ts';
import { FACE_MESSAGES } from '../src/domain/faces.ts';
import type { Text } from '../src/domain/text.ts';
import type { CertificateType, FaceBound, FaceChecked } from '../src/domain/types.ts';
import { checkUpload, type UploadFile } from '../src/domain/uploads.ts';
import { failure, notProvided, output, errorText } from './errors.ts';

export interface FaceCertificate {
  certificateType: CertificateType;
  certificateNumber: string;
}

export interface FaceUploadContext {
  faceUrl: string | null;
  certificate: FaceCertificate | null;
  uploadId: string | null;
  error: Text | null;
}

export type FaceUploadEvent = ({ type: 'PICK'; file: UploadFile } & FaceCertificate) | { type: 'AGREE' } | { type: 'DECLINE' } | { type: 'DELETE' };

/** Why a picked file cannot go up for this visitor, or null. */
export function pickRefusal(event: { file: UploadFile } & FaceCertificate): Text | null {
  const file = checkUpload(event.file);
  if (file) return file;
  return checkCertificate(event.certificateType, event.certificateNumber).valid ? null : FACE_MESSAGES.certificateFirst;
}

type Pick = Extract<FaceUploadEvent, { type: 'PICK' }>;

const faceSetup = setup({
  types: {
    context: {} as FaceUploadContext,
    events: {} as FaceUploadEvent,
    input: {} as { faceUrl: string | null },
  },
  actors: {
    /** The picked file up (scaled when large): its upload id. */
    upload: fromPromise<string, void>(async () => notProvided('upload')),
    check: fromPromise<FaceChecked, string>(async () => notProvided('check')),
    bind: fromPromise<FaceBound, { url: string } & FaceCertificate>(async () => notProvided('bind')),
    remove: fromPromise<unknown, string>(async () => notProvided('remove')),
  },
  guards: {
    hasFace: ({ context }) => context.faceUrl !== null,
    refused: (_, { event }: { event: Pick }) => pickRefusal(event) !== null,
  },
  actions: {
    refuse: assign((_, { event }: { event: Pick }) => ({ error: pickRefusal(event) })),
    keepCertificate: assign((_, { event }: { event: Pick }) => ({
      certificate: { certificateType: event.certificateType, certificateNumber: event.certificateNumber },
      error: null,
    })),
    setUpload: assign((_, { output: uploadId }: { output: string }) => ({ uploadId })),
    setBound: assign((_, { output: bound }: { output: FaceBound }) => ({ faceUrl: bound.faceUrl, uploadId: null })),
    clearFace: assign({ faceUrl: null, error: null }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), uploadId: null })),
  },
});

/** A photo picked, with no face or over a bound one: refused here, or on to the agreement. */
const pickPhoto = [
  {
    guard: { type: 'refused', params: ({ event }: { event: Pick }) => ({ event }) },
    actions: { type: 'refuse', params: ({ event }: { event: Pick }) => ({ event }) },
  },
  { target: 'agreement', actions: { type: 'keepCertificate', params: ({ event }: { event: Pick }) => ({ event }) } },
] as const;

export const faceUploadMachine = faceSetup.createMachine({
  id: 'faceUpload',
  context: ({ input }) => ({ faceUrl: input.faceUrl, certificate: null, uploadId: null, error: null }),
  initial: 'start',
  meta: { description: "A visitor's face photo: add, replace or delete" },
  states: {
    start: {
      meta: { description: 'A portrait bound already, or none' },
      always: [{ guard: 'hasFace', target: 'bound' }, { target: 'empty' }],
    },
    empty: {
      meta: { description: 'No face photo: camera or album' },
      on: {
        PICK: pickPhoto,
      },
    },
    agreement: {
      meta: { description: 'The portrait agreement, to accept for a new portrait (a dialog)' },
      on: { AGREE: 'uploading', DECLINE: 'start' },
    },
    uploading: {
      meta: { description: 'The photo going up (scaled first when over about 4 MB)' },
      invoke: {
        src: 'upload',
        onDone: { target: 'checking', actions: { type: 'setUpload', params: output } },
        onError: { target: 'start', actions: { type: 'setFailure', params: failure } },
      },
    },
    checking: {
      meta: { description: 'The server looks for one frontal face of at least 200x200' },
      invoke: {
        src: 'check',
        input: ({ context }) => context.uploadId!,
        onDone: 'binding',
        onError: { target: 'start', actions: { type: 'setFailure', params: failure } },
      },
    },
    binding: {
      meta: { description: "Bound to the visitor's certificate" },
      invoke: {
        src: 'bind',
        input: ({ context }) => ({ url: context.uploadId!, ...context.certificate! }),
        onDone: { target: 'bound', actions: { type: 'setBound', params: output } },
        onError: { target: 'start', actions: { type: 'setFailure', params: failure } },
      },
    },
    bound: {
      meta: { description: 'A face photo bound: replace or delete it' },
      on: {
        PICK: pickPhoto,
        DELETE: 'deleting',
      },
    },
    deleting: {
      meta: { description: 'Deleting the face photo' },
      invoke: {
        src: 'remove',
        input: ({ context }) => context.faceUrl!,
        onDone: { target: 'empty', actions: 'clearFace' },
        onError: { target: 'bound', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
