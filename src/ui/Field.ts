/** react-vant's Field, with its stylesheet, and tied to its label (docs/product.md §2.9).
 *
 * The style import inside react-vant/es/field/index.js does not survive the production build
 * (measured: no `.rv-field__body` rule in dist/), which left fields unstyled: 24 px inputs and
 * the code button wrapped under its input. Importing the sheet here keeps it with the component.
 *
 * react-vant draws the label as plain text beside an input with no id and passes neither an id
 * nor aria attributes down to it: a screen reader read every field as "edit text", and a tap on
 * the label did nothing. Here the label is a <label> for the field's control (the input, or the
 * select or textarea a field holds as its children), and a message under the field describes it. */
import 'react-vant/es/field/style/index.css';

import { createElement, forwardRef, useId, useLayoutEffect, useRef, type ComponentProps } from 'react';
import { Field as VantField } from 'react-vant/es/field/index.js';
import type { FieldInstance } from 'react-vant/es/field/index.js';

type FieldProps = ComponentProps<typeof VantField>;

export const Field = forwardRef<FieldInstance, FieldProps>(function Field({ label, errorMessage, ...props }, ref) {
  const id = useId();
  const controlId = `${id}control`;
  const messageId = `${id}message`;
  const labelRef = useRef<HTMLLabelElement>(null);
  const hasMessage = Boolean(errorMessage);
  // After every render: react-vant may have drawn a new control (an input that became a
  // textarea, children that changed), and it never sets these attributes itself.
  useLayoutEffect(() => {
    const tag = labelRef.current;
    const control = tag?.closest('.rv-field')?.querySelector<HTMLElement>('.rv-field__body :is(input, select, textarea)');
    if (!tag || !control) return;
    if (!control.id) control.id = controlId;
    tag.htmlFor = control.id;
    if (hasMessage) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', messageId);
    } else {
      control.removeAttribute('aria-invalid');
      control.removeAttribute('aria-describedby');
    }
  });
  return createElement(VantField, {
    ...props,
    ref,
    label: label === undefined || label === null ? label : createElement('label', { ref: labelRef, htmlFor: controlId }, label),
    errorMessage: hasMessage ? createElement('span', { id: messageId }, errorMessage) : errorMessage,
  });
});
