import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { validationMessage } from '../../../lib/validation-message';

/**
 * Turns a failed call into a translated form-level message, and puts the server's field errors
 * (problem+json `errors[].path`) on the matching form fields.
 */
export function useServerErrors(form: FormInstance) {
  const { t } = useTranslation('errors');
  const [formError, setFormError] = useState<string | null>(null);
  const showError = useCallback(
    (error: unknown) => {
      setFormError(errorMessage(t, error));
      if (isApiError(error) && error.errors?.length) {
        const known = new Set(Object.keys(form.getFieldsValue(true) as object));
        form.setFields(
          error.errors
            .filter((e) => known.has(e.path))
            .map((e) => ({ name: e.path, errors: [validationMessage(e.message)] })),
        );
      }
    },
    [form, t],
  );
  return { formError, showError, clearError: () => setFormError(null) };
}
