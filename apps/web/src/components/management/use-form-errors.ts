import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { serverFieldErrors, zodFieldErrors } from './form-errors';

/**
 * Puts a failed save on the form: each field error on its field (`form.setFields`), anything else
 * (a network failure, a message naming no field) in `formError` for an alert above the form.
 */
export function useFormErrors(form: FormInstance, fields: readonly string[]) {
  const { t } = useTranslation('errors');
  const [formError, setFormError] = useState<string | null>(null);

  const showServerError = useCallback(
    (error: unknown) => {
      const mapped = isApiError(error) ? serverFieldErrors(error.errors, fields) : null;
      if (mapped?.fields.length) form.setFields(mapped.fields);
      const fieldOnly = mapped && mapped.fields.length > 0 && mapped.other.length === 0;
      setFormError(fieldOnly ? null : [errorMessage(t, error), ...(mapped?.other ?? [])].join(' '));
    },
    [fields, form, t],
  );

  const showInvalid = useCallback(
    (error: z.ZodError) => {
      const mapped = zodFieldErrors(error, fields);
      form.setFields(mapped.fields);
      setFormError(mapped.other.length ? mapped.other.join(' ') : null);
    },
    [fields, form],
  );

  return { formError, showServerError, showInvalid, clearFormError: () => setFormError(null) };
}
