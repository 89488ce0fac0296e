/** One request of a team to the staff (docs/product.md §4, §7): a stamped explanation to be unfrozen, a
 * renewed certificate, or a renewed agreement in two parts. Upload the images, then send.
 *
 * Input: { parts } (how many images: 1, or 2 for the agreement).
 * The app provides the actors `upload` ({ part, file }: the upload id) and `send` (the ids). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { required } from '../src/domain/fields.ts';
import type { Text } from '../src/domain/text.ts';
import { checkUpload, type UploadFile } from '../src/domain/uploads.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

export const REQUEST_LABEL: Text = { zh: '图片', en: 'Image' };

export interface TeamRequestContext {
  uploads: string[];
  uploadingPart: number | null;
  error: Text | null;
}

export type TeamRequestEvent = { type: 'UPLOAD'; part: number; file: UploadFile } | { type: 'SEND' };

export const teamRequestMachine = setup({
  types: {
    context: {} as TeamRequestContext,
    events: {} as TeamRequestEvent,
    input: {} as { parts: 1 | 2 },
  },
  actors: {
    upload: fromPromise<string, { part: number; file: UploadFile }>(async () => notProvided('upload')),
    send: fromPromise<unknown, { uploadIds: string[] }>(async () => notProvided('send')),
  },
  guards: {
    fileRefused: ({ event }) => {
      assertEvent(event, 'UPLOAD');
      return checkUpload(event.file) !== null;
    },
    incomplete: ({ context }) => context.uploads.some((id) => id === ''),
  },
  actions: {
    refuseFile: assign(({ event }) => {
      assertEvent(event, 'UPLOAD');
      return { error: checkUpload(event.file) };
    }),
    startUpload: assign(({ event }) => {
      assertEvent(event, 'UPLOAD');
      return { uploadingPart: event.part, error: null };
    }),
    setUpload: assign(({ context }, { output: id }: { output: string }) => ({
      uploads: context.uploads.map((u, i) => (i === context.uploadingPart ? id : u)),
      uploadingPart: null,
    })),
    showMissing: assign({ error: required(REQUEST_LABEL, '') }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), uploadingPart: null })),
  },
}).createMachine({
  id: 'teamRequest',
  context: ({ input }) => ({ uploads: Array.from({ length: input.parts }, () => ''), uploadingPart: null, error: null }),
  initial: 'editing',
  meta: { description: 'A request to the staff with its images' },
  states: {
    editing: {
      meta: { description: 'The images to upload, and the send button' },
      on: {
        UPLOAD: [
          { guard: 'fileRefused', actions: 'refuseFile' },
          { target: 'uploading', actions: 'startUpload' },
        ],
        SEND: [{ guard: 'incomplete', actions: 'showMissing' }, { target: 'sending' }],
      },
    },
    uploading: {
      meta: { description: 'An image is being uploaded' },
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event }) => {
          assertEvent(event, 'UPLOAD');
          return { part: event.part, file: event.file };
        },
        onDone: { target: 'editing', actions: { type: 'setUpload', params: output } },
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    sending: {
      meta: { description: 'Sending the request' },
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ uploadIds: context.uploads }),
        onDone: 'sent',
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    sent: { type: 'final', meta: { description: 'Sent: the staff review it' } },
  },
});
