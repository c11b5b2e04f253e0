import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { serverFieldErrors, zodFieldErrors } from './form-errors';

/**
 * Brings the first field with an error (in the order the form shows them) into view and focuses it, so a
 * message on a field scrolled out of sight is not missed. Runs after antd has drawn the messages.
 */
export function scrollToFirstError(form: FormInstance, names: readonly string[]) {
  if (!names.length) return;
  requestAnimationFrame(() => {
    const placed = names
      .map((name) => ({ name, el: document.getElementById(name) }))
      .sort((a, b) =>
        a.el && b.el
          ? a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING
            ? -1
            : 1
          : a.el
            ? -1
            : 1,
      );
    const first = placed[0]!;
    form.scrollToField(first.name, { block: 'center', behavior: 'smooth' });
    // Focused without the browser's own scroll, which would also move the panel around the form (a form
    // in a card beside the map lost its title above the page's top).
    first.el?.focus({ preventScroll: true });
  });
}

/**
 * Puts a failed save on the form: each field error on its field (`form.setFields`), anything else
 * (a network failure, a message naming no field) in `formError` for an alert above the form. The first
 * field with an error is scrolled into view (a 409 on the plate shows at the top of a drawer scrolled down).
 */
export function useFormErrors(form: FormInstance, fields: readonly string[]) {
  const { t } = useTranslation('errors');
  const [formError, setFormError] = useState<string | null>(null);

  const showServerError = useCallback(
    (error: unknown) => {
      const mapped = isApiError(error) ? serverFieldErrors(error.errors, fields) : null;
      if (mapped?.fields.length) {
        form.setFields(mapped.fields);
        scrollToFirstError(
          form,
          mapped.fields.map((f) => f.name),
        );
      }
      const fieldOnly = mapped && mapped.fields.length > 0 && mapped.other.length === 0;
      setFormError(fieldOnly ? null : [errorMessage(t, error), ...(mapped?.other ?? [])].join(' '));
    },
    [fields, form, t],
  );

  const showInvalid = useCallback(
    (error: z.ZodError) => {
      const mapped = zodFieldErrors(error, fields);
      form.setFields(mapped.fields);
      scrollToFirstError(
        form,
        mapped.fields.map((f) => f.name),
      );
      setFormError(mapped.other.length ? mapped.other.join(' ') : null);
    },
    [fields, form],
  );

  return { formError, showServerError, showInvalid, clearFormError: () => setFormError(null) };
}
