import type { FormRule } from 'antd';

/** A "confirm" field's rule: its value must equal `field`'s (empty is left to the required rule). */
export const matchesField =
  (field: string, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(message)),
  });
