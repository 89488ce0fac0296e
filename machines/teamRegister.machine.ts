/** Group registration (docs/product.md §2 team/register, §3 "Group registration fields", §5): the form,
 * its uploads one at a time, the credit-code check (checkTeamIsExist) before submitting,
 * then teamRegister. The code button is its own machine (codeSender).
 *
 * Input: { form? } prefills fields (tests; a rejected team registering again).
 * The app provides the actors `upload` ({ slot, file }: resolves with the upload id; it
 * scales large images first), `checkExists` ({ creditCode }) and `register` (the form). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkTeamRegistration, type FieldError, type TeamRegistration, type TeamType } from '../src/domain/team.ts';
import type { Text } from '../src/domain/text.ts';
import { checkUpload, type UploadFile } from '../src/domain/uploads.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

/** Where an upload goes: the credit certificate, the agreement's two parts, the letter. */
export type UploadSlot = 'creditUpload' | 'agreement1' | 'agreement2' | 'letterUpload';

export type TextField = 'teamName' | 'contactName' | 'contactPhone' | 'code' | 'creditCode' | 'address' | 'email' | 'password' | 'confirmPassword';

export interface TeamRegisterContext {
  form: TeamRegistration;
  /** Every refusal of the form, shown field by field after a submit. */
  errors: FieldError[];
  uploadingSlot: UploadSlot | null;
  /** A refusal that belongs to no field (the server's, an upload's). */
  error: Text | null;
  /** The server's "reviewed within 3 days" once registered. */
  message: string | null;
}

export type TeamRegisterEvent =
  | { type: 'FIELD.CHANGE'; field: TextField; value: string }
  | { type: 'TYPE.CHANGE'; teamType: TeamType }
  | { type: 'UPLOAD'; slot: UploadSlot; file: UploadFile }
  | { type: 'SUBMIT' };

export interface UploadRequest {
  slot: UploadSlot;
  file: UploadFile;
}

export const EXISTS_MESSAGE: Text = { zh: '该统一社会信用代码已注册', en: 'This unified social credit code is already registered' };

const emptyForm = (): TeamRegistration => ({
  teamName: '',
  teamType: 2,
  contactName: '',
  contactPhone: '',
  code: '',
  creditCode: '',
  address: '',
  email: '',
  password: '',
  confirmPassword: '',
  creditUpload: '',
  agreementUploads: ['', ''],
  letterUpload: '',
});

function withUpload(form: TeamRegistration, slot: UploadSlot, id: string): TeamRegistration {
  if (slot === 'agreement1') return { ...form, agreementUploads: [id, form.agreementUploads[1] ?? ''] };
  if (slot === 'agreement2') return { ...form, agreementUploads: [form.agreementUploads[0] ?? '', id] };
  return { ...form, [slot]: id };
}

export const teamRegisterMachine = setup({
  types: {
    context: {} as TeamRegisterContext,
    events: {} as TeamRegisterEvent,
    input: {} as { form?: Partial<TeamRegistration> } | undefined,
  },
  actors: {
    upload: fromPromise<string, UploadRequest>(async () => notProvided('upload')),
    checkExists: fromPromise<{ exists: boolean }, { creditCode: string }>(async () => notProvided('checkExists')),
    register: fromPromise<{ message: string }, TeamRegistration>(async () => notProvided('register')),
  },
  guards: {
    formInvalid: ({ context }) => checkTeamRegistration(context.form).length > 0,
    fileRefused: ({ event }) => {
      assertEvent(event, 'UPLOAD');
      return checkUpload(event.file) !== null;
    },
    taken: (_, { output: answer }: { output: { exists: boolean } }) => answer.exists,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      const value = event.field === 'creditCode' ? event.value.trim().toUpperCase() : event.value;
      const form = { ...context.form, [event.field]: value };
      // Errors already shown follow the form as it is corrected; none appear before a submit.
      return { form, errors: context.errors.length ? checkTeamRegistration(form) : [], error: null };
    }),
    setType: assign(({ context, event }) => {
      assertEvent(event, 'TYPE.CHANGE');
      const form = { ...context.form, teamType: event.teamType };
      return { form, errors: context.errors.length ? checkTeamRegistration(form) : [] };
    }),
    showErrors: assign(({ context }) => ({ errors: checkTeamRegistration(context.form), error: null })),
    refuseFile: assign(({ event }) => {
      assertEvent(event, 'UPLOAD');
      return { error: checkUpload(event.file) };
    }),
    startUpload: assign(({ event }) => {
      assertEvent(event, 'UPLOAD');
      return { uploadingSlot: event.slot, error: null };
    }),
    setUpload: assign(({ context }, { output: id }: { output: string }) => {
      const form = context.uploadingSlot ? withUpload(context.form, context.uploadingSlot, id) : context.form;
      return { form, uploadingSlot: null, errors: context.errors.length ? checkTeamRegistration(form) : [] };
    }),
    showTaken: assign({ error: EXISTS_MESSAGE }),
    setMessage: assign((_, { output: answer }: { output: { message: string } }) => ({ message: answer.message })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), uploadingSlot: null })),
  },
}).createMachine({
  id: 'teamRegister',
  context: ({ input }) => ({ form: { ...emptyForm(), ...input?.form }, errors: [], uploadingSlot: null, error: null, message: null }),
  initial: 'editing',
  meta: { description: 'Group registration' },
  states: {
    editing: {
      meta: { description: 'The form, with the errors of the last submit' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        'TYPE.CHANGE': { actions: 'setType' },
        UPLOAD: [
          { guard: 'fileRefused', actions: 'refuseFile' },
          { target: 'uploading', actions: 'startUpload' },
        ],
        SUBMIT: [
          { guard: 'formInvalid', actions: 'showErrors' },
          { target: 'checking', actions: 'showErrors' },
        ],
      },
    },
    uploading: {
      meta: { description: 'An image is being scaled and uploaded' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
      },
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event }) => {
          assertEvent(event, 'UPLOAD');
          return { slot: event.slot, file: event.file };
        },
        onDone: { target: 'editing', actions: { type: 'setUpload', params: output } },
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    checking: {
      meta: { description: 'Is the credit code registered already? (checkTeamIsExist)' },
      invoke: {
        id: 'checkExists',
        src: 'checkExists',
        input: ({ context }) => ({ creditCode: context.form.creditCode }),
        onDone: [{ guard: { type: 'taken', params: output }, target: 'editing', actions: 'showTaken' }, { target: 'submitting' }],
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    submitting: {
      meta: { description: 'Registering' },
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => context.form,
        onDone: { target: 'registered', actions: { type: 'setMessage', params: output } },
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    registered: {
      type: 'final',
      meta: { description: 'Submitted: reviewed within 3 days, the result by text message' },
    },
  },
});
