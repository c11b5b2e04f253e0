import { Form, Input } from 'antd';
import { matchesField } from '../lib/form-rules';

export interface NewPasswordFieldsProps {
  /** The form field of the new password; its confirmation is `confirm`. */
  name: string;
  label: string;
  confirmLabel: string;
  /** The length rule's message, checked in the browser; without it the form's contract checks the length. */
  lengthMessage?: string;
  /** Shown when the confirmation is empty, and (unless `mismatchMessage`) when it differs. */
  confirmMessage: string;
  mismatchMessage?: string;
  /** Test ids of the two inputs. */
  testIds?: { password: string; confirm: string };
  maxLength?: number;
  autoFocus?: boolean;
}

/** A new password and its confirmation: the one pair every form that sets a password shows. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const input = { autoComplete: 'new-password', maxLength: props.maxLength };
  return (
    <>
      <Form.Item
        name={props.name}
        label={props.label}
        {...(props.lengthMessage
          ? { rules: [{ required: true, min: 8, max: 128, message: props.lengthMessage }] }
          : { required: true })}
      >
        <Input.Password {...input} autoFocus={props.autoFocus} data-testid={props.testIds?.password} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={props.confirmLabel}
        dependencies={[props.name]}
        rules={[
          { required: true, message: props.confirmMessage },
          matchesField(props.name, props.mismatchMessage ?? props.confirmMessage),
        ]}
      >
        <Input.Password {...input} data-testid={props.testIds?.confirm} />
      </Form.Item>
    </>
  );
}
