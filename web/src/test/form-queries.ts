import { fireEvent, screen } from '@testing-library/react';

/** Types `value` into the control labelled `label`. */
export const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** Clicks the button named `name`. */
export const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** The labels marked required (`*`), in the order the form shows them. */
export const marked = () =>
  [...document.querySelectorAll('label')]
    .map((l) => l.textContent ?? '')
    .filter((t) => t.startsWith('*'));
