/** Toasts and dialogs, loaded on first use so the first screen does not pay for them. */
import { TOAST_DURATION_MS } from '../domain/limits.ts';

const toastModule = () => import('./vant.ts').then(() => import('react-vant/es/toast/index.js'));
const dialogModule = () => import('./vant.ts').then(() => import('react-vant/es/dialog/index.js'));

export function toastFail(message: string): void {
  void toastModule().then(({ Toast }) => Toast.fail({ message, duration: TOAST_DURATION_MS }));
}

export function toastInfo(message: string): void {
  void toastModule().then(({ Toast }) => Toast.info({ message, duration: TOAST_DURATION_MS }));
}

export async function confirm(options: { title?: string; message: string; confirmButtonText: string; cancelButtonText: string }): Promise<boolean> {
  const { Dialog } = await dialogModule();
  return Dialog.confirm(options).then(
    () => true,
    () => false,
  );
}

export async function alert(options: { title?: string; message: string; confirmButtonText: string }): Promise<void> {
  const { Dialog } = await dialogModule();
  await Dialog.alert(options);
}
